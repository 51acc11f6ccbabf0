"""A scene as loaded — a lesson page, a preset, a file — has nothing to save: quitting asks only
about a scene that differs from what was loaded (the undo stack's clean state)."""

import pytest

from qk_explorer.model.scene import QUERY
from qk_explorer.view.desktop import documents

from ..helpers import act


@pytest.fixture
def asked(monkeypatch):
    questions = []
    monkeypatch.setattr(
        documents, "ask_save_changes", lambda parent, name: questions.append(name) or documents.Choice.CANCEL
    )
    return questions


def test_a_scene_reached_through_the_lesson_is_not_modified(make_window, asked):
    window = make_window()
    guide, controller = window.lesson, window.controller
    guide.go_to("scores")
    controller.set_vector(QUERY, (3, 1))  # an edit on one step …
    assert window.isWindowModified()
    guide.go_to("padding-mask")  # … and the lesson moves on: its page is on screen, as loaded
    assert not window.isWindowModified() and not window.desktop.documents.is_modified()
    assert window.close() and asked == []


def test_undoing_back_to_a_loaded_preset_is_not_modified(make_window, asked):
    window = make_window()
    act(window, "preset_lesson-attention").trigger()
    assert not window.isWindowModified()
    window.controller.set_vector(QUERY, (3, 1))
    assert window.isWindowModified()
    window.controller.undo_stack.undo()
    assert not window.isWindowModified()
    assert window.close() and asked == []


def test_back_to_the_steps_scene_is_not_modified(make_window, asked):
    window = make_window()
    window.lesson.go_to("scores")
    window.controller.set_vector(QUERY, (3, 1))
    window.lesson.reset_scene()
    assert not window.isWindowModified()
    assert window.close() and asked == []


def test_redoing_past_a_page_brings_back_an_edit_that_is_modified(make_window, asked):
    window = make_window()
    guide, stack = window.lesson, window.controller.undo_stack
    guide.go_to("scores")
    window.controller.set_vector(QUERY, (3, 1))
    guide.go_to("padding-mask")
    stack.undo()  # the step the edit was made on, before it
    stack.redo()  # and the edit again: not the page that was clean
    assert window.controller.scene.query == (3.0, 1.0)
    assert window.isWindowModified()
    assert not window.close() and len(asked) == 1


def test_an_opened_file_left_for_a_lesson_page_is_not_saved_over(make_window, tmp_path):
    window = make_window()
    path = tmp_path / "mine.qkscene.json"
    window.desktop.documents.save_to(str(path))
    window.lesson.go_to("padding-mask")  # a page replaces the file's scene
    assert window.current_path is None  # Save asks for a name rather than writing the page over the file
    assert "mine.qkscene.json" not in window.windowTitle()
