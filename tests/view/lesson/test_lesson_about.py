"""The lesson says what it is for and builds on as it starts, where it comes from and what comes
next as it ends, and Help says both — without a step of its own: the numbering stays."""

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QMessageBox

from qk_explorer.model.lesson_format import load_lesson

from ..helpers import act

SAYS = {
    "en": {
        "start": [
            "What this lesson is for",
            "compute an inner product",
            "line up",
            "weighted sum of vectors",
        ],
        "end": [
            "Mathematics for Machine Learning",
            "section 3.2",
            "Attention Is All You Need",
            "scaled_dot_product_attention",
            "What comes next",
            "weighs features",
        ],
    },
    "es": {
        "start": [
            "Para qué sirve esta lección",
            "calcular un producto interno",
            "se alinean",
            "suma ponderada",
        ],
        "end": [
            "Mathematics for Machine Learning",
            "sección 3.2",
            "Attention Is All You Need",
            "scaled_dot_product_attention",
            "Lo que viene después",
            "pondera rasgos",
        ],
    },
}


def plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText().replace("\u00a0", " ")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lesson_says_what_it_is_for_and_where_it_comes_from_in_no_step_of_its_own(lang):
    lesson = load_lesson(lang)
    assert (len(lesson.steps), len(lesson.questions)) == (21, 12)  # the numbering stays
    assert lesson.items[26].id == "question-6"  # --step 27 is still question 6
    start = " ".join(p.text for p in lesson.introduction)
    end = " ".join(p.text for p in lesson.conclusion)
    assert all(words in start for words in SAYS[lang]["start"])
    assert all(words in end for words in SAYS[lang]["end"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_panel_says_them_before_the_first_step_and_after_the_last(make_window, lang):
    window = make_window(lang=lang)
    panel = window.panels["lesson"]
    introduction = panel.findChild(QLabel, "lessonIntroduction")
    conclusion = panel.findChild(QLabel, "lessonConclusion")
    for index, shown in ((0, introduction), (20, conclusion)):
        window.lesson.go_to(index)
        assert shown.isVisible() and not ({introduction, conclusion} - {shown}).pop().isVisible()
        part = "start" if shown is introduction else "end"
        assert all(words in plain(shown.text()) for words in SAYS[lang][part])
    window.lesson.go_to(1)  # any other step: neither
    assert not introduction.isVisible() and not conclusion.isVisible()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_help_says_what_the_lesson_is_for_and_where_it_comes_from(make_window, qtbot, lang):
    window = make_window(lang=lang)
    act(window, "lessonAbout").trigger()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "lessonAboutBox") is not None)
    box = window.findChild(QMessageBox, "lessonAboutBox")
    text = plain(box.text())
    assert all(words in text for part in ("start", "end") for words in SAYS[lang][part])
    assert box.windowTitle() == {"en": "About This Lesson", "es": "Acerca de la lección"}[lang]
    box.close()
