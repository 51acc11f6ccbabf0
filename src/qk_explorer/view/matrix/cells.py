"""What each cell of one grid of the matrix panel shows: its text, its colour, its text's colour.

The numbers come from Results; this module only formats them (text/numbers.py)
and maps them onto pyqtgraph's shipped colour maps, both made to be read with
the common colour-vision deficiencies: CET-D1, diverging and centred on 0, for
scores and logits; viridis, sequential from 0 to 1, for weights. Each cell's
text is black or white, whichever contrasts more with its colour (any colour
has at least 4.58 : 1 with one of them, WCAG's 4.5 for text).

A grid keeps its numbers in arrays. Given new ones it finds, with NumPy, the
cells that look different — another text at two decimals (told by rounding,
without formatting), another colour, masked or not — forgets their texts
(formatted again when painted or read) and names them to be repainted; the
colour scale's bound moves only when the numbers outgrow it or shrink well
inside it, so a drag recolours the cells that moved rather than the whole grid.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor

from ..theme import relative_luminance
from . import content

DIVERGING_MAP = "CET-D1"
SEQUENTIAL_MAP = "viridis"
LUT_SIZE = 256
_NICE = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
_SHRINK = 2.5  # the bound shrinks once the numbers fill less than 40 % of it
GROUND = -1  # a cell's colour when it is off the scale: the theme's plain ground, after the table's
_TIE = 0.5 - 1e-6  # 10²·x this near a rounding tie: its rounding alone cannot say how x reads …
_HUGE = 1e8  # … nor for x from 10⁶ (text.numbers writes ×10ⁿ from 10⁷)

Block = tuple[int, int, int, int]  # rows r0 ≤ i < r1, columns c0 ≤ j < c1


class ColourScale:
    """A shipped pyqtgraph map as a table of LUT_SIZE colours, and the bound its ends stand for."""

    def __init__(self, name: str, diverging: bool):
        self.name = name
        self.diverging = diverging
        self.colour_map, self.lut, self.inks, self.fills = _shipped(name)
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
        # fmax and fmin pass over NaN, so a NaN (never shown) takes the table's first entry.
        return np.fmin(np.fmax(np.rint(t * (LUT_SIZE - 1)), 0), LUT_SIZE - 1).astype(np.intp)


@functools.cache
def _shipped(name: str) -> tuple:
    """A shipped map's table of colours (read-only), the text's ink on each (white 2 wherever it
    contrasts more than black 1; last, GROUND's: the theme's, 0) and the colours to fill with: one
    map's, the same for every grid that uses it."""
    colour_map = pg.colormap.get(name)
    lut = np.ascontiguousarray(colour_map.getLookupTable(0.0, 1.0, nPts=LUT_SIZE, alpha=True, mode="byte"))
    lum = np.array([relative_luminance(QColor(*rgb[:3].tolist()).name()) for rgb in lut])
    light_text = (1.05 / (lum + 0.05)) > ((lum + 0.05) / 0.05)
    inks = np.append(np.where(light_text, 2, 1), 0).astype(np.int8)
    lut.setflags(write=False)
    inks.setflags(write=False)
    return colour_map, lut, inks, tuple(QColor(r, g, b, a) for r, g, b, a in lut.tolist())


def nice_bound(magnitude: float) -> float:
    """The least of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ᵏ that is at least `magnitude`; the
    magnitude itself below the smallest such number a float holds (10⁻³²⁴ is 0)."""
    power = 10.0 ** math.floor(math.log10(magnitude))
    return next((step * power for step in _NICE if step * power >= magnitude * (1 - 1e-12)), magnitude)


