"""A live rich-text label that, held mid-drag, draws its text from runs of formatted text.

Given its text twice (set_runs), as HTML and as the same text cut into runs,
a held label lays the runs out and draws them itself, as QLabel would draw the
HTML but without parsing it into a document first: a third of the cost. QLabel
gets the HTML when the label is let go, or as soon as a text needs other room.
The label does so only where it found, on being held, that its layout of the
text on screen takes exactly the room QLabel's does; otherwise it is a
LiveLabel like any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter, QTextLayout
from PySide6.QtWidgets import QLabel

from ..widgets.text_runs import FormattedRun, lay_out
from .live_label import LiveLabel


class RunsLabel(LiveLabel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._runs: tuple[str, Sequence[FormattedRun]] | None = None  # (HTML, runs) QLabel shows
        self._drawn: tuple[str, QTextLayout] | None = None  # held: (HTML, layout) drawn instead
        self._drawn_bottom = 0.0  # where the held layout's last line ends

    def set_runs(self, html: str, runs: Sequence[FormattedRun]) -> None:
        """Show `html`, given also as `runs`: the same text in runs of formatted text."""
        if self._hold_again and html != self.text() and self._has_room():
            self.hold(True)  # let go at an earlier step and laid out since: held at its new room
        if self._drawn is not None:
            if html == self._drawn[0]:
                return
            layout, bottom = self._lay_out(runs)
            if bottom == self._drawn_bottom:
                self._drawn = (html, layout)
                self._runs = (html, runs)
                self.update()
                return
            self._let_go()  # other room: QLabel lays it out, and the next text holds it again
            self.setText(html)
            self._runs = (html, runs)
            self._hold_again = True
            return
        self.setText(html)
        self._runs = (html, runs)

    def hold(self, on: bool) -> None:
        super().hold(on)
        if on and self.held and self._drawn is None:
            self._start_drawing_runs()

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

    def paintEvent(self, event) -> None:
        if self._drawn is None:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        self._drawn[1].draw(painter, QPointF(0.0, 0.0))

    def _let_go(self) -> None:
        if self._drawn is not None:
            QLabel.setText(self, self._drawn[0])
            self._drawn = None
        super()._let_go()

    def _start_drawing_runs(self) -> None:
        if self._runs is None or QLabel.text(self) != self._runs[0] or not self._draws_like_qlabel():
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
