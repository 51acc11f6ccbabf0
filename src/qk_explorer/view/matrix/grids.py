"""The matrix panel's grids side by side: scores, scaled logits, weights (with Σ), outputs.

Each grid has its title above it and, for the coloured three, its colour key
below; the notes that say how to read them come last. The grids share their
rows, so they scroll together (scores, logits and weights share their columns
too). MatrixGrids turns Results.matrix into each grid's arrays and repaints
only the cells that changed; a pointer leaving all the grids is one signal.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from ...model.matrix import AttentionMatrix
from ...model.scene import Scene
from .. import words
from ..theme import Theme
from . import content
from .cells import DIVERGING_MAP, SEQUENTIAL_MAP, ColourScale, GridCells, VectorCells
from .grid_view import GridView
from .legend import ScaleLegend

GRIDS = ("scores", "logits", "weights", "outputs")
COLOURED = GRIDS[:3]


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
        self.cells = {
            "scores": GridCells(ColourScale(DIVERGING_MAP, diverging=True), grid="scores"),
            "logits": GridCells(ColourScale(DIVERGING_MAP, diverging=True), grid="logits"),
            "weights": GridCells(ColourScale(SEQUENTIAL_MAP, diverging=False), grid="weights"),
            "outputs": VectorCells(),
        }
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.grids: dict[str, GridView] = {}
        self.titles: dict[str, QLabel] = {}
        self.legends: dict[str, ScaleLegend] = {}
        top, left = Qt.AlignmentFlag.AlignTop, Qt.AlignmentFlag.AlignLeft
        for column, name in enumerate(GRIDS):
            self.titles[name] = QLabel(objectName=f"matrixTitle_{name}")
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
        layout.addWidget(self.notes, 3, 0, 1, len(GRIDS) + 1, top)
        layout.setColumnStretch(len(GRIDS), 1)
        layout.setRowStretch(4, 1)  # room to spare goes under the notes
        for a, b in (("scores", "logits"), ("logits", "weights"), ("weights", "outputs")):
            _link(self.grids[a], self.grids[b], horizontal=b != "outputs")

    def leaveEvent(self, event) -> None:
        # Qt sends this when the pointer leaves for somewhere that is not one of the grids.
        self.left.emit()
        super().leaveEvent(event)

    # ---- numbers ------------------------------------------------------------------------------

    def fill_numbers(self, matrix: AttentionMatrix, full: bool) -> None:
        """Scores, logits, weights and Σ from the matrix; repaint the cells that changed."""
        self.matrix = matrix
        rows, keys = matrix.shape
        scores, scored = matrix.score_grid
        logits, scaled = matrix.logit_grid
        masked = content.masked(matrix)
        plain = np.zeros_like(masked)
        weights, weighed = matrix.weight_grid
        bands = [content.short_reason(u) for u in matrix.undefined]
        self.cells["weights"].neutral = frozenset({keys})
        changed = {
            "scores": self.cells["scores"].set(scores, scored, plain, [None] * rows),
            "logits": self.cells["logits"].set(logits, scaled, masked, [None] * rows),
            "weights": self.cells["weights"].set(weights, weighed, np.hstack([masked, plain[:, :1]]), bands),
        }
        for name, block in changed.items():
            grid = self.grids[name]
            if full or grid.cells.refitted:
                self.fit(name)  # new labels, or the colour scale moved
            grid.fit_bands()
            grid.refresh(block)

    def fill_outputs(self, matrix: AttentionMatrix, scene: Scene) -> None:
        self.matrix = matrix
        self.grids["outputs"].refresh(self.cells["outputs"].set_vectors(matrix.outputs))
        bound = max((abs(x) for v in scene.values for x in v), default=1.0)
        self.grids["outputs"].set_template(content.vector_template(bound, scene.dimension, self.lang))

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
        self.notes.setText("\n".join(content.notes(matrix, self.lang)))

    def cell_text(self, grid: str, i: int, j: int) -> str:
        """What cell (i, j) of a grid shows: its row's words when the row has none."""
        cells = self.cells[grid]
        return cells.bands[i] or cells.text(i, j)

    # ---- looks --------------------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        self.lang = lang
        for cells in self.cells.values():
            cells.set_language(lang)
        self.cells["outputs"].undefined_text = words.undefined_word()
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


def _link(a: GridView, b: GridView, horizontal: bool) -> None:
    """Scroll two grids together (their rows; their columns too when they share them)."""
    pairs = [(a.verticalScrollBar(), b.verticalScrollBar())]
    if horizontal:
        pairs.append((a.horizontalScrollBar(), b.horizontalScrollBar()))
    for x, y in pairs:
        x.valueChanged.connect(y.setValue)
        y.valueChanged.connect(x.setValue)
