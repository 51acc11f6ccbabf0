"""The lesson's token steps and questions in the window, walked with a clicker's keys in both languages."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from qk_explorer.model.presets import preset_scene

from .test_lesson import STEPS, panel, plain, press

# What the two token questions ask, and what their revealed solutions say with the presets' numbers.
QUESTIONS = {
    "en": {
        "question-11": (
            "Question 11 of 12",
            "W_Q = [[1, 0.5], [0, 1]]",
            ["“the” attending to “cat” scores 2", "“cat” attending to “the” scores 6", "not symmetric"],
        ),
        "question-12": (
            "Question 12 of 12",
            "W_K = [[1, −1], [1, 1]]",
            ["B = [[1, −1], [1, 1]]", "is −2 and its mirror is 6", "W_Q = W_K", "B₁₂ = −1 but B₂₁ = 1"],
        ),
    },
    "es": {
        "question-11": (
            "Pregunta 11 de 12",
            "W_Q = [[1; 0,5]; [0; 1]]",
            ["«the» atendiendo a «cat» puntúa 2", "«cat» atendiendo a «the» puntúa 6", "no es simétrica"],
        ),
        "question-12": (
            "Pregunta 12 de 12",
            "W_K = [[1; −1]; [1; 1]]",
            ["B = [[1; −1]; [1; 1]]", "vale −2 y su reflejo, 6", "W_Q = W_K", "B₁₂ = −1, pero B₂₁ = 1"],
        ),
    },
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_clicker_walks_the_token_steps_to_both_new_questions_and_reveals_them(make_window, lang):
    window = make_window(lang=lang)
    try:
        guide = window.lesson
        guide.go_to("output-rows")  # the last several-queries step
        window.canvas.setFocus()
        QApplication.processEvents()
        walked = []
        for _ in range(5):
            press(window, Qt.Key.Key_PageDown)
            walked.append((guide.item.id, panel(window).position_text()))
            body = plain(panel(window).body_text())
            assert "{" not in body and "undefined" not in body and "indefinido" not in body
            assert window.controller.scene.tokens is not None
        word = "Step" if lang == "en" else "Paso"
        of = "of" if lang == "en" else "de"
        assert walked == [
            (item, f"{word} {n} {of} {STEPS}")
            for n, item in enumerate(
                ["token-projections", "three-vectors", "bilinear-form", "symmetric-scores", "token-geometry"],
                start=17,
            )
        ]
        press(window, Qt.Key.Key_PageDown)  # past the last step: to question 1
        assert guide.item.id == "question-1"
        guide.go_to("question-10")
        guide.reveal(True)
        window.canvas.setFocus()
        for qid, (position, given, fragments) in QUESTIONS[lang].items():
            press(window, Qt.Key.Key_PageDown)
            assert guide.item.id == qid and not guide.revealed
            assert panel(window).position_text() == position
            assert panel(window).solution_text() == ""  # predict first
            assert given in plain(panel(window).body_text())
            assert window.controller.scene.queries == preset_scene(guide.item.preset).queries
            press(window, Qt.Key.Key_Space)  # reveal
            assert guide.revealed
            text = plain(panel(window).solution_text())
            for fragment in fragments:
                assert fragment in text, (qid, fragment, text)
            assert "{" not in text and "nan" not in text.lower()
        press(window, Qt.Key.Key_PageDown)  # on to the chapter after the questions
        assert guide.item.id == "untrained-head" and not guide.revealed
        press(window, Qt.Key.Key_PageUp)
        assert guide.item.id == "question-12" and not guide.revealed
    finally:
        window.set_language("en")
