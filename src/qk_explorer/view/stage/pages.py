"""A step's pages on the stage.

When a step's words do not all fit beside its numbers at the lecture hall's smallest type, they
go over pages rather than being left out. A page holds as many whole paragraphs as fit, in the
lesson's order, with the title and the numbers on every page; a paragraph that finds no room
alone beside the numbers is cut at its sentences, and goes on on the next page. A marker on the
title's line says which page of how many ("◂ 2/3 ▸", read out as "page 2 of 3"); the clicker's
keys turn the pages before they move to the next step, and going back lands on the previous
step's last page (Moment.from_end).

The Pager remembers where the page on screen begins in the words (its anchor), so a page laid
out anew — another language, zoom or screen size, a paragraph grown in a drag — shows the same
words again, on whichever page they fall now.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication

Page = tuple[int, int]  # the units [start, stop) a page shows
Place = tuple[int, int]  # a unit's place in the words: (paragraph, character)
END: Place = (1 << 30, 0)  # the anchor of a step entered going back: its last page

# A sentence ends at . ? or ! before a space and what can begin one (a capital, a tag, a quote).
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[<¿¡«“\"(A-ZÁÉÍÓÚÑ])")
_TAG = re.compile(r"<(/?)[A-Za-z]+>")


def sentences(text: str) -> list[tuple[int, str]]:
    """`text` cut after each of its sentences, as (where the piece begins, the piece); never
    inside a tag's span, so each piece renders whole. Joined with a space they read as `text`."""
    pieces, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if _open_tags(text[start : match.start()]):
            continue
        pieces.append((start, text[start : match.start()]))
        start = match.end()
    pieces.append((start, text[start:]))
    return pieces


def _open_tags(text: str) -> int:
    depth = 0
    for match in _TAG.finditer(text):
        depth += -1 if match.group(1) else 1
    return depth


def paginate(
    count: int, fits: Callable[[int, int], bool], most: int | None = None
) -> tuple[tuple[Page, ...] | None, int | None]:
    """`count` units in order over pages, each page as many as `fits(start, stop)` allows, and
    None; or None and the unit that fits no page alone; or None, None when they take more than
    `most` pages."""
    pages: list[Page] = []
    start = 0
    while start < count:
        if most is not None and len(pages) == most:
            return None, None
        stop = start
        while stop < count and fits(start, stop + 1):
            stop += 1
        if stop == start:
            return None, start
        pages.append((start, stop))
        start = stop
    return tuple(pages) or ((0, 0),), None


def fewest_pages(pager: Pager, candidates: Sequence, show: Callable[[int, int], None]):
    """Over `candidates` — (whole, arrangement, fits) in the order the stage tries them, numbers on
    one line (whole) first; fits() says whether the words shown now fit the arrangement — the
    arrangement that takes the pager's words in the fewest pages (with as many, the fewest
    paragraphs cut), with its pages; the pager is left cut as they are. An arrangement with the
    numbers on one line beats one with fewer pages.
    `show(start, stop)` shows units [start, stop) to be measured. None when some sentence finds
    room in none."""
    best = None
    for whole, arrangement, fits in candidates:
        if best is not None and whole != best[0]:
            break
        most = None if best is None else len(best[2]) - (0 if best[3] else 1)
        found = _pages_in(pager, fits, show, most)
        if found is not None and (best is None or _fewer(found, best[2:])):
            best = (whole, arrangement, *found)
    if best is None:
        return None
    pager.cut(best[3])
    return best[1], best[2]


def _fewer(found, best) -> bool:
    """Fewer pages; as many, but fewer paragraphs cut."""
    return (len(found[0]), len(found[1])) < (len(best[0]), len(best[1]))


def _pages_in(pager: Pager, fits, show, most: int | None):
    """The pages of one arrangement, and the paragraphs cut at their sentences for them: whole
    paragraphs, but those that fit no page alone go on over the next page."""
    split: frozenset[int] = frozenset()
    while True:
        pager.cut(split)
        pages, stuck = paginate(pager.count, lambda start, stop: show(start, stop) or fits(), most)
        if stuck is None:
            return None if pages is None else (pages, split)
        paragraph = pager.paragraph_of(stuck)
        if paragraph in split:
            return None  # a sentence alone has no room
        split |= {paragraph}


