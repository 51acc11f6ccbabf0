"""A live bar chart of the attention weights, one bar per key.

With the comparison on, the other scoring rule's weights stand beside each
bar; with dropout on, the weights after dropout are a hatched third bar. The
bars are updated in place while the user drags: only their heights change
from frame to frame; ticks, colours and the layout change only when the keys,
the series shown or the theme do. While the chart is scrolled out of sight
(below the table of many keys, say) new weights wait, and are drawn when it is
seen again. The plot itself (pyqtgraph's PlotItem, its four axes and the form of a menu
it never shows: some 9 ms) is made when the chart is first painted: a scene of many keys
opens with the chart below its table, out of sight.
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import QSizePolicy

from ...text import numbers
from ...text.withheld import MARK
from .. import words
from ..contract import Update
from ..theme import Theme
from ..widgets.plot_axes import without_si_prefixes

SERIES = ("weights", "other", "dropout")
CHART_HEIGHT = 170


def _tick_step(top: float) -> float:
    for step in (0.25, 0.5, 1.0, 2.0, 5.0):
        if top / step <= 5:
            return step
    return 10.0


class WeightsChart(pg.GraphicsView):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)  # a PlotWidget's
        self.enableMouse(False)
        self.setObjectName("weightsChart")
        self.setFixedHeight(CHART_HEIGHT)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._plot: pg.PlotItem | None = None  # made when first painted
        self._bars: dict[str, pg.BarGraphItem] = {}
        self._undefined: pg.TextItem | None = None
        self._heights = {name: [] for name in SERIES}
        self._shown: tuple[str, ...] = ()
        self._names: list[str] = []
        self._top = None
        self._lang = "en"
        self._theme: Theme | None = None
        self._compare = False
        self._waiting: tuple | None = None  # set_weights' arguments, not drawn yet

    def getPlotItem(self) -> pg.PlotItem:
        """The plot, made now if it was not."""
        if self._plot is None:
            self._make_plot()
        return self._plot

    def _make_plot(self) -> None:
        plot = pg.PlotItem(enableMenu=False)  # not made to be switched off at once
        self._plot = plot
        self.setCentralItem(plot)
        plot.hideButtons()
        plot.setMouseEnabled(x=False, y=False)
        plot.disableAutoRange()
        plot.getViewBox().setDefaultPadding(0.0)
        without_si_prefixes(plot)
        self._bars = {name: pg.BarGraphItem(x=[], height=[], width=0.8) for name in SERIES}
        for bar in self._bars.values():
            plot.addItem(bar)
        self._undefined = pg.TextItem(anchor=(0.5, 0.5))
        plot.addItem(self._undefined, ignoreBounds=True)
        self._undefined.setVisible(False)
        if self._theme is not None:
            self._style(self._theme)

    # ---- options ---------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.setBackground(theme.background)
        self._top = None
        if self._plot is not None:
            self._style(theme)

    def _style(self, theme: Theme) -> None:
        key, other, ink = theme.colour("key"), theme.colour("muted"), theme.colour("foreground")
        self._bars["weights"].setOpts(brush=key, pen=pg.mkPen(key))
        self._bars["other"].setOpts(brush=other, pen=pg.mkPen(other))
        self._bars["dropout"].setOpts(
            brush=QBrush(ink, Qt.BrushStyle.BDiagPattern), pen=pg.mkPen(ink, width=1.5)
        )
        font = QFont()
        font.setPointSizeF(max(7.0, QFont().pointSizeF() * 0.9 * theme.text_scale))
        for name in ("left", "bottom"):
            axis = self.getPlotItem().getAxis(name)
            axis.setPen(pg.mkPen(theme.axis))
            axis.setTextPen(pg.mkPen(theme.foreground))
            axis.setStyle(tickFont=font)
        self._undefined.setColor(theme.muted)

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self._top = None

    def set_compare(self, on: bool) -> None:
        """The other scoring rule's weights beside each bar (from the next render)."""
        self._compare = on

    # ---- content ---------------------------------------------------------------------

    def heights(self, series: str = "weights") -> list[float]:
        """The bar heights shown for a series (empty when the series is hidden)."""
        self._draw_waiting()
        return list(self._heights[series]) if series in self._shown else []

    def shown_series(self) -> tuple[str, ...]:
        self._draw_waiting()
        return self._shown

    def undefined_text(self) -> str:
        self._draw_waiting()
        undefined = self._undefined
        return undefined.toPlainText() if undefined is not None and undefined.isVisible() else ""

    def render(self, update: Update) -> None:
        """The attention weights of every key; undefined weights draw no bars and say so, and so do
        weights an open question withholds."""
        scene, results = update.scene, update.results
        att = results.attention
        count = scene.key_count
        zeros = [0.0] * count
        if "weights" in update.withheld:
            names = [words.key_name(i) for i in range(count)]
            self.set_weights(names, {"weights": zeros}, MARK)
            return
        series = {"weights": zeros if att.weights is None else list(att.weights)}
        if self._compare:
            other = results.comparison.weights
            series["other"] = zeros if other is None else list(other)
        if att.dropout is not None:
            series["dropout"] = list(att.dropout.weights)
        names = [words.key_name(i) for i in range(count)]
        self.set_weights(names, series, words.undefined_word() if att.weights is None else "")

    def set_weights(self, names: list[str], series: dict[str, list[float]], undefined_text: str = "") -> None:
        """Heights per series (None entries draw nothing); series not given are hidden."""
        self._waiting = (names, series, undefined_text)
        if not self.viewport().visibleRegion().isEmpty():  # (the view's own region excludes it)
            self._draw_waiting()

    def paintEvent(self, event) -> None:
        if self._plot is None:  # first seen: its items laid out for this paint
            self._make_plot()
            self._plot.layout.activate()
        self._draw_waiting()  # scrolled back into sight
        super().paintEvent(event)

    def _draw_waiting(self) -> None:
        if self._waiting is None:
            return
        names, series, undefined_text = self._waiting
        self._waiting = None
        shown = tuple(name for name in SERIES if name in series)
        count = len(names)
        if names != self._names or shown != self._shown:
            self._names, self._shown = list(names), shown
            self._layout(count)
        top = 1.0
        for name in shown:
            heights = [0.0 if h is None or not math.isfinite(h) else float(h) for h in series[name]]
            if heights != self._heights[name]:
                self._heights[name] = heights
                self._bars[name].setOpts(height=heights)
            top = max(top, *heights) if heights else top
        self._set_top(top)
        self._undefined.setVisible(bool(undefined_text))
        if undefined_text:
            self._undefined.setText(undefined_text)
            self._undefined.setPos((count + 1) / 2, 0.5 * (self._top or 1.0))

    def _layout(self, count: int) -> None:
        plot = self.getPlotItem()
        width = 0.8 / max(1, len(self._shown))
        for name, bar in self._bars.items():
            if name in self._shown:
                k = self._shown.index(name)
                offset = (k - (len(self._shown) - 1) / 2) * width
                self._heights[name] = [0.0] * count
                bar.setOpts(x=[i + 1 + offset for i in range(count)], height=self._heights[name], width=width)
                bar.setVisible(True)
            else:
                self._heights[name] = []
                bar.setVisible(False)
        plot.setXRange(0.45, count + 0.55, padding=0)
        plot.getAxis("bottom").setTicks([[(i + 1, name) for i, name in enumerate(self._names)]])

    def _set_top(self, top: float) -> None:
        # In quarter steps, so the scale holds still while dropout's bars move.
        top = math.ceil(top * 4 - 1e-9) / 4 * 1.06
        if self._top is not None and abs(top - self._top) <= 1e-9 * top:
            return
        self._top = top
        plot = self.getPlotItem()
        plot.setYRange(0.0, top, padding=0)
        step = _tick_step(top)
        ticks = [(i * step, numbers.number(i * step, self._lang, 2)) for i in range(int(top / step) + 1)]
        plot.getAxis("left").setTicks([ticks])