def as_array(rows, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows of floats (None where a number has no value) as floats and a mask of the defined ones.
    For rows the model keeps as tuples (a common mistake's weights); the matrix itself is arrays."""
    try:
        values = np.array(rows, dtype=float).reshape(len(rows), columns)
        return values, np.ones(values.shape, dtype=bool)
    except (TypeError, ValueError):  # a None somewhere: an undefined row
        filled = [[0.0] * columns if row is None else [0.0 if x is None else x for x in row] for row in rows]
        defined = [[False] * columns if row is None else [x is not None for x in row] for row in rows]
        return np.array(filled, dtype=float).reshape(len(rows), columns), np.array(defined, dtype=bool)


class GridCells:
    """The cells of one grid: numbers, which are masked (hatched), which rows are words instead.

    `neutral` columns (the Σ column) are not on the colour scale. A row with a band shows that
    text across the whole row instead of its cells (an undefined row, in words). `colour` holds
    every cell's entry in its scale's table, or GROUND (the theme's plain ground) where a cell is
    not on the scale, and `ink` its text's colour: 0 the theme's text colour, 1 black, 2 white."""

    def __init__(self, scale: ColourScale | None, neutral: frozenset[int] = frozenset(), grid: str = ""):
        self.grid = grid  # which grid: what a masked cell says depends on it (content.cell_text)
        self.scale = scale
        self.neutral = neutral
        self.values = np.zeros((0, 0))
        self.defined = np.zeros((0, 0), dtype=bool)
        self.masked = np.zeros((0, 0), dtype=bool)
        self.bands: list[str | None] = []
        self.colour = np.zeros((0, 0), dtype=np.intp)
        self.ink = np.zeros((0, 0), dtype=np.int8)
        self.rounded = np.zeros((0, 0))  # each number × 10^PLACES, rounded: what its text says …
        self.unsure = np.zeros((0, 0), dtype=bool)  # … unless it is too near a tie or too large
        self.refitted = False  # the last set() gave the colour scale another bound (or a new shape)
        self.dirty: tuple[np.ndarray, np.ndarray] | None = None  # the last set()'s cells to repaint
        self._texts = np.empty((0, 0), dtype=object)  # each cell's text once formatted, else None
        self.lang = "en"
        self.undefined_text = "—"
        self.narrow = False  # a masked logit reads −∞ alone (content.cell_text): the panel is short of room

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
        reshaped = values.shape != self.values.shape
        if not reshaped:
            must = (defined != self.defined) | (masked != self.masked)  # repainted whatever they read
            for i, (a, b) in enumerate(zip(bands, self.bands, strict=True)):
                if a != b:
                    must[i, :] = True
            moved = values != self.values
        colour, rounded, unsure = self.colour, self.rounded, self.unsure
        self.values, self.defined, self.masked, self.bands = values, defined, masked, bands
        plain = self.plain()
        self.refitted = self._refit(plain) or reshaped
        self._recolour(plain)
        if self.refitted:  # a new shape, or the colour scale moved: every cell is painted anew
            self.forget()
            return (0, values.shape[0], 0, values.shape[1])
        reads = defined & moved & ((self.rounded != rounded) | self.unsure | unsure)
        looks = must | (self.colour != colour) | reads
        rows, columns = np.nonzero(looks)
        if len(rows) == 0:
            return None  # the numbers moved, but not by as much as their texts or colours show
        self._texts[looks] = None
        self.dirty = (rows, columns)
        return (int(rows.min()), int(rows.max()) + 1, int(columns.min()), int(columns.max()) + 1)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.forget()

    def set_narrow(self, narrow: bool) -> bool:
        """Masked logits as −∞ alone, or as their number then −∞; True when that changed."""
        if narrow == self.narrow:
            return False
        self.narrow = narrow
        self.forget()
        return True

    def forget(self) -> None:
        """Format every text again when next asked (a new language)."""
        self._texts = np.full(self.values.shape, None, dtype=object)

    def texts(self) -> list[list[str | None]]:
        """Every cell's text as far as formatted (None: ask text())."""
        return self._texts.tolist()

    def text(self, i: int, j: int) -> str:
        text = self._texts[i, j]
        if text is None:
            if not self.defined[i, j]:
                text = self.undefined_text
            else:
                text = content.cell_text(
                    self.grid, float(self.values[i, j]), self.masked[i, j], self.lang, narrow=self.narrow
                )
            self._texts[i, j] = text
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

    def _refit(self, plain: np.ndarray) -> bool:
        if self.scale is None or not self.scale.diverging:
            return False
        return self.scale.fit(float(np.abs(np.where(plain, 0.0, self.values)).max(initial=0.0)))

    def _recolour(self, plain: np.ndarray) -> None:
        """Every cell's colour and ink, and how its number reads."""
        if self.scale is None:
            self.colour = np.full(self.values.shape, GROUND, dtype=np.intp)
            self.ink = np.zeros(self.values.shape, dtype=np.int8)
        else:
            self.colour = self.scale.indices(self.values)
            self.colour[plain] = GROUND
            self.ink = self.scale.inks[self.colour]
        scaled = self.values * 10.0**content.PLACES
        self.rounded = np.rint(scaled)
        # A number this near a tie (the float product may round either way), or this large, is
        # repainted whenever it moves: its rounding does not say what its text is.
        self.unsure = (np.abs(scaled - self.rounded) > _TIE) | (np.abs(scaled) >= _HUGE)


class VectorCells(GridCells):
    """One column: each row's vector (the outputs), or `undefined_text` where a row has none."""

    def __init__(self):
        super().__init__(None)
        self.vectors: list = []

    def set_vectors(self, vectors) -> Block | None:
        vectors = list(vectors)
        rows = len(vectors)
        if rows != len(self.vectors):
            self.vectors = vectors
            self.values = np.zeros((rows, 1))
            self.defined = np.array([v is not None for v in vectors], dtype=bool).reshape(rows, 1)
            self.masked = np.zeros((rows, 1), dtype=bool)
            self.bands = [None] * rows
            self._recolour(self.plain())
            self.forget()
            return (0, rows, 0, 1)
        changed = [i for i, (a, b) in enumerate(zip(vectors, self.vectors, strict=True)) if a != b]
        self.vectors = vectors
        if not changed:
            return None
        for i in changed:
            self._texts[i, 0] = None
            self.defined[i, 0] = vectors[i] is not None
        return (min(changed), max(changed) + 1, 0, 1)

    def text(self, i: int, j: int) -> str:
        text = self._texts[i, 0]
        if text is None:
            vector = self.vectors[i]
            text = self.undefined_text if vector is None else content.vector_text(vector, self.lang)
            self._texts[i, 0] = text
        return text
