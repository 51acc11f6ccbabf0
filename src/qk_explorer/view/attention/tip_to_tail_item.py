"""Σ wᵢvᵢ built tip to tail: each scaled value starts where the previous one ends.

The chain runs from the origin to the output's tip, so the output reads as a
sum of arrows: short arrows for keys with little weight, long ones for the
winners. Positions come from Results (Attention.tip_to_tail); this item only
maps them to the screen and draws them in device pixels.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from ...text.names import subscript
from ..canvas.view_rect_item import ViewRectItem
from ..contract import Update
from ..theme import Theme

HEAD_PX = 10.0
MIN_LABEL_PX = 46.0  # shorter steps carry no name


class TipToTailItem(ViewRectItem):
    def __init__(self):
        super().__init__()
        self._enabled = False
        self._last: Update | None = None
        self._steps: list[tuple[int, QPointF, QPointF]] = []
        self._colour = QColor("green")
        self._halo = QColor("white")
        self._width = 2.0
        self._font = QFont()
        self._paths: dict[int, QPixmap] = {}
        self.setZValue(18)  # above the faded values, below the keys and q

    def set_enabled(self, on: bool) -> None:
        self._enabled = bool(on)
        if self._enabled and self._last is not None:
            self.render(self._last.redrawn())
        self.setVisible(self._enabled and bool(self._steps))

    @property
    def enabled(self) -> bool:
        return self._enabled

    def steps(self) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
        return [(k, (a.x(), a.y()), (b.x(), b.y())) for k, a, b in self._steps]

    def set_theme(self, theme: Theme) -> None:
        self._colour = theme.colour("value")
        self._halo = QColor(theme.background)
        self._width = max(2.0, theme.stroke_px * 0.75)
        font = QFont()
        font.setPointSizeF(QFont().pointSizeF() * 1.05 * theme.text_scale)
        font.setBold(True)
        self._font = font
        self._paths.clear()
        self.update()

    def set_language(self, lang: str) -> None:
        pass  # draws no words

    def render(self, update: Update) -> None:
        scene, results = update.scene, update.results
        self._last = update
        # Nothing to draw: with 64 keys the chain costs a millisecond a frame; withheld, it shows
        # the output an open question asks for.
        if not self._enabled or "output" in update.withheld:
            self.setVisible(False)
            return
        steps = []
        if results.plane.shows_all and scene.key_count > 1:
            for step in results.attention.tip_to_tail:
                steps.append((step.key, self._point(step.start), self._point(step.end)))
        if steps != self._steps:
            self.prepareGeometryChange()
            self._steps = steps
            self.update()
        self.setVisible(self._enabled and bool(steps))

    @staticmethod
    def _point(v) -> QPointF:
        return QPointF(v[0], v[1] if len(v) > 1 else 0.0)

    def paint(self, painter: QPainter, *args) -> None:
        if not self._steps:
            return
        t = painter.transform()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self._colour, self._width)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        for key, start, end in self._steps:
            a, b = t.map(start), t.map(end)
            length = QLineF(a, b).length()
            if length < 2.0:
                continue
            ux, uy = (b.x() - a.x()) / length, (b.y() - a.y()) / length
            head = min(HEAD_PX * max(1.0, self._width / 2.5), 0.5 * length)
            base = QPointF(b.x() - ux * head, b.y() - uy * head)
            painter.setPen(pen)
            painter.drawLine(a, base)
            half = head * 0.45
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(self._colour))
            painter.drawPolygon(
                QPolygonF(
                    [
                        b,
                        QPointF(base.x() - uy * half, base.y() + ux * half),
                        QPointF(base.x() + uy * half, base.y() - ux * half),
                    ]
                )
            )
            if length >= MIN_LABEL_PX:
                self._paint_label(painter, key, a, b, ux, uy)
        painter.setTransform(t)

    def _paint_label(self, painter, key, a, b, ux, uy) -> None:
        pixmap = self._label(key)
        w, h = pixmap.width() / pixmap.devicePixelRatio(), pixmap.height() / pixmap.devicePixelRatio()
        # Beside the middle of the step, on its left-hand side (screen coordinates).
        gap = 2.0 + 0.5 * math.hypot(w * uy, h * ux)
        cx = (a.x() + b.x()) / 2 + uy * gap
        cy = (a.y() + b.y()) / 2 - ux * gap
        painter.drawPixmap(QPointF(cx - w / 2, cy - h / 2), pixmap)

    def _label(self, key: int) -> QPixmap:
        """wᵢvᵢ with its halo, drawn once per key and theme."""
        pixmap = self._paths.get(key)
        if pixmap is None:
            path = QPainterPath()
            path.addText(0, 0, self._font, f"w{subscript(key + 1)}v{subscript(key + 1)}")
            box = path.boundingRect().adjusted(-3, -3, 3, 3)
            pixmap = QPixmap(math.ceil(box.width()), math.ceil(box.height()))
            pixmap.fill(Qt.GlobalColor.transparent)
            p = QPainter(pixmap)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.translate(-box.left(), -box.top())
            halo = QPen(self._halo, 4.0)
            halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            p.strokePath(path, halo)
            p.fillPath(path, QBrush(self._colour))
            p.end()
            self._paths[key] = pixmap
        return pixmap
