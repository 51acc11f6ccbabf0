"""The matrix panel's grids side by side: scores, scaled logits, weights (with Σ), outputs.

Each grid has its title above it and, for the coloured three, its colour key
below; the notes that say how to read them come last. The grids share their
rows, so they scroll together (scores, logits and weights share their columns
too). MatrixGrids turns Results.matrix into each grid's arrays and repaints
only the cells that changed; a pointer leaving all the grids is one signal. A grid an open
check question withholds shows "?" in every cell, on the plain ground (its colours would tell).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from ...model.matrix import AttentionMatrix
from ...model.practice.mistakes import Mistake
from ...model.scene import Scene
from ...text import numbers
from ...text.practice.phrases import phrases
from ...text.withheld import MARK
from .. import words
from ..theme import Theme
from . import content
from .cells import DIVERGING_MAP, SEQUENTIAL_MAP, ColourScale, GridCells, VectorCells, as_array
from .grid_view import GridView
from .legend import ScaleLegend

GRIDS = ("scores", "logits", "weights", "outputs")
COLOURED = GRIDS[:3]
# A common mistake's weights and outputs, beside the right ones while one is shown (Update.mistake).
MISTAKE_GRIDS = ("mistake", "mistake_outputs")
_COLUMNS = ("scores", "logits", "weights", "mistake", "outputs", "mistake_outputs")


class MatrixGrids(QWidget):
    hovered = Signal(str, int, int)  # grid, row, column (−1: a header)
    clicked = Signal(str, int, int, object)  # grid, row, column, keyboard modifiers
    escaped = Signal()
    left = Signal()  # the pointer left every grid

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("matrixGrids")
        self.lang = "en"
        self.matrix: AttentionMatrix | None = None
        self.withheld: frozenset[str] = frozenset()  # the grids' ids ("matrix_weights" …) withheld
        self.cells = {
            "scores": GridCells(ColourScale(DIVERGING_MAP, diverging=True), grid="scores"),
            "logits": GridCells(ColourScale(DIVERGING_MAP, diverging=True), grid="logits"),
            "weights": GridCells(ColourScale(SEQUENTIAL_MAP, diverging=False), grid="weights"),
            "outputs": VectorCells(),
            "mistake": GridCells(ColourScale(SEQUENTIAL_MAP, diverging=False), grid="weights"),
            "mistake_outputs": VectorCells(),
        }
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.grids: dict[str, GridView] = {}
        self.titles: dict[str, QLabel] = {}
        self.legends: dict[str, ScaleLegend] = {}
        top, left = Qt.AlignmentFlag.AlignTop, Qt.AlignmentFlag.AlignLeft
        for name in (*GRIDS, *MISTAKE_GRIDS):
            column = _COLUMNS.index(name)
            self.titles[name] = QLabel(objectName=f"matrixTitle_{name}", wordWrap=name in MISTAKE_GRIDS)
            grid = self.grids[name] = GridView(f"matrix_{name}", self.cells[name])
            grid.hovered.connect(lambda i, j, n=name: self.hovered.emit(n, i, j))
            grid.clicked.connect(lambda i, j, mods, n=name: self.clicked.emit(n, i, j, mods))
            grid.escaped.connect(self.escaped)
            layout.addWidget(self.titles[name], 0, column, Qt.AlignmentFlag.AlignBottom)
            layout.addWidget(grid, 1, column, left | top)
            if name in COLOURED:
                self.legends[name] = ScaleLegend(self.cells[name].scale, f"matrixLegend_{name}")
                layout.addWidget(self.legends[name], 2, column, left | top)
        self.notes = QLabel(objectName="matrixNotes", wordWrap=True)
        layout.addWidget(self.notes, 3, 0, 1, len(_COLUMNS) + 1, top)
        layout.setColumnStretch(len(_COLUMNS), 1)
        layout.setRowStretch(4, 1)  # room to spare goes under the notes
        for a, b in (("scores", "logits"), ("logits", "weights"), ("weights", "outputs")):
            _link(self.grids[a], self.grids[b], horizontal=b != "outputs")
        for name in MISTAKE_GRIDS:
            _link(self.grids["weights"], self.grids[name], horizontal=name == "mistake")
            self._show_mistake_grid(name, False)

    def leaveEvent(self, event) -> None:
        # Qt sends this when the pointer leaves for somewhere that is not one of the grids.
        self.left.emit()
        super().leaveEvent(event)

    # ---- numbers ------------------------------------------------------------------------------

    def fill_numbers(self, matrix: AttentionMatrix, full: bool, withheld=frozenset()) -> None:
        """Scores, logits, weights and Σ from the matrix; repaint the cells that changed."""
        self.matrix, self.withheld = matrix, withheld
        rows, keys = matrix.shape
        scores, scored = matrix.score_grid
        logits, scaled = matrix.logit_grid
        masked = content.masked(matrix)
        plain = np.zeros_like(masked)
        weights, weighed = matrix.weight_grid
        bands = [content.short_reason(u) for u in matrix.undefined]
        self.cells["weights"].neutral = frozenset({keys})
        arrays = {
            "scores": (scores, scored, plain, [None] * rows),
            "logits": (logits, scaled, masked, [None] * rows),
            "weights": (weights, weighed, np.hstack([masked, plain[:, :1]]), bands),
        }
        changed = {}
        for name, (values, defined, hatched, row_bands) in arrays.items():
            hidden = f"matrix_{name}" in withheld
            cells = self.cells[name]
            if cells.undefined_text != (MARK if hidden else words.undefined_word()):
                cells.undefined_text = MARK if hidden else words.undefined_word()
                cells.forget()  # every cell reads anew
            if hidden:  # no number, no colour, no hatching, no row in words: "?" in every cell
                values, defined = np.zeros_like(values), np.zeros_like(defined)
                hatched, row_bands = np.zeros_like(hatched), [None] * rows
            changed[name] = cells.set(values, defined, hatched, row_bands)
        for name, block in changed.items():
            grid = self.grids[name]
            if full or grid.cells.refitted:
                self.fit(name)  # new labels, or the colour scale moved
            grid.fit_bands()
            grid.refresh(block)

    def fill_outputs(self, matrix: AttentionMatrix, scene: Scene, withheld=frozenset()) -> None:
        self.matrix = matrix
        outputs = self.cells["outputs"]
        hidden = "matrix_outputs" in withheld
        if hidden != (outputs.undefined_text == MARK):  # every row reads anew
            outputs.undefined_text = MARK if hidden else words.undefined_word()
            outputs.vectors = []
        vectors = [None] * len(matrix.outputs) if hidden else matrix.outputs
        self.grids["outputs"].refresh(outputs.set_vectors(vectors))
        bound = max((abs(x) for v in scene.values for x in v), default=1.0)
        self.grids["outputs"].set_template(content.vector_template(bound, scene.dimension, self.lang))

    def fill_mistake(self, wrong, title: str, scene: Scene) -> None:
        """A common mistake's weights (with their Σ, which need not be 1) and outputs beside the
        right ones, under `title`; `wrong`: model.practice WrongAttention, or None to show none.
        The weights are left out where the mistake does not change them (the keys summed)."""
        weighs = wrong is not None and wrong.mistake is not Mistake.KEYS_NOT_VALUES
        self._show_mistake_grid("mistake", weighs)
        self._show_mistake_grid("mistake_outputs", wrong is not None)
        if wrong is None:
            return
        rows, keys = wrong.right.shape
        if weighs:
            masked = np.hstack([content.masked(wrong.right), np.zeros((rows, 1), dtype=bool)])
            made = [None if r.weights is None else (*r.weights, r.weight_sum) for r in wrong.rows]
            values, defined = as_array(made, keys + 1)
            bands = [None if r.weights is not None else wrong_reason(r.reason, self.lang) for r in wrong.rows]
            cells = self.cells["mistake"]
            cells.neutral = frozenset({keys})
            block = cells.set(values, defined, masked, bands)
            grid = self.grids["mistake"]
            grid.set_template(content.cell_template(1.0, self.lang, signed=False))
            columns = [words.key_name(j) for j in range(keys)] + ["Σ"]
            grid.set_labels(
                [words.query_name(i) for i in range(rows)], columns, ["key"] * keys + ["foreground"]
            )
            grid.fit_bands()
            grid.refresh(block)
            self.titles["mistake"].setText(f"✗ {title}")
        outputs = self.grids["mistake_outputs"]
        outputs.refresh(self.cells["mistake_outputs"].set_vectors([r.output for r in wrong.rows]))
        bound = max((abs(x) for v in (*scene.values, *scene.keys) for x in v), default=1.0)
        outputs.set_template(content.vector_template(bound, scene.dimension, self.lang))
        outputs.set_labels([words.query_name(i) for i in range(rows)], ["✗ W·V"], ["output"])
        self.titles["mistake_outputs"].setText("" if weighs else f"✗ {title}")

    def _show_mistake_grid(self, name: str, shown: bool) -> None:
        for widget in (self.titles[name], self.grids[name]):
            if widget.isHidden() == shown:
                widget.setVisible(shown)

    def fit(self, name: str) -> None:
        """A coloured grid's cell width for the numbers it may show, its labels and colour key."""
        grid, (rows, keys) = self.grids[name], self.matrix.shape
        scale = self.cells[name].scale
        hatched = name == "logits" and bool(self.cells[name].masked.any())
        grid.set_template(content.cell_template(scale.bound, self.lang, scale.diverging, hatched))
        columns = [words.key_name(j) for j in range(keys)] + (["Σ"] if name == "weights" else [])
        inks = ["key"] * keys + (["foreground"] if name == "weights" else [])
        grid.set_labels([words.query_name(i) for i in range(rows)], columns, inks)
        self.legends[name].refresh()

    def fill_words(self, scene: Scene) -> None:
        """Titles, notes and the outputs' labels: after a change of settings or of language."""
        matrix = self.matrix
        names = [words.query_name(i) for i in range(scene.query_count)]
        self.grids["outputs"].set_labels(names, ["W·V"], ["output"])
        for name, title in content.titles(matrix, self.lang, scene.dropout_p > 0).items():
            self.titles[name].setText(title)
        self.notes.setText("\n".join(content.notes(matrix, self.lang, withheld=self.withheld)))

    def cell_text(self, grid: str, i: int, j: int) -> str:
        """What cell (i, j) of a grid shows: its row's words when the row has none."""
        cells = self.cells[grid]
        return cells.bands[i] or cells.text(i, j)

    # ---- looks --------------------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        self.lang = lang
        for name, cells in self.cells.items():
            cells.set_language(lang)
            hidden = f"matrix_{name}" in self.withheld
            cells.undefined_text = MARK if hidden else words.undefined_word()
        for legend in self.legends.values():
            legend.lang = lang
        if self.matrix is not None:
            for name in COLOURED:
                self.fit(name)
        for grid in self.grids.values():
            grid.viewport().update()

    def set_theme(self, theme: Theme) -> None:
        for grid in self.grids.values():
            grid.set_theme_colours(theme)
        for legend in self.legends.values():
            legend.ink = theme.colour("foreground")
            legend.refresh()

    def set_highlight(self, lit: set[str], sums: bool, ground: str) -> None:
        """Mark the grids a lesson step speaks of (`lit`), and the Σ column when `sums`."""
        for name, grid in self.grids.items():
            grid.highlighted = name in lit
            last = frozenset({grid.cells.shape[1] - 1})
            grid.highlighted_columns = last if name == "weights" and sums else frozenset()
            grid.viewport().update()
            on = name in lit or (name == "weights" and sums)
            self.titles[name].setStyleSheet(f"background: {ground};" if on else "")


def wrong_reason(reason, lang: str) -> str:
    """Why a mistake's row has no weights (e^x too large for a float …), in words."""
    logit = None if reason.logit is None else numbers.number(reason.logit, lang)
    return phrases(lang)["reasons"][reason.why].format(logit=logit)


def _link(a: GridView, b: GridView, horizontal: bool) -> None:
    """Scroll two grids together (their rows; their columns too when they share them)."""
    pairs = [(a.verticalScrollBar(), b.verticalScrollBar())]
    if horizontal:
        pairs.append((a.horizontalScrollBar(), b.horizontalScrollBar()))
    for x, y in pairs:
        x.valueChanged.connect(y.setValue)
        y.valueChanged.connect(x.setValue)
