"""An arrow from a tail to a tip, drawn in screen pixels so heads and labels keep their size.

The item lives in data coordinates (so pyqtgraph places it), but paints in
device coordinates: zooming the view changes where the arrow goes, not how
thick its line or how big its head and label are.

A plain QGraphicsItem, not a pyqtgraph item (a QObject): a big scene makes 257 of them, and
each QObject costs its making (some 15 µs in PySide6) and a call into Python for each event Qt
sends it (the window's activation, twice an arrow). What pyqtgraph did for an arrow, its pixel's
size and hearing of the view's changes, its PixelSize does, once for all the arrows of a view.
"""

from __future__ import annotations

import math
import weakref
from typing import NamedTuple

import pyqtgraph as pg
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ..drag.label_sprite import LabelSprite
from .name_places import leader_end

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


class PixelSize:
    """One device pixel's width and height in plane units, for the arrows drawn in a view's plane
    (in its untransformed layers, or in the view itself): worked out once after the view changes,
    not once an arrow. Its arrows hear of the view's changes through it."""

    def __init__(self):
        self.value: tuple[float, float] | None = None
        self.arrows: weakref.WeakSet = weakref.WeakSet()  # those it tells
        self._plane: pg.GraphicsObject | None = None  # an item in the plane's coordinates, pyqtgraph's

    def follow(self, view: pg.ViewBox) -> None:
        self._plane = view.childGroup
        view.sigTransformChanged.connect(self._view_changed)

    def size(self) -> tuple[float, float]:
        """A pixel's width and height in the plane (0.01 before the view is shown)."""
        if self.value is None:
            w, h = self._plane.pixelSize() if self._plane is not None else (None, None)
            self.value = (w or 0.01, h or 0.01)
        return self.value

    def _view_changed(self, *_args) -> None:
        self.value = None
        for arrow in self.arrows:
            arrow.viewTransformChanged()


