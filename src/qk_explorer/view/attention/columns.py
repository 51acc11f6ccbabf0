"""The attention table's columns: what they are called and how wide each is.

Every column is at least as wide as its header and a number like −0.000; the spare
width goes to the numbers. Where that is wider than the panel (large type in Spanish
on a projector), the table's type shrinks a little first; only then does the table
scroll sideways, never cutting text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QTableWidget

from ...text.numbers import NEG_INFINITY

COLUMNS = ("key", "mask", "score", "logit", "weight", "other", "dropout")
NUMBER_COLUMNS = tuple(COLUMNS.index(c) for c in ("score", "logit", "weight", "other", "dropout"))
# How far the table's type may shrink to fit its columns: to 0.7 of the projector theme's type, its
# Spanish cosine headers fit a 1280×720 window's dock.
TABLE_TYPE_SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7)
SWATCH_ROOM = 18  # the key column's extra width for a winner map swatch
WIDEST = "−00.000"  # the widest number a column should hold
WIDEST_MASKED = f"{WIDEST} → {NEG_INFINITY}"  # a masked key's logit, as numbers.masked_logit writes it


def set_headers(table: QTableWidget, texts: dict[str, str], shown: dict[str, bool]) -> bool:
    """Give the headers these texts and show or hide columns; whether anything changed."""
    changed = False
    for c, cid in enumerate(COLUMNS):
        item = table.horizontalHeaderItem(c)
        if item.text() != texts[cid]:
            item.setText(texts[cid])
            changed = True
    for cid, on in shown.items():
        c = COLUMNS.index(cid)
        if table.isColumnHidden(c) == on:
            table.setColumnHidden(c, not on)
            changed = True
    return changed


def fit_columns(table: QTableWidget, base: QFont, swatches: bool, masked: bool = False) -> bool:
    """Size the shown columns to the table's width in `base` type or a little smaller; whether
    the table's type changed (the headers' own fonts then need making again, before fit_height)."""
    header = table.horizontalHeader()
    shown = [c for c in range(len(COLUMNS)) if not table.isColumnHidden(c)]
    # From the table's own size: on a resize its viewport catches up only afterwards.
    room = table.contentsRect().width()
    for scale in TABLE_TYPE_SCALES:
        font = QFont(base)
        font.setPointSizeF(base.pointSizeF() * scale)
        least = _least_widths(table, QFontMetrics(font), shown, swatches, masked)
        if sum(least.values()) <= room:
            break
    new_font = table.font() != font
    if new_font:
        table.setFont(font)
    spare = max(0, room - sum(least.values()))
    numeric = [c for c in shown if COLUMNS[c] not in ("key", "mask")]
    share = sum(least[c] for c in numeric) or 1
    given = 0
    for c in shown:
        width = least[c]
        if c in numeric:
            extra = spare * least[c] // share if c != numeric[-1] else spare - given
            given += extra
            width += extra
        if header.sectionSize(c) != width:
            header.resizeSection(c, width)
    scrolls = sum(least.values()) > room
    policy = Qt.ScrollBarPolicy.ScrollBarAsNeeded if scrolls else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    if table.horizontalScrollBarPolicy() != policy:
        table.setHorizontalScrollBarPolicy(policy)
    return new_font


def fit_height(table: QTableWidget) -> None:
    """As tall as its header, its rows and its scroll bar when it scrolls: the dock scrolls, not the table."""
    rows = table.verticalHeader().length()  # every row's height
    header = table.horizontalHeader().sizeHint().height()
    bar = table.horizontalScrollBar().sizeHint().height()
    scrolls = table.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    height = header + rows + 2 * table.frameWidth() + 2 + (bar if scrolls else 0)
    if table.height() != height or table.minimumHeight() != height:
        table.setFixedHeight(height)


def _least_widths(table: QTableWidget, metrics: QFontMetrics, shown, swatches: bool, masked: bool):
    """Each shown column's least width: its header's lines and its widest number (with a masked
    key, the logits' column holds "… → −∞")."""
    least = {}
    for c in shown:
        cid = COLUMNS[c]
        lines = table.horizontalHeaderItem(c).text().split("\n")
        widest = WIDEST_MASKED if cid == "logit" and masked else WIDEST
        samples = ["k₁₆"] if cid == "key" else [] if cid == "mask" else [widest]
        least[c] = max(metrics.horizontalAdvance(t) for t in [*lines, *samples]) + 16
        if cid == "key" and swatches:
            least[c] += SWATCH_ROOM
    return least
