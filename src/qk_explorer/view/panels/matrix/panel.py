"""The Q·Kᵀ matrix panel: scores, scaled logits and weights of every query at once, linked.

Three grids share their rows (q₁ … q_L) and columns (k₁ … k_S) — scrolled
together, the selected pair outlined in each — and a fourth column holds each
row's output W·V. Every number comes from Results.matrix; the panel formats
and colours it (cells.py) and repaints only the cells that changed: one row
when a query moves, one column of scores and logits (and the weights, which
softmax couples) when a key does, the outputs when a value does.

Pointing at a cell selects its pair (pointer.py); a click pins it, a click
with Ctrl — or any click while "mask by click" is on — masks or unmasks that
one pair as an undoable edit. Above the grids: causal masking and adding or
removing queries.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from ....model import Results, Scene
from ....model.change import EVERYTHING, SceneChange
from ....model.lesson import MATRIX_ROWS
from ....model.scene import UI_MAX_QUERIES, Kind
from ....text import numbers
from ... import words
from ...theme import Theme
from . import texts
from .cells import DIVERGING_MAP, SEQUENTIAL_MAP, ColourScale, GridCells, VectorCells, as_array
from .grid_view import GridView
from .pointer import PairPointer

GRIDS = ("scores", "logits", "weights", "outputs")
HIGHLIGHTS = MATRIX_ROWS
_GRID_OF = {"matrix_scores": "scores", "matrix_logits": "logits", "matrix_weights": "weights"}
_GRID_OF |= {"matrix_outputs": "outputs"}


class MatrixPanel(QWidget):
    highlightChanged = Signal(object)  # the set of ids now highlighted

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.setObjectName("matrixPanel")
        self._controller = controller
        self._lang = "en"
        self._theme: Theme | None = None
        self._scene: Scene | None = None
        self._matrix = None
        self._shape: tuple[int, int] | None = None
        self._highlighted: set[str] = set()
        self._syncing = False
        self.pointer = PairPointer(controller, self)
        self.pointer.pinChanged.connect(self._pin_changed)

        self.causal_box = QCheckBox(objectName="matrixCausal")
        self.causal_box.toggled.connect(lambda on: self._syncing or controller.set_causal(on))
        self.add_button = QPushButton(objectName="matrixAddQuery")
        self.add_button.clicked.connect(controller.add_query)
        self.remove_button = QPushButton(objectName="matrixRemoveQuery")
        self.remove_button.clicked.connect(lambda: controller.remove_query(controller.scene.selected_query))
        self.mask_button = QPushButton(objectName="matrixMaskByClick", checkable=True)
        self.pinned_label = QLabel(objectName="matrixPinned")
        self.pinned_label.hide()
        controls = QHBoxLayout()
        for widget in (self.causal_box, self.add_button, self.remove_button, self.mask_button):
            controls.addWidget(widget)
        controls.addWidget(self.pinned_label)
        controls.addStretch(1)

        self.cells = {
            "scores": GridCells(ColourScale(DIVERGING_MAP, diverging=True)),
            "logits": GridCells(ColourScale(DIVERGING_MAP, diverging=True)),
            "weights": GridCells(ColourScale(SEQUENTIAL_MAP, diverging=False)),
            "outputs": VectorCells(),
        }
        self.cells["logits"].masked_text = "−∞"
        self.grids_area = QWidget(objectName="matrixGrids")
        self.grids_area.installEventFilter(self)  # the pointer leaving all the grids
        grid_layout = QGridLayout(self.grids_area)
        grid_layout.setContentsMargins(0, 0, 0, 0)
        self.grids: dict[str, GridView] = {}
        self.titles: dict[str, QLabel] = {}
        for column, name in enumerate(GRIDS):
            title = self.titles[name] = QLabel(objectName=f"matrixTitle_{name}")
            grid = self.grids[name] = GridView(f"matrix_{name}", self.cells[name])
            grid.hovered.connect(lambda i, j, n=name: self._hovered(n, i, j))
            grid.clicked.connect(lambda i, j, mods, n=name: self._clicked(n, i, j, mods))
            grid.escaped.connect(self.pointer.release)
            grid.tooltip = lambda i, j, n=name: self._tooltip(n, i, j)
            grid_layout.addWidget(title, 0, column, Qt.AlignmentFlag.AlignBottom)
            grid_layout.addWidget(grid, 1, column, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.notes = QLabel(objectName="matrixNotes", wordWrap=True)
        grid_layout.addWidget(self.notes, 2, 0, 1, len(GRIDS) + 1, Qt.AlignmentFlag.AlignTop)
        grid_layout.setColumnStretch(len(GRIDS), 1)
        grid_layout.setRowStretch(3, 1)  # room to spare goes under the notes
        for a, b in (("scores", "logits"), ("logits", "weights"), ("weights", "outputs")):
            self._link(self.grids[a], self.grids[b], horizontal=b != "outputs")
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.grids_area, 1)
        self.retranslate()

    @staticmethod
    def _link(a: GridView, b: GridView, horizontal: bool) -> None:
        """Scroll two grids together (their rows; their columns too when they share them)."""
        pairs = [(a.verticalScrollBar(), b.verticalScrollBar())]
        if horizontal:
            pairs.append((a.horizontalScrollBar(), b.horizontalScrollBar()))
        for x, y in pairs:
            x.valueChanged.connect(y.setValue)
            y.valueChanged.connect(x.setValue)

    # ---- the View contract ------------------------------------------------------------------

    def show_results(self, scene: Scene, results: Results, change: SceneChange = EVERYTHING) -> None:
        self._scene = scene
        full = change.everything or self._shape != (scene.query_count, scene.key_count)
        moved = {ref.kind for ref in change.moved if ref.index is not None}
        if full or Kind.QUERY in moved or Kind.KEY in moved:
            self._fill_numbers(results.matrix, full)
        if full or moved:
            self._fill_outputs(results.matrix, scene)
        if full:
            self._fill_words(scene)
        if full or change.selection:
            selected = (scene.selected_query, scene.selected_key)
            self.pointer.check(selected)
            for name, grid in self.grids.items():
                grid.select(selected if name != "outputs" else (selected[0], -1))

    def _fill_numbers(self, matrix, full: bool) -> None:
        self._matrix = matrix
        rows, keys = matrix.shape
        scores, scored = as_array(matrix.scores, keys)
        logits, scaled = as_array(matrix.logits, keys)
        masked = ~np.array(matrix.mask, dtype=bool)
        unmasked = np.zeros_like(masked)
        weight_rows = [None if r.weights is None else (*r.weights, r.weight_sum) for r in matrix.rows]
        weights, weighed = as_array(weight_rows, keys + 1)
        bands = [texts.short_reason(u) for u in matrix.undefined]
        self.cells["weights"].neutral = frozenset({keys})
        changed = {
            "scores": self.cells["scores"].set(scores, scored, unmasked, [None] * rows),
            "logits": self.cells["logits"].set(logits, scaled, masked, [None] * rows),
            "weights": self.cells["weights"].set(
                weights, weighed, np.hstack([masked, unmasked[:, :1]]), bands
            ),
        }
        for name, block in changed.items():
            grid = self.grids[name]
            if full or block == (0, rows, 0, grid.cells.shape[1]):
                self._fit(name)
            grid.fit_bands()
            grid.refresh(block)

    def _fill_outputs(self, matrix, scene: Scene) -> None:
        self._matrix = matrix
        block = self.cells["outputs"].set_vectors(matrix.outputs)
        self.grids["outputs"].refresh(block)
        bound = max((abs(x) for v in scene.values for x in v), default=1.0)
        self.grids["outputs"].set_template(texts.vector_template(bound, scene.dimension, self._lang))

    def _fit(self, name: str) -> None:
        """A grid's cell width for the numbers it may show, and its labels."""
        grid, rows, keys = self.grids[name], *self._matrix.shape
        scale = self.cells[name].scale
        grid.set_template(texts.cell_template(scale.bound, self._lang, signed=scale.diverging))
        columns = [words.key_name(j) for j in range(keys)] + (["Σ"] if name == "weights" else [])
        inks = ["key"] * keys + (["foreground"] if name == "weights" else [])
        grid.set_labels([texts.query_name(i) for i in range(rows)], columns, inks)

    def _fill_words(self, scene: Scene) -> None:
        matrix = self._matrix
        self._shape = (scene.query_count, scene.key_count)
        self.grids["outputs"].set_labels(
            [texts.query_name(i) for i in range(scene.query_count)], ["W·V"], ["output"]
        )
        for name, title in texts.titles(matrix, self._lang, scene.dropout_p > 0).items():
            self.titles[name].setText(title)
        self.notes.setText("\n".join(texts.notes(matrix, self._lang)))
        self._syncing = True
        self.causal_box.setChecked(scene.causal)
        self._syncing = False
        self.add_button.setEnabled(scene.query_count < UI_MAX_QUERIES)
        self.remove_button.setEnabled(scene.query_count > 1)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        for grid in self.grids.values():
            grid.set_theme_colours(theme)
        self._apply_highlight()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for cells in self.cells.values():
            cells.format = lambda x, lang=lang: numbers.number(x, lang, texts.PLACES)
            cells.forget()
        self.cells["outputs"].format_vector = lambda v, lang=lang: texts.vector_text(v, lang)
        self.retranslate()

    def highlight(self, ids) -> None:
        self._highlighted = set(ids) & set(HIGHLIGHTS)
        self._apply_highlight()
        self.highlightChanged.emit(set(self._highlighted))

    def highlighted(self) -> set[str]:
        return set(self._highlighted)

    def _apply_highlight(self) -> None:
        lit = {_GRID_OF[i] for i in self._highlighted if i in _GRID_OF}
        sums = "matrix_sums" in self._highlighted
        ground = self._theme.highlight if self._theme is not None else "#fff3c4"
        for name, grid in self.grids.items():
            grid.highlighted = name in lit
            grid.highlighted_columns = (
                frozenset({grid.cells.shape[1] - 1}) if name == "weights" and sums else frozenset()
            )
            grid.viewport().update()
            on = name in lit or (name == "weights" and sums)
            self.titles[name].setStyleSheet(f"background: {ground};" if on else "")

    def retranslate(self) -> None:
        self.causal_box.setText(self.tr("Causal (qᵢ sees k₁ … kᵢ)"))
        self.causal_box.setToolTip(
            self.tr("PyTorch's is_causal: each query sees only the keys up to its own position")
        )
        self.add_button.setText(self.tr("Add query"))
        self.remove_button.setText(self.tr("Remove selected query"))
        self.mask_button.setText(self.tr("Mask by click"))
        self.mask_button.setToolTip(
            self.tr("While on, a click on a cell masks or unmasks that pair (as Ctrl+click does)")
        )
        self._pin_changed(self.pointer.pinned)
        self.cells["outputs"].undefined_text = words.undefined_word()
        self.cells["outputs"].forget()
        if self._scene is not None and self._matrix is not None:
            self._fill_words(self._scene)
            for name in ("scores", "logits", "weights"):
                self._fit(name)
            for grid in self.grids.values():
                grid.viewport().update()

    # ---- input ------------------------------------------------------------------------------

    def _hovered(self, grid: str, i: int, j: int) -> None:
        keys = self._controller.scene.key_count
        self.pointer.point(i, j if j < keys and grid != "outputs" else -1)

    def _clicked(self, grid: str, i: int, j: int, modifiers) -> None:
        scene = self._controller.scene
        on_key = grid != "outputs" and j < scene.key_count
        masking = bool(modifiers & Qt.KeyboardModifier.ControlModifier) or self.mask_button.isChecked()
        if masking and on_key:
            if scene.causal and j > i:
                QToolTip.showText(
                    QCursor.pos(), self.tr("Causal masking hides this pair: turn it off to change it.")
                )
                return
            self._controller.toggle_cell_mask(i, j)
            return
        self.pointer.pin((i, j if on_key else scene.selected_key))

    def _pin_changed(self, pair) -> None:
        self.pinned_label.setVisible(pair is not None)
        if pair is not None:
            name = f"{texts.query_name(pair[0])}·{words.key_name(pair[1])}"
            self.pinned_label.setText(self.tr("Pinned: {pair} — Esc releases").format(pair=name))

    def eventFilter(self, watched, event) -> bool:
        if watched is self.grids_area and event.type() == QEvent.Type.Leave:
            self.pointer.leave()
        return False

    def _tooltip(self, grid: str, i: int, j: int) -> str:
        matrix, scene = self._matrix, self._scene
        if matrix is None or i >= matrix.shape[0]:
            return ""
        return texts.cell_tip(grid, matrix, i, j, self._lang, scene.causal and j > i)

    def picture_notes(self) -> str:
        """The notes a picture of the grids carries (not how to point at them)."""
        return "\n".join(texts.notes(self._matrix, self._lang, hint=False)) if self._matrix else ""

    def cell_text(self, grid: str, i: int, j: int) -> str:
        """What cell (i, j) of a grid shows ("scores", "logits", "weights", "outputs"): its words
        when its row has none, as a person reads it."""
        cells = self.cells[grid]
        return cells.bands[i] or cells.text(i, j)
