"""How the attention table paints content's cells (content.py): text, ink and bar.

A key that takes part is drawn in the text's ink; a masked key (Role.MASKED) in muted ink,
its logit saying where the mask takes it; a weight dropout dropped (Role.DROPPED) in the
warning ink. A weight's bar is as long as the weight, in the key's colour (the other rule's
in muted grey).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QColor

from ..theme import Theme
from .columns import COLUMNS
from .content import AttentionRows, Role

NUMBER_COLUMNS = {cid: COLUMNS.index(cid) for cid in ("score", "logit", "weight", "other", "dropout")}
SCORE, LOGIT, WEIGHT = (NUMBER_COLUMNS[c] for c in ("score", "logit", "weight"))
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


def fill(set_cell, rows: AttentionRows, inks: Inks, shown: Iterable[int]) -> None:
    """Hand the cells of the rows `shown` to `set_cell(row, column, (text, ink, bar, bar colour))`."""
    ink, muted, warn, key_bar, other_bar = inks
    role_ink = {Role.PLAIN: ink, Role.MASKED: muted, Role.DROPPED: warn}
    for r in shown:
        for cid, cell in rows.row(r).items():
            if cell.bar is None:
                colour = None
            elif cid == "weight" or (cid == "dropout" and cell.role is Role.PLAIN):
                colour = key_bar
            else:
                colour = other_bar
            set_cell(r, NUMBER_COLUMNS[cid], (cell.text, role_ink[cell.role], cell.bar, colour))
