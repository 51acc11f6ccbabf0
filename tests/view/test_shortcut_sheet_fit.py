"""The shortcut sheet (F1) lies within the screen: what does not fit scrolls inside it."""

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QAction

from qk_explorer.view.shell.shortcuts_sheet import ShortcutSheet, within


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_sheet_lies_within_the_screen_and_scrolls_the_rest(make_window, qtbot, lang):
    window = make_window(lang=lang, size=(1280, 760))
    window.findChild(QAction, "shortcutSheet").trigger()
    sheet = window.findChild(ShortcutSheet)
    table = sheet.table
    room = sheet.screen().availableGeometry()
    # Its height is fitted once the columns have their widths (a moment after it opens).
    qtbot.waitUntil(lambda: table.viewport().height() > room.height() // 2)
    assert room.contains(sheet.frameGeometry()), (sheet.frameGeometry(), room)
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    if rows > table.viewport().height():  # a screen too short for every row: the table scrolls
        table.scrollToBottom()
        last = table.visualItemRect(table.item(table.rowCount() - 1, 0))
        assert table.viewport().rect().contains(last)


def test_a_sheet_placed_low_on_a_768_pixel_screen_moves_up_into_it():
    screen = QRect(0, 0, 1366, 768)
    placed = within(QRect(260, 283, 740, 688), screen)  # where it opened, as tall as it grew
    assert screen.contains(placed) and placed.size() == QRect(260, 283, 740, 688).size()
    assert placed.left() == 260  # moved no further than it had to
    assert within(QRect(10, 20, 300, 200), screen) == QRect(10, 20, 300, 200)
