"""The canvas's axes, with tick labels written as the interface's language writes numbers.

pyqtgraph formats ticks with a decimal point and a hyphen for minus; here the
text layer formats them, so Spanish reads "0,5" and negatives carry a true
minus sign, as everywhere else in the app.
"""

from __future__ import annotations

import math

import pyqtgraph as pg

from ...text import numbers


class LocaleAxis(pg.AxisItem):
    def __init__(self, orientation: str, **kwargs):
        super().__init__(orientation, **kwargs)
        self._lang = "en"
        self._style = ("en", False)  # the language and whether a decimal point is written in any

    def set_language(self, lang: str) -> None:
        style = (lang, numbers.point_always())  # the labels follow the decimal separator too
        if style != self._style:
            self._lang, self._style = lang, style
            self.picture = None  # pyqtgraph's cached drawing of the labels
            self.update()

    def tickStrings(self, values, scale, spacing):
        step = spacing * scale
        places = max(0, math.ceil(-math.log10(step))) if step > 0 and math.isfinite(step) else 0
        return [numbers.number(v * scale, self._lang, places) for v in values]


def locale_axes() -> dict[str, LocaleAxis]:
    return {"left": LocaleAxis("left"), "bottom": LocaleAxis("bottom")}
