"""While any arrow is dragged, the canvas paints each frame itself: a few pictures and the items that move.

QGraphicsView paints a frame by asking every item crossing the changed rectangle to paint,
each through a round of bookkeeping (bounds, state, a style option, a painter saved and
restored), and pyqtgraph adds Python of its own to every paint. While an arrow moves, most
of the canvas stands still. So at the first frame of a drag the layers (the grid and what
lies on it, the values, the queries, the keys) are rendered once, into one picture per run
of them in the stacking order — the first, opaque, holds the background and the axes too —
and each frame copies the first picture, then, in stacking order, paints each item that
moves and blends each further picture where something is drawn on it (the keys' picture is
mostly empty: at 3840 × 2160 blending its empty pixels took a millisecond a step). The first
picture covers the viewport, so Qt does not fill the viewport's background under it first.
It looks as Qt's own painting does (tests compare).

What moves: the items begin() is given — the arrow in hand, or a token's query, key and value,
which a drag in the token plane moves together, and what follows them (canvas.py) — each lifted
out of its layer for the drag (and drawn over it), and
every item in no layer (the pair's construction, the output, the readout, the features'
overlays). A layer that changes mid-drag is painted item by item for the rest of the drag
(the winner map, drawn from the keys, changes at every step of a key's drag; a key masked
by its shortcut changes once).

The token plane's plot paints its own drags the same way (tokens/plot.py).

The canvas asks for the repaint of where the moving items were drawn last and where they
are now: a few rectangles apart (the readout at the top, the arrow's construction below
it), each picture copied rectangle by rectangle.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import NamedTuple

import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QRect, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem

_SOURCE = QPainter.CompositionMode.CompositionMode_Source
_BLEED_PX = 2  # antialiased edges reach a pixel beyond an item's bounds
_TILE = 128  # device pixels: a picture above the first is blended only in tiles with something drawn
_OPAQUE = Qt.WidgetAttribute.WA_OpaquePaintEvent


class FramedPlot:
    """Mixed into a plot (before pg.PlotWidget) whose drags a DragFrame, `_drag_frame`, paints:
    while one lasts the frame paints the viewport; its pictures above the first are rendered
    without the plot's background."""

    transparent_background = False

    def paintEvent(self, event) -> None:
        if not self._drag_frame.paint(event):
            super().paintEvent(event)

    def drawBackground(self, painter, rect) -> None:
        if not self.transparent_background:
            super().drawBackground(painter, rect)


