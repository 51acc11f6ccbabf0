"""A light grid with the two axes through the origin.

pyqtgraph's axis grid repaints the whole view at every frame (~25 ms here);
this one draws a few dozen plain lines once into a picture of the view, and
copies that until the view or the style changes: a key's drag, which repaints
the whole plot under the winner map, copies the grid (a third of what drawing
its lines costs), and a pan or a zoom draws it anew.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPaintEngine, QPainter, QPen, QPixmap, QTransform

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
        self._picture: tuple[tuple, QPixmap] | None = None  # (what it shows, its lines drawn once)
        self.setZValue(-100)

    def viewRangeChanged(self):
        super().viewRangeChanged()
        self.update()  # a view that only moves changes no bounds, yet the lines move

    def set_style(self, grid: QColor, axis: QColor, axis_width: float) -> None:
        self._grid, self._axis, self._axis_width = QColor(grid), QColor(axis), axis_width
        self.update()

    def paint(self, painter: QPainter, *args) -> None:
        vb = self.getViewBox()
        if vb is None:
            return
        rect, t = vb.viewRect(), painter.transform()
        if painter.paintEngine().type() == QPaintEngine.Type.SVG:
            self._draw(painter, rect, t)  # lines, not a picture of them
            return
        ratio = painter.device().devicePixelRatioF()
        view = t.mapRect(rect).toAlignedRect()
        shows = (rect.getRect(), t, view, ratio, self._grid.rgba(), self._axis.rgba(), self._axis_width)
        if self._picture is None or self._picture[0] != shows:
            pixmap = QPixmap(view.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            drawing = QPainter(pixmap)
            self._draw(drawing, rect, t * QTransform.fromTranslate(-view.x(), -view.y()))
            drawing.end()
            self._picture = (shows, pixmap)
        painter.resetTransform()
        painter.drawPixmap(view.topLeft(), self._picture[1])
        painter.setTransform(t)

    def _draw(self, painter: QPainter, rect: QRectF, t: QTransform) -> None:
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
