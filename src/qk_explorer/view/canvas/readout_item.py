"""The numbers in the canvas's corner, on a veil: paragraphs of coloured runs of text.

At every step of a drag q·k, θ and cos θ change. As a rich-text document the
readout was parsed, laid out, and laid out again to be painted (a fifth of a
millisecond a step); here each paragraph is one text layout, made when the
text changes and kept for painting. A paragraph may break only at its plain
spaces: a run that must stay on one line uses no-break spaces. Type too big
for Qt's glyph cache (the stage at 3840 × 2160) is copied from pictures of its
glyphs (drag/glyph_pictures.py), placed where the layout sets them.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QTextCharFormat, QTextLayout
from PySide6.QtWidgets import QGraphicsObject

from ...model import Results, Scene
from ...text import numbers
from ...text.names import key_name, query_label
from ...text.withheld import MARK
from ..drag.glyph_pictures import PICTURES, draws_for
from ..theme import Theme
from ..widgets.text_runs import lay_out
from .room import HEADER_OVER_TICKS, tick_font

MARGIN = 4.0  # around the text, inside the veil (as a text document has)
NBSP = "\u00a0"

# A paragraph: its runs of (text, colour or None for the paragraph's colour), its colour,
# its size in points and whether it is semi-bold.
Run = tuple[str, str | None]
Paragraph = tuple[tuple[Run, ...], str, float, bool]


def readout_paragraphs(
    scene: Scene, results: Results, theme: Theme, lang: str, width: float, withheld=frozenset()
) -> tuple:
    """Big numbers in the corner, readable from the back of a room: q·k, θ and cos θ, and in
    other dimensions than two a caption saying what the canvas shows. A withheld one reads "?"
    (θ and cos θ stay while withheld even where a zero vector leaves none: their absence would
    tell)."""
    pair = results.pair
    k = key_name(scene.selected_key)
    gap = f" {NBSP} "  # where the line may break: each quantity stays on one line

    def whole(text: str) -> str:
        return text.replace(" ", NBSP)

    runs = [
        (query_label(scene.selected_query, scene.query_count), theme.query),
        ("·", None),
        (k, theme.key),
        (whole(f" = {MARK if 'dot' in withheld else numbers.number(pair.dot, lang)}"), None),
    ]
    if "angle" in withheld or "cosine" in withheld:
        angle = MARK if "angle" in withheld or pair.angle_deg is None else numbers.angle(pair.angle_deg, lang)
        cosine = MARK if "cosine" in withheld or pair.cosine is None else numbers.number(pair.cosine, lang)
        runs.append((gap + whole(f"θ = {angle}"), None))
        runs.append((gap + whole(f"cos θ = {cosine}"), None))
    elif pair.angle_deg is not None:
        runs.append((gap + whole(f"θ = {numbers.angle(pair.angle_deg, lang)}"), None))
        runs.append((gap + whole(f"cos θ = {numbers.number(pair.cosine, lang)}"), None))
    # Large for the back row, but never so large that it covers a narrow drawing; and always
    # a size above the tick numbers (on the stage: 1/40 of the screen to their 1/50, room.py).
    size = round(min(15 * theme.text_scale, max(9.0, width / 32)))
    size = max(size, math.ceil(HEADER_OVER_TICKS * tick_font(theme).pointSizeF()))
    paragraphs = ((tuple(runs), theme.foreground, size, True),)
    n = scene.dimension
    if n == 1:
        caption = QCoreApplication.translate(
            "Canvas", "One dimension: every vector lies on the horizontal axis"
        )
    elif n > 2:
        caption = QCoreApplication.translate(
            "Canvas", "n = {n}: the plane spanned by q and {key} (true lengths and angle)"
        ).format(n=n, key=k)
    else:
        return paragraphs
    return (*paragraphs, (((caption, None),), theme.muted, round(size * 0.7), False))


class ReadoutItem(QGraphicsObject):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._paragraphs: tuple[Paragraph, ...] = ()
        self._layouts: list[QTextLayout] = []
        self._width = 160.0
        self._height = 0.0
        self._veil = QBrush()
        self._formats: dict[str, QTextCharFormat] = {}  # one per colour of a run
        self._fonts: dict[tuple[float, bool], QFont] = {}  # one per size and weight of a paragraph

    # ---- what it shows --------------------------------------------------------------

    def set_paragraphs(self, paragraphs: tuple[Paragraph, ...]) -> None:
        if paragraphs != self._paragraphs:
            self._paragraphs = paragraphs
            self._lay_out()

    def set_width(self, width: float) -> None:
        """Room for the text: the veil spans it all, and a paragraph that needs more breaks."""
        if width != self._width:
            self._width = width
            self._lay_out()

    def set_veil(self, colour: QColor) -> None:
        self._veil = QBrush(colour)
        self.update()

    def text(self) -> str:
        """What it says, as plain text: one line per paragraph."""
        return "\n".join("".join(t for t, _ in runs) for runs, *_ in self._paragraphs).replace(NBSP, " ")

    def line_texts(self) -> list[str]:
        """Each line as laid out, as plain text."""
        lines = []
        for layout in self._layouts:
            text = layout.text()
            for i in range(layout.lineCount()):
                line = layout.lineAt(i)
                lines.append(
                    text[line.textStart() : line.textStart() + line.textLength()].replace(NBSP, " ").strip()
                )
        return lines

    # ---- drawing ---------------------------------------------------------------------

    def _lay_out(self) -> None:
        layouts, y = [], MARGIN
        for runs, colour, size, semi_bold in self._paragraphs:
            font = self._font(size, semi_bold)
            formatted = [(text, self._format(run_colour or colour)) for text, run_colour in runs]
            layout, y = lay_out(formatted, font, self._width - 2 * MARGIN, QPointF(MARGIN, y))
            layouts.append(layout)
        height = y + MARGIN if layouts else 0.0
        if height != self._height:
            self.prepareGeometryChange()
            self._height = height
        self._layouts = layouts
        self.update()

    def _font(self, size: float, semi_bold: bool) -> QFont:
        font = self._fonts.get((size, semi_bold))
        if font is None:
            font = self._fonts[(size, semi_bold)] = QFont()
            font.setPointSizeF(size)
            if semi_bold:
                font.setWeight(QFont.Weight.DemiBold)
        return font

    def _format(self, colour: str) -> QTextCharFormat:
        fmt = self._formats.get(colour)
        if fmt is None:
            fmt = self._formats[colour] = QTextCharFormat()
            fmt.setForeground(QColor(colour))
        return fmt

    def boundingRect(self) -> QRectF:
        return QRectF(0.0, 0.0, self._width, self._height)

    def paint(self, painter: QPainter, *args) -> None:
        if not self._layouts:
            return
        if self._veil.style() != Qt.BrushStyle.NoBrush:
            painter.fillRect(self.boundingRect(), self._veil)
        for layout in self._layouts:
            if draws_for(painter, layout.font()):
                PICTURES.draw_runs(painter, _coloured_runs(layout), QPointF(0.0, 0.0))
            else:
                layout.draw(painter, QPointF(0.0, 0.0))


def _coloured_runs(layout: QTextLayout):
    """The layout's glyph runs, line by line, each with its format's colour (every run has one)."""
    formats = layout.formats()
    for i in range(layout.lineCount()):
        line = layout.lineAt(i)
        for piece in formats:
            colour = piece.format.foreground().color()
            for run in line.glyphRuns(piece.start, piece.length):
                yield run, colour
