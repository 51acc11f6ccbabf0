"""A file whose name is not UTF-8 (bytes Python carries as lone surrogates): the window reads it,
but Qt would write under another name (U+FFFD for each byte), so every write under such a name
is refused in one line and nothing else is written; it never enters the recent scenes either."""

import os
from pathlib import Path

import pytest

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.model.scene_file import read_autosave, write_scene
from qk_explorer.view.desktop import documents

from .test_documents import problem_text


def listing(folder) -> dict[bytes, bytes]:
    """Every file in `folder`, by its exact name in bytes, with its contents."""
    folder = os.fsencode(folder)
    out = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as file:
            out[name] = file.read()
    return out


@pytest.fixture
def latin1_scene(tmp_path):
    """A scene saved as b'\\xff.json' (ÿ in Latin-1), opened as the command line opens it."""
    data = write_scene(make_scene((2, 1), [(1, 2)])).encode()
    path = os.path.join(os.fsencode(tmp_path / "scenes"), b"\xff.json")
    os.makedirs(os.path.dirname(path))
    with open(path, "wb") as file:
        file.write(data)
    return os.fsdecode(path), data


def test_save_to_a_name_that_is_not_utf8_is_refused_and_writes_nothing(make_window, latin1_scene, qtbot):
    path, data = latin1_scene
    window = make_window()
    window.desktop.documents.adopt(path)  # what `qk-explorer $'\xff.json'` does
    assert window.current_path == path  # the very bytes, not a U+FFFD copy of them
    window.controller.set_vector(QUERY, (4, 0))
    assert window.desktop.documents.save() is False
    text = problem_text(window, qtbot)
    assert text.endswith("\\udcff.json: the name is not valid UTF-8; choose a name in UTF-8")
    assert "\n" not in text
    assert listing(Path(path).parent) == {b"\xff.json": data}
    assert window.isWindowModified()


def test_a_name_that_is_not_utf8_never_enters_the_recent_scenes(make_window, latin1_scene):
    path, _data = latin1_scene
    window = make_window()
    window.desktop.documents.adopt(path)
    assert window.desktop.documents.open_path(path)
    assert documents.recent_files() == []


def test_export_under_a_name_that_is_not_utf8_is_refused(make_window, tmp_path, qtbot):
    window = make_window()
    for export, name in (
        (window.desktop.exporting.export_numbers, b"\xff\xfe.json"),
        (window.desktop.exporting.export_png, b"\xff.png"),
    ):
        target = os.fsdecode(os.path.join(os.fsencode(tmp_path), name))
        args = (target, 640) if name.endswith(b".png") else (target,)
        assert export(*args) is False
        assert "not valid UTF-8" in problem_text(window, qtbot)
    assert listing(tmp_path) == {}


def test_the_autosave_of_such_a_scene_keeps_the_work_without_the_name(make_window, latin1_scene):
    path, _data = latin1_scene
    window = make_window()
    window.desktop.documents.adopt(path)
    window.controller.set_vector(QUERY, (4, 0))
    saver = window.desktop.autosave
    assert saver.save_now()  # the work is kept: only the name it cannot carry is left out
    saved = read_autosave(Path(saver.path).read_bytes())
    assert saved.scene.query == (4, 0) and saved.source is None
