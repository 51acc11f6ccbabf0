"""The canvas: q, the keys, the values and the output as arrows from the origin.

It draws Results and turns pointer and keyboard input into controller calls;
it does no arithmetic beyond mapping between screen and plane coordinates.
While any arrow is dragged, drag_frame paints the frames.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QTransform

from ...model import Results, Scene
from ...model.scene import QUERY, Kind, VectorRef
from ..contract import Update
from ..controller import SceneController
from ..drag.frame import DragFrame, FramedPlot
from ..drag.handler import DragHandler, Host
from ..drag.layer import Layer
from ..theme import Theme, font_points
from ..widgets.axes import locale_axes
from ..widgets.plot_axes import without_si_prefixes
from .arrows import LAYERS, Arrows
from .canvas_names import CanvasNames, name_room
from .derived_hint import derived_hint
from .framing import frame
from .grid_item import GridItem
from .pair_overlay import PairOverlay
from .plane_coordinates import plane_point
from .readout_item import ReadoutItem, readout_paragraphs
from .room import tick_font
from .row_outputs import RowOutputs, moves_every_output
from .vector_item import VectorItem

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..contract import Overlay

EDGE_ROOM = 0.04  # a new tip this close to the view's edge (share of its side) counts as out of sight
OUTPUTS_Z = 17  # the other rows' outputs: over the values (15), under the queries and keys (20)


class Canvas(FramedPlot, pg.PlotWidget):
    hovered = Signal(object)  # VectorRef | None, for status hints
    derivedPressed = Signal(str)  # a press on a token scene's arrow: the hint that says why it stays

    def __init__(self, controller: SceneController, parent=None):
        viewbox = pg.ViewBox(lockAspect=True, enableMenu=False)
        super().__init__(parent=parent, viewBox=viewbox, axisItems=locale_axes())
        self._viewbox = viewbox
        self.controller = controller
        self._tip_drag = DragHandler(
            Host(
                tips=self._tips_on_screen,
                to_plane=self.viewport_to_plane,
                began=controller.begin_drag,
                moved=controller.drag_to,
                ended=controller.end_drag,
                clicked=controller.select,
                # A token scene's arrows are derived from its tokens: a press selects, never drags.
                draggable=lambda _ref: self._scene is None or self._scene.tokens is None,
                refused=lambda ref: self.derivedPressed.emit(derived_hint(self._scene, ref)),
                zoom=lambda: self._theme.zoom if self._theme else 1.0,
            )
        )
        viewbox.sigTransformChanged.connect(self._tip_drag.view_changed)
        viewbox.sigResized.connect(self._tip_drag.view_changed)
        self.setObjectName("canvas")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 240)
        plot = self.getPlotItem()
        plot.hideButtons()
        plot.setMenuEnabled(False)
        for name in ("left", "bottom"):
            plot.getAxis(name).setZValue(-50)
        without_si_prefixes(plot)
        self._pair = PairOverlay()
        self._arrows = Arrows()
        self._output = VectorItem(QColor("purple"), "Σwᵢvᵢ", self._arrows.pixel)  # in the plane too
        self._output.set_flags(handle=False)
        self._output.setZValue(25)
        self._readout = ReadoutItem(self._viewbox)
        self._readout.setPos(10, 6)
        self._readout.setZValue(100)
        self._readout_width = -1
        # Large numbers wrap onto a second line rather than run off a narrow canvas.
        viewbox.sigResized.connect(self._viewbox_resized)
        self.addItem(self._pair, ignoreBounds=True)
        # Under everything: the grid, the winner map and k's line. Then the arrows, then the output.
        self._backdrop = Layer("backdrop")
        self._keys, self._values = self._arrows.items[Kind.KEY], self._arrows.items[Kind.VALUE]
        # The other rows' outputs: a layer of their own, over the values and under the queries.
        self._row_outputs = RowOutputs(Layer("outputs"), self._arrows.pixel)
        layers = [(self._backdrop, -100)] + [(self._arrows.layers[kind], z) for kind, _, z in LAYERS]
        layers.insert(2, (self._row_outputs.layer, OUTPUTS_Z))
        for layer, z in layers:
            self.addItem(layer, ignoreBounds=True)
            layer.setZValue(z)  # after adding: a ViewBox lifts items with negative z
        self.addItem(self._output, ignoreBounds=True)
        self._grid = GridItem()
        self._grid.setParentItem(self._backdrop)
        self._pair.key_line.setParentItem(self._backdrop)
        self._drag_frame = DragFrame(self, [layer for layer, _ in layers], live_above=(self._readout,))
        viewbox.sigTransformChanged.connect(self._drag_frame.invalidate)
        self._names = CanvasNames(self, self._arrows, self._output, self._row_outputs, self._pair)
        viewbox.sigTransformChanged.connect(self._view_changed)
        self._arrows.pixel.follow(viewbox)  # the arrows and the outputs told after the names
        viewbox.sigResized.connect(self._view_changed)
        controller.placed.connect(self.bring_into_view)
        self._overlays: list = []
        self._mistake = None  # the common mistake drawn (Update.mistake): framed when it changes
        self._fit_points: list[Callable[[], list]] = []
        self._emphasis: frozenset[str] | None = None
        self._theme: Theme | None = None
        self._lang = "en"
        self._show_values = True
        self._update: Update | None = None  # the last drawn
        self._scene: Scene | None = None
        self._results: Results | None = None
        self.fit_view_to([(2.0, 1.0), (1.0, 2.0)])

    @property
    def _query(self) -> VectorItem:
        return self._arrows.item(QUERY)

    # ---- options ------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.setBackground(theme.background)
        veil = QColor(theme.background)
        # Opaque: an axis or a grid line through the header's digits would cut them (the
        # view is framed below it, fit_view_to).
        self._readout.set_veil(veil)
        font = self._label_font()
        halo = QColor(theme.background)
        self._grid.set_style(QColor(theme.grid), QColor(theme.axis), max(1.0, theme.stroke_px * 0.55))
        self._pair.set_style(
            {role: theme.colour(role) for role in ("key", "projection", "muted", "angle")},
            theme.stroke_px,
            font,
            halo,
        )
        for overlay in self._overlays:
            overlay.set_theme(theme)
        self._arrows.set_style(theme, font)
        self._row_outputs.set_style(theme, font)
        self._output.set_style(theme.colour("output"), theme.stroke_px, font, halo, theme.faded)
        axis_pen = pg.mkPen(theme.axis, width=max(1.0, theme.stroke_px / 3.0))
        ticks = tick_font(theme)
        for name in ("left", "bottom"):
            axis = self.getPlotItem().getAxis(name)
            axis.setPen(axis_pen)
            axis.setTextPen(pg.mkPen(theme.foreground))
            axis.setStyle(tickFont=ticks)
        # Fixed axis sizes: an axis that grew with its tick labels would shrink the view,
        # the locked aspect would change the range, the labels would change back — and
        # the canvas would repaint for ever.
        metrics = QFontMetricsF(ticks)
        self.getPlotItem().getAxis("left").setWidth(round(metrics.horizontalAdvance("−0000.0") + 14))
        self.getPlotItem().getAxis("bottom").setHeight(round(metrics.height() + 14))
        self._drag_frame.invalidate()
        self._redraw()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for name in ("left", "bottom"):
            self.getPlotItem().getAxis(name).set_language(lang)
        for overlay in self._overlays:
            overlay.set_language(lang)
        self._drag_frame.invalidate()
        self._redraw()

    def set_show_pair(self, shown: bool) -> None:
        self._pair.set_shown(shown)

    def set_show_values(self, shown: bool) -> None:
        self._show_values = shown
        self._redraw()

    def add_overlay(
        self, item: Overlay, *, backdrop: bool = False, fit_points=None, names=None, keeps_clear=None
    ) -> None:
        """Add a feature's own item; it gets render(update), set_theme(theme) and set_language(lang)
        too. `backdrop`, `fit_points`, `names`, `keeps_clear`: as declaration.CanvasItem says."""
        self._overlays.append(item)
        self._names.add_overlay(names, keeps_clear)
        self.addItem(item, ignoreBounds=True)
        if backdrop:
            item.setParentItem(self._backdrop)
        if fit_points is not None:
            self._fit_points.append(fit_points)
        if self._theme is not None:
            item.set_theme(self._theme)
        item.set_language(self._lang)
        if self._update is not None:
            item.render(self._update.redrawn())

    def set_emphasis(self, parts=None) -> None:
        """Draw only `parts` at full strength, the rest faint; None shows everything plainly.

        Parts: "q", "keys", "values", "output", "projection", "angle".
        """
        self._emphasis = None if parts is None else frozenset(parts)
        self._pair.set_dimmed(() if parts is None else {"projection", "angle"} - self._emphasis)
        self._redraw()

    def _dim(self, part: str) -> bool:
        return self._emphasis is not None and part not in self._emphasis

    # ---- view range ---------------------------------------------------------------------

    def fit_view_to(self, points) -> None:
        """Frame the points and the origin as large as the view allows, with room for labels
        around them and for the readout above them (framing.py)."""
        room = name_room(self._label_font(), self._theme.stroke_px if self._theme else 3.0)
        header = self._readout.boundingRect().height() + 6.0
        footer = self._names.footer()
        width, height = self._viewbox.width(), self._viewbox.height()
        x_mid, y_mid, half = frame(points, width, height, room, header, footer)
        # A square range: with the aspect locked, any other shape makes pyqtgraph correct the
        # range at every paint, and the view never settles. (It widens the longer side about
        # its middle, as framing.py counts on.)
        self._viewbox.setRange(
            xRange=(x_mid - half, x_mid + half), yRange=(y_mid - half, y_mid + half), padding=0
        )

    def fit_scene(self) -> None:
        if self._scene is None:
            return
        scene, plane = self._scene, self._results.plane
        shown = (*scene.keys, *scene.values) if plane.shows_all else (scene.keys[scene.selected_key],)
        points = [plane_point(plane, v) for v in (*scene.queries, *shown)]
        for more in self._fit_points:
            points += list(more())
        self.fit_view_to(points)

    def bring_into_view(self, ref: VectorRef) -> None:
        """Frame the scene again when an arrow's tip (a new key's, one typed) lies outside the
        visible rectangle, or so near its edge that its head and name would be cut."""
        if self._scene is None or self._theme is None:
            return  # nothing drawn yet: the first fit frames everything
        seen = self._viewbox.viewRect()
        inset = EDGE_ROOM * min(seen.width(), seen.height())
        if not seen.adjusted(inset, inset, -inset, -inset).contains(self.tip_position(ref)):
            self.fit_scene()

    # ---- drawing -------------------------------------------------------------------------

    def _redraw(self) -> None:
        if self._update is not None:
            self.render(self._update.redrawn())

    def render(self, update: Update) -> None:
        scene, results, change = update.scene, update.results, update.change
        self._update, self._scene, self._results = update, scene, results
        if self._theme is None:
            return
        if update.drag.on:
            self._names.flush()  # a drag's names keep the places worked out before it moved them
        plane = results.plane
        draws_values = plane.shows_all and self._show_values
        draws_values = draws_values and (scene.key_count > 1 or scene.values != scene.keys)
        self._arrows.show(scene, plane, change, update.drag.active, draws_values, self._dim)
        outputs_shown = draws_values and "matrix_outputs" not in update.withheld
        in_bulk = moves_every_output(update.drag.moving)
        self._row_outputs.show(scene, results, plane, change, outputs_shown, in_bulk)
        q = plane_point(plane, scene.query)
        output = results.attention.output
        out_shown = draws_values and output is not None and "output" not in update.withheld
        self._output.setVisible(out_shown)
        if out_shown:
            out = plane_point(plane, output)
            self._output.set_points((0.0, 0.0), out)
            self._output.set_flags(handle=False, faded=self._dim("output"))
        pair = results.pair
        k = plane_point(plane, scene.keys[scene.selected_key])
        # Withheld, the construction and the arc are not drawn: each shows what is asked.
        projection = None if pair.projection is None else plane_point(plane, pair.projection)
        if "projection" in update.withheld:
            projection = None
        angle = "" if pair.angle_deg is None or "angle" in update.withheld else "θ"
        self._pair.set_geometry(q, k, projection, angle)
        self._show_readout()
        if not update.drag.on:  # in a drag the names keep their places by their tips; placed at its end
            self._names.place()
        for overlay in self._overlays:
            overlay.render(update)
        if update.mistake != self._mistake:  # its wrong arrows and its caption framed with the scene
            self._mistake = update.mistake
            self.fit_scene()
        if update.drag.on and not self._drag_frame.active:
            # Whatever arrows a drag moves (a tip, or a token's q, k and v), the drag frame paints
            # the frames while it lasts: from here on, once they are drawn as the drag begins.
            self._drag_frame.begin(*self._moving_items(update.drag.moving))
        elif self._drag_frame.active and not update.drag.on:
            self._drag_frame.end()
        self._drag_frame.moved()

    def _show_readout(self) -> None:
        width = self._viewbox.width()
        self._readout.set_paragraphs(
            readout_paragraphs(
                self._scene, self._results, self._theme, self._lang, width, self._update.withheld
            )
        )

    def _moving_items(self, moving) -> list:
        """What a drag moves, lifted out of its layer for the drag: the arrows of the vectors in
        hand; with a key or a value every other row's output (as one path), and with the selected
        key k's line.
        Under the arrows: the arrows go last, over the rest."""
        items = []
        selected_key = None if self._scene is None else self._scene.selected_key
        if any(ref.kind is Kind.KEY and ref.index == selected_key for ref in moving):
            items.append(self._pair.key_line)
        if moves_every_output(moving):
            items.append(self._row_outputs.bulk)
        return items + [self._arrows.item(ref) for ref in moving]

    def header_rect(self) -> QRectF:
        """The readout's box in the viewport's pixels."""
        return self.viewportTransform().mapRect(self._readout.mapRectToScene(self._readout.boundingRect()))

    def name_boxes(self):
        """Where the names are (naming.Naming: each name's box and each arrow head's, in pixels)."""
        return self._names.naming

    def _view_changed(self, *_args) -> None:
        if self._theme is not None and self._scene is not None and not self._drag_frame.active:
            self._names.place()

    def _viewbox_resized(self, _viewbox=None) -> None:
        width = round(self._viewbox.width())
        if width == self._readout_width:  # pyqtgraph also reports resizes that change nothing
            return
        self._readout_width = width
        self._drag_frame.invalidate()
        self._readout.set_width(max(160.0, width - 20.0))
        if self._scene is not None and self._theme is not None:
            self._show_readout()

    def readout_text(self) -> str:
        return self._readout.text()

    def _label_font(self) -> QFont:
        font = QFont()
        font.setPointSizeF(font_points(self._theme, 1.6) if self._theme else QFont().pointSizeF() * 1.6)
        font.setBold(True)
        return font

    # ---- painting and pointer ----------------------------------------------------------------

    def mousePressEvent(self, event) -> None:
        if not self._tip_drag.press(event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if not self._tip_drag.move(event):
            if not event.buttons():  # hovering: never on a drag's path
                self._hint_derived(event)
            super().mouseMoveEvent(event)

    def _hint_derived(self, event) -> None:
        """Over a token scene's arrow, its tooltip says why it cannot be dragged."""
        scene, hint = self._scene, ""
        if scene is not None and scene.tokens is not None:
            ref = self.handle_at(self.mapToScene(event.position().toPoint()))
            hint = "" if ref is None else derived_hint(scene, ref)
        if self.viewport().toolTip() != hint:
            self.viewport().setToolTip(hint)

    def mouseReleaseEvent(self, event) -> None:
        if not self._tip_drag.release(event):
            super().mouseReleaseEvent(event)

    def hideEvent(self, event) -> None:
        self._tip_drag.cancel()
        super().hideEvent(event)

    def viewport_to_plane(self) -> QTransform:
        """Viewport pixels to plane coordinates, as the view stands now."""
        to_scene, _ = self.viewportTransform().inverted()
        to_plane, _ = self._viewbox.childGroup.sceneTransform().inverted()
        return to_scene * to_plane

    # ---- hit testing ---------------------------------------------------------------------

    def handle_at(self, scene_pos: QPointF) -> VectorRef | None:
        """The draggable tip nearest to a scene position, within the grab radius."""
        return self._tip_drag.pick(self.viewportTransform().map(scene_pos))

    def _tips_on_screen(self) -> list[tuple[VectorRef, QPointF]]:
        """Every tip a press can take, where it is in viewport pixels, in the order drawn."""
        to_viewport = self.viewportTransform()
        return [
            (ref, to_viewport.map(self._viewbox.mapViewToScene(item.tip)))
            for ref, item in self._arrows.handles()
        ]

    def arrow(self, ref: VectorRef) -> VectorItem:
        """The arrow drawn for a vector (QUERY: the selected query's)."""
        return self._arrows.item(ref)

    def row_output(self, index: int) -> VectorItem:
        """Query `index`'s output arrow oᵢ (hidden for the selected query: its output is Σwᵢvᵢ)."""
        return self._row_outputs.items[index]

    def tip_position(self, ref: VectorRef) -> QPointF:
        return QPointF(self.arrow(ref).tip)

    def tip_scene_position(self, ref: VectorRef) -> QPointF:
        """Where a tip is on the screen's scene, for tests and accessibility."""
        return self._viewbox.mapViewToScene(self.tip_position(ref))

    # ---- keyboard --------------------------------------------------------------------------

    def focusNextPrevChild(self, forward: bool) -> bool:
        # Tab cycles the vectors while the canvas has focus (Ctrl+Tab leaves it).
        self.controller.cycle_active(1 if forward else -1)
        return True

    def keyPressEvent(self, event) -> None:
        key = event.key()
        steps = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, 1),
            Qt.Key.Key_Down: (0, -1),
        }
        if key in steps:
            fine = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            step = self.controller.snap_step / (10.0 if fine else 1.0)
            dx, dy = steps[key]
            self.controller.nudge(self.controller.active, dx * step, dy * step)
            event.accept()
            return
        super().keyPressEvent(event)
