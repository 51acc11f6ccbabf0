"""The loss and the accuracy against the steps, with a line where the timeline stands.

One plot for the Train panel and for the stage (there in the stage's type, for the
back row). It only shows: no pan, no zoom. The loss is the cross-entropy of each
step's batch, the accuracy the share of its positions predicted right; both are on
one scale, from 0 to the first losses (about ln 8 ≈ 2.1 for eight symbols), where
an accuracy of 100 % is the line at 1.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont

from ..theme import Theme, font_points
from ..widgets.axes import locale_axes
from ..widgets.plot_axes import without_si_prefixes
from . import content

HEADROOM = 1.05


class LossCurve(pg.PlotWidget):
    def __init__(self, parent=None):
        super().__init__(parent=parent, axisItems=locale_axes())
        self.setObjectName("lossCurve")
        item = self.getPlotItem()
        item.hideButtons()
        item.setMenuEnabled(False)
        item.setMouseEnabled(x=False, y=False)
        item.vb.setDefaultPadding(0.0)
        item.showGrid(x=True, y=True, alpha=0.2)
        without_si_prefixes(item)
        self.setAntialiasing(True)
        self.setMinimumSize(160, 100)
        self.loss = pg.PlotDataItem([], [], antialias=True)
        self.accuracy = pg.PlotDataItem([], [], antialias=True)
        self.marker = pg.InfiniteLine(pos=0, angle=90, movable=False)
        self.legend = pg.LegendItem(offset=(-10, 10))
        self.legend.setParentItem(item.vb)
        for graphic in (self.loss, self.accuracy, self.marker):
            item.addItem(graphic)
        self.marker.hide()
        self._theme: Theme | None = None
        self._fonts: tuple[QFont | None, QFont | None] = (None, None)  # ticks, legend (None: the theme's)
        self._range: tuple[float, float] | None = None

    def sizeHint(self) -> QSize:
        return QSize(320, 180)

    # ---- style ----------------------------------------------------------------------------

    def set_fonts(self, ticks: QFont | None, legend: QFont | None) -> None:
        """The tick numbers and the legend in these fonts (the stage's), else the theme's type."""
        self._fonts = (ticks, legend)
        if self._theme is not None:
            self.set_theme(self._theme)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.setBackground(theme.background)
        ticks, legend = self._fonts
        if ticks is None:
            ticks = QFont()
            ticks.setPointSizeF(max(7.0, font_points(theme, 0.9)))
        for name in ("left", "bottom"):
            axis = self.getPlotItem().getAxis(name)
            axis.setPen(pg.mkPen(theme.axis))
            axis.setTextPen(pg.mkPen(theme.foreground))
            axis.setStyle(tickFont=ticks)
        width = max(2.0, theme.stroke_px * 0.7)
        self.loss.setPen(pg.mkPen(theme.output, width=width))
        self.accuracy.setPen(pg.mkPen(theme.value, width=width))
        dashed = Qt.PenStyle.DashLine
        self.marker.setPen(pg.mkPen(theme.foreground, width=max(1.5, width * 0.6), style=dashed))
        self._legend_font = legend or ticks
        self._relabel()

    def set_language(self, lang: str) -> None:
        for name in ("left", "bottom"):
            self.getPlotItem().getAxis(name).set_language(lang)
        self._relabel()

    def _relabel(self) -> None:
        if self._theme is None:
            return
        font = self._legend_font
        size = f"{font.pixelSize()}px" if font.pixelSize() > 0 else f"{font.pointSizeF()}pt"
        self.legend.clear()
        self.legend.setLabelTextSize(size)
        self.legend.setLabelTextColor(self._theme.foreground)
        self.legend.addItem(self.loss, content.curve_name("loss"))
        self.legend.addItem(self.accuracy, content.curve_name("accuracy"))
        self.legend.setBrush(pg.mkBrush(self._theme.background))
        self.legend.setPen(pg.mkPen(self._theme.axis))
        self.setAccessibleName(content.curve_name("plot"))

    # ---- content --------------------------------------------------------------------------

    def show_run(self, session) -> None:
        """The run's steps so far, and the line at the timeline's snapshot."""
        steps, losses, accuracies = content.curve(session)
        self.loss.setData(np.asarray(steps, float), np.asarray(losses, float))
        self.accuracy.setData(np.asarray(steps, float), np.asarray(accuracies, float))
        top = max([1.0, *losses[:40]]) * HEADROOM
        span = (float(max(1, session.total_steps)), top)
        if span != self._range:
            self._range = span
            self.getPlotItem().setRange(xRange=(0, span[0]), yRange=(0, top), padding=0.0)
        snapshot = session.snapshot
        self.marker.setVisible(snapshot is not None)
        if snapshot is not None:
            self.marker.setValue(snapshot.step)
