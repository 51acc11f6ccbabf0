"""What each cell of one grid of the matrix panel shows: its text, its colour, its text's colour.

The numbers come from Results; this module only formats them (text/numbers.py)
and maps them onto pyqtgraph's shipped colour maps, both made to be read with
the common colour-vision deficiencies: CET-D1, diverging and centred on 0, for
scores and logits; viridis, sequential from 0 to 1, for weights. Each cell's
text is black or white, whichever contrasts more with its colour (any colour
has at least 4.58 : 1 with one of them, WCAG's 4.5 for text).

A grid keeps its numbers in arrays. Given new ones it finds the cells that
differ, forgets their texts (formatted again when painted or read) and says
which block of cells to repaint; the colour scale's bound moves only when the
numbers outgrow it or shrink well inside it, so a drag recolours the cells that
moved rather than the whole grid.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor

from ...theme import relative_luminance

DIVERGING_MAP = "CET-D1"
SEQUENTIAL_MAP = "viridis"
LUT_SIZE = 256
_NICE = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
_SHRINK = 2.5  # the bound shrinks once the numbers fill less than 40 % of it
EAGER = 512  # changed cells formatted at once, to repaint only those that look different

Block = tuple[int, int, int, int]  # rows r0 ≤ i < r1, columns c0 ≤ j < c1


class ColourScale:
    """A shipped pyqtgraph map as a table of LUT_SIZE colours, and the bound its ends stand for."""

    def __init__(self, name: str, diverging: bool):
        self.name = name
        self.diverging = diverging
        self.colour_map = pg.colormap.get(name)
        self.lut = np.ascontiguousarray(
            self.colour_map.getLookupTable(0.0, 1.0, nPts=LUT_SIZE, alpha=True, mode="byte")
        )
        lum = np.array([relative_luminance(QColor(*rgb[:3].tolist()).name()) for rgb in self.lut])
        # White text wherever it contrasts more than black does.
        self.light_text = (1.05 / (lum + 0.05)) > ((lum + 0.05) / 0.05)
        self.bound = 1.0  # diverging: −bound … 0 … +bound; sequential: 0 … 1

    def fit(self, magnitude: float) -> bool:
        """Take a new largest |value|; True when the bound moved (every cell recolours)."""
        if not self.diverging or not math.isfinite(magnitude) or magnitude <= 0.0:
            return False
        if magnitude <= self.bound and magnitude * _SHRINK >= self.bound:
            return False
        self.bound = nice_bound(magnitude)
        return True

    def indices(self, values: np.ndarray) -> np.ndarray:
        """Each value's entry in the table."""
        t = (values / self.bound + 1.0) * 0.5 if self.diverging else values
        # An empty cell (a masked or undefined number) comes as NaN: its entry is never shown.
        t = np.nan_to_num(t, nan=0.0, posinf=1.0, neginf=0.0)
        return np.clip(np.rint(t * (LUT_SIZE - 1)), 0, LUT_SIZE - 1).astype(np.intp)


def nice_bound(magnitude: float) -> float:
    """The least of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ᵏ that is at least `magnitude`."""
    power = 10.0 ** math.floor(math.log10(magnitude))
    return next(step * power for step in _NICE if step * power >= magnitude * (1 - 1e-12))


