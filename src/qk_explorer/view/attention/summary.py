"""The attention panel's words: its heading, and the lines under the table (content.py writes them).

AttentionHeading counts the keys and names d_k. AttentionSummary says which scale
turned the scores into logits, what the weights sum to, the output Σ wᵢvᵢ, the weights
after dropout (when it is on) and why anything is undefined. Each line is a frame of
its own, opaque, so that a number changing in it repaints that line only; a lesson
step may mark the scale, the sum and the output.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ..contract import Update
from ..drag.live_label import LiveLabel
from ..theme import Theme
from .content import heading, lines

LINES = ("scale", "sum", "output", "dropout", "reason", "other_reason")


class AttentionHeading(QLabel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("attentionHeading")
        self.setWordWrap(True)

    def set_theme(self, theme: Theme) -> None:
        """The application's palette colours it."""

    def set_language(self, lang: str) -> None:
        """The words come from the translator; the next render says them anew."""

    def render(self, update: Update) -> None:
        if not (update.change.everything or update.change.selection):
            return  # moved vectors change none of its numbers
        text = heading(update.scene, update.results)
        if self.text() != text:
            self.setText(text)


class AttentionSummary(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._lang = "en"
        self._compare = False
        self._theme: Theme | None = None
        self._highlighted: set[str] = set()
        self._labels: dict[str, QLabel] = {}
        self._frames: dict[str, QFrame] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for rid in LINES:
            frame = QFrame(self)
            frame.setObjectName(f"attention_{rid}")
            # Opaque: a number changing inside repaints this line only, not the panel behind it.
            frame.setAutoFillBackground(True)
            label = LiveLabel(frame)
            label.setObjectName(f"attentionText_{rid}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            inner = QVBoxLayout(frame)
            inner.setContentsMargins(4, 1, 4, 1)
            inner.addWidget(label)
            layout.addWidget(frame)
            self._labels[rid], self._frames[rid] = label, frame

    # ---- options ------------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._labels["dropout"].setStyleSheet(f"color: {theme.query};")
        for rid in ("reason", "other_reason"):
            self._labels[rid].setStyleSheet(f"color: {theme.muted};")
        self._apply_highlight()

    def set_language(self, lang: str) -> None:
        self._lang = lang

    def set_compare(self, on: bool) -> None:
        """Say also why the other rule's weights are undefined (from the next render)."""
        self._compare = on

    def highlight(self, ids) -> None:
        self._highlighted = set(ids)
        self._apply_highlight()

    def _apply_highlight(self) -> None:
        colour = QColor(self._theme.highlight if self._theme else "#fff3c4").name()
        for rid, frame in self._frames.items():
            frame.setStyleSheet(
                f"QFrame#attention_{rid} {{ background: {colour}; border-radius: 4px; }}"
                if rid in self._highlighted
                else ""
            )

    # ---- content ------------------------------------------------------------------------

    def render(self, update: Update) -> None:
        said = lines(
            update.scene,
            update.results,
            self._lang,
            self._compare,
            scale=update.change.everything,
            withheld=update.withheld,
        )
        for rid, line in said.items():
            self._put(rid, line.text)

    def _put(self, rid: str, html: str) -> None:
        label, frame = self._labels[rid], self._frames[rid]
        if label.text() != html:
            label.setText(html)
        shown = bool(html)
        if frame.isVisibleTo(self) != shown:
            frame.setVisible(shown)

    # ---- reading (tests and lessons) ------------------------------------------------------

    def text(self, rid: str) -> str:
        """The plain text of a line: "scale", "sum", "output", "dropout", "reason", "other_reason"."""
        label = self._labels[rid]
        if not label.isVisibleTo(self):
            return ""
        doc = QTextDocument()
        doc.setHtml(label.text())
        return doc.toPlainText()

    def texts(self) -> list[str]:
        """Every line's text as shown (rich text)."""
        return [label.text() for label in self._labels.values()]
