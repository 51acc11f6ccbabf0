"""Scene files in the real window: save and open, strict validation, unsaved changes, recent files, drops."""

import json
import os

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.model.scene_file import MAX_FILE_BYTES, SceneFileError, read_scene
from qk_explorer.view import words
from qk_explorer.view.desktop import documents
from qk_explorer.view.desktop.documents import Choice
from tests.corpus import scene_files
from tests.corpus.scene_files import within

from ..helpers import act, drag


def answer_file_dialogs(monkeypatch, path):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))


def problem_text(window, qtbot) -> str:
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "problemBox") is not None)
    box = window.findChild(QMessageBox, "problemBox")
    text = box.text()
    box.close()
    return text


def test_save_then_open_round_trip_through_the_menu(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    drag(window.canvas, (3, -1), (1, 2))
    assert window.isWindowModified()
    path = tmp_path / "mine"
    answer_file_dialogs(monkeypatch, path)
    act(window, "save").trigger()  # no file yet: Save asks where
    saved = tmp_path / "mine.qkscene.json"
    assert read_scene(saved.read_bytes()) == window.controller.scene
    assert json.loads(saved.read_text())["version"] == 2
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("mine.qkscene.json")

    other = make_window(make_scene((5, 5), [(1, 0), (0, 1)]))
    answer_file_dialogs(monkeypatch, saved)
    act(other, "open").trigger()
    assert other.controller.scene == window.controller.scene
    assert other.numbers.value_text("dot") == "2(1) + 1(2) = 4"
    assert not other.isWindowModified()
    # Save writes back to the opened file, atomically, without asking.
    other.controller.set_vector(QUERY, (4, 0))
    assert other.isWindowModified()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: pytest.fail("Save asked for a name"))
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    QTest.keyClick(other, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert read_scene(saved.read_bytes()).query == (4, 0)
    assert not other.isWindowModified()


@pytest.fixture(scope="module", params=["en", "es"])
def corpus_window(request):
    """One window per language for the whole corpus: a failed open must leave it as it was anyway."""
    yield from _shared_window(request.param)


@pytest.fixture(scope="module")
def drop_window():
    """One window for every drop of the corpus (File ▸ Open covers both languages)."""
    yield from _shared_window("en")


def _shared_window(lang):
    from qk_explorer.window import build_window

    window = build_window(make_scene((2, 1), [(3, -1)]), lang=lang, theme="light")
    window.resize(1280, 800)
    window.show()
    QApplication.processEvents()
    yield window
    window.controller.undo_stack.setClean()
    window.close()
    window.translations.load("en")
    window.deleteLater()


@pytest.mark.parametrize("case", scene_files.ALL, ids=str)
def test_every_corpus_file_through_file_open(case, corpus_window, tmp_path, monkeypatch, qtbot):
    """A bad file: a message naming the file and the problem, and the scene exactly as it was."""
    window = corpus_window
    lang = window.translations.language
    window.controller.set_vector(QUERY, (2.5, -1))  # unsaved work: the test's answer is "discard"
    before, count = window.controller.scene, window.controller.undo_stack.count()
    shown, path_before = window.numbers.value_text("dot"), window.current_path
    path = case.path(tmp_path)
    answer_file_dialogs(monkeypatch, path)
    act(window, "open").trigger()
    if case.problem is None:
        assert window.controller.scene == read_scene(path.read_bytes())
        assert window.current_path == str(path)
        assert not window.isWindowModified()
        return
    with pytest.raises(SceneFileError) as caught:
        read_scene(path.read_bytes()[: MAX_FILE_BYTES + 1])
    message = problem_text(window, qtbot)
    assert message == f"{path.name}: {words.file_problem(caught.value, lang)}"
    assert case.field in message
    assert window.controller.scene == before
    assert window.controller.undo_stack.count() == count
    assert window.numbers.value_text("dot") == shown
    assert window.current_path == path_before
    assert window.isWindowModified()


def test_the_problem_is_said_in_spanish_too(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(lang="es")
    path = tmp_path / "malo.json"
    path.write_bytes(b'{"query": [2, 1], "keys": [[1, 2]], "mask": [true, false]}')
    answer_file_dialogs(monkeypatch, path)
    act(window, "open").trigger()
    message = problem_text(window, qtbot)
    assert "'mask'" in message and "claves" in message


def test_a_missing_file_is_a_message_not_a_crash(window, tmp_path, qtbot):
    assert not window.desktop.documents.open_path(str(tmp_path / "nowhere.json"))
    assert "no such file" in problem_text(window, qtbot)


@pytest.mark.parametrize(
    ("choice", "closes", "saved"),
    [(Choice.SAVE, True, True), (Choice.DISCARD, True, False), (Choice.CANCEL, False, False)],
)
def test_closing_a_modified_scene_asks_first(choice, closes, saved, make_window, tmp_path, monkeypatch):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    asked = []
    monkeypatch.setattr(documents, "ask_save_changes", lambda parent, name: asked.append(name) or choice)
    path = tmp_path / "scene.qkscene.json"
    answer_file_dialogs(monkeypatch, path)
    assert window.close()  # clean: no question
    assert asked == []
    window.show()
    drag(window.canvas, (3, -1), (1, 2))
    assert window.close() is closes
    assert asked == ["Untitled scene"]
    assert path.exists() is saved
    assert window.isVisible() is not closes


def test_opening_over_a_modified_scene_can_be_cancelled(make_window, tmp_path, monkeypatch):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    drag(window.canvas, (3, -1), (1, 2))
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"query": [5, 5], "keys": [[1, 1]]}))
    answer_file_dialogs(monkeypatch, path)
    monkeypatch.setattr(documents, "ask_save_changes", lambda parent, name: Choice.CANCEL)
    act(window, "open").trigger()
    assert window.controller.scene.keys[0] == (1, 2)
    monkeypatch.setattr(documents, "ask_save_changes", lambda parent, name: Choice.DISCARD)
    act(window, "open").trigger()
    assert window.controller.scene.query == (5, 5)
    # The discarded edits are still one undo away.
    window.controller.undo_stack.undo()
    assert window.controller.scene.keys[0] == (1, 2)


