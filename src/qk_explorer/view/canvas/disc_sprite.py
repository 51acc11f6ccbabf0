"""Filled discs (a dragged tip's halo, the projection's foot), rendered once and then copied.

Filling an antialiased circle costs Qt's raster engine tens of microseconds (it hands
the spans to worker threads and waits for them); q's halo and the foot are drawn at
every step of a drag. A picture of the disc is kept per colour, radius, pixel ratio
and quarter-pixel position of the centre, so a copy lands where the circle would.
An SVG drawing gets a true circle.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPaintEngine, QPainter, QPixmap

_STEPS = 4  # positions of the centre within a pixel, per axis
_MAX_KEPT = 64
_kept: dict[tuple, QPixmap] = {}


def draw_disc(painter: QPainter, centre: QPointF, radius: float, colour: QColor) -> None:
    """A filled, antialiased disc; `centre` and `radius` in device-independent pixels."""
    if painter.paintEngine().type() == QPaintEngine.Type.SVG:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(centre, radius, radius)
        return
    ratio = painter.device().devicePixelRatioF()
    # Where the centre falls within a device pixel, to a quarter of one.
    x, y = centre.x() * ratio, centre.y() * ratio
    fx, fy = round((x - math.floor(x)) * _STEPS) / _STEPS, round((y - math.floor(y)) * _STEPS) / _STEPS
    key = (colour.rgba(), radius, ratio, fx, fy)
    pixmap = _kept.get(key)
    if pixmap is None:
        pixmap = _kept[key] = _render(colour, radius, ratio, fx, fy)
        if len(_kept) > _MAX_KEPT:
            del _kept[next(iter(_kept))]
    reach = math.ceil(radius * ratio) + 1  # device pixels from the pixel holding the centre
    painter.drawPixmap(QPointF((math.floor(x) - reach) / ratio, (math.floor(y) - reach) / ratio), pixmap)


def _render(colour: QColor, radius: float, ratio: float, fx: float, fy: float) -> QPixmap:
    reach = math.ceil(radius * ratio) + 1
    size = 2 * reach + 2
    pixmap = QPixmap(size, size)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawEllipse(QPointF((reach + fx) / ratio, (reach + fy) / ratio), radius, radius)
    p.end()
    return pixmap
