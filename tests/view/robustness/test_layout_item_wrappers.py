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
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QPushButton,
    QSpacerItem,
    QStatusBar,
    QWidget,
)

from ..lecture_hall.test_presentation import press


def wrappers_of_deleted_items() -> int:
    """How many layout items Python holds a wrapper of that are in no layout any more.

    Items are told apart by address only: a deleted item's wrapper must not be asked anything.
    Where Qt has put a layout at a deleted item's address, widget.layout() hands out that item's
    wrapper: it is not asked for its children, and counts among the held items in no layout.
    QLayout.itemAt makes a wrapper of each item it hands out, kept as long as the layout's: the
    count lets go of those it made, or a later count would find them once Qt deletes the items."""
    held = {address(wrapper) for wrapper in shiboken6.getAllValidWrappers() if is_item(wrapper)}
    present, made = set(), []
    for widget in QApplication.allWidgets():
        top = widget.layout()
        if not isinstance(top, QLayout):  # none, or a deleted item's wrapper
            continue
        for layout in [top, *top.findChildren(QLayout)]:
            for i in range(layout.count()):
                item = layout.itemAt(i)
                present.add(address(item))
                if is_item(item) and address(item) not in held:  # not a layout in the layout
                    made.append(item)
    for item in made:
        shiboken6.invalidate(item)  # the Python side only: Qt's item stays in its layout
    return len(held - present)


def is_item(wrapper) -> bool:
    return isinstance(wrapper, QLayoutItem) and not isinstance(wrapper, QLayout)


def address(wrapper) -> int:
    return shiboken6.getCppPointer(wrapper)[0]


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


# The count itself: it finds what it is for, and leaves nothing to be found later.


def test_the_count_finds_a_kept_wrapper_of_a_deleted_item(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    row = QHBoxLayout(holder)
    label = QLabel("x")
    row.addWidget(label)
    kept = row.itemAt(0)  # kept as long as the layout's wrapper
    try:
        label.deleteLater()  # leaving the layout, it has Qt delete its item
        settle()
        assert wrappers_of_deleted_items() == 1
    finally:
        shiboken6.invalidate(kept)  # not to be found by a later test


def test_a_deleted_items_wrapper_answering_for_a_layout_is_counted(qtbot):
    bar = QStatusBar()
    qtbot.addWidget(bar)
    bar.show()
    QApplication.processEvents()
    layout = bar.layout()
    where = shiboken6.getCppPointer(layout)[0]
    shiboken6.invalidate(layout)  # Python forgets the layout's wrapper, as for one Qt made anew
    stale = shiboken6.wrapInstance(where, QSpacerItem)  # a deleted spacer's wrapper, at that address
    try:
        assert type(bar.layout()) is QSpacerItem
        assert wrappers_of_deleted_items() == 1
    finally:
        shiboken6.invalidate(stale)


def test_the_count_keeps_none_of_the_wrappers_it_makes(qtbot):
    bar = QStatusBar()  # it makes its layout anew as widgets come, deleting the old items
    qtbot.addWidget(bar)
    bar.show()
    QApplication.processEvents()
    assert wrappers_of_deleted_items() == 0
    bar.addWidget(QLabel("x"))
    assert wrappers_of_deleted_items() == 0
