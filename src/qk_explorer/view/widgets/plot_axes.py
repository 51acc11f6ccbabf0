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


MIN_SPAN = 1e-150
"""The narrowest range any plot is given. pyqtgraph's tick step is a power of ten below a
range's span (AxisItem.tickSpacing); for a span under about 1e-307 it underflows to 0 and
every paint divides by it. Narrower ranges are widened about their middle: a curve that
small looks flat at any scale, and the numbers beside it say how small it is. Away from 0
the span is also kept to a trillionth of the middle, which doubles can still tell apart."""


def spanning(low: float, high: float, least: float = MIN_SPAN) -> tuple[float, float]:
    """(low, high) widened about its middle to a span of at least `least`."""
    middle = low / 2 + high / 2
    least = max(least, abs(middle) * 1e-12)
    if high - low >= least:
        return low, high
    return middle - least / 2, middle + least / 2
