"""Lesson pages and the undo history: paging is no edit, and undo never leaves the lesson's
words speaking of a scene that is not on screen."""

from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtWidgets import QApplication

from qk_explorer.model.lesson_logic import comparable
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref
from qk_explorer.view.desktop import documents


def plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText().replace("\u00a0", " ").replace("\u2060", "")


def lesson_window(make_window):
    window = make_window()
    window.canvas.setFocus()
    QApplication.processEvents()
    return window


def shows(window, preset: str) -> bool:
    return comparable(window.controller.scene) == comparable(preset_scene(preset))


def test_paging_through_the_whole_lesson_is_no_edit(make_window, monkeypatch):
    window = lesson_window(make_window)
    stack = window.controller.undo_stack
    guide = window.lesson
    guide.go_to(0)
    for _ in range(2 * guide.count):  # every step, every question revealed, and back again
        window.findChild(QAction, "lessonNextAction").trigger()
    assert guide.item.id == guide.lesson.items[-1].id and guide.revealed
    for _ in range(2 * guide.count):
        window.findChild(QAction, "lessonPreviousAction").trigger()
    assert guide.index == 0
    assert stack.count() == 0
    assert not window.findChild(QAction, "undo").isEnabled()
    assert not window.desktop.documents.is_modified() and not window.isWindowModified()
    asked = []
    monkeypatch.setattr(documents, "ask_save_changes", lambda parent, name: asked.append(name))
    assert window.close()
    assert asked == []  # quitting has nothing to ask


def test_undo_after_paging_on_returns_to_the_step_the_edit_was_made_on(make_window):
    window = lesson_window(make_window)
    guide, controller = window.lesson, window.controller
    guide.go_to("question-7")
    controller.set_vector(QUERY, (1, 1))
    guide.go_to("question-8")
    guide.reveal(True)
    controller.undo_stack.undo()  # takes back the edit of question 7: question 7's scene again
    assert shows(window, "question-7")
    assert guide.active and guide.item.id == "question-7" and not guide.revealed
    panel = window.panel("lesson")
    assert panel.position_text() == "Question 7 of 12"
    assert plain(panel.title_text()).startswith("Question 7")
    assert "Question 7" in window.windowTitle()
    controller.undo_stack.redo()  # and the edit comes back, still on question 7
    assert controller.scene.query == (1.0, 1.0) and guide.item.id == "question-7"
    guide.reveal(True)
    assert "q is (1, 1) now" in plain(panel.solution_text())
    assert "undefined" not in plain(panel.solution_text())


def test_undo_within_a_step_stays_on_the_step(make_window):
    window = lesson_window(make_window)
    guide, controller = window.lesson, window.controller
    guide.go_to("scale-softmax")
    controller.set_vector(key_ref(0), (2, 0))
    controller.undo_stack.undo()
    assert guide.item.id == "scale-softmax" and guide.active
    assert shows(window, "lesson-attention")


def test_undoing_an_edit_from_before_the_lesson_leaves_the_lesson(make_window):
    window = lesson_window(make_window)
    guide, controller = window.lesson, window.controller
    controller.set_vector(QUERY, (3, 3))
    own = controller.scene
    guide.go_to("scores")
    assert guide.active and shows(window, "lesson-attention")
    controller.undo_stack.undo()  # the scene before that edit: none of the lesson's
    assert not guide.active
    assert shows(window, "lesson-pair")
    controller.undo_stack.redo()
    assert controller.scene == own and not guide.active


def test_a_run_of_nudges_does_not_reach_across_a_page(make_window):
    window = lesson_window(make_window)
    guide, controller = window.lesson, window.controller
    guide.go_to("multiply")
    controller.nudge(QUERY, 0.5, 0)
    guide.go_to("scores")
    controller.nudge(QUERY, 0.5, 0)  # a new undo step, not more of the last one
    assert controller.undo_stack.count() == 2
    controller.undo_stack.undo()
    assert shows(window, "lesson-attention") and guide.item.id == "scores"


def test_back_to_the_steps_scene_is_an_edit_that_can_be_undone(make_window):
    window = lesson_window(make_window)
    guide, controller = window.lesson, window.controller
    guide.go_to("multiply")
    controller.set_vector(QUERY, (3, 1))
    guide.reset_scene()
    assert shows(window, "lesson-pair")
    controller.undo_stack.undo()
    assert controller.scene.query == (3.0, 1.0) and guide.item.id == "multiply"
