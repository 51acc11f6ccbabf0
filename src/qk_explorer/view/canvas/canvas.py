"""The canvas: q, the keys, the values and the output as arrows from the origin.

It draws Results and turns pointer and keyboard input into controller calls;
it does no arithmetic beyond mapping between screen and plane coordinates.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPixmapCache, QTransform
from PySide6.QtWidgets import QGraphicsItem

from ...model import Results, Scene
from ...model.change import EVERYTHING, SceneChange
from ...model.scene import QUERY, Kind, VectorRef, key_ref, value_ref
from ...text import numbers
from ..controller import SceneController
from ..plot_axes import without_si_prefixes
from ..theme import Theme, font_points
from .axes import locale_axes
from .drag_frame import DragFrame
from .grid_item import GridItem
from .pair_overlay import PairOverlay
from .picture_group import PictureGroup
from .readout_item import NBSP, ReadoutItem
from .tip_drag import TipDrag
from .vector_item import VectorItem

if TYPE_CHECKING:
    from ..view_contract import Overlay

GRAB_RADIUS_PX = 16.0
# Every arrow keeps a cached picture of itself (VectorItem); Qt's default 10 MB holds the
# pictures of some twenty arrows, and with 64 keys they would push each other out at every frame.
PICTURE_CACHE_KB = 64 * 1024
MIN_FIT_SPAN = 2.0  # a small scene is still shown at a sensible size
NO_CACHE = QGraphicsItem.CacheMode.NoCache
SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscript(n: int) -> str:
    return str(n).translate(SUBSCRIPTS)


class Canvas(pg.PlotWidget):
    hovered = Signal(object)  # VectorRef | None, for status hints

    def __init__(self, controller: SceneController, parent=None):
        viewbox = pg.ViewBox(lockAspect=True, enableMenu=False)
        super().__init__(parent=parent, viewBox=viewbox, axisItems=locale_axes())
        self._viewbox = viewbox
        self._tip_drag = TipDrag(self)
        viewbox.sigTransformChanged.connect(self._tip_drag.view_changed)
        viewbox.sigResized.connect(self._tip_drag.view_changed)
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PICTURE_CACHE_KB))
        self.controller = controller
        self.setObjectName("canvas")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 240)
        plot = self.getPlotItem()
        plot.hideButtons()
        plot.setMenuEnabled(False)
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            axis.setZValue(-50)
            # Its ticks reach into the plot, so every repaint of the whole plot (the winner map as
            # a key moves) redrew each tick label: kept as a picture, it is copied instead.
            axis.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        without_si_prefixes(plot)
        self._grid = GridItem()
        self._pair = PairOverlay()
        self._query = VectorItem(QColor("red"), "q")
        self._keys: list[VectorItem] = []
        self._values: list[VectorItem] = []
        self._output = VectorItem(QColor("purple"), "")
        self._output.set_flags(handle=False)
        self._output.setZValue(25)
        self._readout = ReadoutItem(self._viewbox)
        self._readout.setPos(10, 6)
        self._readout.setZValue(100)
        self._readout_width = -1
        # Large numbers wrap onto a second line rather than run off a narrow canvas.
        viewbox.sigResized.connect(self._viewbox_resized)
        for item in (self._pair, self._query, self._output):
            self.addItem(item, ignoreBounds=True)
        # Under everything: the grid and the winner map. Then the values, then the keys (above q).
        self._backdrop = PictureGroup("backdrop")
        self._value_group = PictureGroup("values")
        self._key_group = PictureGroup("keys")
        for group, z in ((self._backdrop, -100), (self._value_group, 15), (self._key_group, 20)):
            self.addItem(group, ignoreBounds=True)
            group.setZValue(z)  # after adding: a ViewBox lifts items with negative z
        self._grid.setParentItem(self._backdrop)
        self._pair.key_line.setParentItem(self._backdrop)
        self.transparent_background = False
        self._drag_frame = DragFrame(self, self.picture_groups(), live_above=(self._readout,))
        viewbox.sigTransformChanged.connect(self._drag_frame.invalidate)
        controller.draggingChanged.connect(self._dragging_changed)
        # One rectangle around everything that moved, not their exact outline: under a clip of
        # many rectangles Qt blends each cached arrow line by line (in worker threads it has to
        # wait for) instead of copying it in one go. With 64 keys a drag step is a quarter faster.
        self.setViewportUpdateMode(self.ViewportUpdateMode.BoundingRectViewportUpdate)
        self._overlays: list = []
        self._emphasis: frozenset[str] | None = None
        self._theme: Theme | None = None
        self._lang = "en"
        self._show_pair = True
        self._show_values = True
        self._scene: Scene | None = None
        self._results: Results | None = None
        self._arrows_settled: tuple | None = None  # what the key and value arrows show, once settled
        self._tips_of: tuple | None = None  # (keys, values, their tips as an array): see _standing_tips
        self._lifted: tuple | None = None  # (arrow, its group, its z) while a drag lifts it out
        self.fit_view_to([(2.0, 1.0), (1.0, 2.0)])

    # ---- options ------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.setBackground(theme.background)
        veil = QColor(theme.background)
        veil.setAlphaF(0.8)  # the readout stays legible over the axes and the grid
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
        for item, role in self._styled_items():
            item.set_style(
                theme.colour(role),
                theme.stroke_px * (0.8 if role == "value" else 1.0),
                font,
                halo,
                theme.faded,
            )
        axis_pen = pg.mkPen(theme.axis, width=max(1.0, theme.stroke_px / 3.0))
        tick_font = QFont()
        tick_font.setPointSizeF(max(7.0, font_points(theme, 1.0)))
        for name in ("left", "bottom"):
            axis = self.getPlotItem().getAxis(name)
            axis.setPen(axis_pen)
            axis.setTextPen(pg.mkPen(theme.foreground))
            axis.setStyle(tickFont=tick_font)
        # Fixed axis sizes: an axis that grew with its tick labels would shrink the view,
        # the locked aspect would change the range, the labels would change back — and
        # the canvas would repaint for ever.
        metrics = QFontMetricsF(tick_font)
        self.getPlotItem().getAxis("left").setWidth(round(metrics.horizontalAdvance("−0000.0") + 14))
        self.getPlotItem().getAxis("bottom").setHeight(round(metrics.height() + 14))
        self._drag_frame.invalidate()
        if self._scene is not None:
            self.show_results(self._scene, self._results)

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for name in ("left", "bottom"):
            self.getPlotItem().getAxis(name).set_language(lang)
        self._drag_frame.invalidate()
        if self._scene is not None:
            self.show_results(self._scene, self._results)

    def set_show_pair(self, shown: bool) -> None:
        self._show_pair = shown
        self._pair.set_shown(shown)

    def set_show_values(self, shown: bool) -> None:
        self._show_values = shown
        if self._scene is not None:
            self.show_results(self._scene, self._results)

    def add_overlay(self, item: Overlay, ignore_bounds: bool = True) -> None:
        """Add a feature's own item; it gets show_results(scene, results) and set_theme(theme) too."""
        self._overlays.append(item)
        self.addItem(item, ignoreBounds=ignore_bounds)
        if getattr(item, "BACKDROP", False):
            item.setParentItem(self._backdrop)
        if self._theme is not None:
            item.set_theme(self._theme)
        if self._scene is not None:
            item.show_results(self._scene, self._results)

    def set_emphasis(self, parts=None) -> None:
        """Draw only `parts` at full strength, the rest faint; None shows everything plainly.

        Parts: "q", "keys", "values", "output", "projection", "angle".
        """
        self._emphasis = None if parts is None else frozenset(parts)
        self._pair.set_dimmed(() if parts is None else {"projection", "angle"} - self._emphasis)
        if self._scene is not None:
            self.show_results(self._scene, self._results)

    def _dim(self, part: str) -> bool:
        return self._emphasis is not None and part not in self._emphasis

    # ---- view range ---------------------------------------------------------------------

    def fit_view_to(self, points) -> None:
        """Frame the points and the origin as large as the view allows, with room for labels
        around them and for the readout above them."""
        xs = [0.0, *(x for x, _ in points)]
        ys = [0.0, *(y for _, y in points)]
        span = max(max(xs) - min(xs), max(ys) - min(ys), MIN_FIT_SPAN)
        margin = 0.18 * span
        x_mid = (max(xs) + min(xs)) / 2
        y_mid = (max(ys) + min(ys)) / 2 + 0.06 * span  # the readout sits at the top
        # A square range: with the aspect locked, any other shape makes pyqtgraph
        # correct the range at every paint, and the view never settles.
        half = span / 2 + margin
        self._viewbox.setRange(
            xRange=(x_mid - half, x_mid + half), yRange=(y_mid - half, y_mid + half), padding=0
        )

    @contextmanager
    def drawn_afresh(self):
        """Within this, every item draws itself instead of copying its cached screen picture:
        exports want lines and text at their own resolution, not screen pixels (an SVG would
        otherwise hold pictures of the arrows, and a large PNG blurry ones)."""
        cached = [item for item in self.scene().items() if item.cacheMode() != NO_CACHE]
        modes = [item.cacheMode() for item in cached]
        pictured = [group for group in self.picture_groups() if group.from_picture]
        for item in cached:
            item.setCacheMode(NO_CACHE)
        for group in pictured:
            group.set_from_picture(False)
        try:
            yield
        finally:
            for item, mode in zip(cached, modes):
                item.setCacheMode(mode)
            for group in pictured:
                group.set_from_picture(True)

    def fit_scene(self) -> None:
        if self._scene is not None:
            points = self._drawn_points()
            for overlay in self._overlays:  # an overlay may ask to be seen whole: fit_points()
                points += list(getattr(overlay, "fit_points", list)())
            self.fit_view_to(points)

    # ---- drawing -------------------------------------------------------------------------

    def show_results(self, scene: Scene, results: Results, change: SceneChange = EVERYTHING) -> None:
        self._scene, self._results = scene, results
        if self._theme is None:
            return
        plane = results.plane
        active = self.controller.active
        self._sync_key_items(scene.key_count)
        q = self._plane_point(scene.query)
        self._query.set_points((0.0, 0.0), q)
        self._query.set_flags(active=active == QUERY, faded=self._dim("q"))
        selected = scene.selected_key
        draws_values = plane.shows_all and self._show_values and self._values_differ(scene)
        dim_keys = self._dim("keys")
        # While q is dragged the keys and values stay as they were: once every arrow has been
        # found unchanged, nothing is asked of them until something they show changes.
        # In n > 2 dimensions the plane turns with q, and every arrow is drawn anew.
        arrows = (plane.shows_all, selected, scene.keys, scene.values, scene.mask, dim_keys, active)
        arrows += (draws_values, len(self._keys))
        if scene.dimension > 2 or arrows != self._arrows_settled:
            settled = self._draw_keys_and_values(scene, draws_values, dim_keys, active)
            self._arrows_settled = arrows if settled and scene.dimension <= 2 else None
        output = results.attention.output
        out_shown = draws_values and output is not None
        self._output.setVisible(out_shown)
        if out_shown:
            out = self._plane_point(output)
            self._output.set_points((0.0, 0.0), out)
            self._output.set_label("Σwᵢvᵢ")
            # The output often points near q: its label goes beside the tip, on the side with
            # more room among the other arrows (away from q when both have as much).
            turn = results.output_turn
            tips = np.concatenate(([q], self._standing_tips(scene)))
            self._output.set_label_room(tips, tiebreak=-1 if turn > 0 else 1)
            self._output.set_flags(handle=False, faded=self._dim("output"))
        pair = results.pair
        k = self._plane_point(scene.keys[selected])
        projection = None if pair.projection is None else self._plane_point(pair.projection)
        self._pair.set_geometry(q, k, projection, "" if pair.angle_deg is None else "θ")
        self._readout.set_paragraphs(self._readout_paragraphs(scene, results))
        for overlay in self._overlays:
            overlay.show_results(scene, results, change)
        self._drag_frame.request_update()

    def _draw_keys_and_values(self, scene: Scene, draws_values: bool, dim_keys: bool, active) -> bool:
        """Bring each key and value arrow up to date; True when none of them changed."""
        plane, selected = self._results.plane, scene.selected_key
        # With many keys, most arrows stay as they were (a drag moves one): skip those quickly.
        # In n > 2 dimensions the plane itself moves with q (a new object() equals no earlier state).
        moving_plane = None if scene.dimension <= 2 else object()
        unchanged = True
        for i, item in enumerate(self._keys):
            shown = plane.shows_all or i == selected
            state = (shown, scene.keys[i], scene.mask[i], dim_keys, active == key_ref(i), moving_plane)
            if state == item.drawn_state:
                item.hold_still()
                continue
            unchanged = False
            item.drawn_state = state
            item.setVisible(shown)
            if shown:
                item.set_points((0.0, 0.0), self._plane_point(scene.keys[i]))
                item.set_label(f"k{subscript(i + 1)}")
                item.set_flags(
                    dashed=not scene.mask[i],
                    faded=not scene.mask[i] or dim_keys,
                    active=active == key_ref(i),
                )
        for i, item in enumerate(self._values):
            state = (draws_values, scene.values[i], scene.mask[i], active == value_ref(i), moving_plane)
            if state == item.drawn_state:
                item.hold_still()
                continue
            unchanged = False
            item.drawn_state = state
            item.setVisible(draws_values)
            if draws_values:
                item.set_points((0.0, 0.0), self._plane_point(scene.values[i]))
                item.set_label(f"v{subscript(i + 1)}")
                item.set_flags(dashed=not scene.mask[i], faded=True, active=active == value_ref(i))
        return unchanged

    # ---- drawing from pictures while dragging --------------------------------------------

    def picture_groups(self):
        return (self._backdrop, self._value_group, self._key_group)

    def _dragging_changed(self, dragging: bool) -> None:
        """Draw from pictures what the drag leaves alone: while q moves the canvas paints its own
        frames (see drag_frame); a key or a value moving, Qt does, with a picture of each group
        that stands still (see picture_group), the dragged arrow lifted out of its own group."""
        ref = self.controller.active
        kind = ref.kind
        # In more dimensions the drawn plane turns as q moves, and every arrow with it.
        flat = dragging and self._scene is not None and self._scene.dimension <= 2
        self._lift(ref if flat else None)  # q is never lifted
        if flat and kind is Kind.QUERY:
            self._drag_frame.start()
            return
        self._drag_frame.stop()
        self._key_group.set_from_picture(flat)
        self._value_group.set_from_picture(flat)
        # The grid stands still in any drag; the winner map changes when a key moves.
        self._backdrop.set_from_picture(dragging and kind is not Kind.KEY)

    def _lift(self, ref: VectorRef | None) -> None:
        """Lift the arrow `ref` out of its group while it is dragged (None: put it back).

        An arrow that moves inside a group drawn from one picture makes Qt draw that picture
        anew at every step; lifted out, the rest of its group stays one picture, and the arrow
        is drawn over the others of its kind, as the one in hand.
        """
        if self._lifted is not None:
            item, group, z = self._lifted
            self._lifted = None
            arrows = self._keys if group is self._key_group else self._values
            if item in arrows:  # not removed mid-drag
                item.setParentItem(group)
                item.setZValue(z)
                later = arrows.index(item) + 1
                if later < len(arrows):
                    item.stackBefore(arrows[later])  # back to its place among its kind
        if ref is None or ref.kind is Kind.QUERY:
            return
        arrows, group = (
            (self._keys, self._key_group) if ref.kind is Kind.KEY else (self._values, self._value_group)
        )
        if ref.index >= len(arrows):
            return
        item = arrows[ref.index]
        self._lifted = (item, group, item.zValue())
        item.setParentItem(self._viewbox.childGroup)
        item.setZValue(group.zValue())  # just over its group, put in after it

    def _viewbox_resized(self, _viewbox=None) -> None:
        width = round(self._viewbox.width())
        if width == self._readout_width:  # pyqtgraph also reports resizes that change nothing
            return
        self._readout_width = width
        self._drag_frame.invalidate()
        self._readout.set_width(max(160.0, width - 20.0))
        if self._scene is not None and self._theme is not None:
            self._readout.set_paragraphs(self._readout_paragraphs(self._scene, self._results))

    def readout_text(self) -> str:
        return self._readout.text()

    def _readout_paragraphs(self, scene: Scene, results: Results) -> tuple:
        """Big numbers in the corner, readable from the back of a room."""
        theme, lang, pair = self._theme, self._lang, results.pair
        k = f"k{subscript(scene.selected_key + 1)}"
        gap = f" {NBSP} "  # where the line may break: each quantity stays on one line

        def whole(text: str) -> str:
            return text.replace(" ", NBSP)

        runs = [
            ("q", theme.query),
            ("·", None),
            (k, theme.key),
            (whole(f" = {numbers.number(pair.dot, lang)}"), None),
        ]
        if pair.angle_deg is not None:
            runs.append((gap + whole(f"θ = {numbers.angle(pair.angle_deg, lang)}"), None))
            runs.append((gap + whole(f"cos θ = {numbers.number(pair.cosine, lang)}"), None))
        # Large for the back row, but never so large that it covers a narrow drawing.
        size = round(min(15 * theme.text_scale, max(9.0, self._viewbox.width() / 32)))
        paragraphs = ((tuple(runs), theme.foreground, size, True),)
        caption = self._caption_text(scene)
        if caption:
            paragraphs += ((((caption, None),), theme.muted, round(size * 0.7), False),)
        return paragraphs

    def _caption_text(self, scene: Scene) -> str:
        n = scene.dimension
        if n == 2:
            return ""
        if n == 1:
            return QCoreApplication.translate(
                "Canvas", "One dimension: every vector lies on the horizontal axis"
            )
        return QCoreApplication.translate(
            "Canvas", "n = {n}: the plane spanned by q and {key} (true lengths and angle)"
        ).format(n=n, key=f"k{subscript(scene.selected_key + 1)}")

    def _standing_tips(self, scene: Scene) -> np.ndarray:
        """The keys' and values' tips in the plane, as an (n, 2) array: made again only when they move."""
        made = self._tips_of
        if made is None or made[0] is not scene.keys or made[1] is not scene.values:
            points = [self._plane_point(v) for v in (*scene.keys, *scene.values)]
            made = self._tips_of = (scene.keys, scene.values, np.array(points, dtype=float).reshape(-1, 2))
        return made[2]

    def _values_differ(self, scene: Scene) -> bool:
        return scene.key_count > 1 or scene.values != scene.keys

    def _plane_point(self, vector) -> tuple[float, float]:
        n = len(vector)
        if n == 2:
            return (vector[0], vector[1])
        if n == 1:
            return (vector[0], 0.0)
        return self._results.plane.to_plane(vector)

    def _drawn_points(self):
        scene = self._scene
        points = [self._plane_point(scene.query)]
        if self._results.plane.shows_all:
            points += [self._plane_point(k) for k in scene.keys]
            points += [self._plane_point(v) for v in scene.values]
        else:
            points.append(self._plane_point(scene.keys[scene.selected_key]))
        return points

    def _sync_key_items(self, count: int) -> None:
        while len(self._keys) < count:
            key, value = VectorItem(QColor("blue")), VectorItem(QColor("green"))
            self._keys.append(key)
            self._values.append(value)
            key.setParentItem(self._key_group)
            value.setParentItem(self._value_group)
            if self._theme is not None:
                font, halo = self._label_font(), QColor(self._theme.background)
                faded = self._theme.faded
                key.set_style(self._theme.colour("key"), self._theme.stroke_px, font, halo, faded)
                value.set_style(self._theme.colour("value"), self._theme.stroke_px * 0.8, font, halo, faded)
        while len(self._keys) > count:
            self.scene().removeItem(self._keys.pop())
            self.scene().removeItem(self._values.pop())

    def _styled_items(self):
        yield self._query, "query"
        yield self._output, "output"
        for item in self._keys:
            yield item, "key"
        for item in self._values:
            yield item, "value"

    def _label_font(self) -> QFont:
        font = QFont()
        font.setPointSizeF(font_points(self._theme, 1.6) if self._theme else QFont().pointSizeF() * 1.6)
        font.setBold(True)
        return font

    # ---- painting and pointer ----------------------------------------------------------------

    def paintEvent(self, event) -> None:
        if not self._drag_frame.paint(event):
            super().paintEvent(event)

    def drawBackground(self, painter, rect) -> None:
        if not self.transparent_background:  # the drag frame's pictures above the first
            super().drawBackground(painter, rect)

    def mousePressEvent(self, event) -> None:
        if not self._tip_drag.press(event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if not self._tip_drag.move(event):
            super().mouseMoveEvent(event)

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
        best, best_distance = None, GRAB_RADIUS_PX * max(1.0, (self._theme.zoom if self._theme else 1.0))
        for ref, item in self._handles():
            tip = self._viewbox.mapViewToScene(item.tip)
            distance = (tip - scene_pos).manhattanLength() * 0.75
            if distance <= best_distance:  # ties go to the later entry
                best, best_distance = ref, distance
        return best

    def _handles(self):
        # Later entries win ties: q is listed last so it stays grabbable on top.
        for i, item in enumerate(self._values):
            if item.isVisible():
                yield value_ref(i), item
        for i, item in enumerate(self._keys):
            if item.isVisible():
                yield key_ref(i), item
        yield QUERY, self._query

    def tip_position(self, ref: VectorRef) -> QPointF:
        item = {
            Kind.QUERY: lambda: self._query,
            Kind.KEY: lambda: self._keys[ref.index],
            Kind.VALUE: lambda: self._values[ref.index],
        }[ref.kind]()
        return QPointF(item.tip)

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
