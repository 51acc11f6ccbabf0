"""Saving never leaves a partial file: a write that fails half-way, a commit that fails, a process
killed in the middle of a save — the old file is intact every time, and the window says what failed."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSaveFile
from PySide6.QtWidgets import QMessageBox

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.model.scene_file import read_autosave, read_scene, write_scene
from tests.corpus import scene_files
from tests.corpus.scene_files import within

OLD = make_scene((2, 1), [(1, 2)], title="the old file")
DISK_FULL = "No space left on device"


def write_half_then_fail(monkeypatch):
    """QSaveFile.write puts half the bytes down, then fails as a full disk does."""
    original = QSaveFile.write

    def write(self, data):
        data = bytes(data)
        original(self, data[: len(data) // 2])
        self.setErrorString(DISK_FULL)
        return -1

    monkeypatch.setattr(QSaveFile, "write", write)


def fail_commit(monkeypatch):
    """Everything written, then the final rename fails."""

    def commit(self):
        self.cancelWriting()
        self.setErrorString(DISK_FULL)
        return False

    monkeypatch.setattr(QSaveFile, "commit", commit)


def problem_text(window, qtbot) -> str:
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "problemBox") is not None)
    box = window.findChild(QMessageBox, "problemBox")
    text = box.text()
    box.close()
    box.deleteLater()
    return text


def saving_scene(window, path):
    return window.desktop.documents.save_to(str(path))


def exporting_numbers(window, path):
    return window.desktop.exporting.export_numbers(str(path))


def exporting_csv(window, path):
    return window.desktop.exporting.export_csv(str(path))


def exporting_svg(window, path):
    return window.desktop.exporting.export_svg(str(path))


@pytest.mark.parametrize("failure", [write_half_then_fail, fail_commit])
@pytest.mark.parametrize(
    ("writer", "name"),
    [
        (saving_scene, "mine.qkscene.json"),
        (exporting_numbers, "numbers.json"),
        (exporting_csv, "numbers.csv"),
        (exporting_svg, "canvas.svg"),
    ],
)
def test_a_write_that_fails_leaves_the_old_file_intact_and_says_so(
    writer, name, failure, make_window, tmp_path, monkeypatch, qtbot
):
    path = tmp_path / name
    old = write_scene(OLD).encode()
    path.write_bytes(old)
    window = make_window(make_scene((3, -1), [(1, 2), (0, 1)]))
    window.controller.set_vector(QUERY, (4, 4))
    before, count = window.controller.scene, window.controller.undo_stack.count()
    failure(monkeypatch)
    assert writer(window, path) is False
    assert path.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # no half-written neighbour either
    message = problem_text(window, qtbot)
    assert str(path) in message and DISK_FULL in message
    assert window.controller.scene == before
    assert window.controller.undo_stack.count() == count
    assert window.isWindowModified()


def test_a_failed_save_keeps_the_scene_unsaved_and_a_later_save_works(
    make_window, tmp_path, monkeypatch, qtbot
):
    path = tmp_path / "mine.qkscene.json"
    path.write_text(write_scene(OLD))
    window = make_window()
    assert window.desktop.documents.open_path(str(path))
    window.controller.set_vector(QUERY, (-3, 5))
    with monkeypatch.context() as patch:
        write_half_then_fail(patch)
        assert not window.desktop.documents.save()
    problem_text(window, qtbot)
    assert read_scene(path.read_bytes()) == OLD
    assert window.isWindowModified()
    assert window.desktop.documents.save()
    assert read_scene(path.read_bytes()).query == (-3, 5)
    assert not window.isWindowModified()


def test_an_autosave_that_fails_keeps_the_last_good_one_and_never_interrupts(make_window, monkeypatch):
    window = make_window()
    saver = window.desktop.autosave
    window.controller.set_vector(QUERY, (1, 1))
    assert saver.save_now()
    good = Path(saver.path).read_bytes()
    window.controller.set_vector(QUERY, (2, 2))
    write_half_then_fail(monkeypatch)
    assert saver.save_now() is False
    assert Path(saver.path).read_bytes() == good
    assert read_autosave(good).scene.query == (1, 1)
    assert window.findChild(QMessageBox, "problemBox") is None


KILLED_WHILE_SAVING = r"""
import os, signal, sys
from PySide6.QtCore import QSaveFile
from qk_explorer.app import create_application
from qk_explorer.window import build_window
from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY

original = QSaveFile.write

