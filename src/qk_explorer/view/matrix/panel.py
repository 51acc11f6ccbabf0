"""The Q·Kᵀ matrix panel: scores, scaled logits and weights of every query at once, linked.

Three grids share their rows (q₁ … q_L) and columns (k₁ … k_S) — scrolled
together, the selected pair outlined in each — and a fourth column holds each
row's output W·V (grids.py). Every number comes from Results.matrix; the panel
formats and colours it (cells.py) and repaints only the cells that changed: one
row when a query moves, a column of scores and logits (and the weights, which
softmax couples) when a key does, the outputs when a value does.

Pointing at a cell selects its pair (pointer.py); a click pins it, a click
with Ctrl — or any click while "mask by click" is on — masks or unmasks that
one pair as an undoable edit. Above the grids: causal masking and adding or
removing queries.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QToolTip, QVBoxLayout, QWidget

from ...model import Scene
from ...model.lesson import MATRIX_ROWS
from ...model.practice.wrong_attention import wrong_attention
from ...model.scene import UI_MAX_QUERIES, Kind
from ...text.practice.prompts import mistake_name
from ...text.withheld import MARK
from .. import words
from ..contract import Update
from ..theme import Theme
from ..widgets.pair_pointer import PairPointer
from . import content
from .grids import GRIDS, MISTAKE_GRIDS, MatrixGrids

HIGHLIGHTS = MATRIX_ROWS
_GRID_OF = {"matrix_scores": "scores", "matrix_logits": "logits", "matrix_weights": "weights"}
_GRID_OF |= {"matrix_outputs": "outputs"}


class MatrixPanel(QWidget):
    highlightChanged = Signal(object)  # the set of ids now highlighted

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.setObjectName("matrixPanel")
        self._controller = controller
        self._theme: Theme | None = None
        self._scene: Scene | None = None
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

        self.grids_area = MatrixGrids()
        self.grids_area.hovered.connect(self._hovered)
        self.grids_area.clicked.connect(self._clicked)
        self.grids_area.escaped.connect(self.pointer.release)
        self.grids_area.left.connect(self.pointer.leave)
        self.grids, self.cells = self.grids_area.grids, self.grids_area.cells
        self.titles, self.notes = self.grids_area.titles, self.grids_area.notes
        for name, grid in self.grids.items():
            grid.tooltip = lambda i, j, n=name: self._tooltip(n, i, j)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.grids_area, 1)
        self.retranslate()

    # ---- the View contract ------------------------------------------------------------------

    def render(self, update: Update) -> None:
        scene, results, change = update.scene, update.results, update.change
        self._scene = scene
        full = change.everything or self._shape != (scene.query_count, scene.key_count)
        moved = {ref.kind for ref in change.moved if ref.index is not None}
        if full or Kind.QUERY in moved or Kind.KEY in moved:
            self.grids_area.fill_numbers(results.matrix, full, update.withheld)
        if full or moved:
            self.grids_area.fill_outputs(results.matrix, scene, update.withheld)
        if full or (moved and update.mistake is not None):
            wrong = None if update.mistake is None else wrong_attention(scene, update.mistake, results.matrix)
            lang = self.grids_area.lang
            title = "" if update.mistake is None else mistake_name(update.mistake, lang)
            self.grids_area.fill_mistake(wrong, title, scene)
        if full:
            self._shape = (scene.query_count, scene.key_count)
            self._fill_controls(scene)
        if full or change.selection:
            selected = (scene.selected_query, scene.selected_key)
            self.pointer.check(selected)
            for name, grid in self.grids.items():
                grid.select(selected if name != "outputs" else (selected[0], -1))

    def _fill_controls(self, scene: Scene) -> None:
        self.grids_area.fill_words(scene)
        self._syncing = True
        self.causal_box.setChecked(scene.causal)
        self._syncing = False
        free = scene.tokens is None  # a token scene's queries come from its tokens
        self.add_button.setEnabled(free and scene.query_count < UI_MAX_QUERIES)
        self.remove_button.setEnabled(free and scene.query_count > 1)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.grids_area.set_theme(theme)
        self._apply_highlight()

    def set_language(self, lang: str) -> None:
        self.grids_area.set_language(lang)
        self.retranslate()

    def highlight(self, ids) -> None:
        self._highlighted = set(ids) & set(HIGHLIGHTS)
        self._apply_highlight()
        self.highlightChanged.emit(set(self._highlighted))

    def highlighted(self) -> set[str]:
        return set(self._highlighted)

    def _apply_highlight(self) -> None:
        lit = {_GRID_OF[i] for i in self._highlighted if i in _GRID_OF}
        ground = self._theme.highlight if self._theme is not None else "#fff3c4"
        self.grids_area.set_highlight(lit, "matrix_sums" in self._highlighted, ground)

    def retranslate(self) -> None:
        self.causal_box.setText(self.tr("Causal (qᵢ sees k₁ … kᵢ)"))
        self.causal_box.setToolTip(
            self.tr("PyTorch's is_causal: each query sees only the keys up to its own position")
        )
        self.add_button.setText(words.add_query())
        self.remove_button.setText(self.tr("Remove selected query"))
        self.mask_button.setText(self.tr("Mask by click"))
        self.mask_button.setToolTip(
            self.tr("While on, a click on a cell masks or unmasks that pair (as Ctrl+click does)")
        )
        self._pin_changed(self.pointer.pinned)
        if self._scene is not None and self.grids_area.matrix is not None:
            self._fill_controls(self._scene)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

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
                tip = self.tr("Causal masking hides this pair: turn it off to change it.")
                QToolTip.showText(QCursor.pos(), tip)
                return
            self._controller.toggle_cell_mask(i, j)
            return
        self.pointer.pin((i, j if on_key else scene.selected_key))

    def _pin_changed(self, pair) -> None:
        self.pinned_label.setVisible(pair is not None)
        if pair is not None:
            name = f"{words.query_name(pair[0])}·{words.key_name(pair[1])}"
            self.pinned_label.setText(self.tr("Pinned: {pair} — Esc releases").format(pair=name))

    def _tooltip(self, grid: str, i: int, j: int) -> str:
        matrix, scene = self.grids_area.matrix, self._scene
        if matrix is None or i >= matrix.shape[0]:
            return ""
        if f"matrix_{grid}" in self.grids_area.withheld:
            return MARK
        if grid in MISTAKE_GRIDS:
            return ""
        return content.cell_tip(grid, matrix, i, j, self.grids_area.lang, scene.causal and j > i)

    # ---- reading (tests, the picture) -----------------------------------------------------------

    def cell_text(self, grid: str, i: int, j: int) -> str:
        """What cell (i, j) of a grid ("scores", "logits", "weights", "outputs") shows, as read."""
        return self.grids_area.cell_text(grid, i, j)

    def picture_notes(self) -> str:
        """The notes a picture of the grids carries (not how to point at them)."""
        matrix = self.grids_area.matrix
        area = self.grids_area
        return (
            "\n".join(content.notes(matrix, area.lang, hint=False, withheld=area.withheld)) if matrix else ""
        )


__all__ = ["GRIDS", "MatrixPanel"]
