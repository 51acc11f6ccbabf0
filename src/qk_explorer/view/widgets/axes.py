"""The canvas's axes, with tick labels written as the interface's language writes numbers.

pyqtgraph formats ticks with a decimal point and a hyphen for minus; here the
text layer formats them, so Spanish reads "0,5" and negatives carry a true
minus sign, as everywhere else in the app.

pyqtgraph also picks the ticks' spacing from the axis's length alone and always
labels its coarsest level, however wide the labels are: in a lecture hall's large
type on a narrow canvas "−0,8−0,6−0,4" ran together. The spacing is therefore
widened, through 1, 2, 5 × 10ⁿ, until the labels, measured in the axis's own font
and the language's writing, stand at least half a digit apart; a finer level is
labelled too only when all its labels, among the coarser ones, still do. Where
pyqtgraph's choice leaves that room it stands, so a desktop's axes do not change.
"""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF

from ...text import numbers

GAP_IN_DIGITS = 0.5  # the least room between two tick labels, in widths of the font's "0"


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

    def generateDrawSpecs(self, p):
        """pyqtgraph's, without a tick number the view's edge would cut (one at the plot's top or
        bottom edge runs past a vertical axis's ends, where nothing may be drawn beyond the window)."""
        specs = super().generateDrawSpecs(p)
        seen = self._seen()
        if specs is None or seen is None:
            return specs
        axis, ticks, texts = specs
        return axis, ticks, [spec for spec in texts if seen.contains(spec[0])]

    def _seen(self) -> QRectF | None:
        """What the view shows, in this axis's coordinates, a pixel wider each way (rounding)."""
        views = self.scene().views() if self.scene() is not None else []
        if not views:
            return None
        shown = views[0].mapToScene(views[0].viewport().rect()).boundingRect()
        return self.mapRectFromScene(shown).adjusted(-1.0, -1.0, 1.0, 1.0)

    def tickStrings(self, values, scale, spacing):
        step = spacing * scale
        places = max(0, math.ceil(-math.log10(step))) if step > 0 and math.isfinite(step) else 0
        return [numbers.number(v * scale, self._lang, places) for v in values]

    def tickSpacing(self, minVal, maxVal, size):
        """pyqtgraph's levels when its coarsest leaves room between the labels; else the finest
        coarser 1, 2, 5 × 10ⁿ spacing that does, over the finer levels that divide it. Finer
        levels are labelled only while all the labels still stand apart."""
        levels = super().tickSpacing(minVal, maxVal, size)
        if not levels or self._tickSpacing is not None:
            return levels
        major = spacing = levels[0][0]
        while not self._labels_fit([spacing], minVal, maxVal, size):
            spacing = _coarser(spacing)
        if spacing != major:
            levels = [(spacing, 0)] + [(s, o) for s, o in levels[1:] if _divides(s, spacing)]
        # pyqtgraph labels a finer level when its labels fill little of the axis, however near
        # two of them come; the style is read as the labels are placed, after this.
        labelled = 1
        while labelled < len(levels) and self._labels_fit(
            [s for s, _ in levels[: labelled + 1]], minVal, maxVal, size
        ):
            labelled += 1
        self.style["maxTextLevel"] = labelled - 1
        return levels

    def _labels_fit(self, spacings: list[float], low: float, high: float, size: float) -> bool:
        """Whether labels every one of `spacings` (coarsest first, in the axis's scaled units)
        between `low` and `high`, drawn along `size` pixels, stand at least the gap apart."""
        metrics = QFontMetricsF(self.style["tickFont"] or QFont())
        per_unit = size / (high - low)
        labels = {}  # by the value's place on a fine grid: (pixels along the axis, length along it)
        for spacing in spacings:
            values = np.arange(math.ceil(low / spacing), math.floor(high / spacing) + 1) * spacing
            texts = self.tickStrings(
                values / self.scale, self.autoSIPrefixScale * self.scale, spacing / self.scale
            )
            for value, text in zip(values, texts):  # a value keeps its coarsest level's writing
                labels.setdefault(
                    round(value / spacings[-1] * 1000),
                    ((value - low) * per_unit, self._extent(metrics, text)),
                )
        reach = self._overhang() + 1.0  # pyqtgraph leaves out a label that reaches past the ends
        drawn = sorted(
            (x, e) for x, e in labels.values() if x - e / 2 >= -reach and x + e / 2 <= size + reach
        )
        gap = GAP_IN_DIGITS * metrics.horizontalAdvance("0")
        return all(b - a - (ea + eb) / 2 >= gap for (a, ea), (b, eb) in pairwise(drawn))

    def _overhang(self) -> float:
        """How far past its ends the axis may draw a label (as pyqtgraph's boundingRect allows)."""
        hide = self.style["hideOverlappingLabels"]
        return 0.0 if hide is True else 15.0 if hide is False else float(hide)

    def _extent(self, metrics: QFontMetricsF, text: str) -> float:
        """A label's length along the axis, as pyqtgraph measures it when it places it."""
        box = metrics.boundingRect(QRectF(0, 0, 100, 100), Qt.AlignmentFlag.AlignCenter, text)
        return box.width() if self.orientation in ("top", "bottom") else box.height() * 0.8


def _coarser(spacing: float) -> float:
    """The next of 1, 2, 5 × 10ⁿ above `spacing`."""
    power = 10.0 ** math.floor(math.log10(spacing) + 1e-9)
    return next(f * power for f in (2, 5, 10) if f * power > spacing * (1 + 1e-9))


def _divides(fine: float, coarse: float) -> bool:
    ratio = coarse / fine
    return abs(ratio - round(ratio)) < 1e-6


def locale_axes() -> dict[str, LocaleAxis]:
    return {"left": LocaleAxis("left"), "bottom": LocaleAxis("bottom")}