class VectorItem(QGraphicsItem):
    def __init__(
        self,
        colour: QColor,
        label: str,
        pixel: PixelSize,
        layer: QGraphicsItem | None = None,
    ):
        """`pixel`: the pixel's size of the view it is drawn in (following it), in the view's plane
        or an untransformed layer of it. `layer`: the item it is made in: Qt then adds it to the
        layer and the scene as it is made, and its z is the layer's other arrows' (those made
        before lie under it)."""
        super().__init__(layer)
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
        self._sprite = LabelSprite(keep_outline=True)  # measured for the rule, drawn nowhere as text
        self._bounds: QRectF | None = None
        self._pixel = pixel
        pixel.arrows.add(self)
        self._label_reach = 0.0
        self._offset: tuple[float, float] | None = None  # the name's centre from the tip, pixels (naming.py)
        self._shared: str | None = None  # what it writes for the names on its tip ("k₄ = v₄"), "" for none
        self._faded_alpha = 0.45
        self._look: _Look | None = None
        self._name_size: Size | None = None  # measured once for its text, font and halo
        if layer is None:  # in a layer of arrows alike, the order they were made in stacks them
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
        self._name_size = None
        _load_glyphs(self._font)
        self._measure_label()
        self._bounds = None
        self.prepareGeometryChange()
        self.update()

    def set_label(self, label: str) -> None:
        if label != self._label:
            self._label = label
            self._name_size = None
            self._measure_label()
            self.update()

    def set_label_offset(self, offset: tuple[float, float] | None) -> None:
        """Write the label centred `offset` pixels (x right, y down) from the tip, where the
        drawing's rule for names put it (naming.py); None: as the label's place says."""
        if offset != self._offset:
            self.prepareGeometryChange()
            self._bounds = None
            self._offset = offset
            self.update()

    def share_name(self, text: str | None) -> None:
        """Write `text` for the names of the arrows ending on this tip ("k₄ = v₄"); "" writes
        nothing (another arrow there writes them all), None its own label (naming.py)."""
        if text != self._shared:
            self._shared = text
            self._name_size = None
            self._measure_label()
            self.update()

    @property
    def name_text(self) -> str:
        """What it writes beside its tip."""
        return self._label if self._shared is None else self._shared

    def name_size(self) -> Size:
        """The name's width and height with its halo, in pixels: its outline is measured once for
        the rule for names and the bounds (not again at each of their calls)."""
        if self._name_size is None:
            text, halo = self.name_text, 4.0 * self._scale()
            self._name_size = self._sprite.extent(text, self._font, halo) if text else (0.0, 0.0)
        return self._name_size

    def name_gap(self) -> float:
        """How far from the tip the label keeps, in pixels."""
        return LABEL_GAP_PX * self._scale()

    def head_length(self, length: float) -> float:
        """The head's length in pixels on an arrow `length` pixels long (a zero vector's ring)."""
        look = self._look or self._make_look()
        return 6.0 * self._scale() if length < 1.0 else min(look.head, 0.6 * length)

    def _measure_label(self) -> None:
        """How far from the tip the label reaches, for boundingRect (fonts grow with zoom)."""
        box = QFontMetricsF(self._font).boundingRect(self.name_text) if self.name_text else QRectF()
        reach = LABEL_GAP_PX * self._scale() + box.width() + box.height()
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
        self._bounds = None
        self.prepareGeometryChange()

    def boundingRect(self) -> QRectF:
        if self._bounds is None:
            self._bounds = self._compute_bounds()
        return self._bounds

    def _compute_bounds(self) -> QRectF:
        pw, ph = self._pixel.size()
        rect = QRectF(self._tail, self._tip).normalized()
        if self._offset is None:  # the name beside the tip, along the arrow
            reach = max(LABEL_REACH_PX, self._label_reach) + self._width
        else:  # the head and the handle's disc at the tip; the name where the rule put it
            reach = LABEL_REACH_PX * self._scale() + self._width
            w, h = self.name_size()
            name = QPointF(self._tip.x() + self._offset[0] * pw, self._tip.y() - self._offset[1] * ph)
            rect = rect.united(_around(name, w / 2 * pw, h / 2 * ph))  # offset in pixels, y down
        rect = rect.united(_around(self._tip, reach * pw, reach * ph))
        return rect.adjusted(-8 * pw, -8 * ph, 8 * pw, 8 * ph)

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
        if self.name_text:
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
        text = self.name_text
        if self._offset is not None:
            ox, oy = self._offset
        else:  # not placed yet: beyond the tip, along the arrow
            size = self._sprite.extent(text, self._font, halo_px)
            gap = LABEL_GAP_PX * self._scale()
            ox, oy = ux * (gap + size[0] / 2), uy * (gap + size[1] / 2)
        if self._faded:
            painter.setOpacity(0.55)
        centre = QPointF(tip.x() + ox, tip.y() + oy)
        line = leader(tip, centre, self.name_size(), 3.0 * self._scale())
        if line is not None:  # dotted and thin: not to be read as a line of the construction
            painter.setPen(QPen(colour, max(1.0, self._width * 0.4), Qt.PenStyle.DotLine))
            painter.drawLine(line)
        self._sprite.draw_centred(painter, centre, text, self._font, self._colour, self._halo, halo_px)
        painter.setOpacity(1.0)


def leader(tip: QPointF, centre: QPointF, size: tuple[float, float], gap: float) -> QLineF | None:
    """The line from a tip to its name's box (centred at `centre`, `size` pixels), `gap` pixels short
    of each; None where the rule for names ties no line (name_places.leader_end)."""
    half_w, half_h = size[0] / 2, size[1] / 2
    box = (centre.x() - half_w, centre.y() - half_h, centre.x() + half_w, centre.y() + half_h)
    end = leader_end((tip.x(), tip.y()), box)
    if end is None:
        return None
    dx, dy = end[0] - tip.x(), end[1] - tip.y()
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    return QLineF(tip.x() + ux * gap, tip.y() + uy * gap, end[0] - ux * gap, end[1] - uy * gap)


def _around(centre: QPointF, half_width: float, half_height: float) -> QRectF:
    return QRectF(centre.x() - half_width, centre.y() - half_height, 2 * half_width, 2 * half_height)


_FONTS_LOADED: set[str] = set()


def _load_glyphs(font: QFont) -> None:
    """Measure once, before anything is painted in `font`, the glyphs a name list adds to the
    names ("k₄ = v₄"): Qt measures a text 1/64 px wider or narrower when its glyphs were first
    met after text was painted, and a name's place would then hang on what was written first."""
    if font.key() not in _FONTS_LOADED:
        _FONTS_LOADED.add(font.key())
        LabelSprite().extent(" = ", font)
