"""The token plane's plot: each embedding xᵢ as an arrow from the origin, with its label.

It draws what it is given (the embeddings, B's unit circle, the images of the
unit square; all worked out in the model) and turns the pointer into signals:
a press on a tip takes it (the one drag handler, drag/handler.py: the canvas's
threshold and pick rule), each move with it in hand says where the tip goes, the
release (or the plot hidden before it) ends the drag, and a tip under a free
pointer is said to be pointed at. A press away from the tips pans the plane and
the wheel zooms it, as on the canvas. While a token is in hand (set_in_hand, from
the update's drag state) the plot paints its frames as the canvas does
(drag/frame.py): the token in hand over pictures of the rest.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QTransform

from ..canvas.naming import Naming, PointName
from ..canvas.vector_item import LABEL_GAP_PX, PixelSize, VectorItem
from ..drag.frame import DragFrame, FramedPlot
from ..drag.handler import DragHandler, Host
from ..drag.layer import Layer
from ..theme import Theme, font_points
from ..widgets.axes import locale_axes
from ..widgets.plot_axes import without_si_prefixes

MIN_SPAN = 2.0  # a small set of tokens is still shown at a sensible size
MIN_DRAWN_PX = 60  # the least room left for the tokens themselves once the names have theirs
SQUARE_ROLES = {"w_q": "query", "w_k": "key"}
CIRCLE_NAME = "xᵀBx = 1"


class TokenPlot(FramedPlot, pg.PlotWidget):
    began = Signal(int)  # a token's tip is taken in hand
    dragged = Signal(int, object, bool)  # token, the tip's new point, free (off the grid)
    dropped = Signal()  # the drag ended
    pointed = Signal(int)  # the token whose tip is under the pointer, −1 for none

    def __init__(self, parent=None):
        viewbox = pg.ViewBox(lockAspect=True, enableMenu=False)
        super().__init__(parent=parent, viewBox=viewbox, axisItems=locale_axes())
        self.setObjectName("tokenPlot")
        self._viewbox = viewbox
        plot = self.getPlotItem()
        plot.hideButtons()
        plot.setMenuEnabled(False)
        plot.showGrid(x=True, y=True, alpha=0.25)
        without_si_prefixes(plot)
        for name in ("left", "bottom"):
            # Its grid under the arrows and their names, not over them (pyqtgraph's 0.5): as the
            # drag frame paints the moving arrows over its picture of the axes.
            plot.getAxis(name).setZValue(-0.5)
        self.setMinimumSize(180, 110)
        self.circle = pg.PlotDataItem([], [], antialias=True)
        self.squares = {name: pg.PlotDataItem([], [], antialias=True) for name in SQUARE_ROLES}
        # The circle named beside itself, where it reaches furthest up and right (placed by the
        # canvas's rule for names, clear of the arrows): on the stage, with no legend beside the
        # plane, the back row still reads what the dashed line is.
        self.circle_name = pg.TextItem(CIRCLE_NAME, anchor=(0.5, 0.5))
        self._circle_spot = PointName(self._circle_name_size, self._put_circle_name)
        self._naming = Naming()  # where the names go: the canvas's rule (canvas/naming.py)
        # The outlines stand still while a tip moves: one layer, a picture for the drag frame,
        # which paints the arrows over it and over the axes and grid (as the canvas's does).
        # The token in hand is lifted out of the arrows' layer; the others stand, their names'
        # sides settled again on release.
        self._arrows = Layer("arrows")
        outlines = Layer("outlines")
        outlines.setZValue(5)
        for layer in (self._arrows, outlines):
            self.addItem(layer, ignoreBounds=True)
        for item in (self.circle, *self.squares.values(), self.circle_name):
            item.setParentItem(outlines)
        self.circle_name.hide()
        self._drag_frame = DragFrame(self, [self._arrows, outlines], live_above=())
        self._shown: tuple | None = None  # the last show_tokens' arguments
        viewbox.sigTransformChanged.connect(self._drag_frame.invalidate)
        self.arrows: list[VectorItem] = []
        self._pixel = PixelSize()  # the arrows' layer lies in the plane, untransformed
        self._pixel.follow(viewbox)
        self._tips: list[tuple[float, float]] = []
        self._theme: Theme | None = None
        self._fonts: tuple[QFont | None, QFont | None] = (None, None)  # names, ticks (None: the theme's)
        self._in_hand: int | None = None  # the token a drag moves (the update says so)
        self._pointed = -1
        self._drag = DragHandler(
            Host(
                tips=lambda: [(i, self.point_of(tip)) for i, tip in enumerate(self._tips)],
                to_plane=self._to_plane,
                began=self.began.emit,
                moved=self.dragged.emit,
                ended=self._dropped,
                clicked=self._point,
            )
        )
        viewbox.sigTransformChanged.connect(self._drag.view_changed)
        viewbox.sigTransformChanged.connect(lambda *_: self._drag_frame.active or self._place_names())

    # ---- drawing ----------------------------------------------------------------------

    def set_fonts(self, names: QFont | None, ticks: QFont | None) -> None:
        """The tokens' names and the tick numbers in these fonts rather than the theme's (the
        stage's type, for the back row)."""
        self._fonts = (names, ticks)
        if self._theme is not None:
            self.set_theme(self._theme)

    def name_font(self) -> QFont:
        """The tokens' names: in the font set, else in the theme's type, bold."""
        if self._fonts[0] is not None:
            return QFont(self._fonts[0])
        font = QFont()
        if self._theme is not None:
            font.setPointSizeF(font_points(self._theme, 1.3))
        font.setBold(True)
        return font

    def tick_font(self) -> QFont:
        """The tick numbers: in the font set, else in the theme's type."""
        if self._fonts[1] is not None:
            return QFont(self._fonts[1])
        font = QFont()
        if self._theme is not None:
            font.setPointSizeF(max(7.0, font_points(self._theme, 1.0)))
        return font

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.setBackground(theme.background)
        tick_font = self.tick_font()
        for name in ("left", "bottom"):
            axis = self.getPlotItem().getAxis(name)
            axis.setPen(pg.mkPen(theme.axis))
            axis.setTextPen(pg.mkPen(theme.foreground))
            axis.setStyle(tickFont=tick_font)
        for item in self.arrows:
            self._style_arrow(item)
        width = max(1.5, theme.stroke_px * 0.6)
        self.circle.setPen(pg.mkPen(theme.foreground, width=width, style=Qt.PenStyle.DashLine))
        self.circle_name.setColor(theme.foreground)
        self.circle_name.setFont(tick_font)
        for name, item in self.squares.items():
            item.setPen(pg.mkPen(theme.colour(SQUARE_ROLES[name]), width=width))

    def set_language(self, lang: str) -> None:
        for name in ("left", "bottom"):
            self.getPlotItem().getAxis(name).set_language(lang)

    def _style_arrow(self, item: VectorItem) -> None:
        theme = self._theme
        ink, halo = theme.colour("foreground"), QColor(theme.background)
        item.set_style(ink, theme.stroke_px, self.name_font(), halo, theme.faded)

    def show_tokens(self, labels, embeddings, marked: set[int]) -> None:
        """One arrow per token to its embedding; `marked` tokens (the selected pair's) get a halo."""
        self._shown = (labels, embeddings, marked)
        while len(self.arrows) < len(labels):
            item = VectorItem(QColor("gray"), "", self._pixel)
            if self._theme is not None:
                self._style_arrow(item)
            item.setParentItem(self._arrows)
            self.arrows.append(item)
        while len(self.arrows) > len(labels):
            self.scene().removeItem(self.arrows.pop())
        self._tips = [(float(x[0]), float(x[1])) for x in embeddings]
        in_hand = self._in_hand if self._drag_frame.active else None
        for i, (item, label, tip) in enumerate(zip(self.arrows, labels, self._tips, strict=True)):
            if in_hand is not None and i != in_hand:
                continue  # standing in the drag frame's picture
            item.set_points((0.0, 0.0), tip)
            item.set_label(label)
            item.set_flags(active=i in marked)
        if in_hand is None:  # in a drag the names keep their places by their tips; placed at its end
            self._place_names()
        self._drag_frame.moved()

    def _place_names(self, in_hand: int | None = None) -> None:
        """The tokens' names and the circle's by the canvas's rule; in a drag, the one in hand's."""
        moving = None if in_hand is None else {self.arrows[in_hand]}
        to_px = self._viewbox.childGroup.sceneTransform() * self.viewportTransform()
        bounds = self.viewportTransform().mapRect(self._viewbox.sceneBoundingRect())
        spots = [*self.arrows, self._circle_spot]
        # Its grid has no axes through the origin (they are at the edges).
        self._naming.lay_out(spots, to_px, [], bounds, moving, optional={self._circle_spot}, axes=False)

    def _circle_name_size(self) -> tuple[float, float]:
        if not self.circle_name.isVisible():
            return (0.0, 0.0)
        rect = self.circle_name.boundingRect()
        return (rect.width(), rect.height())

    def _put_circle_name(self, centre: QPointF | None) -> None:
        """The circle's name centred there (viewport pixels); None: no room for it."""
        self.circle_name.setOpacity(0.0 if centre is None else 1.0)
        if centre is not None:
            self.circle_name.setPos(self._viewbox.mapSceneToView(self.mapToScene(centre.toPoint())))

    def name_boxes(self) -> dict:
        """Each name's box as placed and each arrow head's, in the viewport's pixels (naming.py)."""
        return self._naming

    def show_outline(self, item: pg.PlotDataItem, points) -> None:
        """Draw `points` (an (n, 2) array), or nothing for None."""
        if item is self.circle:
            self.circle_name.setVisible(points is not None)
            if points is not None:
                top = points[int(np.argmax(points[:, 0] + points[:, 1]))]
                self._circle_spot.point = (float(top[0]), float(top[1]))
                self._circle_spot.direction = (0.7071, -0.7071)  # out of the circle, up and right
                self._place_names()
        if points is None:
            item.setData([], [])
            item.hide()
            return
        item.setData(points[:, 0], points[:, 1])
        item.show()

    def fit(self, extra: list) -> None:
        """Frame the origin, the tips and the outlines in `extra` ((n, 2) arrays), with room
        around them for the names beside the tips."""
        points = [np.zeros((1, 2)), np.asarray(self._tips, dtype=np.float64).reshape(-1, 2), *extra]
        every = np.concatenate(points)
        low, high = every.min(axis=0), every.max(axis=0)
        centre, span = (low + high) / 2, np.maximum(high - low, MIN_SPAN)
        # A name sits a gap (and its halo) beyond or beside its tip, as VectorItem draws it.
        metrics = QFontMetricsF(self.name_font())
        widest = max((metrics.horizontalAdvance(item.label) for item in self.arrows), default=0.0)
        marks = max(1.0, (self._theme.stroke_px if self._theme is not None else 3.0) / 3.0)
        gap = (LABEL_GAP_PX + 4.0) * marks
        room = np.array([widest + gap, metrics.height() + gap])
        size = np.array([self._viewbox.width(), self._viewbox.height()])
        if np.all(size > 2 * room + MIN_DRAWN_PX):
            # The larger scale that leaves that room on every side, in the plot's own pixels.
            half = size / min((size - 2 * room) / span) / 2
            self._viewbox.setRange(
                xRange=(centre[0] - half[0], centre[0] + half[0]),
                yRange=(centre[1] - half[1], centre[1] + half[1]),
                padding=0,
            )
            return
        self._viewbox.setRange(  # not laid out yet, or too small to leave the names their room
            xRange=(centre[0] - span[0] / 2, centre[0] + span[0] / 2),
            yRange=(centre[1] - span[1] / 2, centre[1] + span[1] / 2),
            padding=0.5,
        )

    def tips_in_sight(self) -> bool:
        rect = self._viewbox.viewRect()
        return all(rect.contains(QPointF(*tip)) for tip in self._tips)

    # ---- the pointer -------------------------------------------------------------------

    def point_of(self, tip) -> QPointF:
        """Where a point of the plane is, in viewport pixels."""
        return QPointF(self.mapFromScene(self._viewbox.mapViewToScene(QPointF(*tip))))

    def tip_at(self, position: QPointF) -> int:
        """The token whose tip is nearest `position` (viewport pixels) within reach, else −1."""
        token = self._drag.pick(position)
        return -1 if token is None else token

    def _to_plane(self) -> QTransform:
        """Viewport pixels to plane coordinates, as the view stands now."""
        to_scene, _ = self.viewportTransform().inverted()
        to_plane, _ = self._viewbox.childGroup.sceneTransform().inverted()
        return to_scene * to_plane

    def set_in_hand(self, token: int | None) -> None:
        """A drag moves this token now (None: no drag): while it lasts the drag frame paints the
        plot, the token in hand over a picture of the rest; the standing names settle after it."""
        if token == self._in_hand:
            return
        self._in_hand = token
        if token is not None and token < len(self.arrows):
            self._drag_frame.begin(self.arrows[token])
        elif self._drag_frame.active:
            self._drag_frame.end()
            if self._shown is not None:
                self.show_tokens(*self._shown)

    def mousePressEvent(self, event) -> None:
        if not self._drag.press(event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if not self._drag.move(event):
            self._point(self.tip_at(event.position()))
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if self._drag.release(event):
            self._point(self.tip_at(event.position()))
        else:
            super().mouseReleaseEvent(event)

    def hideEvent(self, event) -> None:
        self._drag.cancel()  # hidden before the button came up: the drag ends where it is
        super().hideEvent(event)

    def leaveEvent(self, event) -> None:
        if not self.dragging:
            self._point(-1)
        super().leaveEvent(event)

    def _dropped(self) -> None:
        self.dropped.emit()

    @property
    def dragging(self) -> bool:
        return self._drag.target is not None

    def _point(self, token: int) -> None:
        if token != self._pointed:
            self._pointed = token
            self.pointed.emit(token)
