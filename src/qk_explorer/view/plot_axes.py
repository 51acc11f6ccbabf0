"""What every plot here shares about its axes: ticks, and never a title."""

from __future__ import annotations

import pyqtgraph as pg


def without_si_prefixes(item: pg.PlotItem) -> None:
    """Stop working out SI prefixes for axis titles that are never shown.

    pyqtgraph does it at every change of range and lays the hidden title's rich
    text out again each time, in every pan and zoom. Set before any range change
    (enableAutoSIPrefix would itself lay the title out once more).
    """
    for axis in item.axes.values():
        axis["item"].autoSIPrefix = False
