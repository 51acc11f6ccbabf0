"""A label whose text changes at every step of a drag.

A QLabel with a new text asks its panel to lay out again, and laying out a
panel of wrapped, rich-text labels costs milliseconds: at every step of a drag
that is most of the frame. While the user drags, the window holds its live
labels at their size (hold): a new text that fits that size only repaints the
label; one that needs other room lets go at once and is laid out as usual, and
is held again at its new size by a later text, once it has that room (a drag
that starts on a whole number, 4, goes on with decimals, 4.546, the new room
kept from then on).
A held plain-text label is not selectable either: nobody selects mid-drag, and
its text control is most of what a new number costs it. When the drag ends,
every label gets its ordinary sizing and selection back. Type too big for Qt's
glyph cache (the stage's numbers at 3840 × 2160) is copied from pictures of its
glyphs while the drag lasts (glyph_pictures.py).

Whether a new text fits is usually plain: a text in which only digits changed
takes the room the last one took when every digit is as wide as every other,
as in most interface fonts. Only other texts are measured, and measuring rich
text means laying it out a second time; in such a font, what one measurement
found holds for every later text of the same shape (its digits aside) while
the label is held, so a drag measures each shape once.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QLabel

from .glyph_pictures import PICTURES, NumberLine, too_big_for_qts_cache

DIGIT = re.compile(r"\d")
COLOUR_ONLY = re.compile(r"(color: *[^;{}]+;)?")  # a style sheet that only sets the palette's text colour


def _digits_equally_wide(font: QFont) -> bool:
    bold = QFont(font)
    bold.setBold(True)
    return all(len({QFontMetricsF(f).horizontalAdvance(d) for d in "0123456789"}) == 1 for f in (font, bold))


class LiveLabel(QLabel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._free_sizes: tuple[QSize, QSize] | None = None  # (minimum, maximum) while held
        self._one_line = False  # held showing one line of plain text
        self._interaction: Qt.TextInteractionFlag | None = None  # set aside while held
        self._even_digits = False  # held, in a font whose digits are all as wide
        self._fits_by_shape: dict[str, bool] = {}  # while held with even digits
        self._hold_again = False  # let go mid-drag for a text that needed other room
        self._from_pictures = False  # in a drag, plain type too big for Qt's glyph cache
        self._numbers: NumberLine | None = None  # held, from pictures: where its numbers go, worked out once

    @property
    def held(self) -> bool:
        return self._free_sizes is not None

    def hold(self, on: bool) -> None:
        """Keep the present size while new texts fit it (on), or size as usual again (off)."""
        self._hold_again = False
        if on and not self.held and self.isVisible():
            self._free_sizes = (self.minimumSize(), self.maximumSize())
            self._one_line = self._plain_fits_one_line()
            self._even_digits = _digits_equally_wide(self.font())
            self._fits_by_shape = {DIGIT.sub("0", self.text()): True}  # it has the room it takes
            self._copy_glyphs(
                self._paints_plainly() and too_big_for_qts_cache(self.font(), self.devicePixelRatioF())
            )
            # A widget whose minimum and maximum sizes are equal does not ask for a layout.
            self.setFixedSize(self.size())
            if self.textFormat() == Qt.TextFormat.PlainText:
                # Nobody selects text mid-drag; without its text control a plain label takes a
                # third of the time to show a new number.
                self._interaction = self.textInteractionFlags()
                self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        elif not on:
            self._copy_glyphs(False)
            if self.held:
                self._let_go()

    @property
    def cut_off(self) -> bool:
        """Let go mid-drag for a text that needs more lines than its room holds (a longer number)."""
        return self._hold_again and self.wordWrap() and self.heightForWidth(self.width()) > self.height()

    def setText(self, text: str) -> None:
        if text == self.text():
            return
        if self._hold_again and self._has_room():
            self.hold(True)
        super().setText(text)
        if self.held and not self._fits_shape(text):
            self._make_room()

    def _make_room(self) -> None:
        """Let go for a text that needs other room; held again, at the room the layout gives it,
        by a later text (the window lays the panels out at the end of each step)."""
        pictures = self._from_pictures
        self._let_go()
        self._hold_again = True
        self._copy_glyphs(pictures)  # the same type: still copied, on as many lines as it takes

    def _fits_shape(self, text: str) -> bool:
        """In a font whose digits are all as wide, texts alike but for their digits take the same room."""
        if not self._even_digits:
            return self._fits()
        shape = DIGIT.sub("0", text)
        if shape not in self._fits_by_shape:
            self._fits_by_shape[shape] = self._fits()
        return self._fits_by_shape[shape]

    def _fits(self) -> bool:
        if self._one_line:  # still one line? Its width says so without laying out a document.
            return self._plain_fits_one_line()
        return self._has_room()

    def _has_room(self) -> bool:
        """Whether the label has the room its text takes (let go, once the layout has settled:
        a panel of wrapped labels may take a step or two)."""
        size = self.size()
        if self.wordWrap():
            return self.heightForWidth(size.width()) == size.height()
        hint = self.sizeHint()
        return hint.width() <= size.width() and hint.height() == size.height()

    def _plain_fits_one_line(self) -> bool:
        if self.textFormat() != Qt.TextFormat.PlainText or "\n" in self.text():
            return False
        room = self.contentsRect().width() - 2 * self.margin() - max(0, self.indent()) - 1
        return self.fontMetrics().horizontalAdvance(self.text()) <= room

    def _paints_plainly(self) -> bool:
        """Plain text at the top left or right, in the palette's colour (a style sheet may set that
        colour, as the stage's muted rows do), in the contents rectangle: no frame, no indent.
        (Centred, Qt places a line a fraction of a pixel from where its metrics say.)"""
        plain = self.textFormat() == Qt.TextFormat.PlainText
        alignment = self.alignment()
        top = bool(alignment & Qt.AlignmentFlag.AlignTop) and not alignment & Qt.AlignmentFlag.AlignHCenter
        plain_sheet = COLOUR_ONLY.fullmatch(self.styleSheet()) is not None
        return plain and top and plain_sheet and self.frameWidth() == 0 and self.indent() <= 0

    def _copy_glyphs(self, on: bool) -> None:
        """Paint from glyph pictures (on), or as QLabel does. Only a label that copies has a paintEvent
        of its own, set on it while it copies: a label that Qt paints pays nothing for the choice."""
        if on and not self._from_pictures:
            self.paintEvent = self._paint_glyph_pictures
        elif self._from_pictures and not on:
            del self.paintEvent
        self._from_pictures = on
        self._numbers = None

    def _paint_glyph_pictures(self, event) -> None:
        if "\n" in (text := self.text()):
            QLabel.paintEvent(self, event)
            return
        painter = QPainter(self)
        if self._numbers is not None and self._numbers.draw(painter, text):
            return
        m = self.margin()
        rect = self.contentsRect().adjusted(m, m, -m, -m)
        colour = self.palette().color(self.foregroundRole())
        if self.held and self._numbers is None:  # its room and colour stay while it is held
            self._numbers = PICTURES.number_line(painter, rect, self.alignment(), self.font(), colour)
            if self._numbers is not None and self._numbers.draw(painter, text):
                return
        PICTURES.draw_text(painter, rect, self.alignment(), text, self.font(), colour, self.wordWrap())

    def _let_go(self) -> None:
        minimum, maximum = self._free_sizes
        self._free_sizes = None
        self._copy_glyphs(False)
        self._fits_by_shape.clear()
        self.setMinimumSize(minimum)
        self.setMaximumSize(maximum)
        if self._interaction is not None:
            self.setTextInteractionFlags(self._interaction)
            self._interaction = None

    def changeEvent(self, event) -> None:
        # New type (theme, zoom, presentation) needs new room even for the same text.
        if self.held and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._let_go()
        if event.type() == QEvent.Type.PaletteChange:
            self._numbers = None
        super().changeEvent(event)
