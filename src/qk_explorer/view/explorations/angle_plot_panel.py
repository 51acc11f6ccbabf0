"""Product versus angle: q·k = ‖q‖‖k‖cos θ as k turns round at its own length.

A small live plot over θ from −180° to 180°: the curve, the acute part
(product above 0) and the obtuse parts (below 0) shaded, the zero crossings
at ±90° marked, and the current pair as a dot on the curve. The curve and its
parts come from Results.product_curve (model/turning.py); every drag updates
the same few items in place.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...model import Results, Scene
from ...model.turning import ZERO_CROSSINGS_DEG, ProductCurve
from ...text import numbers
from .. import words
from ..contract import Update
from ..theme import Theme
from ..widgets.plot_axes import spanning
from . import plot_style

HEADROOM = 1.18
SHRINK = 1.6  # the y range follows a shrinking curve once it fills less than 1/1.6 of it


class AnglePlotPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("anglePlotPanel")
        self._theme: Theme | None = None
        self._lang = "en"
        self._last: Update | None = None
        self._amplitude: float | None = None
        self._reach = (0.0, -1.0)  # amplitudes that fit the current y range: none yet

        self._caption = QLabel()
        self._caption.setObjectName("anglePlotCaption")
        self._caption.setWordWrap(True)
        self.plot = plot_style.still_plot(x_suffix="°")
        self.plot.setObjectName("anglePlot")
        self.plot.setMinimumHeight(170)
        item = self.plot.getPlotItem()
        item.setXRange(-180, 180, padding=0.1)
        item.getAxis("bottom").setTicks([[(a, "") for a in (-180, -90, 0, 90, 180)]])
        # The shading is not smoothed (the smooth curve is drawn over its edge): a third of the cost.
        self._acute = pg.PlotDataItem(fillLevel=0.0, pen=None, antialias=False)
        self._obtuse_left = pg.PlotDataItem(fillLevel=0.0, pen=None, antialias=False)
        self._obtuse_right = pg.PlotDataItem(fillLevel=0.0, pen=None, antialias=False)
        self._zero = pg.InfiniteLine(pos=0.0, angle=0, movable=False)
        self._crossings = [pg.InfiniteLine(pos=a, angle=90, movable=False) for a in ZERO_CROSSINGS_DEG]
        self._curve = pg.PlotDataItem(antialias=True)
        self._zero_marks = pg.PlotDataItem(list(ZERO_CROSSINGS_DEG), [0.0, 0.0], pen=None, symbol="o")
        self._current = pg.PlotDataItem([], [], pen=None, symbol="o")
        self._acute_text = pg.TextItem(anchor=(0.5, 0.5))
        self._obtuse_text = pg.TextItem(anchor=(0.5, 0.5))
        for graphic in (
            self._acute,
            self._obtuse_left,
            self._obtuse_right,
            self._zero,
            *self._crossings,
            self._curve,
            self._zero_marks,
            self._current,
            self._acute_text,
            self._obtuse_text,
        ):
            item.addItem(graphic)
        self._readout = QLabel()
        self._readout.setObjectName("anglePlotReadout")
        self._readout.setWordWrap(True)
        self._readout.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.addWidget(self._caption)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self._readout)

    # ---- options -----------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        plot_style.set_theme(self.plot, theme)
        positive, negative = theme.value, theme.output
        self._acute.setBrush(pg.mkBrush(plot_style.translucent(positive, 0.35)))
        for fill in (self._obtuse_left, self._obtuse_right):
            fill.setBrush(pg.mkBrush(plot_style.translucent(negative, 0.3)))
        self._zero.setPen(pg.mkPen(theme.axis, width=1))
        for line in self._crossings:
            line.setPen(pg.mkPen(theme.muted, width=1, style=Qt.PenStyle.DashLine))
        self._curve.setPen(pg.mkPen(theme.foreground, width=max(2.0, theme.stroke_px * 0.6)))
        self._zero_marks.setSymbolPen(pg.mkPen(theme.foreground, width=1.5))
        self._zero_marks.setSymbolBrush(pg.mkBrush(theme.background))
        self._zero_marks.setSymbolSize(9 * theme.zoom)
        self._current.setSymbolPen(pg.mkPen(theme.background, width=2))
        self._current.setSymbolBrush(pg.mkBrush(theme.query))
        self._current.setSymbolSize(15 * theme.zoom)
        font = QFont()
        font.setPointSizeF(QFont().pointSizeF() * 0.9 * theme.text_scale)
        for text in (self._acute_text, self._obtuse_text):
            text.setColor(theme.foreground)
            text.setFont(font)
        self._retitle()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        plot_style.set_language(self.plot, lang)
        self._retitle()

    def _retitle(self) -> None:
        self._acute_text.setText(self.tr("acute\nq·k > 0"))
        self._obtuse_text.setText(self.tr("obtuse\nq·k < 0"))
        self.plot.setAccessibleName(self.tr("Plot of q·k against the angle θ as k turns"))
        ticks = [(a, numbers.number(a, self._lang, 0) + "°") for a in (-180, -90, 0, 90, 180)]
        self.plot.getPlotItem().getAxis("bottom").setTicks([ticks])
        self._amplitude = None  # the labels need placing again
        self._reach = (0.0, -1.0)
        if self._last is not None:
            self.render(self._last.redrawn())

    # ---- content -----------------------------------------------------------------------

    def highlight(self, ids) -> None:
        pass  # nothing here is a lesson row

    def render(self, update: Update) -> None:
        scene, results = update.scene, update.results
        self._last = update
        curve = results.product_curve
        # The dot on the curve gives q·k and θ: an open question asking either keeps it back.
        withheld = update.hides("dot", "angle", "cosine", "relation")
        if curve.angle_deg is None or withheld:
            self._current.setData([], [])
        else:
            self._current.setData([curve.angle_deg], [curve.product])
        # Turning k at its length moves only the dot; the curve changes with ‖q‖‖k‖.
        if curve.amplitude != self._amplitude:
            self._amplitude = curve.amplitude
            self._curve.setData(curve.angles_deg, curve.products)
            self._acute.setData(*curve.acute)
            self._obtuse_left.setData(*curve.obtuse_left)
            self._obtuse_right.setData(*curve.obtuse_right)
            self._fit_y(curve.amplitude)
        self._texts(scene, results, curve, withheld)

    def _fit_y(self, amplitude: float) -> None:
        """Keep ±‖q‖‖k‖ in view; change the range only when the curve leaves it or shrinks a lot,
        so most drag steps do not re-lay out the axis."""
        low, high = self._reach
        if amplitude > 0 and low <= amplitude <= high:
            return
        reach = amplitude * HEADROOM if amplitude > 0 else 1.0
        self._reach = (reach / SHRINK, reach)
        low, high = spanning(-reach, reach)  # a tiny ‖q‖‖k‖ (5e-324) must still leave room for ticks
        self.plot.getPlotItem().setYRange(low, high, padding=0.0)
        self._acute_text.setPos(0.0, high * 0.4)
        self._obtuse_text.setPos(155.0, low * 0.28)

    def _texts(self, scene: Scene, results: Results, curve: ProductCurve, withheld: bool) -> None:
        lang = self._lang
        k = words.key_name(scene.selected_key)
        pair = results.pair
        self._caption.setText(
            self.tr("q·{key} as {key} turns round the origin at its length ‖{key}‖ = {length}").format(
                key=k, length=numbers.number(pair.norm_k, lang)
            )
        )
        if withheld:
            self._readout.setText(words.withheld_note())
            return
        if curve.angle_deg is None:
            self._readout.setText(
                self.tr("A zero vector: q·{key} = 0 at every angle, and there is no angle to mark.").format(
                    key=k
                )
            )
            return
        if scene.dimension == 1:
            where = self.tr("In one dimension {key} can only point along q or against it: θ is 0° or 180°.")
        elif curve.angle_deg > 0:
            where = self.tr(
                "{key} is {angle} counter-clockwise from q on the canvas: the dot is at +{angle}."
            )
        elif curve.angle_deg < 0:
            where = self.tr("{key} is {angle} clockwise from q on the canvas: the dot is at {signed}.")
        else:
            where = self.tr("θ = {angle}.")
        self._readout.setText(
            where.format(
                key=k,
                angle=numbers.angle(pair.angle_deg, lang),
                signed=numbers.angle(curve.angle_deg, lang),
            )
            + " "
            + self.tr("q·{key} = {dot}, between −{peak} and {peak} = ‖q‖‖{key}‖; 0 at ±90°.").format(
                key=k,
                dot=numbers.number(curve.product, lang),
                peak=numbers.number(curve.amplitude, lang),
            )
        )

    # ---- for tests --------------------------------------------------------------------

    def current_point(self) -> tuple[float, float] | None:
        x, y = self._current.getData()
        if x is None or len(x) == 0:
            return None
        return float(x[0]), float(y[0])

    def curve_data(self) -> tuple[np.ndarray, np.ndarray]:
        return self._curve.getData()