class DragFrame:
    def __init__(self, canvas, layers, live_above):
        self._canvas = canvas
        self._layers = tuple(layers)
        self._live_above = tuple(live_above)  # moving items outside the plot's item group
        self._lifted: list[tuple] = []  # (arrow, its layer, its z, the arrow after it) while dragged
        self._changing: set = set()  # layers that changed mid-drag: painted item by item
        self._plan: list | None = None  # in stacking order: a picture or moving items (painted)
        self._hidden: list = []  # moving items hidden as the plan was made: they part no pictures
        self._active = False
        self._quiet = False  # while the drag hides, shows and moves items itself
        self._renewing = False  # the pictures made again at the next frame, every layer as it is then
        self._drawn: list[QRect] = []  # where the moving items were drawn last, in viewport pixels
        self._plot = QRectF()  # the plot's rectangle in the viewport, as the plan was made
        self._option = QStyleOptionGraphicsItem()
        for layer in self._layers:
            layer.on_change = self._layer_changed

    @property
    def active(self) -> bool:
        return self._active

    def begin(self, *arrows) -> None:
        """The drag of `arrows` starts: from now on the canvas paints its frames here."""
        self._active, self._plan, self._drawn, self._changing = True, None, [], set()
        self._renewing = False
        for arrow in arrows:
            self._lift(arrow)
        # A frame painted while they were lifted (the scene's posted events) pictured some in place.
        self._plan, self._drawn = None, []
        canvas = self._canvas
        self._restore_mode = canvas.viewportUpdateMode()
        # Qt's own dirty rectangles would hold where the arrow was when Qt last painted it, the
        # drag's start: this class knows where the moving items were drawn, and asks for that itself.
        canvas.setViewportUpdateMode(canvas.ViewportUpdateMode.NoViewportUpdate)
        self._was_opaque = canvas.viewport().testAttribute(_OPAQUE)
        canvas.viewport().setAttribute(_OPAQUE)  # the first picture covers it: no background fill
        canvas.viewport().update()

    def end(self) -> None:
        if not self._active:
            return
        self._active, self._plan = False, None
        self._put_back()
        self._canvas.setViewportUpdateMode(self._restore_mode)
        self._canvas.viewport().setAttribute(_OPAQUE, self._was_opaque)
        self._canvas.viewport().update()  # painted by Qt again, which then knows where every item is

    def invalidate(self) -> None:
        """Something standing changed (the theme, the view): make the pictures again."""
        if self._active and not self._quiet:
            self._plan, self._renewing = None, True
            self._canvas.viewport().update()

    def _layer_changed(self, layer) -> None:
        # While the pictures are to be made again, a layer's change will be in them: a change of
        # the view (the stage giving a number more room) tells of every layer, which still stands.
        if not self._active or self._quiet or self._renewing:
            return
        if layer in self._changing:  # painted item by item already (moved() repaints it all)
            self._canvas.viewport().update()
            return
        self._changing.add(layer)
        self.invalidate()

    # ---- the arrow in hand -------------------------------------------------------------------

    def _lift(self, arrow) -> None:
        """Out of its layer and just over it, so that the rest of the layer stays one picture."""
        layer = arrow.parentItem()
        if layer not in self._layers:
            return
        siblings = layer.childItems()
        later = siblings[siblings.index(arrow) + 1 :]
        self._lifted.append((arrow, layer, arrow.zValue(), later[0] if later else None))
        with self._quietly():
            arrow.setParentItem(self._canvas.getPlotItem().vb.childGroup)
            arrow.setZValue(layer.zValue())  # put in after the layer: drawn over it

    def _put_back(self) -> None:
        while self._lifted:
            arrow, layer, z, later = self._lifted.pop()
            if arrow.scene() is None:  # removed mid-drag
                continue
            arrow.setParentItem(layer)
            arrow.setZValue(z)
            if later is not None and later.parentItem() is layer:
                arrow.stackBefore(later)  # back to its own place among its kind

    @contextmanager
    def _quietly(self):
        """The drag hides, shows or moves items itself: the scene's notices of that go unheeded."""
        self._quiet = True
        try:
            yield
            QCoreApplication.sendPostedEvents(self._canvas.scene(), QEvent.Type.MetaCall)
        finally:
            self._quiet = False

    # ---- each step -------------------------------------------------------------------------

    def moved(self) -> None:
        """Ask for the repaint of where the moving items were drawn and where they are now: a few
        separate rectangles (the readout at the top stays apart from the construction below it)."""
        if not self._active:
            return
        if any(item.isVisible() for item in self._hidden):  # an overlay shown mid-drag
            self.invalidate()
            return
        viewport = self._canvas.viewport()
        if self._changing:  # painted item by item, a layer may change anywhere: repaint it all
            viewport.update()
            self._drawn = [viewport.rect()]
            return
        bounds = viewport.rect()
        to_viewport = self._canvas.viewportTransform()
        bleed = _BLEED_PX
        now = []
        for item in self._live_items():
            if item.isVisible():
                rect = item.deviceTransform(to_viewport).mapRect(item.boundingRect()).toAlignedRect()
                now.append(rect.adjusted(-bleed, -bleed, bleed, bleed).intersected(bounds))
        now = _apart(now)
        dirty = QRegion()
        for rect in _apart(now + self._drawn):
            dirty += rect
        self._drawn = now
        if not dirty.isEmpty():
            viewport.update(dirty)

    def paint(self, event) -> bool:
        """Paint the frame; False when no arrow is dragged (Qt paints the canvas then)."""
        if not self._active:
            return False
        canvas = self._canvas
        canvas.scene().prepareForPaint()  # pyqtgraph's items bring themselves up to date here
        if self._plan is None:
            # The scene's notices of what changed since the drag began, heard before the pictures
            # are taken (a layer that changed is painted item by item, not pictured).
            QCoreApplication.sendPostedEvents(canvas.scene(), QEvent.Type.MetaCall)
            self._plan, self._renewing = self._make_plan(), False
        viewport = canvas.viewport()
        ratio = viewport.devicePixelRatioF()
        # The pictures are copied in device pixels, one for one: through the painter's scale at a
        # device pixel ratio of 2, Qt would resample them (three times slower at 3840 × 2160).
        region = QRegion()
        for r in event.region():
            region += _scaled(r, ratio).toAlignedRect()
        to_viewport = canvas.viewportTransform()
        painter = QPainter(viewport)
        painter.setRenderHints(canvas.renderHints())
        painter.setTransform(QTransform.fromScale(1 / ratio, 1 / ratio))  # in device pixels
        under, *rest = self._plan
        painter.setCompositionMode(_SOURCE)  # opaque: a copy, not a blend
        for r in region:
            painter.drawPixmap(r.topLeft(), under.pixmap, r)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        plot = _scaled(self._plot, ratio)
        painter.setClipRect(plot, Qt.ClipOperation.IntersectClip)  # the plot clips what it holds
        option = self._option
        for entry in rest:
            if isinstance(entry, _Picture):
                # Each picture is copied rectangle by rectangle of the region; the painter's clip is
                # the region already, so each moving item is painted once.
                for r in region & entry.drawn:
                    painter.drawPixmap(r.topLeft(), entry.pixmap, r)
                continue
            for item in entry:  # a moving item and its children, in the order Qt paints them
                if item.isVisible():
                    painter.save()
                    painter.setTransform(item.deviceTransform(to_viewport))
                    painter.setOpacity(item.effectiveOpacity())
                    item.paint(painter, option, viewport)
                    painter.restore()
        painter.end()
        return True

    # ---- the pictures --------------------------------------------------------------------

    def _live_items(self):
        if self._plan is not None:
            for entry in self._plan:
                if isinstance(entry, list):
                    yield from entry
            return
        for item in self._make_sequence():  # before the first frame
            if not self._standing(item):
                yield from _painted(item)

    def _standing(self, item) -> bool:
        return item in self._layers and item not in self._changing

    def _make_sequence(self) -> list:
        """Every item of the plot in stacking order; the layers stand, the rest move."""
        vb = self._canvas.getPlotItem().vb
        sequence = []
        for child in vb.childItems():
            if child is vb.childGroup:
                sequence += child.childItems()
            elif child in self._live_above:
                sequence.append(child)
        return sequence

    def _make_plan(self) -> list:
        """Pictures of each run of standing layers, rendered by Qt as it paints them on screen,
        and the moving items between them."""
        sequence = self._make_sequence()
        runs: list[list] = [[]]  # the first run: everything under the first moving item
        plan: list = [runs[0]]
        self._hidden = [item for item in sequence if not self._standing(item) and not item.isVisible()]
        for item in sequence:
            if self._standing(item):
                if not isinstance(plan[-1], list):
                    runs.append([])
                    plan.append(runs[-1])
                plan[-1].append(item)
            elif item not in self._hidden:
                plan.append(item)
        shown = {id(item): item.isVisible() for item in sequence}
        plot = self._canvas.getPlotItem()
        # The axes: in the first picture only (hiding them would lay the plot out anew).
        around = [item for item in plot.childItems() if item is not plot.vb and item.isVisible()]
        opacities = [item.opacity() for item in around]
        with self._quietly():
            for run in runs:
                for item in sequence:
                    item.setVisible(shown[id(item)] and any(item is r for r in run))
                run.append(self._render(opaque=run is runs[0]))
                for item in around:
                    item.setOpacity(0.0)
            for item in sequence:
                item.setVisible(shown[id(item)])
            for item, opacity in zip(around, opacities):
                item.setOpacity(opacity)
        self._plot = self._plot_rect()
        pictures = [entry[-1] if isinstance(entry, list) else _painted(entry) for entry in plan]
        first, *rest = pictures  # a picture with nothing drawn (the plot's empty border) is left out
        return [first] + [p for p in rest if not (isinstance(p, _Picture) and p.drawn.isEmpty())]

    def _render(self, opaque: bool) -> _Picture:
        """The viewport as Qt draws it now; without its background unless opaque."""
        canvas = self._canvas
        viewport = canvas.viewport()
        ratio = viewport.devicePixelRatioF()
        image = QImage(
            viewport.size() * ratio,
            QImage.Format.Format_RGB32 if opaque else QImage.Format.Format_ARGB32_Premultiplied,
        )
        image.fill(Qt.GlobalColor.transparent)
        image.setDevicePixelRatio(ratio)
        painter = QPainter(image)
        canvas.transparent_background = not opaque
        try:
            # QGraphicsView's render (the scene as this view shows it), not QWidget's (a paint event).
            QGraphicsView.render(canvas, painter, QRectF(viewport.rect()), viewport.rect())
        finally:
            canvas.transparent_background = False
        painter.end()
        image.setDevicePixelRatio(1.0)  # copied pixel for pixel
        return _Picture(QPixmap.fromImage(image), QRegion(image.rect()) if opaque else _drawn(image))

    def _plot_rect(self) -> QRectF:
        """The plot's rectangle in viewport pixels, fractions kept: Qt clips to it as they are."""
        vb = self._canvas.getPlotItem().vb
        return self._canvas.viewportTransform().mapRect(vb.sceneBoundingRect())


