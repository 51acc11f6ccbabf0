"""The pair geometry drawn under q and the selected key.

k's line through the origin, the projection of q onto it, the dropped
perpendicular with its right-angle mark, and the arc of the angle θ with its
value. Positions and the label come from Results; this item only draws them.
k's line is an item of its own (key_line), for the canvas to draw with its
backdrop, across the whole view.
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from ..drag.label_sprite import LabelSprite
from .view_rect_item import ViewRectItem

ARC_PX = 38.0
RIGHT_MARK_PX = 11.0


class PairOverlay(pg.GraphicsObject):
    def __init__(self):
        super().__init__()
        self._bounds: QRectF | None = None
        self._q = None  # plane points, or None when there is nothing to draw
        self._k = None
        self._projection = None
        self._angle_label = ""
        self._colours = {}
        self._width = 3.0
        self._font = QFont()
        self._halo = QColor("white")
        self._show = True
        self._sprite = LabelSprite()
        self._pens = self._make_pens()
        self.key_line = KeyLine()
        self._pixel: tuple[float, float] | None = None  # one device pixel in plane units
        self._dimmed: frozenset[str] = (
            frozenset()
        )  # parts drawn faint: "projection", "perpendicular", "angle"
        self.setZValue(5)

    def set_style(self, colours: dict[str, QColor], width: float, font: QFont, halo: QColor) -> None:
        self._colours, self._width, self._font, self._halo = dict(colours), width, QFont(font), QColor(halo)
        self.key_line.set_colour(self._colours.get("key", QColor("gray")))
        self._pens = self._make_pens()
        self._moved()  # its reach grows with the stroke and the font

    def _make_pens(self) -> dict:
        """What the pair is drawn with, made once a style (a drag paints it at every step)."""
        band = QColor(self._colours.get("projection", QColor("orange")))
        band.setAlphaF(0.6)
        band_pen = QPen(band, self._width * 3.2)
        band_pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        return {
            "band": band_pen,
            "foot": self._colours.get("projection", QColor("orange")),
            "drop": dashed_pen(self._colours.get("muted", QColor("gray")), max(1.5, self._width * 0.6)),
            "corner": self._pen("muted", max(1.2, self._width * 0.45)),
            "arc": self._pen("angle", max(1.5, self._width * 0.55)),
            "label": self._colours.get("angle", QColor("black")),
        }

    def set_geometry(self, q, k, projection, angle_label: str) -> None:
        state = (q, k, projection, angle_label)
        if state == (self._q, self._k, self._projection, self._angle_label):
            return
        self.key_line.set_k(None if q is None else k)
        self._q, self._k, self._projection, self._angle_label = state
        self._moved()

    def _moved(self) -> None:
        self.prepareGeometryChange()
        self._bounds = None
        self.update()

    def boundingRect(self) -> QRectF:
        """Where paint() draws: around the origin, q and the projection's foot."""
        if self._bounds is None:
            shown = self._show and self._q is not None and self._k is not None
            self._bounds = self._moving_parts_rect() if shown else QRectF()
        return self._bounds

    def _moving_parts_rect(self) -> QRectF:
        """Where the projection, the perpendicular and the arc can be, in plane coordinates: the
        band, the drop and the right-angle mark around the origin, q and the foot; the arc and θ
        around the origin only (a drag repaints this rectangle at every step)."""
        points = [(0.0, 0.0), self._q] + ([self._projection] if self._projection is not None else [])
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        w, h = self._sprite.extent(self._angle_label, self._font) if self._angle_label else (0.0, 0.0)
        scale = max(1.0, self._width / 3.0)
        marks_px = max(RIGHT_MARK_PX * scale * 2, self._width * 3.2) + 4
        arc_px = ARC_PX * scale + 6 + max(w, h) + self._width + 4  # θ's box reaches max(w, h) past the arc
        pw, ph = self._pixel_size()
        around = QRectF(
            min(xs) - marks_px * pw,
            min(ys) - marks_px * ph,
            max(xs) - min(xs) + 2 * marks_px * pw,
            max(ys) - min(ys) + 2 * marks_px * ph,
        )
        return around.united(QRectF(-arc_px * pw, -arc_px * ph, 2 * arc_px * pw, 2 * arc_px * ph))

    def _pixel_size(self) -> tuple[float, float]:
        # Costly in pyqtgraph: kept until the view changes.
        if self._pixel is None:
            self._pixel = tuple(abs(v) or 0.01 for v in self.pixelSize())
        return self._pixel

    def viewTransformChanged(self):
        self._pixel = None
        self._moved()

    def set_dimmed(self, parts) -> None:
        parts = frozenset(parts)
        if parts != self._dimmed:
            self._dimmed = parts
            self.update()

    def set_shown(self, shown: bool) -> None:
        if shown != self._show:
            self._show = shown
            self.key_line.setVisible(shown)
            self._moved()

    def paint(self, painter: QPainter, *args) -> None:
        if not self._show or self._q is None or self._k is None:
            return
        t = painter.transform()
        origin = t.map(QPointF(0, 0))
        q = t.map(QPointF(*self._q))
        k = t.map(QPointF(*self._k))
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        k_len = QLineF(origin, k).length()
        if k_len >= 1.0 and self._projection is not None:
            painter.setOpacity(0.25 if "projection" in self._dimmed else 1.0)
            self._paint_projection(painter, origin, q, t.map(QPointF(*self._projection)), k, k_len)
        if k_len >= 1.0 and QLineF(origin, q).length() >= 1.0 and self._angle_label:
            painter.setOpacity(0.25 if "angle" in self._dimmed else 1.0)
            self._paint_angle(painter, origin, q, k)
        painter.setOpacity(1.0)
        painter.setTransform(t)

    def _pen(self, role: str, width: float, style=Qt.PenStyle.SolidLine) -> QPen:
        pen = QPen(self._colours.get(role, QColor("gray")), width, style)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        return pen

    def _paint_projection(self, painter, origin, q, foot, k, k_len) -> None:
        # The projection: a broad translucent band along k's line, wider than
        # the k arrow so it shows on both sides of it, ending in a dot at the foot.
        pens = self._pens
        painter.setPen(pens["band"])
        painter.drawLine(origin, foot)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pens["foot"])
        painter.drawEllipse(foot, self._width * 1.6, self._width * 1.6)
        # The perpendicular remainder, dropped from q's tip to the foot.
        drop = QLineF(foot, q)
        if drop.length() >= 1.0:
            painter.setPen(pens["drop"])
            painter.drawLine(drop)
            ux, uy = (k.x() - origin.x()) / k_len, (k.y() - origin.y()) / k_len
            # The mark sits on the side of the foot away from the projection's end.
            if (
                QLineF(origin, foot).length() > RIGHT_MARK_PX
                and (foot.x() - origin.x()) * ux + (foot.y() - origin.y()) * uy > 0
            ):
                ux, uy = -ux, -uy
            vx, vy = (q.x() - foot.x()) / drop.length(), (q.y() - foot.y()) / drop.length()
            s = RIGHT_MARK_PX * max(1.0, self._width / 3.0)
            corner = QPainterPath(QPointF(foot.x() + ux * s, foot.y() + uy * s))
            corner.lineTo(foot.x() + ux * s + vx * s, foot.y() + uy * s + vy * s)
            corner.lineTo(foot.x() + vx * s, foot.y() + vy * s)
            painter.setPen(pens["corner"])
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(corner)

    def _paint_angle(self, painter, origin, q, k) -> None:
        a_q = math.degrees(math.atan2(-(q.y() - origin.y()), q.x() - origin.x()))
        a_k = math.degrees(math.atan2(-(k.y() - origin.y()), k.x() - origin.x()))
        span = (a_q - a_k + 180.0) % 360.0 - 180.0  # from k to q, the short way round
        r = ARC_PX * max(1.0, self._width / 3.0)
        box = QRectF(origin.x() - r, origin.y() - r, 2 * r, 2 * r)
        painter.setPen(self._pens["arc"])
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawArc(box, int(a_k * 16), int(span * 16))
        centre = self._angle_label_centre(origin, a_k, span)
        ink = self._pens["label"]
        self._sprite.draw_centred(painter, centre, self._angle_label, self._font, ink, self._halo)

    def _angle_label_centre(self, origin: QPointF, a_k: float, span: float) -> QPointF:
        """Where θ is written: beyond the arc, halfway round it (device pixels)."""
        middle = math.radians(a_k + span / 2)
        w, h = self._sprite.extent(self._angle_label, self._font)
        reach = ARC_PX * max(1.0, self._width / 3.0) + 6 + max(w, h) / 2
        return QPointF(origin.x() + math.cos(middle) * reach, origin.y() - math.sin(middle) * reach)

    def angle_label_rect(self, to_px) -> QRectF:
        """θ's box in the pixels `to_px` maps the plane to; empty when θ is not drawn."""
        if not (self._show and self._angle_label and self._q is not None and self._k is not None):
            return QRectF()
        origin, q, k = (to_px.map(QPointF(*p)) for p in ((0.0, 0.0), self._q, self._k))
        if QLineF(origin, k).length() < 1.0 or QLineF(origin, q).length() < 1.0:
            return QRectF()
        a_q = math.degrees(math.atan2(-(q.y() - origin.y()), q.x() - origin.x()))
        a_k = math.degrees(math.atan2(-(k.y() - origin.y()), k.x() - origin.x()))
        centre = self._angle_label_centre(origin, a_k, (a_q - a_k + 180.0) % 360.0 - 180.0)
        w, h = self._sprite.extent(self._angle_label, self._font)
        return QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)