def marker(page: int, count: int) -> str:
    """Which page this is (from 0) of how many, short enough for the title's line ("2/3"), with an
    arrow on the side there is more; empty for a step of one page."""
    if count <= 1:
        return ""
    return f"{'◂ ' if page > 0 else ''}{page + 1}/{count}{' ▸' if page + 1 < count else ''}"


def spoken_marker(page: int, count: int) -> str:
    """The marker in words, for a screen reader: "page 2 of 3"."""
    if count <= 1:
        return ""
    return QCoreApplication.translate("Stage", "page {page} of {count}").format(page=page + 1, count=count)


class Pager:
    """The step's words cut into units (its paragraphs, or their sentences), the pages the units
    fall on, and the page on screen."""

    def __init__(self):
        self._paragraphs: list[str] = []
        self._split: frozenset[int] = frozenset()  # the paragraphs cut at their sentences
        self._units: list[tuple[Place, int, str]] = []  # (place, paragraph, text)
        self.pages: tuple[Page, ...] = ((0, 0),)
        self.page = 0
        self._anchor: Place = (0, 0)
        self._where = None

    @property
    def count(self) -> int:
        """Units to lay out."""
        return len(self._units)

    @property
    def paragraphs(self) -> tuple[str, ...]:
        """The step's words as the lesson gave them, every page's."""
        return tuple(self._paragraphs)

    @property
    def paragraph_count(self) -> int:
        return len(self._paragraphs)

    def paragraph_of(self, unit: int) -> int:
        return self._units[unit][1]

    def set_words(self, paragraphs: Sequence[str]) -> None:
        if list(paragraphs) != self._paragraphs:
            self._paragraphs = list(paragraphs)
            self._cut()

    def cut(self, split: frozenset[int] = frozenset()) -> None:
        """Lay out whole paragraphs, but those in `split` sentence by sentence."""
        if split != self._split:
            self._split = split
            self._cut()

    def _cut(self) -> None:
        self._units = []
        for n, text in enumerate(self._paragraphs):
            pieces = sentences(text) if n in self._split else [(0, text)]
            self._units += [((n, at), n, piece) for at, piece in pieces]

    def pieces(self, start: int, stop: int) -> list[str]:
        """The texts units [start, stop) show: the sentences of one paragraph joined again."""
        out: list[str] = []
        last = None
        for _place, paragraph, text in self._units[start:stop]:
            if paragraph == last:
                out[-1] = f"{out[-1]} {text}"
            else:
                out.append(text)
            last = paragraph
        return out

    def shown(self) -> Page:
        """The units of the page on screen; the last page takes every unit to the end (words that
        grew a sentence since the pages were laid out are never left off)."""
        start, stop = self.pages[self.page]
        stop = self.count if self.page == len(self.pages) - 1 else min(stop, self.count)
        return min(start, stop), stop

    def marker(self) -> tuple[str, str]:
        """The marker of the page on screen, as shown and as read out."""
        return marker(self.page, len(self.pages)), spoken_marker(self.page, len(self.pages))

    def widest_marker(self) -> tuple[str, str]:
        """A marker as wide as any page's can be: what a page is measured with before the count is known."""
        return marker(1, max(3, self.count)), ""

    def enter(self, where, from_end: bool) -> None:
        """The lesson is at `where` (an item, a solution shown): on arriving, its first page, or its
        last one going back."""
        if where != self._where:
            self._where = where
            self._anchor = END if from_end else (0, 0)

    def lay_out(self, pages: tuple[Page, ...]) -> None:
        """New pages: show the one where the page on screen began."""
        self.pages = pages
        starts = [self._units[start][0] if start < self.count else END for start, _stop in pages]
        self.page = max([n for n, place in enumerate(starts) if place <= self._anchor], default=0)

    def turn_to(self, page: int) -> None:
        self.page = max(0, min(page, len(self.pages) - 1))
        start = self.pages[self.page][0]
        self._anchor = self._units[start][0] if start < self.count else (0, 0)
