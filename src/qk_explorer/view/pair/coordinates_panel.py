"""Coordinates of every vector, typed or read: one row per vector, one column per axis.

The spin boxes follow the canvas while it is dragged, and typing a value is an
ordinary undoable edit. They are made when the panel first comes on screen (or a box is
asked for): a scene of 64 queries and keys has 129 rows of them, and a panel in a tab
behind another need not make any. They commit on Enter or when focus leaves, not on
every keystroke, and write numbers as the other panels do. The dimension box
changes every vector at once, as one undo step: coordinates that remain keep
their values, new ones start at 0.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...model import Results, Scene
from ...model.scene import COORDINATE_LIMIT, QUERY, UI_MAX_DIMENSION, VectorRef, key_ref, value_ref
from ...text.names import subscript
from .. import words
from ..contract import Update
from ..controller import SceneController
from ..theme import Theme
from ..widgets.number_spin import NumberSpin, WholeNumberSpin, is_being_edited

DECIMALS = 3


class CoordinatesPanel(QWidget):
    def __init__(self, controller: SceneController, parent=None):
        super().__init__(parent)
        self.setObjectName("coordinatesPanel")
        self._controller = controller
        self._dimension_label = QLabel()
        self._dimension = WholeNumberSpin()
        self._dimension.setObjectName("dimension")
        self._dimension.setRange(1, UI_MAX_DIMENSION)
        self._dimension.setKeyboardTracking(False)
        self._dimension.valueChanged.connect(self._dimension_edited)
        top = QHBoxLayout()
        top.addWidget(self._dimension_label)
        top.addWidget(self._dimension)
        top.addStretch(1)
        self._table = QTableWidget(self)
        self._table.setObjectName("coordinatesTable")
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self._table.setCornerButtonEnabled(False)  # nothing to select: the corner button does nothing
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self._table)
        self._refs: list[VectorRef] = []
        self._spins: list[list[NumberSpin]] = []
        self._theme: Theme | None = None
        self._lang = "en"
        self._last: tuple[Scene, Results] | None = None
        self._dock: QDockWidget | None = None
        self._on_screen = False  # its dock in front (a dock in a tab behind another is "visible")
        self.retranslate()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._dock is None:
            self._dock = self._holding_dock()
            if self._dock is None:  # not docked: on screen whenever shown
                self._on_screen = True
                self._show_rows()
            else:
                self._dock.visibilityChanged.connect(self._dock_visibility)
                self._dock_visibility(not self._dock.visibleRegion().isEmpty())

    def _holding_dock(self) -> QDockWidget | None:
        widget = self.parentWidget()
        while widget is not None and not isinstance(widget, QDockWidget):
            widget = widget.parentWidget()
        return widget

    def _dock_visibility(self, visible: bool) -> None:
        self._on_screen = visible
        if visible:
            self._show_rows()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._colour_headers()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self._dimension.setLocale(QLocale(lang))
        for row in self._spins:
            for spin in row:
                spin.set_language(lang)
        self.retranslate()

    def retranslate(self) -> None:
        self._dimension_label.setText(self.tr("Dimension n"))
        self._dimension.setAccessibleName(self.tr("Dimension n"))
        self._table.setAccessibleName(self.tr("Coordinates of every vector"))
        self._dimension.setToolTip(
            self.tr("How many coordinates every vector has (1 to {n})").format(n=UI_MAX_DIMENSION)
        )
        for r, row in enumerate(self._spins):
            for axis, spin in enumerate(row):
                spin.setAccessibleName(
                    self.tr("{vector}, coordinate {axis}").format(
                        vector=self._row_name(self._refs[r]), axis=axis + 1
                    )
                )

    def spin(self, ref: VectorRef, axis: int) -> NumberSpin:
        self._show_rows()
        return self._spins[self._refs.index(ref)][axis]

    def highlight(self, ids) -> None:
        pass  # nothing here is a lesson row

    def render(self, update: Update) -> None:
        scene, results = update.scene, update.results
        self._last = (scene, results)
        self._dimension.blockSignals(True)
        # A file may bring more dimensions than the box offers: show the truth, allow going down.
        self._dimension.setMaximum(max(UI_MAX_DIMENSION, scene.dimension))
        self._dimension.setValue(scene.dimension)
        self._dimension.setEnabled(scene.tokens is None)  # a token scene's dimension is its matrices'
        self._dimension.blockSignals(False)
        if self._on_screen:
            self._show_rows()

    def _show_rows(self) -> None:
        """The table as the last scene rendered has it: its rows made anew if it has others."""
        if self._last is None:
            return
        scene = self._last[0]
        refs = [QUERY]
        for i in range(scene.key_count):
            refs.append(key_ref(i))
        for i in range(scene.key_count):
            refs.append(value_ref(i))
        if refs != self._refs or not self._spins or len(self._spins[0]) != scene.dimension:
            self._rebuild(refs, scene.dimension)
        for ref, row in zip(self._refs, self._spins, strict=True):
            for axis, x in enumerate(scene.vector(ref)):
                spin = row[axis]
                if spin.value() != round(x, DECIMALS) and not is_being_edited(spin):
                    spin.blockSignals(True)
                    spin.setValue(x)
                    spin.blockSignals(False)

    def _rebuild(self, refs: list[VectorRef], dimension: int) -> None:
        # A box being typed in commits its text when it is hidden: not into a scene that has just
        # changed shape, and not in the middle of this rebuild.
        for row in self._spins:
            for spin in row:
                spin.blockSignals(True)
        self._refs = refs
        self._table.clear()
        self._table.setRowCount(len(refs))
        self._table.setColumnCount(dimension)
        self._table.setHorizontalHeaderLabels([f"x{subscript(i + 1)}" for i in range(dimension)])
        self._spins = []
        for r, ref in enumerate(refs):
            self._table.setVerticalHeaderItem(r, QTableWidgetItem(self._row_name(ref)))
            row = []
            for axis in range(dimension):
                spin = NumberSpin()
                spin.set_language(self._lang)
                spin.setRange(-COORDINATE_LIMIT, COORDINATE_LIMIT)
                spin.setDecimals(DECIMALS)
                spin.setSingleStep(self._controller.snap_step)
                spin.setKeyboardTracking(False)
                spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
                spin.setAlignment(Qt.AlignmentFlag.AlignRight)
                spin.setFrame(False)
                spin.valueChanged.connect(
                    lambda x, ref=ref, axis=axis: self._controller.set_coordinate(ref, axis, x)
                )
                self._table.setCellWidget(r, axis, spin)
                row.append(spin)
            self._spins.append(row)
        self._colour_headers()
        self.retranslate()

    def _row_name(self, ref: VectorRef) -> str:
        if ref == QUERY:
            return "q"
        return words.key_name(ref.index) if ref.kind.value == "key" else words.value_name(ref.index)

    def _colour_headers(self) -> None:
        if self._theme is None:
            return
        for r, ref in enumerate(self._refs):
            item = self._table.verticalHeaderItem(r)
            if item is not None:
                role = {"query": "query", "key": "key", "value": "value"}[ref.kind.value]
                item.setForeground(QColor(getattr(self._theme, role)))

    def _dimension_edited(self, n: int) -> None:
        self._controller.set_dimension(n)