def test_recent_files_list_newest_first_and_drop_missing_ones(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window()
    paths = []
    for name in ("a", "b", "c"):
        path = tmp_path / f"{name}.qkscene.json"
        path.write_text(json.dumps({"query": [ord(name) - 96, 0], "keys": [[1, 1]]}))
        assert window.desktop.documents.open_path(str(path))
        paths.append(str(path))
    menu = window.desktop.documents.recent_menu
    menu.aboutToShow.emit()
    entries = [a for a in menu.actions() if a.objectName().startswith("recent_")]
    assert [a.data() for a in entries] == paths[::-1]
    assert entries[0].text() == "&1  c.qkscene.json"
    entries[2].trigger()  # a.qkscene.json
    assert window.controller.scene.query == (1, 0)

    (tmp_path / "b.qkscene.json").unlink()
    menu.aboutToShow.emit()
    missing = next(a for a in menu.actions() if a.data() == paths[1])
    missing.trigger()
    message = problem_text(window, qtbot)
    assert "b.qkscene.json" in message and "no longer there" in message
    assert window.controller.scene.query == (1, 0)
    menu.aboutToShow.emit()
    assert [a.data() for a in menu.actions() if a.objectName().startswith("recent_")] == [paths[0], paths[2]]
    window.findChild(QAction, "clearRecent").trigger()
    menu.aboutToShow.emit()
    assert not [a for a in menu.actions() if a.objectName().startswith("recent_")]


def _drop(widget, path, position: QPoint):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(
        position, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(widget, enter)
    drop = QDropEvent(
        QPointF(position),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, drop)
    return enter.isAccepted(), drop.isAccepted()


def test_dropping_a_scene_file_on_the_canvas_opens_it(make_window, tmp_path, qtbot):
    window = make_window()
    path = tmp_path / "dropped.qkscene.json"
    path.write_text(json.dumps({"query": [3, 4], "keys": [[1, 0], [0, 1]]}))
    viewport = window.canvas.viewport()
    accepted = _drop(viewport, path, viewport.rect().center())
    assert accepted == (True, True)
    qtbot.waitUntil(lambda: window.controller.scene.query == (3, 4))
    assert window.current_path == str(path)
    assert window.windowTitle().startswith("dropped.qkscene.json")


def test_a_dropped_bad_file_is_rejected_and_other_drops_are_refused(make_window, tmp_path, qtbot):
    window = make_window()
    before = window.controller.scene
    bad = tmp_path / "bad.json"
    bad.write_text('{"query": [1, 2], "keys": [[1, 2]], "scale": "big"}')
    _drop(window, bad, QPoint(50, 50))
    assert "'scale' must be a number" in problem_text(window, qtbot)
    assert window.controller.scene == before
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    assert _drop(window, text, QPoint(50, 50)) == (False, False)


def test_a_scene_opened_from_the_command_line_saves_back_to_its_file(make_window, tmp_path):
    path = tmp_path / "cli.qkscene.json"
    path.write_text(json.dumps({"query": [2, 1], "keys": [[1, 2]]}))
    window = make_window(read_scene(path.read_bytes()))
    window.desktop.documents.adopt(str(path))
    assert window.windowTitle().startswith("cli.qkscene.json")
    window.controller.set_vector(QUERY, (0, 3))
    assert window.desktop.documents.save()
    assert read_scene(path.read_bytes()).query == (0, 3)


# ---- the corpus dropped on the window; files that are not regular files ------------------------------


@pytest.mark.parametrize("case", scene_files.ALL, ids=str)
def test_every_corpus_file_dropped_on_the_window(case, drop_window, tmp_path, qtbot):
    window = drop_window
    window.controller.load(read_scene('{"query": [2, 1], "keys": [[3, -1]]}'), "start")
    window.controller.set_vector(QUERY, (2.5, -1))
    before, count = window.controller.scene, window.controller.undo_stack.count()
    path = case.path(tmp_path)
    assert _drop(window.canvas.viewport(), path, window.canvas.viewport().rect().center()) == (True, True)
    if case.problem is None:
        qtbot.waitUntil(lambda: window.current_path == str(path))
        assert window.controller.scene == read_scene(path.read_bytes())
        return
    message = problem_text(window, qtbot)
    assert message.startswith(f"{path.name}: ") and case.field in message
    assert "\n" not in message
    assert window.controller.scene == before
    assert window.controller.undo_stack.count() == count


@pytest.mark.parametrize("how", ["open", "drop"])
@pytest.mark.parametrize("special", scene_files.SPECIAL, ids=str)
def test_what_is_not_a_regular_file_is_refused_at_once(
    special, how, make_window, tmp_path, monkeypatch, qtbot
):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    before = window.controller.scene
    path = special.path(tmp_path)
    with within(2):
        if how == "open":
            answer_file_dialogs(monkeypatch, path)
            act(window, "open").trigger()
        else:
            _drop(window, path, QPoint(50, 50))
        message = problem_text(window, qtbot)
    assert message.startswith(str(path)) and "\n" not in message
    assert ("folder" if special.name == "folder.json" else "only regular files") in message
    assert window.controller.scene == before
    assert os.path.lexists(path)


def test_an_unreadable_file_is_named(window, tmp_path, monkeypatch, qtbot):
    from qk_explorer.model import safe_paths

    path = tmp_path / "locked.qkscene.json"
    path.write_text('{"query": [1, 2], "keys": [[1, 0]]}')

    def denied(p, *_a):
        raise PermissionError(13, "Permission denied", p)

    monkeypatch.setattr(safe_paths.os, "open", denied)
    assert not window.desktop.documents.open_path(str(path))
    assert problem_text(window, qtbot) == f"{path}: Permission denied"
