"""The number cells: a bar as long as the weight behind the number, in the row's ink."""

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from qk_explorer.view.widgets.number_cell import BAR_COLOUR_ROLE, BAR_ROLE, NumberCellDelegate

WIDTH = 206  # the bar may fill 200 pixels of it


def cell(qtbot, fraction, selected=False):
    table = QTableWidget(1, 1)
    qtbot.addWidget(table)
    palette = table.palette()
    palette.setColor(QPalette.ColorRole.Base, QColor("white"))
    table.setPalette(palette)
    table.setItemDelegate(NumberCellDelegate(table))
    table.setColumnWidth(0, WIDTH)
    table.setRowHeight(0, 30)
    item = QTableWidgetItem("0.500")
    item.setData(BAR_ROLE, fraction)
    item.setData(BAR_COLOUR_ROLE, "#ff0000")
    item.setForeground(QColor("#0000ff"))
    table.setItem(0, 0, item)
    table.resize(WIDTH + 40, 60)
    table.show()
    if selected:
        table.selectRow(0)
    QCoreApplication.processEvents()
    image = table.viewport().grab().toImage()
    rect = table.visualItemRect(item)
    return image, rect


def bar_length(image, rect) -> int:
    y = rect.top() + 6  # above the digits, inside the bar's height
    row = [QColor(image.pixel(x, y)) for x in range(rect.left(), rect.right() + 1)]
    return sum(1 for c in row if c.red() > 200 and c.green() < 200 and c.blue() < 200)


@pytest.mark.parametrize("fraction", [0.0, 0.25, 0.5, 1.0])
def test_the_bar_is_as_long_as_the_weight(qtbot, fraction):
    image, rect = cell(qtbot, fraction)
    assert abs(bar_length(image, rect) - 200 * fraction) <= 1.5


def test_the_number_is_drawn_in_the_rows_ink_and_right_aligned(qtbot):
    image, rect = cell(qtbot, 0.0)
    inked = [
        x
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
        if QColor(image.pixel(x, y)).blue() > 150 and QColor(image.pixel(x, y)).red() < 120
    ]
    assert inked, "the number is drawn in the row's ink"
    assert min(inked) > rect.center().x() and max(inked) >= rect.right() - 12


def test_a_selected_cell_has_the_selection_behind_the_bar(qtbot):
    image, rect = cell(qtbot, 0.5, selected=True)
    far_end = QColor(image.pixel(rect.right() - 30, rect.top() + 6))
    assert far_end != QColor("white"), "the style drew the selection's background"
    assert bar_length(image, rect) <= 101  # the bar still ends at its weight
