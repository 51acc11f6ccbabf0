"""A text label with a halo, rendered once into a pixmap and then only copied.

Stroking a text outline costs ~0.1 ms per label per frame; with a hundred
labels that alone would make a drag stutter. The pixmap is rebuilt only when
the text, font, colours, halo or the screen's pixel ratio change.

A sprite may keep the outline it measured for its picture (Qt makes a text's
outline in some 50 µs, and a big scene measures every arrow's name before it
paints). Only where no text is drawn in the label's glyphs meanwhile: a glyph's
outline moves by 1/64 px once Qt has drawn it as text.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPaintEngine, QPainter, QPainterPath, QPen, QPixmap

from .text_outline import outline

HALO_PX = 4.0


class LabelSprite:
    def __init__(self, keep_outline: bool = False):
        self._keep_outline = keep_outline
        self._key = None
        self._pixmap: QPixmap | None = None
        self._size = (0.0, 0.0)  # in device-independent pixels
        self._measured: tuple | None = None  # (text, font key, halo), its outline and rectangle, kept

    def extent(self, text: str, font: QFont, halo_px: float = HALO_PX) -> tuple[float, float]:
        """Width and height the label covers, without drawing it."""
        if self._key is not None and self._key[:3] == (text, font.key(), halo_px):
            return self._size
        _, rect = self._measure(text, font, halo_px)
        return rect.width(), rect.height()

    def _measure(self, text: str, font: QFont, halo_px: float) -> tuple[QPainterPath, QRectF]:
        """The text's outline and the rectangle it covers with its halo (kept, if it may be)."""
        key = (text, font.key(), halo_px)
        if self._measured is not None and self._measured[0] == key:
            return self._measured[1], self._measured[2]
        path = outline(text, font)
        rect = _text_rect(path, halo_px)
        if self._keep_outline:
            self._measured = (key, path, rect)
        return path, rect

    def draw_centred(
        self,
        painter: QPainter,
        centre: QPointF,
        text: str,
        font: QFont,
        colour: QColor,
        halo: QColor,
        halo_px: float = HALO_PX,
    ) -> QRectF:
        """Draw centred on `centre` (device pixels); returns the rectangle covered."""
        if painter.paintEngine().type() == QPaintEngine.Type.SVG:
            return self._draw_outline(painter, centre, text, font, colour, halo, halo_px)
        ratio = painter.device().devicePixelRatioF()
        key = (text, font.key(), halo_px, colour.rgba(), halo.rgba(), ratio)
        if key != self._key:
            self._render(key, text, font, colour, halo, halo_px, ratio)
        w, h = self._size
        target = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
        painter.drawPixmap(target.topLeft(), self._pixmap)
        return target

    @staticmethod
    def _draw_outline(painter, centre, text, font, colour, halo, halo_px) -> QRectF:
        """An SVG drawing gets the label as shapes, not as a picture of them."""
        path = outline(text, font)
        rect = _text_rect(path, halo_px)
        path.translate(centre.x() - rect.center().x(), centre.y() - rect.center().y())
        _stroke_and_fill(painter, path, colour, halo, halo_px)
        return rect.translated(centre - rect.center())

    def _render(self, key, text, font, colour, halo, halo_px, ratio) -> None:
        path, rect = self._measure(text, font, halo_px)
        pixmap = QPixmap(max(1, math.ceil(rect.width() * ratio)), max(1, math.ceil(rect.height() * ratio)))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.translate(-rect.left(), -rect.top())
        _stroke_and_fill(p, path, colour, halo, halo_px)
        p.end()
        self._key, self._pixmap, self._size = key, pixmap, (rect.width(), rect.height())


def _stroke_and_fill(painter: QPainter, path: QPainterPath, colour, halo, halo_px: float) -> None:
    outline = QPen(halo, halo_px)
    outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.strokePath(path, outline)
    painter.fillPath(path, QBrush(colour))


def _text_rect(path: QPainterPath, halo_px: float) -> QRectF:
    return path.boundingRect().adjusted(-halo_px, -halo_px, halo_px, halo_px)
