"""The attention panel's words: its heading, and the lines under the table.

AttentionHeading counts the keys and names d_k. AttentionSummary says which scale
turned the scores into logits, what the weights sum to, the output Σ wᵢvᵢ, the weights
after dropout (when it is on) and why anything is undefined. Each line is a frame of
its own, opaque, so that a number changing in it repaints that line only; a lesson
step may mark the scale, the sum and the output.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ...model.scene import Scoring
from ...text import numbers
from ...text.names import query_label
from .. import words
from ..contract import Update
from ..drag.live_label import LiveLabel
from ..theme import Theme
from .columns import DROPPED

LINES = ("scale", "sum", "output", "dropout", "reason", "other_reason")
# The words keep the attention panel's context: its Spanish catalogue has them under that name.
translate = QCoreApplication.translate


def rule_name(scoring: Scoring) -> str:
    """The scoring rule in words: "dot product" or "cosine"."""
    if scoring is Scoring.COSINE:
        return translate("AttentionPanel", "cosine")
    return translate("AttentionPanel", "dot product")


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
        scene, results, change = update.scene, update.results, update.change
        if not (change.everything or change.selection):
            return  # moved vectors change none of its numbers
        text = translate(
            "AttentionPanel",
            "<b>Attention of {query} over its keys</b>: {n} in all, {m} taking part; d<sub>k</sub> = {d}",
        ).format(
            query=query_label(scene.selected_query, scene.query_count),
            n=scene.key_count,
            m=results.keys_taking_part,
            d=results.attention.d_k,
        )
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
        results, change = update.results, update.change
        att = results.attention
        lang = self._lang
        f = lambda x: numbers.number(x, lang)  # noqa: E731
        if change.everything:  # the scale stays as it is while only vectors move
            self._show_scale(att, f)
        undefined = words.undefined_word()
        if att.weight_sum is None:
            total = translate("AttentionPanel", "Σ weights: {u}").format(u=undefined)
            output = translate("AttentionPanel", "Output Σ wᵢvᵢ: {u}").format(u=undefined)
        else:
            total = translate(
                "AttentionPanel", "Σ weights = {s} over the keys that take part ({m}); masked keys weigh 0"
            ).format(s=f(att.weight_sum), m=results.keys_taking_part)
            output = translate("AttentionPanel", "Output Σ wᵢvᵢ = {v}").format(
                v=numbers.output(att.output, lang)
            )
        self._put("sum", total)
        self._put("output", output)
        self._show_dropout(att, f)
        self._put("reason", words.reason(att.undefined))
        other_reason = ""
        other = results.comparison if self._compare else None
        if other is not None and other.undefined is not None and other.undefined != att.undefined:
            other_reason = translate("AttentionPanel", "{rule}: {reason}").format(
                rule=rule_name(other.scoring).capitalize(), reason=words.reason(other.undefined)
            )
        self._put("other_reason", other_reason)

    def _show_scale(self, att, f) -> None:
        if att.scoring is Scoring.COSINE:
            scale = translate(
                "AttentionPanel",
                "Logit = cos(q, kᵢ) × {m} (the cosine's own multiplier; 1/√d<sub>k</sub> is not used)",
            ).format(m=f(att.scale))
        elif att.scale_is_default:
            scale = translate(
                "AttentionPanel", "Scale = 1/√d<sub>k</sub> = 1/√{d} ≈ {s} (PyTorch's default)"
            ).format(d=att.d_k, s=f(att.scale))
        else:
            scale = translate(
                "AttentionPanel", "Scale = {s}, set by hand in place of 1/√d<sub>k</sub>"
            ).format(s=f(att.scale))
        self._put("scale", scale)

    def _show_dropout(self, att, f) -> None:
        dropout = att.dropout
        if dropout is None:
            self._put("dropout", "")
            return
        self._put(
            "dropout",
            translate(
                "AttentionPanel",
                "<b>⚠ Dropout is on</b> (p = {p}, seed {seed}), as in training: each weight is kept with "
                "probability 1 − p and divided by 1 − p, or dropped ({x}). The weights after dropout "
                "sum to {s}, <b>not to 1</b>; their output is {v}.",
            ).format(
                p=f(dropout.p),
                seed=dropout.seed,
                x=DROPPED,
                s=f(dropout.weight_sum),
                v=numbers.output(dropout.output, self._lang),
            ),
        )

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
