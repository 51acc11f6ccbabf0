"""Help ▸ About This Lesson: what the lesson is for, what it builds on, where it comes from and
what comes next — the words the lesson panel shows before the first step and after the last."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from ...text.lesson_text import to_html


def paragraphs_html(paragraphs, colours=None) -> str:
    return "".join(f"<p>{to_html(p.text, colours)}</p>" for p in paragraphs)


def show_frame(introduction: QLabel, conclusion: QLabel, lesson, item, colours=None) -> None:
    """The introduction above the first step, the conclusion under the last; hidden elsewhere."""
    steps = lesson.steps
    for label, words, place in ((introduction, lesson.introduction, steps[0]),
                                (conclusion, lesson.conclusion, steps[-1])):  # fmt: skip
        label.setText(paragraphs_html(words, colours) if item is place else "")
        label.setVisible(item is place)


def about_html(lesson) -> str:
    return f"<h3>{to_html(lesson.title)}</h3>" + paragraphs_html((*lesson.introduction, *lesson.conclusion))


def show(parent: QWidget, lesson) -> None:
    """The lesson's introduction and conclusion in a box of their own."""
    if lesson is None:  # broken resources: nothing to tell
        return
    box = QMessageBox(parent)
    box.setObjectName("lessonAboutBox")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setWindowTitle(QCoreApplication.translate("LessonGuide", "About This Lesson"))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_html(lesson))
    box.open()