def as_array(rows, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows of floats (None where a number has no value) as floats and a mask of the defined ones."""
    try:
        values = np.array(rows, dtype=float).reshape(len(rows), columns)
        return values, np.ones(values.shape, dtype=bool)
    except (TypeError, ValueError):  # a None somewhere: cosine scoring with a zero vector, an undefined row
        filled = [[0.0] * columns if row is None else [0.0 if x is None else x for x in row] for row in rows]
        defined = [[False] * columns if row is None else [x is not None for x in row] for row in rows]
        return np.array(filled, dtype=float).reshape(len(rows), columns), np.array(defined, dtype=bool)


class GridCells:
    """The cells of one grid: numbers, which are masked (hatched), which rows are words instead.

    `neutral` columns (the Σ column) are not on the colour scale. A row with a band shows that
    text across the whole row instead of its cells (an undefined row, in words). `colours` holds
    every cell's colour — the plain ground (`ground`, the theme's) where a cell is not on the
    scale — and `ink` its text's: 0 the theme's text colour, 1 black, 2 white."""

    def __init__(self, scale: ColourScale | None, neutral: frozenset[int] = frozenset()):
        self.scale = scale
        self.neutral = neutral
        self.values = np.zeros((0, 0))
        self.defined = np.zeros((0, 0), dtype=bool)
        self.masked = np.zeros((0, 0), dtype=bool)
        self.bands: list[str | None] = []
        self.colours = np.zeros((0, 0, 4), dtype=np.uint8)
        self.ink = np.zeros((0, 0), dtype=np.int8)
        self.ground = (255, 255, 255)
        self.refitted = False  # the last set() gave the colour scale another bound (or a new shape)
        self.dirty: tuple[np.ndarray, np.ndarray] | None = None  # the last set()'s cells to repaint
        self._texts: list[list[str | None]] = []
        self.format: Callable[[float], str] = str
        self.masked_text = ""
        self.undefined_text = "—"

    @property
    def shape(self) -> tuple[int, int]:
        return self.values.shape

    def set(self, values: np.ndarray, defined: np.ndarray, masked: np.ndarray, bands) -> Block | None:
        """New numbers; the block of cells that look different (all of them for a new shape or a
        new colour scale), or None. `dirty` then names those cells, or is None for the whole block.

        A cell whose number moved but still reads and colours the same is left alone: mid-drag
        most weights keep their two decimals and their colour from one step to the next."""
        bands = list(bands)
        self.dirty = None
        if values.shape != self.values.shape:
            self.values, self.defined, self.masked, self.bands = values, defined, masked, bands
            self.refitted = True
            self._refit()
            self._recolour()
            self.forget()
            return (0, values.shape[0], 0, values.shape[1])
        must = (defined != self.defined) | (masked != self.masked)  # repainted whatever they read
        for i, (a, b) in enumerate(zip(bands, self.bands, strict=True)):
            if a != b:
                must[i, :] = True
        changed = must | (values != self.values)
        self.values, self.defined, self.masked, self.bands = values, defined, masked, bands
        self.refitted = self._refit()
        if self.refitted:  # the colour scale's bound moved: every cell takes another colour
            self._recolour()
            self.forget()
            return (0, values.shape[0], 0, values.shape[1])
        rows, columns = np.nonzero(changed)
        if len(rows) == 0:
            return None
        before = self.colours[rows, columns]
        self._recolour(rows, columns)
        looks = ((self.colours[rows, columns] != before).any(axis=1) | must[rows, columns]).tolist()
        eager = len(looks) <= EAGER
        texts = self._texts
        for k, (i, j) in enumerate(zip(rows.tolist(), columns.tolist(), strict=True)):
            old, texts[i][j] = texts[i][j], None
            if not looks[k] and (not eager or old is None or self.text(i, j) != old):
                looks[k] = True  # a new number shown: repaint
        if not any(looks):
            return None  # the numbers moved, but not by as much as their texts or colours show
        rows, columns = rows[looks], columns[looks]
        self.dirty = (rows, columns)
        return (int(rows.min()), int(rows.max()) + 1, int(columns.min()), int(columns.max()) + 1)

    def set_ground(self, rgb: tuple[int, int, int]) -> None:
        """The theme's colour for cells off the scale."""
        if rgb != self.ground:
            self.ground = rgb
            self._recolour()

    def forget(self) -> None:
        """Format every text again when next asked (a new language)."""
        rows, columns = self.values.shape
        self._texts = [[None] * columns for _ in range(rows)]

    def text(self, i: int, j: int) -> str:
        text = self._texts[i][j]
        if text is None:
            if self.masked[i, j] and self.masked_text:
                text = self.masked_text
            elif not self.defined[i, j]:
                text = self.undefined_text
            else:
                text = self.format(float(self.values[i, j]))
            self._texts[i][j] = text
        return text

    def coloured(self, i: int, j: int) -> bool:
        """Drawn in its colour from the scale (else on the plain ground, hatched when masked)."""
        return bool(self.ink[i, j])

    def plain(self) -> np.ndarray:
        """The cells off the colour scale: masked, without a number, or in a neutral column."""
        plain = ~self.defined | self.masked
        if self.scale is None:
            plain[:] = True
        for j in self.neutral:
            if j < plain.shape[1]:
                plain[:, j] = True
        return plain

    def _refit(self) -> bool:
        if self.scale is None or not self.scale.diverging:
            return False
        shown = ~self.plain()
        return self.scale.fit(float(np.abs(self.values[shown]).max()) if shown.any() else 0.0)

    def _recolour(self, rows=None, columns=None) -> None:
        """Colours and inks of the cells (rows[k], columns[k]), or of every cell."""
        plain = self.plain()
        values = self.values
        if rows is not None:
            plain, values = plain[rows, columns], values[rows, columns]
        if self.scale is None:
            colours = np.empty((*values.shape, 4), dtype=np.uint8)
            ink = np.zeros(values.shape, dtype=np.int8)
        else:
            index = self.scale.indices(values)
            colours = self.scale.lut[index]
            ink = np.where(self.scale.light_text[index], 2, 1).astype(np.int8)
            ink[plain] = 0
        colours[plain] = (*self.ground, 255)
        if rows is None:
            self.colours, self.ink = colours, ink
        else:
            self.colours[rows, columns], self.ink[rows, columns] = colours, ink


class VectorCells(GridCells):
    """One column: each row's vector (the outputs), or `undefined_text` where a row has none."""

    def __init__(self):
        super().__init__(None)
        self.vectors: list = []
        self.format_vector: Callable[[tuple[float, ...]], str] = str

    def set_vectors(self, vectors) -> Block | None:
        vectors = list(vectors)
        rows = len(vectors)
        if rows != len(self.vectors):
            self.vectors = vectors
            self.values = np.zeros((rows, 1))
            self.defined = np.array([v is not None for v in vectors], dtype=bool).reshape(rows, 1)
            self.masked = np.zeros((rows, 1), dtype=bool)
            self.bands = [None] * rows
            self._recolour()
            self.forget()
            return (0, rows, 0, 1)
        changed = [i for i, (a, b) in enumerate(zip(vectors, self.vectors, strict=True)) if a != b]
        self.vectors = vectors
        if not changed:
            return None
        for i in changed:
            self._texts[i][0] = None
            self.defined[i, 0] = vectors[i] is not None
        return (min(changed), max(changed) + 1, 0, 1)

    def text(self, i: int, j: int) -> str:
        text = self._texts[i][0]
        if text is None:
            vector = self.vectors[i]
            text = self.undefined_text if vector is None else self.format_vector(vector)
            self._texts[i][0] = text
        return text
