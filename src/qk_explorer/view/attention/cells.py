"""What each number cell of the attention table shows, for one Results: text, ink and bar.

A key that takes part shows its score, scaled logit and weight in the text's ink; a
masked key shows its score and scaled logit too (PyTorch masks after scaling) and a
weight of 0, all in muted ink. A dash stands only where a number has no value. A
weight's bar is as long as the weight, in the key's colour (the other rule's in muted
grey). After dropout a kept weight is divided by 1 − p and its bar scaled to the
largest such weight; a dropped one shows ✕ 0 in the warning ink.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QColor

from ...model import Results, Scene
from ...model.attention import Attention
from ...text import numbers
from ..theme import Theme
from .columns import COLUMNS, DASH, DROPPED

SCORE, LOGIT, WEIGHT, OTHER, DROPOUT = (
    COLUMNS.index(c) for c in ("score", "logit", "weight", "other", "dropout")
)
Inks = tuple[int, int, int, str, str]


def row_inks(theme: Theme | None) -> Inks:
    """The inks (RGBA) of a row taking part, a masked row and a dropped weight; the bars' colours."""
    if theme is None:
        return (
            QColor("#000000").rgba(),
            QColor("#777777").rgba(),
            QColor("#d55e00").rgba(),
            "#0072b2",
            "#777777",
        )
    inks = (theme.foreground, theme.muted, theme.query)
    return (*(QColor(ink).rgba() for ink in inks), theme.key, theme.muted)


class RowCells:
    """The cells of every row for these results; fill() hands those of some rows to set_cell."""

    def __init__(self, scene: Scene, results: Results, other: Attention | None, lang: str, inks: Inks):
        att = results.attention
        self.mask = scene.mask
        self._att, self._other, self._lang, self._inks = att, other, lang, inks
        self._bars = results.weight_bars
        self._other_bars = None if other is None else results.comparison_weight_bars
        self._kept_bars = results.dropout_bars

    def fill(self, set_cell, rows: Iterable[int]) -> None:
        att, other, lang, mask = self._att, self._other, self._lang, self.mask
        ink, muted, warn, key_bar, other_bar = self._inks
        number = numbers.number
        for r in rows:
            takes_part = mask[r]
            row_ink = ink if takes_part else muted
            for c, x in ((SCORE, att.scores[r]), (LOGIT, att.logits[r])):
                set_cell(r, c, (DASH if x is None else number(x, lang), row_ink, None, None))
            set_cell(r, WEIGHT, (self._weight_text(att, r, takes_part), row_ink, self._bars[r], key_bar))
            if other is not None:
                text = self._weight_text(other, r, takes_part)
                set_cell(r, OTHER, (text, row_ink, self._other_bars[r], other_bar))
            if self._kept_bars is not None:
                if not takes_part:
                    cell = ("0", muted, 0.0, other_bar)
                elif att.dropout.kept[r]:
                    text = numbers.weight(att.dropout.weights[r], lang)
                    cell = (text, ink, self._kept_bars[r], key_bar)
                else:
                    cell = (f"{DROPPED} 0", warn, 0.0, other_bar)
                set_cell(r, DROPOUT, cell)

    def _weight_text(self, att: Attention, r: int, takes_part: bool) -> str:
        if att.weights is None:
            return DASH
        return numbers.weight(att.weights[r], self._lang, masked=not takes_part)
