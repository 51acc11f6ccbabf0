"""A light grid with the two axes through the origin.

pyqtgraph's axis grid repaints the whole view at every frame (~25 ms here);
this one draws a few dozen plain lines once into a cached picture of the
view, which Qt copies from while arrows move over it: a drag never pays for
the grid, only a pan or a zoom does.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QColor, QPainter, QPen

from .view_rect_item import ViewRectItem

MIN_SPACING_PX = 18.0


def grid_step(units_per_pixel: float) -> float:
    """The smallest of 1, 2, 5 × 10ⁿ whose lines are at least MIN_SPACING_PX apart."""
    target = MIN_SPACING_PX * units_per_pixel
    if not math.isfinite(target) or target <= 0:
        return 1.0
    exponent = math.floor(math.log10(target))
    for m in (1.0, 2.0, 5.0, 10.0):
        step = m * 10.0**exponent
        if step >= target:
            return step
    return 10.0 ** (exponent + 1)


class GridItem(ViewRectItem):
    def __init__(self):
        super().__init__()
        self._grid = QColor("#e6e6e6")
        self._axis = QColor("#8a8a8a")
        self._axis_width = 1.5
        self.setZValue(-100)
        self.setCacheMode(self.CacheMode.DeviceCoordinateCache)

    def viewRangeChanged(self):
        super().viewRangeChanged()
        # When the view only moves (a scene framed at the same scale elsewhere), Qt keeps the
        # cached picture where it was on screen: the axes would stay at the old origin.
        self.update()

    def set_style(self, grid: QColor, axis: QColor, axis_width: float) -> None:
        self._grid, self._axis, self._axis_width = QColor(grid), QColor(axis), axis_width
        self.update()

    def paint(self, painter: QPainter, *args) -> None:
        vb = self.getViewBox()
        if vb is None:
            return
        rect = vb.viewRect()
        t = painter.transform()
        pixel_w = rect.width() / max(
            1.0, abs(t.map(QPointF(rect.right(), 0)).x() - t.map(QPointF(rect.left(), 0)).x())
        )
        pixel_h = rect.height() / max(
            1.0, abs(t.map(QPointF(0, rect.bottom())).y() - t.map(QPointF(0, rect.top())).y())
        )
        step = grid_step(max(pixel_w, pixel_h))
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(QPen(self._grid, 1.0))
        lines = []
        x = math.ceil(rect.left() / step) * step
        while x <= rect.right():
            lines.append(QLineF(t.map(QPointF(x, rect.top())), t.map(QPointF(x, rect.bottom()))))
            x += step
        y = math.ceil(rect.top() / step) * step
        while y <= rect.bottom():
            lines.append(QLineF(t.map(QPointF(rect.left(), y)), t.map(QPointF(rect.right(), y))))
            y += step
        painter.drawLines(lines)
        painter.setPen(QPen(self._axis, self._axis_width))
        painter.drawLines(
            [
                QLineF(t.map(QPointF(0, rect.top())), t.map(QPointF(0, rect.bottom()))),
                QLineF(t.map(QPointF(rect.left(), 0)), t.map(QPointF(rect.right(), 0))),
            ]
        )
        painter.setTransform(t)
