"""A ghost pair on the canvas: same product as q·k, a different angle.

Faint dashed arrows q′ and k′ (Results.same_product: model/same_product.py
picks them), labelled, with their product and angle written beside q′'s tip.
Drawn in device pixels like the other canvas items; it draws nothing while it
is switched off.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from ...model.same_product import SameProductPair
from ...text import numbers
from ..canvas.view_rect_item import ViewRectItem
from ..contract import Update
from ..theme import Theme

HEAD_PX = 13.0
ALPHA = 0.6


class SameProductOverlay(ViewRectItem):
    def __init__(self):
        super().__init__()
        self.setObjectName("sameProductOverlay")
        self._shown = False
        self._lang = "en"
        self._theme: Theme | None = None
        self._last: Update | None = None
        self.ghost: SameProductPair | None = None
        self._caption = ""
        self.setZValue(8)
        self.setVisible(False)

    # ---- options --------------------------------------------------------------------

    def set_shown(self, shown: bool) -> None:
        self._shown = bool(shown)
        self.setVisible(self._shown)
        if self._shown and self._last is not None:
            self.render(self._last.redrawn())
            self._bring_into_view()

    def fit_points(self) -> list[tuple[float, float]]:
        """Where the ghost's tips are, so fitting the scene keeps the ghost in view."""
        if not self._shown or self.ghost is None or self.ghost.query is None:
            return []
        return [self.ghost.query, self.ghost.key]

    def _bring_into_view(self) -> None:
        vb = self.getViewBox()
        points = self.fit_points()
        if vb is None or not points:
            return
        rect = vb.viewRect()
        if all(rect.contains(QPointF(*p)) for p in points):
            return
        xs = [rect.left(), rect.right(), *(p[0] for p in points)]
        ys = [rect.top(), rect.bottom(), *(p[1] for p in points)]
        margin = 0.12 * max(max(xs) - min(xs), max(ys) - min(ys))
        vb.setRange(
            xRange=(min(xs) - margin, max(xs) + margin),
            yRange=(min(ys) - margin, max(ys) + margin),
            padding=0,
        )

    @property
    def shown(self) -> bool:
        return self._shown

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        if self._last is not None:
            self.render(self._last.redrawn())

    # ---- content --------------------------------------------------------------------

    def render(self, update: Update) -> None:
        results = update.results
        self._last = update
        # The ghost has the same q·k at another angle (none at 90°): an open question asking for
        # either keeps it back.
        self.setVisible(self._shown and not update.hides("dot", "angle", "cosine", "relation"))
        if not self._shown:
            return
        ghost = results.same_product
        caption = ""
        if ghost.geometry is not None:
            caption = QCoreApplication.translate(
                "SameProductOverlay", "same product: q′·k′ = {dot}, θ′ = {angle}"
            ).format(
                dot=numbers.number(ghost.geometry.dot, self._lang),
                angle=numbers.angle(ghost.geometry.angle_deg, self._lang),
            )
        changed = self.ghost is None or (ghost.query, ghost.key, caption) != (
            self.ghost.query,
            self.ghost.key,
            self._caption,
        )
        self.ghost, self._caption = ghost, caption
        if changed:
            self.update()

    @property
    def caption(self) -> str:
        return self._caption

    # ---- painting -------------------------------------------------------------------

    def paint(self, painter: QPainter, *args) -> None:
        ghost, theme = self.ghost, self._theme
        if not self._shown or ghost is None or ghost.query is None or theme is None:
            return
        t = painter.transform()
        origin = t.map(QPointF(0, 0))
        q = t.map(QPointF(*ghost.query))
        k = t.map(QPointF(*ghost.key))
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = max(2.0, theme.stroke_px * 0.75)
        font = QFont()
        font.setPointSizeF(QFont().pointSizeF() * 1.2 * theme.text_scale)
        font.setBold(True)
        # k′ on top of q′ when they lie on one line: it is the shorter of the two there.
        self._arrow(painter, origin, q, theme.colour("query"), width, "q′", font)
        self._arrow(painter, origin, k, theme.colour("key"), width, "k′", font)
        if self._caption:
            small = QFont(font)
            small.setBold(False)
            small.setPointSizeF(font.pointSizeF() * 0.85)
            rect = self.boundingRect()
            a, b = t.map(rect.topLeft()), t.map(rect.bottomLeft())
            corner = a if a.y() > b.y() else b  # the lower left corner on screen
            self._corner_text(painter, corner, self._caption, theme.colour("foreground"), small)
        painter.setTransform(t)

    def _arrow(self, painter, a: QPointF, b: QPointF, colour: QColor, width: float, label: str, font) -> None:
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = math.hypot(dx, dy)
        if length < 1.0:
            return
        colour = QColor(colour)
        colour.setAlphaF(ALPHA)
        ux, uy = dx / length, dy / length
        head = min(HEAD_PX * max(1.0, width / 3.0), 0.6 * length)
        base = QPointF(b.x() - ux * head, b.y() - uy * head)
        pen = QPen(colour, width, Qt.PenStyle.DashLine)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawLine(a, base)
        half = head * 0.42
        nx, ny = -uy, ux
        painter.setPen(QPen(colour, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(
            QPolygonF(
                [
                    b,
                    QPointF(base.x() + nx * half, base.y() + ny * half),
                    QPointF(base.x() - nx * half, base.y() - ny * half),
                ]
            )
        )
        # The label sits beside the tip, off the line, so it does not cover a real label.
        off = 14.0 + font.pointSizeF()
        self._text(painter, QPointF(b.x() + nx * off, b.y() + ny * off), label, colour, font)

    def _corner_text(self, painter, corner: QPointF, text: str, colour: QColor, font: QFont) -> None:
        """The caption in the view's lower left corner, with a dashed sample of the ghost's line."""
        path = QPainterPath()
        path.addText(0, 0, font, text)
        box = path.boundingRect()
        x0, y0 = corner.x() + 14.0, corner.y() - 14.0
        sample = QPen(QColor(self._theme.colour("muted")), 2.0, Qt.PenStyle.DashLine)
        painter.setPen(sample)
        painter.drawLine(QPointF(x0, y0 - box.height() * 0.35), QPointF(x0 + 26.0, y0 - box.height() * 0.35))
        path.translate(x0 + 34.0 - box.left(), y0 - box.bottom())
        halo = QPen(QColor(self._theme.background), 4.0)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, halo)
        painter.fillPath(path, QBrush(colour))

    def _text(self, painter, centre: QPointF, text: str, colour: QColor, font: QFont) -> None:
        path = QPainterPath()
        path.addText(0, 0, font, text)
        box = path.boundingRect()
        path.translate(centre.x() - box.center().x(), centre.y() - box.center().y())
        halo = QPen(QColor(self._theme.background), 4.0)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, halo)
        painter.fillPath(path, QBrush(colour))
