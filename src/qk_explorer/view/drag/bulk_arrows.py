"""Many arrows of one look, from the origin, painted as one path while a drag moves them all.

A key's, a value's or a token's drag moves every other query's output oᵢ at each step: 63
arrows in a scene of 64 queries, each painted one by one with its name was a third of the
step. While such a drag lasts they are drawn here instead, without their names (they come
back on release): the shafts stroked as one path, the heads filled as another, worked out
for all at once. Outside a drag the arrows draw themselves; this item stays hidden.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

_BLEED_PX = 2.0  # antialiased edges reach beyond the outline


class BulkArrows(pg.GraphicsObject):
    def __init__(self):
        super().__init__()
        self._tips = np.zeros((0, 2))  # in plane units
        self._look = None  # a VectorItem's look (vector_item._Look): every arrow drawn with it
        self._bounds: QRectF | None = None
        self.hide()

    def set_arrows(self, tips: np.ndarray, look) -> None:
        """Draw an arrow from the origin to each of `tips` ((n, 2), plane units), with `look`."""
        self.prepareGeometryChange()
        self._tips, self._look, self._bounds = tips, look, None
        self.update()

    def viewTransformChanged(self) -> None:
        self._bounds = None  # the heads' margin is in pixels
        self.prepareGeometryChange()

    def boundingRect(self) -> QRectF:
        if self._bounds is None:
            pw, ph = self.pixelSize()
            pw, ph = pw or 0.01, ph or 0.01
            margin = (0.0 if self._look is None else self._look.head + self._look.shaft.widthF()) + _BLEED_PX
            points = np.vstack([self._tips, [(0.0, 0.0)]])  # the tails: the origin
            (left, bottom), (right, top) = points.min(axis=0).tolist(), points.max(axis=0).tolist()
            self._bounds = QRectF(left, bottom, right - left, top - bottom).adjusted(
                -margin * pw, -margin * ph, margin * pw, margin * ph
            )
        return self._bounds

    def paint(self, painter: QPainter, *args) -> None:
        look = self._look
        if look is None or not len(self._tips):
            return
        transform = painter.transform()
        # In device pixels, as VectorItem paints: the heads keep their size whatever the zoom.
        x, y = self._tips[:, 0], self._tips[:, 1]
        ax, ay = transform.dx(), transform.dy()  # the origin
        dx = transform.m11() * x + transform.m21() * y
        dy = transform.m12() * x + transform.m22() * y
        length = np.hypot(dx, dy)
        long = length >= 1.0  # shorter: a zero vector, drawn as a ring where it sits
        rings = [QPointF(ax + px, ay + py) for px, py in zip(dx[~long].tolist(), dy[~long].tolist())]
        dx, dy, length = dx[long], dy[long], length[long]
        ux, uy = dx / length, dy / length
        head = np.minimum(look.head, 0.6 * length)
        bx, by = ax + dx - ux * head, ay + dy - uy * head  # where each head's base is
        nx, ny = -uy * head * 0.42, ux * head * 0.42
        n = len(dx)
        shafts = pg.arrayToQPath(
            np.column_stack([np.full(n, ax), bx]).ravel(),
            np.column_stack([np.full(n, ay), by]).ravel(),
            connect="pairs",
            finiteCheck=False,
        )
        heads = pg.arrayToQPath(
            np.column_stack([ax + dx, bx + nx, bx - nx]).ravel(),
            np.column_stack([ay + dy, by + ny, by - ny]).ravel(),
            connect=np.tile(np.array([1, 1, 0], dtype=np.int32), n),
            finiteCheck=False,
        )
        heads.setFillRule(Qt.FillRule.WindingFill)  # two heads that overlap are both filled
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.strokePath(shafts, look.shaft)
        painter.fillPath(heads, look.fill)
        if rings:
            radius = 6.0 * max(1.0, look.shaft.widthF() / 3.0)
            painter.setPen(look.ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for centre in rings:
                painter.drawEllipse(centre, radius, radius)
        painter.setTransform(transform)
