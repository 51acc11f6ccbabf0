"""A label whose text changes at every step of a drag.

A QLabel with a new text asks its panel to lay out again, and laying out a
panel of wrapped, rich-text labels costs milliseconds: at every step of a drag
that is most of the frame. While the user drags, the window holds its live
labels at their size (hold): a new text that fits that size only repaints the
label; one that needs other room lets go at once and is laid out as usual.
A held plain-text label is not selectable either: nobody selects mid-drag, and
its text control is most of what a new number costs it. When the drag ends,
every label gets its ordinary sizing and selection back.

Whether a new text fits is usually plain: a text in which only digits changed
takes the room the last one took when every digit is as wide as every other,
as in most interface fonts. Only other texts are measured, and measuring rich
text means laying it out a second time; in such a font, what one measurement
found holds for every later text of the same shape (its digits aside) while
the label is held, so a drag measures each shape once.

A rich-text label may be given its text twice (set_runs): as HTML, and as the
same text cut into formatted runs. Held, it lays the runs out and draws them
itself, as QLabel would draw the HTML but without parsing it into a document
first, a third of the cost; QLabel gets the HTML when the label is let go, or as
soon as a text needs other room. It does so only where it found, on being held,
that its layout of the text on screen takes exactly the room QLabel's does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPointF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QTextLayout
from PySide6.QtWidgets import QLabel

from ..text_runs import FormattedRun, lay_out

DIGIT = re.compile(r"\d")


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
        self._runs: tuple[str, Sequence[FormattedRun]] | None = None  # (HTML, runs) QLabel shows
        self._drawn: tuple[str, QTextLayout] | None = None  # held: (HTML, layout) drawn instead
        self._drawn_bottom = 0.0  # where the held layout's last line ends

    @property
    def held(self) -> bool:
        return self._free_sizes is not None

    def hold(self, on: bool) -> None:
        """Keep the present size while new texts fit it (on), or size as usual again (off)."""
        if on and not self.held and self.isVisible():
            self._free_sizes = (self.minimumSize(), self.maximumSize())
            self._one_line = self._plain_fits_one_line()
            self._even_digits = _digits_equally_wide(self.font())
            self._fits_by_shape = {DIGIT.sub("0", self.text()): True}  # it has the room it takes
            # A widget whose minimum and maximum sizes are equal does not ask for a layout.
            self.setFixedSize(self.size())
            if self.textFormat() == Qt.TextFormat.PlainText:
                # Nobody selects text mid-drag; without its text control a plain label takes a
                # third of the time to show a new number.
                self._interaction = self.textInteractionFlags()
                self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
            self._start_drawing_runs()
        elif not on and self.held:
            self._let_go()

    def text(self) -> str:
        return self._drawn[0] if self._drawn is not None else super().text()

    def setText(self, text: str) -> None:
        if text == self.text():
            return
        self._runs = None
        if self._drawn is not None:  # QLabel takes over again, with this text
            self._drawn = None
            self.update()
        super().setText(text)
        if self.held and not self._fits_shape(text):
            self._let_go()

    def set_runs(self, html: str, runs: Sequence[FormattedRun]) -> None:
        """Show `html`, given also as `runs`: the same text in runs of formatted text."""
        if self._drawn is None:
            self.setText(html)
            self._runs = (html, runs)
            return
        if html == self._drawn[0]:
            return
        layout, bottom = self._lay_out(runs)
        if bottom != self._drawn_bottom:  # other room: QLabel lays it out
            self._let_go()
            self.setText(html)
            self._runs = (html, runs)
            return
        self._drawn = (html, layout)
        self._runs = (html, runs)
        self.update()

    def _start_drawing_runs(self) -> None:
        if self._runs is None or super().text() != self._runs[0] or not self._draws_like_qlabel():
            return
        html, runs = self._runs
        layout, bottom = self._lay_out(runs)
        if round(bottom) == self.heightForWidth(self.width()):
            self._drawn, self._drawn_bottom = (html, layout), bottom

    def _lay_out(self, runs: Sequence[FormattedRun]) -> tuple[QTextLayout, float]:
        return lay_out(runs, self.font(), self.width(), QPointF(0.0, 0.0))

    def _draws_like_qlabel(self) -> bool:
        """A plain case: wrapped rich text from the top left, no margin, indent or frame."""
        return (
            self.textFormat() == Qt.TextFormat.RichText
            and self.contentsRect() == self.rect()
            and self.wordWrap()
            and self.alignment() == Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
            and self.margin() == 0
            and self.indent() <= 0
            and self.frameWidth() == 0
            and self.isEnabled()
        )

    def paintEvent(self, event) -> None:
        if self._drawn is None:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        self._drawn[1].draw(painter, QPointF(0.0, 0.0))

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

    def _let_go(self) -> None:
        minimum, maximum = self._free_sizes
        self._free_sizes = None
        self._fits_by_shape.clear()
        if self._drawn is not None:
            QLabel.setText(self, self._drawn[0])
            self._drawn = None
        self.setMinimumSize(minimum)
        self.setMaximumSize(maximum)
        if self._interaction is not None:
            self.setTextInteractionFlags(self._interaction)
            self._interaction = None

    def changeEvent(self, event) -> None:
        # New type (theme, zoom, presentation) needs new room even for the same text.
        if self.held and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._let_go()
        super().changeEvent(event)