_BEHIND = QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


def _painted(item) -> list:
    """An item and its children in the order QGraphicsScene paints them: the children stacked
    behind it, the item, the rest; without those that draw nothing of their own."""
    children = item.childItems()
    behind = [c for c in children if c.flags() & _BEHIND]
    order = [p for c in behind for p in _painted(c)]
    if not item.flags() & _NO_CONTENTS:
        order.append(item)
    return order + [p for c in children if c not in behind for p in _painted(c)]


def _scaled(rect: QRect | QRectF, ratio: float) -> QRectF:
    return QRectF(rect.x() * ratio, rect.y() * ratio, rect.width() * ratio, rect.height() * ratio)


def _apart(rects: list[QRect]) -> list[QRect]:
    """Rectangles that overlap merged into their bounding rectangle, until none overlap."""
    merged: list[QRect] = []
    for rect in rects:
        if rect.isEmpty():
            continue
        while True:
            touching = next((m for m in merged if m.intersects(rect)), None)
            if touching is None:
                break
            merged.remove(touching)
            rect = rect.united(touching)
        merged.append(rect)
    return merged


class _Picture(NamedTuple):
    pixmap: QPixmap  # the viewport in its device pixels
    drawn: QRegion  # where something is drawn on it, in device pixels


def _drawn(image: QImage) -> QRegion:
    """The tiles of `image` (ARGB32) where anything is drawn: blending a transparent pixel leaves
    what is under it as it was."""
    height, width = image.height(), image.width()
    bits = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    alpha = bits.reshape(height, image.bytesPerLine())[:, 3 : width * 4 : 4]  # memory order B, G, R, A
    rows, columns = -(-height // _TILE), -(-width // _TILE)
    padded = np.zeros((rows * _TILE, columns * _TILE), np.uint8)
    padded[:height, :width] = alpha
    tiles = padded.reshape(rows, _TILE, columns, _TILE).any(axis=(1, 3))
    edges = np.diff(tiles.astype(np.int8), axis=1, prepend=0, append=0)  # a run of tiles in a row
    region = QRegion()
    for row, start, end in zip(*np.nonzero(edges == 1), np.nonzero(edges == -1)[1], strict=True):
        region += QRect(start * _TILE, row * _TILE, (end - start) * _TILE, _TILE)
    return region & image.rect()
