"""Small pyqtgraph plots for panels: themed, still (no pan or zoom), numbers in the interface language."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QFont

from ...text import numbers
from ..theme import Theme
from ..widgets.plot_axes import without_si_prefixes


class NumberAxis(pg.AxisItem):
    """Tick labels written as the panels write numbers: a true minus, a decimal comma in Spanish."""

    def __init__(self, orientation: str, suffix: str = ""):
        super().__init__(orientation)
        self.lang = "en"
        self.suffix = suffix

    def tickStrings(self, values, scale, spacing):
        places = 0 if spacing * scale >= 1 else min(6, len(f"{spacing * scale:.6f}".rstrip("0")) - 2)
        return [numbers.number(v * scale, self.lang, places) + self.suffix for v in values]


class StillPlot(pg.PlotWidget):
    """A PlotWidget that asks for little room: a panel's layout gives it the rest."""

    def __init__(self, preferred: QSize, **kwargs):
        super().__init__(**kwargs)
        self._preferred = QSize(preferred)

    def sizeHint(self) -> QSize:
        return QSize(self._preferred)


PREFERRED_SIZE = (320, 190)


def still_plot(
    x_suffix: str = "", y_suffix: str = "", preferred: tuple[int, int] = PREFERRED_SIZE
) -> pg.PlotWidget:
    """A plot that only shows: no mouse pan or zoom, no context menu, no auto-range button."""
    axes = {"bottom": NumberAxis("bottom", x_suffix), "left": NumberAxis("left", y_suffix)}
    plot = StillPlot(QSize(*preferred), axisItems=axes)
    item = plot.getPlotItem()
    item.hideButtons()
    item.setMenuEnabled(False)
    item.setMouseEnabled(x=False, y=False)
    item.vb.setDefaultPadding(0.0)
    plot.setAntialiasing(True)
    without_si_prefixes(item)
    return plot


def set_language(plot: pg.PlotWidget, lang: str) -> None:
    for name in ("bottom", "left"):
        axis = plot.getPlotItem().getAxis(name)
        if isinstance(axis, NumberAxis) and axis.lang != lang:
            axis.lang = lang
            axis.picture = None
            axis.update()


def set_theme(plot: pg.PlotWidget, theme: Theme) -> None:
    plot.setBackground(theme.background)
    font = QFont()
    font.setPointSizeF(max(7.0, QFont().pointSizeF() * 0.85 * theme.text_scale))
    for name in ("bottom", "left"):
        axis = plot.getPlotItem().getAxis(name)
        axis.setPen(pg.mkPen(theme.axis))
        axis.setTextPen(pg.mkPen(theme.foreground))
        axis.setStyle(tickFont=font)


def translucent(colour: str, alpha: float) -> QColor:
    c = QColor(colour)
    c.setAlphaF(alpha)
    return c
