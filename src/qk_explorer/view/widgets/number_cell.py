"""A number cell of the attention table: its background, a bar as long as a weight, then the number.

paint_number_cell() draws a cell from plain values; the delegate feeds it from the
table's items, and the table mid-drag from the cells it holds (drag/held_table.py).
Both draw the same pixels. The delegate asks Qt for little, as every cell in sight
repaints at each step of a drag: the style draws a background only where one is
selected or focused, the flags are compared as integers, each colour is made once.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

BAR_ROLE = Qt.ItemDataRole.UserRole + 1  # fraction of the cell the bar fills, 0 … 1
BAR_COLOUR_ROLE = Qt.ItemDataRole.UserRole + 2
BAR_ALPHA = 0.35
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_SELECTED = QStyle.StateFlag.State_Selected.value
_WITH_BACKGROUND = _SELECTED | QStyle.StateFlag.State_HasFocus.value
_bar_colours: dict[str, QColor] = {}


def bar_colour(name: str | None) -> QColor:
    """The colour of a bar named `name`, made once, translucent."""
    name = name or "#888888"
    colour = _bar_colours.get(name)
    if colour is None:
        colour = _bar_colours[name] = QColor(name)
        colour.setAlphaF(BAR_ALPHA)
    return colour


def paint_number_cell(
    painter: QPainter, rect: QRect, text: str, ink: QColor, font: QFont, fraction, bar: str | None
) -> None:
    if fraction:
        x, y, w, h = rect.getRect()
        width = (w - 6) * min(1.0, max(0.0, float(fraction)))
        painter.fillRect(QRectF(x + 3, y + 4, width, h - 8), bar_colour(bar))
    painter.setPen(ink)
    painter.setFont(font)
    painter.drawText(rect.adjusted(4, 0, -6, 0), RIGHT_MIDDLE, text)


class NumberCellDelegate(QStyledItemDelegate):
    def paint(self, painter: QPainter, option, index) -> None:
        state = option.state.value
        widget = option.widget
        if state & _WITH_BACKGROUND and widget is not None:
            background = QStyleOptionViewItem(option)
            self.initStyleOption(background, index)
            background.text = ""
            widget.style().drawControl(QStyle.ControlElement.CE_ItemViewItem, background, painter, widget)
        else:
            brush = index.data(Qt.ItemDataRole.BackgroundRole)
            if isinstance(brush, QBrush) and brush.style() != Qt.BrushStyle.NoBrush:
                painter.fillRect(option.rect, brush)  # a highlighted column
        if state & _SELECTED:
            ink = option.palette.highlightedText().color()
        else:
            ink = index.data(Qt.ItemDataRole.ForegroundRole)
            if ink is None:
                ink = option.palette.text().color()
            elif isinstance(ink, QBrush):
                ink = ink.color()
        paint_number_cell(
            painter,
            option.rect,
            index.data() or "",
            ink,
            option.font,
            index.data(BAR_ROLE),
            index.data(BAR_COLOUR_ROLE),
        )
