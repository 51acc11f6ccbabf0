"""Why 1/√d_k: sampled scores for a chosen d, before and after dividing by √d.

Two histograms (raw q·k and q·k/√d, each with its sample variance) and the
mean largest softmax weight over n keys as d grows, with and without the
scaling. The samples and every number shown come from model/sqrt_dk.py
(seeded, drawn once); the panel only maps them onto its plots (d on a log₂
axis), and moving d only looks numbers up and updates the same plot items in
place.

It does not depend on the scene: it draws when it is first shown and then
whenever d, n or the sample changes while it is visible.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from ...model import sqrt_dk
from ...text import numbers
from ..contract import Update
from ..theme import Theme
from ..widgets.number_spin import WholeNumberSpin
from . import plot_style

DEFAULT_D = 64
DEFAULT_KEYS = 8
SLIDER_STEPS_PER_DOUBLING = 10
D_TICKS = (1, 4, 16, 64, 256, 1024)
HISTOGRAM_HEADROOM = 1.08


def slider_position(d: int) -> int:
    return round(SLIDER_STEPS_PER_DOUBLING * math.log2(d))


def slider_d(position: int) -> int:
    return sqrt_dk.dimension(round(2.0 ** (position / SLIDER_STEPS_PER_DOUBLING)))


class SqrtDkPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("sqrtDkPanel")
        self._theme: Theme | None = None
        self._lang = "en"
        self._seed = sqrt_dk.DEFAULT_SEED
        self._d = DEFAULT_D
        self._keys = DEFAULT_KEYS
        self._sampler: sqrt_dk.ScoreSampler | None = None
        self._dirty = True

        self._intro = QLabel()
        self._intro.setObjectName("sqrtDkIntro")
        self._intro.setWordWrap(True)
        self._d_label = QLabel()
        self._slider = QSlider(Qt.Orientation.Horizontal)
        self._slider.setObjectName("dSlider")
        self._slider.setRange(0, slider_position(sqrt_dk.MAX_D))
        self._slider.setPageStep(SLIDER_STEPS_PER_DOUBLING * 2)
        self._slider.setTickInterval(SLIDER_STEPS_PER_DOUBLING * 2)
        self._slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self._slider.setValue(slider_position(self._d))
        self._d_spin = WholeNumberSpin()
        self._d_spin.setObjectName("dSpin")
        self._d_spin.setRange(1, sqrt_dk.MAX_D)
        self._d_spin.setValue(self._d)
        self._keys_label = QLabel()
        self._keys_spin = WholeNumberSpin()
        self._keys_spin.setObjectName("keysSpin")
        self._keys_spin.setRange(sqrt_dk.MIN_KEYS, sqrt_dk.MAX_KEYS)
        self._keys_spin.setValue(self._keys)
        self._resample = QPushButton()
        self._resample.setObjectName("resample")
        controls = QGridLayout()
        controls.addWidget(self._d_label, 0, 0)
        controls.addWidget(self._slider, 0, 1)
        controls.addWidget(self._d_spin, 0, 2)
        controls.addWidget(self._keys_label, 1, 0)
        keys_row = QHBoxLayout()
        keys_row.addWidget(self._keys_spin)
        keys_row.addStretch(1)
        keys_row.addWidget(self._resample)
        controls.addLayout(keys_row, 1, 1, 1, 2)
        controls.setColumnStretch(1, 1)

        self._raw_text, self._scaled_text, self._weight_text = QLabel(), QLabel(), QLabel()
        self._raw_text.setObjectName("rawVarianceText")
        self._scaled_text.setObjectName("scaledVarianceText")
        self._weight_text.setObjectName("largestWeightText")
        for label in (self._raw_text, self._scaled_text, self._weight_text):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
        # One x-axis for both, set with each d (sqrt_dk.axis_limit): the narrowing is seen.
        self.raw_plot = self._histogram_plot(sqrt_dk.axis_limit(self._d))
        self.scaled_plot = self._histogram_plot(sqrt_dk.axis_limit(self._d))
        self._raw_bars = pg.PlotDataItem(stepMode="center", fillLevel=0)
        self._scaled_bars = pg.PlotDataItem(stepMode="center", fillLevel=0)
        self.raw_plot.addItem(self._raw_bars)
        self.scaled_plot.addItem(self._scaled_bars)

        self.weight_plot = plot_style.still_plot()
        self.weight_plot.setObjectName("largestWeightPlot")
        self.weight_plot.setMinimumHeight(120)
        w = self.weight_plot.getPlotItem()
        w.setXRange(0.0, math.log2(sqrt_dk.MAX_D), padding=0.1)
        w.setYRange(0.0, 1.0, padding=0.04)
        w.getAxis("left").setTicks([[(0.0, ""), (0.5, ""), (1.0, "")]])
        self._uniform = pg.InfiniteLine(angle=0, movable=False)
        self._d_line = pg.InfiniteLine(angle=90, movable=False)
        self._unscaled_curve = pg.PlotDataItem()
        self._scaled_curve = pg.PlotDataItem()
        self._unscaled_dot = pg.PlotDataItem([], [], pen=None, symbol="o")
        self._scaled_dot = pg.PlotDataItem([], [], pen=None, symbol="o")
        for graphic in (
            self._uniform,
            self._d_line,
            self._unscaled_curve,
            self._scaled_curve,
            self._unscaled_dot,
            self._scaled_dot,
        ):
            w.addItem(graphic)

        # Wide and low, for a dock under the canvas: the controls, then one column per plot.
        side = QVBoxLayout()
        side.addWidget(self._intro)
        side.addLayout(controls)
        side.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(side, 4)
        for text, plot in (
            (self._raw_text, self.raw_plot),
            (self._scaled_text, self.scaled_plot),
            (self._weight_text, self.weight_plot),
        ):
            column = QVBoxLayout()
            column.addWidget(text)
            column.addWidget(plot, 1)
            layout.addLayout(column, 5)

        self._slider.valueChanged.connect(lambda p: self.set_d(slider_d(p)))
        self._d_spin.valueChanged.connect(self.set_d)
        self._keys_spin.valueChanged.connect(self.set_keys)
        self._resample.clicked.connect(lambda: self.set_seed(self._seed + 1))
        self.retranslate()

    def _histogram_plot(self, limit: float) -> pg.PlotWidget:
        plot = plot_style.still_plot()
        plot.setMinimumHeight(120)
        # Bars have square edges: smoothing them costs a millisecond a frame and shows nothing.
        plot.setAntialiasing(False)
        item = plot.getPlotItem()
        item.hideAxis("left")
        item.setXRange(-limit, limit, padding=0.02)
        item.setYRange(0.0, 1.0, padding=0.0)  # set with each histogram: no auto-range search
        return plot

    # ---- options -----------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        for plot in (self.raw_plot, self.scaled_plot, self.weight_plot):
            plot_style.set_theme(plot, theme)
        raw, scaled = theme.projection, theme.key
        self._raw_bars.setPen(pg.mkPen(raw, width=1.5))
        self._raw_bars.setBrush(pg.mkBrush(plot_style.translucent(raw, 0.45)))
        self._scaled_bars.setPen(pg.mkPen(scaled, width=1.5))
        self._scaled_bars.setBrush(pg.mkBrush(plot_style.translucent(scaled, 0.4)))
        width = max(2.0, theme.stroke_px * 0.6)
        self._unscaled_curve.setPen(pg.mkPen(raw, width=width))
        self._scaled_curve.setPen(pg.mkPen(scaled, width=width))
        for dot, colour in ((self._unscaled_dot, raw), (self._scaled_dot, scaled)):
            dot.setSymbolBrush(pg.mkBrush(colour))
            dot.setSymbolPen(pg.mkPen(theme.background, width=2))
            dot.setSymbolSize(14 * theme.zoom)
        self._uniform.setPen(pg.mkPen(theme.muted, width=1, style=Qt.PenStyle.DashLine))
        self._d_line.setPen(pg.mkPen(theme.muted, width=1, style=Qt.PenStyle.DotLine))
        self._dirty = True
        self.retranslate()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for plot in (self.raw_plot, self.scaled_plot, self.weight_plot):
            plot_style.set_language(plot, lang)
        self._d_spin.setLocale(QLocale(lang))
        self._keys_spin.setLocale(QLocale(lang))
        self._dirty = True
        self.retranslate()

    def retranslate(self) -> None:
        self._intro.setText(
            self.tr(
                "Every coordinate of q and k is drawn on its own, with mean 0 and variance 1 "
                "({pairs} pairs, sample {seed}). A score q·k then has variance d; dividing it by √d "
                "brings the variance back to 1."
            ).format(pairs=sqrt_dk.PAIRS, seed=sqrt_dk.sample_number(self._seed))
        )
        self._d_label.setText(self.tr("d"))
        self._slider.setAccessibleName(self.tr("Dimension d of q and k"))
        self._d_spin.setAccessibleName(self.tr("Dimension d of q and k"))
        self._slider.setToolTip(self.tr("Dimension d of q and k, from 1 to {n}").format(n=sqrt_dk.MAX_D))
        self._keys_label.setText(self.tr("keys n"))
        self._keys_spin.setAccessibleName(self.tr("Number of keys n for softmax"))
        self._resample.setText(self.tr("New sample"))
        self._resample.setToolTip(self.tr("Draw another set of queries and keys"))
        ticks = [(math.log2(d), numbers.number(d, self._lang, 0)) for d in D_TICKS]
        self.weight_plot.getPlotItem().getAxis("bottom").setTicks([ticks])
        left = [(y, numbers.number(y, self._lang, 1)) for y in (0.0, 0.5, 1.0)]
        self.weight_plot.getPlotItem().getAxis("left").setTicks([left])
        self._dirty = True
        self._redraw_if_shown()

    # ---- the panel's own inputs --------------------------------------------------------

    @property
    def d(self) -> int:
        return self._d

    @property
    def keys(self) -> int:
        return self._keys

    def set_d(self, d: int) -> None:
        d = sqrt_dk.dimension(d)
        self._sync(self._d_spin, d)
        if slider_d(self._slider.value()) != d:
            self._sync(self._slider, slider_position(d))
        if d != self._d:
            self._d = d
            self._update_d()

    def set_keys(self, n: int) -> None:
        n = sqrt_dk.key_count(n)
        self._sync(self._keys_spin, n)
        if n != self._keys:
            self._keys = n
            self._dirty = True
            self._redraw_if_shown()

    def set_seed(self, seed: int) -> None:
        if seed != self._seed:
            self._seed = seed
            self._sampler = None
            self.retranslate()

    def _sync(self, widget, value: int) -> None:
        if widget.value() != value:
            widget.blockSignals(True)
            widget.setValue(value)
            widget.blockSignals(False)

    # ---- drawing ------------------------------------------------------------------------

    def highlight(self, ids) -> None:
        pass  # nothing here is a lesson row

    def render(self, update: Update) -> None:
        """The samples do not depend on the scene; catch up if something changed while hidden."""
        self._redraw_if_shown()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._redraw_if_shown()

    def _redraw_if_shown(self) -> None:
        if self._dirty and self.isVisible() and self._theme is not None:
            self.redraw()

    def redraw(self) -> None:
        """Everything: the saturation curves for n, then the parts that follow d."""
        self._dirty = False
        curve = self._sampling().saturation(self._keys)
        x = np.log2(curve.d_values)
        self._unscaled_curve.setData(x, curve.unscaled)
        self._scaled_curve.setData(x, curve.scaled)
        self._uniform.setValue(curve.uniform)
        self._update_d(force=True)

    def _update_d(self, force: bool = False) -> None:
        if not force and (self._dirty or not self.isVisible()):
            self._dirty = True
            return
        sampler = self._sampling()
        d, lang = self._d, self._lang
        sample = sampler.sample(d)
        for plot, bars, histogram in (
            (self.raw_plot, self._raw_bars, sample.raw_histogram),
            (self.scaled_plot, self._scaled_bars, sample.scaled_histogram),
        ):
            bars.setData(histogram.edges, histogram.counts)
            plot.getPlotItem().setXRange(-sample.limit, sample.limit, padding=0.02)
            plot.getPlotItem().setYRange(0.0, histogram.tallest * HISTOGRAM_HEADROOM, padding=0.0)
        unscaled, scaled = sampler.largest_weight(d, self._keys)
        x = math.log2(d)
        self._unscaled_dot.setData([x], [unscaled])
        self._scaled_dot.setData([x], [scaled])
        self._d_line.setValue(x)
        theme = self._theme
        raw_html = f'<b style="color:{theme.projection}">q·k</b>'
        scaled_html = f'<b style="color:{theme.key}">q·k/√d</b>'
        self._raw_text.setText(
            self.tr("Raw scores {raw}: sample variance {variance} (d = {d})").format(
                raw=raw_html, variance=numbers.number(sample.raw_variance, lang), d=d
            )
        )
        self._scaled_text.setText(
            self.tr("Scaled scores {scaled}: sample variance {variance}").format(
                scaled=scaled_html, variance=numbers.number(sample.scaled_variance, lang)
            )
        )
        self._weight_text.setText(
            self.tr(
                "Largest softmax weight over n = {n} keys (mean of {trials} queries): "
                "{unscaled} with {raw}, {scaled} with {scaled_name}. Dashed: 1/n, equal weights."
            ).format(
                n=self._keys,
                trials=sqrt_dk.TRIALS,
                unscaled=numbers.number(unscaled, lang),
                scaled=numbers.number(scaled, lang),
                raw=raw_html,
                scaled_name=scaled_html,
            )
        )

    def _sampling(self) -> sqrt_dk.ScoreSampler:
        if self._sampler is None:
            self._sampler = sqrt_dk.sampler(self._seed)
        return self._sampler

    # ---- for tests -----------------------------------------------------------------------

    def texts(self) -> dict[str, str]:
        return {
            "raw": self._raw_text.text(),
            "scaled": self._scaled_text.text(),
            "weight": self._weight_text.text(),
            "intro": self._intro.text(),
        }

    def marker_values(self) -> tuple[float, float]:
        return float(self._unscaled_dot.getData()[1][0]), float(self._scaled_dot.getData()[1][0])
