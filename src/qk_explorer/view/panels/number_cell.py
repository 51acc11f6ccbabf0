"""A weight as a bar behind its number: the cell's background, the bar, then the text.

Every weight cell in sight repaints at each step of a drag, so the painting asks
Qt for little: the style draws a background only where there is one (a selected
or focused cell), the flags are compared as integers, and each bar colour is
made once.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

BAR_ROLE = Qt.ItemDataRole.UserRole + 1  # fraction of the cell the bar fills, 0 … 1
BAR_COLOUR_ROLE = Qt.ItemDataRole.UserRole + 2
BAR_ALPHA = 0.35
RIGHT_MIDDLE = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_SELECTED = QStyle.StateFlag.State_Selected.value
_WITH_BACKGROUND = _SELECTED | QStyle.StateFlag.State_HasFocus.value


class WeightBarDelegate(QStyledItemDelegate):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._bar_colours: dict[str, QColor] = {}

    def paint(self, painter: QPainter, option, index) -> None:
        state = option.state.value
        rect = option.rect
        widget = option.widget
        if state & _WITH_BACKGROUND and widget is not None:
            background = QStyleOptionViewItem(option)
            self.initStyleOption(background, index)
            background.text = ""
            widget.style().drawControl(QStyle.ControlElement.CE_ItemViewItem, background, painter, widget)
        fraction = index.data(BAR_ROLE)
        if fraction:
            x, y, w, h = rect.getRect()
            width = (w - 6) * min(1.0, max(0.0, float(fraction)))
            painter.fillRect(
                QRectF(x + 3, y + 4, width, h - 8), self._bar_colour(index.data(BAR_COLOUR_ROLE))
            )
        if state & _SELECTED:
            painter.setPen(option.palette.highlightedText().color())
        else:
            ink = index.data(Qt.ItemDataRole.ForegroundRole)
            if ink is None:
                painter.setPen(option.palette.text().color())
            else:
                painter.setPen(ink.color() if isinstance(ink, QBrush) else QColor(ink))
        painter.setFont(option.font)
        painter.drawText(rect.adjusted(4, 0, -6, 0), RIGHT_MIDDLE, index.data() or "")

    def _bar_colour(self, name: str | None) -> QColor:
        name = name or "#888888"
        colour = self._bar_colours.get(name)
        if colour is None:
            colour = self._bar_colours[name] = QColor(name)
            colour.setAlphaF(BAR_ALPHA)
        return colour
