"""Text laid out from runs of formatted text, without a rich-text document.

Rich text in a QLabel is HTML parsed into a document, which is then laid out
and drawn: for a paragraph whose numbers change at every step of a drag, most
of what the step costs it. A QTextLayout takes the runs and their formats as
they are, and wraps and draws them with the same engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFont, QTextCharFormat, QTextLayout, QTextOption

from ...model.lesson import ROLE_TAGS

FormattedRun = tuple[str, QTextCharFormat]


def lay_out(
    runs: Sequence[FormattedRun], font: QFont, width: float, origin: QPointF
) -> tuple[QTextLayout, float]:
    """The runs wrapped at their breakable spaces into `width`, lines from `origin` down;
    the layout, kept ready to draw, and the bottom of its last line."""
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout = QTextLayout("".join(text for text, _ in runs), font)
    layout.setTextOption(option)
    ranges, start = [], 0
    for text, fmt in runs:
        piece = QTextLayout.FormatRange()
        length = len(text.encode("utf-16-le")) // 2  # Qt counts UTF-16 units
        piece.start, piece.length, piece.format = start, length, fmt
        ranges.append(piece)
        start += length
    layout.setFormats(ranges)
    layout.setCacheEnabled(True)  # keep the shaped glyphs for painting
    y = origin.y()
    layout.beginLayout()
    while (line := layout.createLine()).isValid():
        line.setLineWidth(max(1.0, width))
        line.setPosition(QPointF(origin.x(), y))
        y += line.height()
    layout.endLayout()
    return layout, y


class TagFormats:
    """The character format of each set of lesson tags, styled as text.lesson_text.to_html styles them."""

    def __init__(self, colours: dict[str, str]):
        self._colours = colours  # role ("query", "key" …) → colour name
        self._made: dict[tuple[str, ...], QTextCharFormat] = {}

    def __call__(self, tags: tuple[str, ...]) -> QTextCharFormat:
        fmt = self._made.get(tags)
        if fmt is None:
            fmt = self._made[tags] = self._make(tags)
        return fmt

    def _make(self, tags: tuple[str, ...]) -> QTextCharFormat:
        fmt = QTextCharFormat()
        for tag in tags:
            if tag in ROLE_TAGS:
                colour = self._colours.get(ROLE_TAGS[tag])
                if colour:
                    fmt.setForeground(QColor(colour))
                fmt.setFontWeight(QFont.Weight.DemiBold)
            elif tag == "b":
                fmt.setFontWeight(QFont.Weight.Bold)
            elif tag == "i":
                fmt.setFontItalic(True)
            elif tag == "sub":
                fmt.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignSubScript)
            elif tag == "sup":
                fmt.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignSuperScript)
        return fmt
