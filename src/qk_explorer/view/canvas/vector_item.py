"""An arrow from a tail to a tip, drawn in screen pixels so heads and labels keep their size.

The item lives in data coordinates (so pyqtgraph places it), but paints in
device coordinates: zooming the view changes where the arrow goes, not how
thick its line or how big its head and label are.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF

from ..drag.label_sprite import LabelSprite
from .label_side import SIDES, names_past, roomier_side

HEAD_PX = 15.0
LABEL_GAP_PX = 12.0
LABEL_REACH_PX = 60.0  # how far from the tip a label may be drawn
Size = tuple[float, float]  # a label's width and height, in device pixels


class _Look(NamedTuple):
    colour: QColor
    shaft: QPen
    fill: QBrush
    ring: QPen  # a zero vector's
    halo: QColor
    head: float  # the head's length, before it is shortened for a short arrow


class VectorItem(pg.GraphicsObject):
    def __init__(self, colour: QColor, label: str = ""):
        super().__init__()
        self._tail = QPointF(0, 0)
        self._tip = QPointF(0, 0)
        self._colour = QColor(colour)
        self._label = label
        self._width = 3.0
        self._font = QFont()
        self._dashed = False
        self._faded = False
        self._active = False
        self._handle = True
        self._halo = QColor("white")
        self._sprite = LabelSprite()
        self._bounds: QRectF | None = None
        self._pixel = None  # (width, height) of one device pixel in data units
        self._label_reach = 0.0
        self._name_size = (0.0, 0.0)  # a short name such as k₁ written with a halo: width, height
        self._label_side = 0  # where the label was last drawn: 0 beyond the tip; +1/−1 beside it
        self._room = None  # (tips, tiebreak, named): the label goes beside the tip, where these leave room
        self._faded_alpha = 0.45
        self._look: _Look | None = None
        self.setZValue(20)

    # ---- state ------------------------------------------------------------------

    def set_points(self, tail: tuple[float, float], tip: tuple[float, float]) -> None:
        tail_p, tip_p = QPointF(*tail), QPointF(*tip)
        if tail_p == self._tail and tip_p == self._tip:
            return
        self.prepareGeometryChange()
        self._bounds = None
        self._tail, self._tip = tail_p, tip_p
        self.update()

    def set_style(
        self, colour: QColor, width: float, font: QFont, halo: QColor, faded_alpha: float = 0.45
    ) -> None:
        self._colour, self._width, self._font = QColor(colour), width, QFont(font)
        self._faded_alpha = faded_alpha
        self._look = None
        self._halo = QColor(halo)
        self._measure_label()
        self._bounds = None
        self.prepareGeometryChange()
        self.update()

    def set_label(self, label: str) -> None:
        if label != self._label:
            self._label = label
            self._measure_label()
            self.update()

    def set_label_room(self, tips, tiebreak: int = 1, named=None) -> None:
        """Draw the label beside the tip, on the side further from the arrows to `tips` (an (n, 2)
        array, data units): decided as it is painted, so it holds after a zoom or a resize.
        `tiebreak` (+1 counter-clockwise, −1 clockwise) when both sides have as much room;
        `named`: where those arrows write their short names, which the label must not cover: for
        each, 0 beyond its tip or the side beside it (tip_names, names_past's `sides`).
        None: the label goes back beyond the tip."""
        room = None if tips is None else (tips, tiebreak, named)
        if room is None and self._room is None:
            return
        self._room = room
        if room is None:
            self._label_side = 0
        self.update()

    def set_label_place(self, place: int) -> None:
        """Write the label in a fixed place, whatever lies near: 0 beyond the tip, +1/−1 beside it
        (counter-)clockwise (tip_names)."""
        if self._room is None and place == self._label_side:
            return
        self._room, self._label_side = None, place
        self.update()

    @property
    def label_side(self) -> int:
        """Where the label was last drawn: 0 beyond the tip, +1/−1 beside it (counter-)clockwise."""
        return self._label_side

    def _measure_label(self) -> None:
        """How far from the tip the label reaches, for boundingRect (fonts grow with zoom), and how
        large another arrow's short name is, for the side the label takes."""
        box = QFontMetricsF(self._font).boundingRect(self._label) if self._label else QRectF()
        reach = LABEL_GAP_PX * self._scale() + box.width() + box.height()
        self._name_size = self._sprite.extent("k₁", self._font, 4.0 * self._scale())  # another's name
        if reach != self._label_reach:
            self.prepareGeometryChange()
            self._bounds = None
            self._label_reach = reach

    def set_flags(
        self, *, dashed: bool = False, faded: bool = False, active: bool = False, handle: bool = True
    ) -> None:
        flags = (dashed, faded, active, handle)
        if flags != (self._dashed, self._faded, self._active, self._handle):
            self._dashed, self._faded, self._active, self._handle = flags
            self._look = None
            self.update()

    @property
    def tip(self) -> QPointF:
        return self._tip

    @property
    def label(self) -> str:
        return self._label

    # ---- geometry -------------------------------------------------------------------

    def viewTransformChanged(self):
        self._pixel = None
        self._bounds = None
        self.prepareGeometryChange()

    def _pixel_size(self) -> tuple[float, float]:
        if self._pixel is None:
            w, h = self.pixelSize()
            self._pixel = (w or 0.01, h or 0.01)
        return self._pixel

    def boundingRect(self) -> QRectF:
        if self._bounds is None:
            self._bounds = self._compute_bounds()
        return self._bounds

    def _compute_bounds(self) -> QRectF:
        pw, ph = self._pixel_size()
        rect = QRectF(self._tail, self._tip).normalized()
        reach = max(LABEL_REACH_PX, self._label_reach) + self._width
        around_tip = QRectF(
            self._tip.x() - reach * pw, self._tip.y() - reach * ph, 2 * reach * pw, 2 * reach * ph
        )
        return rect.united(around_tip.normalized()).adjusted(-8 * pw, -8 * ph, 8 * pw, 8 * ph)

    # ---- painting ---------------------------------------------------------------------

    def _scale(self) -> float:
        """Marks around the arrow grow with its stroke (thicker themes, zoom, presentation)."""
        return max(1.0, self._width / 3.0)

    def paint(self, painter: QPainter, *args) -> None:
        transform = painter.transform()
        a, b = transform.map(self._tail), transform.map(self._tip)
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        look = self._look or self._make_look()
        colour = look.colour
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = math.hypot(dx, dy)
        if length < 1.0:
            # A zero vector has no direction: draw a ring where it sits.
            painter.setPen(look.ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(b, 6.0 * self._scale(), 6.0 * self._scale())
            ux, uy = 0.7071, -0.7071
        else:
            ux, uy = dx / length, dy / length
            head = min(look.head, 0.6 * length)
            base = QPointF(b.x() - ux * head, b.y() - uy * head)
            painter.setPen(look.shaft)
            painter.drawLine(a, base)
            half = head * 0.42
            nx, ny = -uy * half, ux * half
            arrow = QPolygonF(
                [b, QPointF(base.x() + nx, base.y() + ny), QPointF(base.x() - nx, base.y() - ny)]
            )
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(look.fill)
            painter.drawPolygon(arrow)
        if self._handle and self._active:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(look.halo)
            painter.drawEllipse(b, 13.0 * self._scale(), 13.0 * self._scale())
        if self._label:
            self._paint_label(painter, b, ux, uy, colour)
        painter.setTransform(transform)

    def look(self) -> _Look:
        """The pens and colours it draws with as styled now (drag/bulk_arrows.py draws with them too)."""
        return self._look or self._make_look()

    def _make_look(self) -> _Look:
        """The pens and colours of the arrow as it is styled now (made once, not at every paint)."""
        colour = QColor(self._colour)
        if self._faded:
            colour.setAlphaF(self._faded_alpha)
        width = self._width * (1.35 if self._active else 1.0)
        shaft = QPen(colour, width, Qt.PenStyle.DashLine if self._dashed else Qt.PenStyle.SolidLine)
        shaft.setCapStyle(Qt.PenCapStyle.FlatCap)
        halo = QColor(colour)
        halo.setAlphaF(0.25)
        ring = QPen(colour, max(2.0, width * 0.7))
        self._look = _Look(colour, shaft, QBrush(colour), ring, halo, HEAD_PX * max(1.0, width / 3.0))
        return self._look

    def _paint_label(self, painter: QPainter, tip: QPointF, ux: float, uy: float, colour: QColor) -> None:
        halo_px = 4.0 * self._scale()
        size = self._sprite.extent(self._label, self._font, halo_px)
        if self._room is not None:
            self._label_side = self._side_with_room(ux, uy, size)
        ox, oy = self._label_offset(ux, uy, self._label_side, size)
        if self._faded:
            painter.setOpacity(0.55)
        centre = QPointF(tip.x() + ox, tip.y() + oy)
        self._sprite.draw_centred(painter, centre, self._label, self._font, self._colour, self._halo, halo_px)
        painter.setOpacity(1.0)

    def _label_offset(self, ux: float, uy: float, side: int, size: Size) -> tuple[float, float]:
        """From the tip to the centre of a label of `size`, in device pixels, for an arrow along (ux, uy)."""
        w, h = size
        gap = LABEL_GAP_PX * self._scale()
        if side:
            # Beside the tip, on the side away from a neighbouring arrow.
            nx, ny = uy * side, -ux * side
            return nx * (gap + w / 2), ny * (gap + h / 2)
        # Beyond the tip, along the arrow, so the label never sits on the line.
        return ux * (gap + w / 2), uy * (gap + h / 2)

    def _side_with_room(self, ux: float, uy: float, size: Size) -> int:
        """The side (set_label_room) whose label would lie further from the arrows to its tips."""
        pw, ph = self._pixel_size()
        x, y = self._tip.x(), self._tip.y()
        centres = {}
        for side in SIDES:
            ox, oy = self._label_offset(ux, uy, side, size)
            centres[side] = (x + ox * pw, y - oy * ph)  # device y runs down, data y up
        tips, tiebreak, named = self._room
        names = None
        if named is not None:  # each a short name such as k₁, as this item would write it
            nw, nh = self._name_size
            gap = LABEL_GAP_PX * self._scale()
            where = names_past(tips, (gap + nw / 2, gap + nh / 2), (pw, ph), named)
            names = (where, ((size[0] + nw) / 2 * pw, (size[1] + nh) / 2 * ph))
        return roomier_side(centres, tips, tiebreak, names)
