"""What a feature puts on the stage: the moment of the lesson it answers to, and the plain texts its
blocks show (rows, a table with a row per key, a grid of the matrix, the lesson's words).

A feature declares StageParts (declaration.py). At each update the stage asks every part what it
shows at this moment — its texts, or None for nothing — and fills the generic block of that
kind (blocks.py); it never knows which feature a part comes from. A cell marked dimmed (a
masked key's) is drawn in the theme's muted ink, as the panels draw it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from ...model.lesson import ATTENTION_ROWS, Item, Kind

KINDS = ("title", "rows", "table", "grid", "words", "drawing")


@dataclass(frozen=True)
class Moment:
    """Where the lesson is: its item (None outside the lesson), whether it is on, whether a
    question's solution shows, whether it came there going back (the stage then shows the
    item's last page)."""

    item: Item | None = None
    active: bool = False
    revealed: bool = False
    index: int | None = None
    from_end: bool = False

    @property
    def lesson(self) -> bool:
        return self.item is not None and self.active

    @property
    def asking(self) -> bool:
        """A check question not yet answered: only what it gives is shown."""
        return self.lesson and self.item.kind is Kind.QUESTION and not self.revealed

    @property
    def spoken(self) -> frozenset[str]:
        """The quantities (row ids) the step speaks of."""
        return frozenset(self.item.highlight) if self.lesson and not self.asking else frozenset()

    @property
    def attention(self) -> bool:
        """The step speaks of attention over the keys: its table is shown."""
        return bool(self.spoken & set(ATTENTION_ROWS))

    @property
    def compare(self) -> bool:
        """… and of the cosine too: the other scoring rule's table beside it."""
        return self.attention and "cosine" in self.spoken


@dataclass(frozen=True)
class Style:
    """How the stage writes: the language, the theme's role colours, and how many keys a table
    may list (None: all of them; fewer when room is short)."""

    lang: str
    colours: dict[str, str]
    limit: int | None = None


@dataclass(frozen=True)
class Row:
    id: str
    name: str  # rich text
    value: str  # plain text
    wraps: bool = False  # may break at its spaces (a long product, a vector, words)


@dataclass(frozen=True)
class Rows:
    rows: tuple[Row, ...]
    reason: str = ""  # why a row shown has no value
    more: str = ""  # what was left out for room


@dataclass(frozen=True)
class Table:
    """One scoring rule over the keys: a row per key shown, a column per quantity."""

    caption: str  # which rule, when two tables stand together; else empty
    headers: tuple[str, ...]
    keys: tuple[int, ...]  # the keys shown, in order
    names: tuple[str, ...]  # their names, rich text
    cells: tuple[tuple[str, ...], ...]  # per key shown
    dimmed: tuple[bool, ...]  # per key shown: masked, left out of softmax
    hidden: int  # keys left out for room
    summary: tuple[Row, ...]  # the scale, Σ weights, the output
    notes: tuple[str, ...]  # masked keys, dropout, why nothing is defined


@dataclass(frozen=True)
class Grid:
    """One of the matrix's grids: a row per query, a column per key (and Σ for the weights)."""

    caption: str
    columns: tuple[str, ...]  # rich text
    rows: tuple[str, ...]  # rich text
    cells: tuple[tuple[str, ...], ...]
    dimmed: tuple[tuple[bool, ...], ...]  # per cell: masked
    notes: tuple[str, ...]


@dataclass(frozen=True)
class StagePart:
    """A block of the stage: `texts(moment, update, style)` gives what it shows now (Rows, a
    Table, a Grid, a title's HTML, the lesson's paragraphs), or None when it is not shown.
    `keyed`: a row per key, shortened to `style.limit` when room is short. A "drawing" part
    makes its own widget once (`make(stage)`) and is framed under the canvas."""

    name: str
    kind: str
    texts: Callable[..., Any]
    keyed: bool = False
    make: Callable[..., Any] | None = None


def coloured(text: str, colour: str | None) -> str:
    return f'<span style="color:{colour}">{text}</span>' if colour else text


def more_keys(hidden: int) -> str:
    return (
        QCoreApplication.translate("Stage", "… and {n} more keys, not shown for room").format(n=hidden)
        if hidden
        else ""
    )


def shown_keys(count: int, selected: int, weights, limit: int | None) -> list[int]:
    """Every key, or when there is room for only `limit` of them: the selected key and the
    largest weights (the first keys when there are none), in the keys' order."""
    if limit is None or count <= limit:
        return list(range(count))
    limit = max(1, limit)
    order = list(range(count)) if weights is None else sorted(range(count), key=lambda i: (-weights[i], i))
    chosen = [selected] + [i for i in order if i != selected]
    return sorted(chosen[:limit])
