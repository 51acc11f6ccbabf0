"""The matrix panel's grids side by side: scores, scaled logits, weights (with Σ), outputs.

Each grid has its title above it and, for the coloured three, its colour key
below; the notes that say how to read them come last. The grids share their
rows, so they scroll together (scores, logits and weights share their columns
too). MatrixGrids turns Results.matrix into each grid's arrays and repaints
only the cells that changed; a pointer leaving all the grids is one signal. A grid an open
check question withholds shows "?" in every cell, on the plain ground (its colours would tell).
A masked logit reads "4.24 → −∞" when the grids have room for it in every column of logits,
else "−∞" alone, its number in its tooltip, where that lets a lesson's small matrix be read whole.
"""

from __future__ import annotations

import contextlib

import numpy as np
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QWidget

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
from .grid_view import SHOWN_COLUMNS, GridView
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
        self._area: QScrollArea | None = None  # the scroll area the panel sits in, once shown
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
        columns = [words.key_name(j) for j in range(keys)] + (["Σ"] if name == "weights" else [])
        inks = ["key"] * keys + (["foreground"] if name == "weights" else [])
        grid.set_labels([words.query_name(i) for i in range(rows)], columns, inks)
        if name == "logits":
            self.fit_masked_logits()
        else:
            grid.set_template(content.cell_template(scale.bound, self.lang, scale.diverging))
        self.legends[name].refresh()

    def fit_masked_logits(self) -> None:
        """A masked logit reads "4.24 → −∞" where the grids have room for that in every column of
        logits, else "−∞" alone (its tooltip keeps the number) when that lets the grids be read
        whole: a lesson's small matrix, on a laptop's screen or with larger type. A matrix too
        wide for the room either way scrolls, its masked logits whole."""
        grid, cells = self.grids["logits"], self.cells["logits"]
        plain, wide = self._logit_templates()
        hatched = bool(cells.masked.any())
        room = self._room()
        # More keys than a grid shows scroll whatever a cell says: the grids' widths go unasked.
        small = cells.shape[1] < SHOWN_COLUMNS
        narrow = (
            small
            and hatched
            and self._width_asked(grid.width_for(wide)) > room >= self._width_asked(grid.width_for(plain))
        )
        if cells.set_narrow(narrow):
            grid.viewport().update()
            self._write_notes()
        grid.set_template(wide if hatched and not narrow else plain)

    def _logit_templates(self) -> tuple[str, str]:
        """The widest a logit's cell may read: unmasked (or −∞ alone), and masked, "−8.88 → −∞"."""
        scale = self.cells["logits"].scale
        plain = content.cell_template(scale.bound, self.lang, scale.diverging)
        return plain, content.cell_template(scale.bound, self.lang, scale.diverging, masked_logits=True)

    @contextlib.contextmanager
    def masked_logits_whole(self):
        """Masked logits as their number then −∞ meanwhile, however narrow the panel: for a picture,
        which has the room."""
        grid, cells = self.grids["logits"], self.cells["logits"]
        narrow, template = cells.narrow, grid.template
        if narrow:
            cells.set_narrow(False)
            grid.set_template(self._logit_templates()[1])
        try:
            yield
        finally:
            if narrow:
                cells.set_narrow(True)
                grid.set_template(template)

    def _width_asked(self, logits_width: int) -> int:
        """The width the grids would ask for (their layout's size hint) were the logits' grid to ask
        for `logits_width`: their column is as wide as the widest of it, its title and colour key."""
        beside = max(self.titles["logits"].sizeHint().width(), self.legends["logits"].sizeHint().width())
        now = max(beside, self.grids["logits"].sizeHint().width())
        return self.layout().sizeHint().width() - now + max(beside, logits_width)

    def _room(self) -> int:
        """The width the grids have without scrolling sideways: what the scroll area holding the
        panel (its dock's) shows, less what lies beside the grids. Never the grids' own width: in a
        scroll area that follows what they ask for, which the form of the masked logits changes
        (deciding by it went round in circles until the stack ran out). The room shown changes with
        the form only through a scroll bar down, and only the right way: "−∞" alone adds a line of
        notes, the bar that line may bring takes room, and that keeps the short form."""
        area = self._area
        if area is None:
            return self.width()
        margins = area.widget().layout().contentsMargins()  # the panel's, round the grids
        return area.viewport().width() - margins.left() - margins.right()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        area = next((w for w in _ancestors(self) if isinstance(w, QScrollArea)), None)
        if area is not self._area:
            if self._area is not None:
                self._area.viewport().removeEventFilter(self)
            self._area = area
            if area is not None:
                area.viewport().installEventFilter(self)
        if self.matrix is not None:
            self.fit_masked_logits()

    def eventFilter(self, watched, event) -> bool:
        # The room changes with what the scroll area shows, and only with it.
        if event.type() == QEvent.Type.Resize and self.matrix is not None:
            self.fit_masked_logits()
        return False

    def event(self, event) -> bool:
        # Before the grids are laid out anew (a grid's size changed: new type, labels, a mistake's
        # grids shown) the logits take the form that fits.
        if self.matrix is not None and event.type() == QEvent.Type.LayoutRequest:
            self.fit_masked_logits()
        return super().event(event)

    def fill_words(self, scene: Scene) -> None:
        """Titles, notes and the outputs' labels: after a change of settings or of language."""
        matrix = self.matrix
        names = [words.query_name(i) for i in range(scene.query_count)]
        self.grids["outputs"].set_labels(names, ["W·V"], ["output"])
        for name, title in content.titles(matrix, self.lang, scene.dropout_p > 0).items():
            self.titles[name].setText(title)
        self._write_notes()

    def _write_notes(self) -> None:
        narrow = self.cells["logits"].narrow
        lines = content.notes(self.matrix, self.lang, withheld=self.withheld, narrow=narrow)
        self.notes.setText("\n".join(lines))

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


def _ancestors(widget: QWidget):
    parent = widget.parentWidget()
    while parent is not None:
        yield parent
        parent = parent.parentWidget()
