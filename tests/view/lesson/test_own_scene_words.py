"""A token step or question keeps speaking of its own tokens when the scene on screen has none
(another scene picked from Scenes): its words never read "W_Q = undefined"."""

from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QPushButton

from ..helpers import act


def plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText().replace("\u00a0", " ").replace("\u2060", "")


def test_question_12_keeps_its_own_matrices_after_another_scene_is_picked(make_window):
    window = make_window(lang="es")
    guide, panel = window.lesson, window.panels["lesson"]
    guide.go_to("question-12")
    asked = plain(panel.body_text())
    assert "W_Q = [[1; 0]; [0; 1]] y W_K = [[1; −1]; [1; 1]]" in asked
    act(window, "preset_lesson-pair").trigger()  # the lesson stays on the question
    assert guide.active and guide.item.id == "question-12"
    text = plain(panel.body_text())
    assert "indefinido" not in text
    assert "W_Q = [[1; 0]; [0; 1]] y W_K = [[1; −1]; [1; 1]]" in text  # the question's own
    assert text.startswith("La escena en pantalla no tiene tokens")
    assert panel.findChild(QPushButton, "lessonReset").isVisibleTo(panel)  # the way back to it
    guide.reveal(True)
    solution = plain(panel.solution_text())
    assert "indefinido" not in solution and "B = [[1; −1]; [1; 1]]" in solution
    assert "ha cambiado" not in solution  # it does not claim to use the numbers on screen
    guide.reset_scene()  # back to the question's scene: its words are the screen's again
    assert not plain(panel.body_text()).startswith("La escena en pantalla")


def test_a_token_step_on_the_stage_keeps_its_own_tokens_too(make_window):
    window = make_window()
    window.lesson.go_to("token-projections")
    act(window, "preset_lesson-attention").trigger()
    window.presentation.enter()
    texts = [plain(t) for t in window.presentation.stage.block("words").paragraph_texts()]
    window.presentation.leave()
    assert texts[0].startswith("The scene on screen has no tokens")
    assert "“the”, “cat”, “sat” and “down”" in " ".join(texts)
    assert not any("undefined" in t for t in texts)
    assert "undefined" not in plain(window.panels["lesson"].body_text())
