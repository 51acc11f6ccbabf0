"""How much larger the drawing is on a lecture hall's screen: one factor from its height.

On the stage the drawing's type and marks grow with the screen, like the stage's own
type: the canvas's tick numbers reach 1/50 of the screen's height (DESIGN.md, "Lecture
hall"), and everything the theme sizes — the names (larger than the ticks), the header
(larger still), strokes, arrow heads, the angle's arc — grows by the same factor, since
all of it is sized from the theme's zoom. The factor is measured, not assumed: the tick
font's digits at the theme's own size decide it, whatever the desktop's font and DPI.
Heights are logical pixels: at a device pixel ratio of 2 the screen and the type both
double, and the shares stay.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetricsF

from ..theme import Theme, font_points

TICK_SHARE = 1 / 50  # the tick numbers' digits, as a share of the screen's height
HEADER_OVER_TICKS = 1.35  # the header's type over the ticks' (its floor is 1/40, the ticks' 1/50)
# Above the floor: what is drawn is hinted to whole pixels, and at a device pixel ratio of 2 the
# axis's digits were read (tesseract, 3840 × 2160) some 8 % below what the font's metrics say.
ROOM = 1.15


def tick_font(theme: Theme) -> QFont:
    """The canvas's tick numbers, in the theme's type at its zoom."""
    font = QFont()
    font.setPointSizeF(max(7.0, font_points(theme, 1.0)))
    return font


def digit_height(font: QFont) -> float:
    return QFontMetricsF(font).tightBoundingRect("0123456789").height()


def room_scale(theme: Theme, screen_height: float) -> float:
    """The factor on the theme's zoom that makes the canvas's tick digits 1/50 of
    `screen_height` (logical pixels); never below 1, the desktop's own size."""
    target = screen_height * TICK_SHARE * ROOM
    digits = digit_height(tick_font(theme.zoomed(1.0)))
    if digits <= 0.0 or screen_height <= 0:
        return 1.0
    scale = max(1.0, target / digits)
    # Digits do not grow quite in step with the type (they are hinted to whole pixels).
    for _ in range(20):
        if digit_height(tick_font(theme.zoomed(scale))) >= target:
            break
        scale *= 1.02
    return scale
