"""‖…‖ around a vector's name in rich text, drawn so that the two bars stay two.

The two strokes of ‖ are about a pixel wide and a pixel apart at the desktop's usual
12-pixel type: where the glyph starts on a whole pixel, antialiasing smears them into one
grey block (DejaVu Sans, and any font drawn as thin). From 15 pixels on a lighter column
stays between them wherever the glyph falls, so smaller type draws the bars at that size.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontInfo

BAR = "‖"
MIN_BAR_PX = 15


def norm_html(inner_html: str, font: QFont) -> str:
    """‖inner‖ for a label in `font`."""
    if QFontInfo(font).pixelSize() >= MIN_BAR_PX:
        bar = BAR
    else:
        bar = f'<span style="font-size:{MIN_BAR_PX}px">{BAR}</span>'
    return f"{bar}{inner_html}{bar}"
