"""Type on the stage, sized from the height of the screen.

From the back of a lecture hall a number is legible when its digits are at
least 1/40 of the screen's height, and running text when its capitals are at
least 1/50 (DESIGN.md, "Lecture hall"). The stage takes the height of the
window it fills — presentation makes that the whole screen — and sets its type
a step above those floors, times the user's zoom (Ctrl +/−/0). When the content
does not fit, it shrinks toward the floors, never below them.

Sizes are measured, not assumed: a font's digits and capitals take a share of
its pixel size that differs from family to family, so the smallest pixel size
whose measured digits (or capitals) reach the height asked for is chosen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtGui import QFont, QFontMetricsF

NUMBER_FLOOR = 1 / 40  # a number's digits, as a share of the screen's height
TEXT_FLOOR = 1 / 50  # running text's capitals
NUMBER_PREFERRED = 1 / 32  # what the stage starts from, before it has to shrink
TEXT_PREFERRED = 1 / 40
SHRINKS = (0.0, 0.35, 0.7, 1.0)  # from the preferred size (0) to the floor (1)
DIGITS = "0123456789"


def digit_height(font: QFont) -> float:
    """How tall the font draws its digits, in (logical) pixels."""
    return QFontMetricsF(font).tightBoundingRect(DIGITS).height()


def capital_height(font: QFont) -> float:
    """How tall the font draws its capitals, in (logical) pixels."""
    return QFontMetricsF(font).tightBoundingRect("HIEMT").height()


@dataclass(frozen=True)
class StageType:
    """The stage's fonts and spacing for one screen height, zoom and shrink."""

    number: QFont  # values, the names beside them, the keys' names
    value: QFont  # values: the number type, heavier (thin strokes wash out on a projector)
    text: QFont  # the lesson's words, column headers, notes
    title: QFont  # the step's title
    margin: int  # around the stage's edge
    gap: int  # between blocks
    row_gap: int  # between rows of numbers
    column_gap: int  # between columns of numbers
    screen_height: int

    @property
    def digits(self) -> float:
        return digit_height(self.value)

    @property
    def capitals(self) -> float:
        return capital_height(self.text)


def stage_type(base: QFont, screen_height: int, zoom: float = 1.0, shrink: float = 0.0) -> StageType:
    """The stage's type for a screen `screen_height` pixels high; `shrink` from 0 (the preferred
    size times `zoom`) to 1 (the floors, whatever the zoom)."""
    return _stage_type(base.family(), screen_height, round(zoom, 4), round(shrink, 4))


@lru_cache(maxsize=64)
def _stage_type(family: str, h: int, zoom: float, shrink: float) -> StageType:
    base = QFont(family)
    digits = _between(h * NUMBER_FLOOR, h * NUMBER_PREFERRED * zoom, shrink)
    capitals = _between(h * TEXT_FLOOR, h * TEXT_PREFERRED * zoom, shrink)
    number = _reaching(base, digits, digit_height, QFont.Weight.Normal)
    value = _reaching(base, digits, digit_height, QFont.Weight.DemiBold)
    text = _reaching(base, capitals, capital_height, QFont.Weight.Normal)
    title = _reaching(base, capitals * 1.2, capital_height, QFont.Weight.Bold)
    px = text.pixelSize()
    return StageType(
        number=number,
        value=value,
        text=text,
        title=title,
        margin=max(6, round(h / 60)),
        gap=max(6, round(px * 0.8)),
        row_gap=max(2, round(px * 0.25)),
        column_gap=max(8, round(px * 1.1)),
        screen_height=h,
    )


def _between(floor: float, preferred: float, shrink: float) -> float:
    """From `preferred` (shrink 0) down to `floor` (shrink 1); never below the floor."""
    preferred = max(floor, preferred)
    return preferred - (preferred - floor) * min(1.0, max(0.0, shrink))


def _reaching(base: QFont, height: float, measure, weight: QFont.Weight) -> QFont:
    """`base` at the smallest pixel size whose `measure` reaches `height` (a hair above it:
    what is drawn is rounded to whole pixels)."""
    font = QFont(base)
    font.setWeight(weight)
    font.setPixelSize(100)
    share = measure(font) / 100.0 or 0.7
    px = max(1, math.floor(height / share))
    font.setPixelSize(px)
    while measure(font) < height:
        px += 1
        font.setPixelSize(px)
    return font