def write(self, data):
    data = bytes(data)
    original(self, data[: len(data) // 2])
    self.flush()
    print("half written", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

app = create_application()
window = build_window(make_scene((2, 1), [(1, 2)]), lang="en", theme="light")
window.controller.set_vector(QUERY, (9, 9))
QSaveFile.write = write
window.desktop.documents.save_to(sys.argv[1])
print("not killed", flush=True)
"""


def test_a_process_killed_in_the_middle_of_a_save_leaves_the_old_file(tmp_path):
    path = tmp_path / "mine.qkscene.json"
    path.write_text(write_scene(OLD))
    old = path.read_bytes()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path / "data"))
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    result = subprocess.run(
        [sys.executable, "-c", KILLED_WHILE_SAVING, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert result.returncode == -signal.SIGKILL, result.stderr
    assert result.stdout.strip() == "half written"
    assert path.read_bytes() == old
    assert read_scene(path.read_bytes()) == OLD


# ---- only regular files are written; every error is a message ---------------------------------------


def exporting_png(window, path):
    return window.desktop.exporting.export_png(str(path), 640)


WRITERS = [
    (saving_scene, "mine.qkscene.json"),
    (exporting_numbers, "numbers.json"),
    (exporting_csv, "numbers.csv"),
    (exporting_svg, "canvas.svg"),
    (exporting_png, "canvas.png"),
]


def identity(path):
    st = os.lstat(path)
    return st.st_ino, st.st_mode, st.st_size


@pytest.mark.parametrize("special", scene_files.SPECIAL, ids=str)
@pytest.mark.parametrize(("writer", "name"), WRITERS)
def test_no_write_replaces_what_is_not_a_regular_file(writer, name, special, make_window, tmp_path, qtbot):
    path = special.path(tmp_path, name)
    before, listing = identity(path), sorted(p.name for p in tmp_path.iterdir())
    window = make_window(make_scene((3, -1), [(1, 2)]))
    window.controller.set_vector(QUERY, (4, 4))
    with within(2):
        assert writer(window, path) is False
    message = problem_text(window, qtbot)
    assert message.startswith(str(path)) and "\n" not in message
    assert identity(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == listing
    assert window.isWindowModified()


@pytest.mark.parametrize(("writer", "name"), WRITERS)
def test_a_symlink_to_a_regular_file_writes_that_file_atomically_and_stays_a_link(
    writer, name, make_window, tmp_path, qtbot
):
    real = tmp_path / "real" / name
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / name
    link.symlink_to(real)
    window = make_window(make_scene((3, -1), [(1, 2)]))
    assert writer(window, link) is True
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() != b"old" and len(real.read_bytes()) > 100
    assert sorted(p.name for p in real.parent.iterdir()) == [name]  # no temporary file left


def test_a_title_that_cannot_be_written_is_a_message_not_a_traceback(make_window, tmp_path, qtbot):
    window = make_window(make_scene((2, 1), [(1, 2)], title="\ud800"))
    path = tmp_path / "mine.qkscene.json"
    assert window.desktop.documents.save_to(str(path)) is False
    message = problem_text(window, qtbot)
    assert message.startswith(f"{path}: ") and "surrogates not allowed" in message
    assert not path.exists()


@pytest.mark.parametrize(("writer", "name"), WRITERS)
def test_an_unexpected_error_while_writing_is_a_message(
    writer, name, make_window, tmp_path, monkeypatch, qtbot, caplog
):
    from qk_explorer.view.desktop import documents, exporting

    def broken(*_args, **_kwargs):
        raise RuntimeError("something unforeseen")

    producers = {
        documents: ("write_scene",),
        exporting: ("write_numbers", "write_numbers_csv", "canvas_svg", "png_bytes"),
    }
    for module, names in producers.items():
        for producer in names:
            monkeypatch.setattr(module, producer, broken)
    window = make_window()
    path = tmp_path / name
    assert writer(window, path) is False
    assert problem_text(window, qtbot) == f"{path}: RuntimeError: something unforeseen"
    assert not path.exists()
    [record] = [r for r in caplog.records if r.name == "qk_explorer.view.desktop.file_io"]
    assert record.exc_info[1].args == ("something unforeseen",)  # the traceback is in the log


@pytest.mark.parametrize("failure", [write_half_then_fail, fail_commit])
def test_a_projections_export_that_fails_leaves_the_old_file_intact_and_says_so(
    failure, make_window, tmp_path, monkeypatch, qtbot
):
    path = tmp_path / "projections.csv"
    path.write_bytes(b"matrix,row,x1,note\nold,1,2.0,\n")
    window = make_window(preset_scene("learned-projections"))
    failure(monkeypatch)
    assert window.desktop.exporting.export("exportProjectionsCsv", str(path)) is False
    assert path.read_bytes() == b"matrix,row,x1,note\nold,1,2.0,\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["projections.csv"]
    message = problem_text(window, qtbot)
    assert str(path) in message and DISK_FULL in message
    monkeypatch.undo()
    assert window.desktop.exporting.export("exportProjectionsCsv", str(path)) is True
    assert path.read_text(encoding="utf-8").startswith("matrix,row,x1,x2,note\n")


@pytest.mark.parametrize("special", scene_files.SPECIAL, ids=str)
def test_a_projections_export_never_replaces_what_is_not_a_regular_file(
    special, make_window, tmp_path, qtbot
):
    path = special.path(tmp_path, "projections.csv")
    before, listing = identity(path), sorted(p.name for p in tmp_path.iterdir())
    window = make_window(preset_scene("causal-tokens"))
    with within(2):
        assert window.desktop.exporting.export("exportProjectionsCsv", str(path)) is False
    assert problem_text(window, qtbot).startswith(str(path))
    assert identity(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == listing