def dashed_pen(colour: QColor, width: float) -> QPen:
    """Dashes as long as Qt's DashLine with round ends (4 widths and half a width at each end,
    gap 2), but with flat ends, which Qt draws three times as fast."""
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setDashPattern([5.0, 1.0])
    return pen


class KeyLine(ViewRectItem):
    """k's line through the origin, dashed and faint, across the whole view."""

    def __init__(self):
        super().__init__()
        self._k = None  # a plane point, or None when there is no line
        self._colour = QColor("gray")
        self.setZValue(10)  # over the grid and the winner map, as the rest of the pair

    def set_k(self, k) -> None:
        if k != self._k:
            self._k = k
            self.update()

    def set_colour(self, colour: QColor) -> None:
        self._colour = QColor(colour)
        self._colour.setAlphaF(0.35)
        self.update()

    def paint(self, painter: QPainter, *args) -> None:
        if self._k is None:
            return
        t = painter.transform()
        origin, k = t.map(QPointF(0, 0)), t.map(QPointF(*self._k))
        k_len = QLineF(origin, k).length()
        view = self.getViewBox()
        if k_len < 1.0 or view is None:
            return
        # From edge to edge of the view, and no further. Qt cuts a dashed line that leaves the
        # device before dashing it, which moves its dashes: drawn into the backdrop's picture
        # (a smaller device) they would jump when a drag begins.
        ends = _across(origin, k, t.mapRect(view.viewRect()))
        if ends is None:
            return
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self._colour, 1.0, Qt.PenStyle.DashLine))
        painter.drawLine(*ends)
        painter.setTransform(t)


def _across(origin: QPointF, towards: QPointF, rect: QRectF) -> tuple[QPointF, QPointF] | None:
    """Where the line through origin and towards enters and leaves rect (Liang–Barsky)."""
    dx, dy = towards.x() - origin.x(), towards.y() - origin.y()
    low, high = -math.inf, math.inf
    for step, start, lo, hi in (
        (dx, origin.x(), rect.left(), rect.right()),
        (dy, origin.y(), rect.top(), rect.bottom()),
    ):
        if abs(step) < 1e-12:
            if not lo <= start <= hi:
                return None
            continue
        a, b = (lo - start) / step, (hi - start) / step
        low, high = max(low, min(a, b)), min(high, max(a, b))
    if low >= high:
        return None
    return (
        QPointF(origin.x() + low * dx, origin.y() + low * dy),
        QPointF(origin.x() + high * dx, origin.y() + high * dy),
    )
