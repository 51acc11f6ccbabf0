"""Python holds no wrapper of a layout item that Qt has deleted.

A wrapper of a QLayoutItem (made when a layout is added to another with widgets already in
it, or when QLayout.itemAt hands an item out) lives as long as the layout's wrapper, but Qt
deletes the item as soon as its widget leaves the layout or is deleted. The wrapper then
stands for whatever Qt allocates at the same address next: a QAction read as a QWidgetItem,
or a crash when a table's cells are made anew. Panels that remake or move their widgets must
leave none behind.
"""

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLayout, QLayoutItem, QPushButton

from ..lecture_hall.test_presentation import press


def wrappers_of_deleted_items() -> int:
    """How many layout items Python holds a wrapper of that are in no layout any more.

    Items are told apart by address only: a deleted item's wrapper must not be asked anything."""
    held = {
        shiboken6.getCppPointer(wrapper)[0]
        for wrapper in shiboken6.getAllValidWrappers()
        if isinstance(wrapper, QLayoutItem) and not isinstance(wrapper, QLayout)
    }
    present = set()
    for widget in QApplication.allWidgets():
        top = widget.layout()
        for layout in [] if top is None else [top, *top.findChildren(QLayout)]:
            for i in range(layout.count()):
                present.add(shiboken6.getCppPointer(layout.itemAt(i))[0])
    return len(held - present)


def settle() -> None:
    QApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_a_questions_answer_rows_made_anew_leave_no_wrappers(make_window):
    window = make_window()
    window.lesson.go_to("question-1")
    settle()
    for _ in range(4):  # each question has fields of its own: the rows are made anew
        QTest.mouseClick(window.findChild(QPushButton, "lessonNext"), Qt.MouseButton.LeftButton)
        settle()
    assert window.lesson.panel.form.field_names()  # a question is open, with its rows
    assert wrappers_of_deleted_items() == 0


def test_stage_steps_leave_no_wrappers(make_window):
    window = make_window()
    press(window, Qt.Key.Key_F5)
    for _ in range(24):  # each step measures the stage's blocks anew, tables of other sizes among them
        press(window, Qt.Key.Key_PageDown)
        settle()
    assert window.presentation.active
    assert wrappers_of_deleted_items() == 0
