"""The attention table: a row per key with its mask, score, scaled logit and weights.

The weight of the other scoring rule has a column while both rules are compared, the
weight after dropout while dropout is on. Rows are built again only when the number
of keys changes. Mid-drag only the rows in sight are filled, their numbers painted in
place (HeldNumbersTable); the others wait until they come into sight, are read, or the
drag ends. Clicking a row selects its key; a row's check box masks or unmasks the key
(painted by MaskCellDelegate: no widget per row; Space flips the current row's).
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QCoreApplication, QRect, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QSizePolicy,
    QStyleOptionViewItem,
    QTableWidgetItem,
)

from ...model.scene import QUERY, key_ref
from .. import words
from ..contract import Update
from ..controller import SceneController
from ..drag.held_table import HeldNumbersTable
from ..theme import Theme
from ..widgets.key_palette import key_colour
from .cells import LOGIT, SCORE, WEIGHT, fill, row_inks
from .columns import COLUMNS, NUMBER_COLUMNS, fit_columns, fit_height, set_headers
from .content import AttentionRows, headers
from .mask_cell import MaskCellDelegate

MASK = COLUMNS.index("mask")
# The lesson's highlight ids that mark a column, and their columns.
HIGHLIGHTED_COLUMNS = {"scores": SCORE, "logits": LOGIT, "weights": WEIGHT}
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CHECKED, UNCHECKED = Qt.CheckState.Checked, Qt.CheckState.Unchecked
# The words keep the attention panel's context: its Spanish catalogue has them under that name.
translate = QCoreApplication.translate


class AttentionTable(HeldNumbersTable):
    def __init__(self, controller: SceneController, parent=None):
        super().__init__(len(COLUMNS), NUMBER_COLUMNS, parent)
        self.setObjectName("attentionTable")
        self.verticalHeader().setVisible(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        header = self.horizontalHeader()
        header.setMinimumSectionSize(20)
        for c in range(len(COLUMNS)):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
            self.setHorizontalHeaderItem(c, QTableWidgetItem())
        self._controller = controller
        self._theme: Theme | None = None
        self._lang = "en"
        self._compare = False
        self._swatches_on = False  # each key's winner map colour beside its name
        self._swatches: dict[str, QIcon] = {}
        self._highlighted: set[str] = set()
        self._mask_cells = MaskCellDelegate(self, self._flip_mask)
        self.setItemDelegateForColumn(MASK, self._mask_cells)
        self._checked: list[bool] = []  # each row's box, as its item holds it (a drag reads no item)
        self._syncing = False
        self._row_inks = row_inks(None)
        self._masked = False  # a key is masked: its logit says "… → −∞", a wider column
        self.itemSelectionChanged.connect(self._selection_changed)
        self.set_language(self._lang)

    # ---- options ------------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._row_inks = row_inks(theme)
        self._apply_highlight()
        self._name_rows()
        self.viewport().update()  # the mask boxes take the theme's look from their stamp

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.setAccessibleName(
            translate("AttentionPanel", "Attention per key: score, scaled logit and weight")
        )
        self._name_rows()

    def set_compare(self, on: bool) -> None:
        """A column for the other scoring rule's weights (from the next render)."""
        self._compare = on

    def set_swatches(self, on: bool) -> None:
        """Each key's winner map colour beside its name."""
        self._swatches_on = on
        self._name_rows()

    def highlight(self, ids) -> None:
        self._highlighted = set(ids)
        self._apply_highlight()

    # ---- content ------------------------------------------------------------------------

    def render(self, update: Update) -> None:
        scene, results, change = update.scene, update.results, update.change
        count = scene.key_count
        rebuilt = count != self.rowCount()
        if rebuilt:
            self._rebuild_rows(count)
        att = results.attention
        # The other rule is computed only when shown (compare on): a drag does not pay for it.
        rows = AttentionRows(scene, results, self._lang, self._compare, update.withheld)
        if rebuilt or change.everything:
            shown = {"other": self._compare, "dropout": att.dropout is not None}
            set_headers(self, headers(att.scoring), shown)
            self._masked = not all(scene.mask)
            self._fit_columns()
        self.fill_rows(partial(self._fill_rows, rows))
        if rebuilt or change.everything or change.selection:
            self._sync_selection(update.drag.active)

    def _fill_rows(self, content: AttentionRows, rows) -> None:
        checked, mask = self._checked, content.mask
        for r in rows:
            if checked[r] != mask[r]:
                checked[r] = mask[r]
                self.item(r, MASK).setCheckState(CHECKED if mask[r] else UNCHECKED)
        fill(self.set_cell, content, self._row_inks, rows)

    def resizeEvent(self, event) -> None:
        # The columns share the width; a new height (the table fitted to its rows, a header
        # grown with its type) leaves them as they are.
        if event.size().width() != event.oldSize().width():
            self._fit_columns()
        super().resizeEvent(event)

    # ---- rows and columns -----------------------------------------------------------------

    def _rebuild_rows(self, count: int) -> None:
        self._syncing = True
        self.setRowCount(count)
        self.forget_cells()
        self._checked = [False] * count
        blanks = _blank_items()
        for r in range(count):
            for c, blank in enumerate(blanks):
                self.setItem(r, c, QTableWidgetItem(blank))
        self._syncing = False
        fit_height(self)
        self._name_rows()
        self._apply_highlight()

    def _name_rows(self) -> None:
        """Each row's key name (with its map colour beside it), and its check box's name and tip."""
        name = translate("AttentionPanel", "{key} takes part")
        tip = translate("AttentionPanel", "Checked: {key} takes part in softmax (mask True)")
        no_swatch, ink = QIcon(), QColor(self._theme.key) if self._theme is not None else None
        for r in range(self.rowCount()):
            key = words.key_name(r)
            box = self.item(r, MASK)
            box.setData(Qt.ItemDataRole.AccessibleTextRole, name.format(key=key))
            box.setToolTip(tip.format(key=key))
            item = self.item(r, 0)
            item.setText(key)
            item.setIcon(self._swatch(r) if self._swatches_on else no_swatch)
            if ink is not None:
                item.setForeground(ink)

    def _swatch(self, index: int) -> QIcon:
        colour = key_colour(index).name()
        if colour not in self._swatches:
            pixmap = QPixmap(12, 12)
            pixmap.fill(key_colour(index))
            self._swatches[colour] = QIcon(pixmap)
        return self._swatches[colour]

    def refit(self) -> None:
        """The panel's type changed: the table, which keeps a type of its own (fit_columns may
        shrink it a little), takes it up again."""
        self._fit_columns()

    def _fit_columns(self) -> None:
        parent = self.parentWidget()
        font = parent.font() if parent is not None else QApplication.font()
        if fit_columns(self, font, self._swatches_on, self._masked):
            self._apply_highlight()  # the headers carry fonts of their own (bold when highlighted)
        fit_height(self)

    def _apply_highlight(self) -> None:
        colour = QColor(self._theme.highlight if self._theme else "#fff3c4")
        for hid, c in HIGHLIGHTED_COLUMNS.items():
            on = hid in self._highlighted
            self.set_column_background(c, QBrush(colour) if on else QBrush())
            font = QFont(self.font())
            font.setBold(on)
            self.horizontalHeaderItem(c).setFont(font)

    # ---- selection and input --------------------------------------------------------------

    def _flip_mask(self, row: int) -> None:
        self._controller.set_mask(row, not self.mask_checked(row))

    def keyPressEvent(self, event) -> None:
        row = self.currentRow()
        if event.key() == Qt.Key.Key_Space and not event.modifiers() and row >= 0:
            self._flip_mask(row)  # as Space on the row's check box did
            return
        super().keyPressEvent(event)

    def _sync_selection(self, active) -> None:
        want = None if active == QUERY or active.index >= self.rowCount() else active.index
        if self.selected_row() == want:
            return
        self._syncing = True
        try:
            if want is None:
                self.clearSelection()
            else:
                self.selectRow(want)
        finally:
            self._syncing = False

    def _selection_changed(self) -> None:
        row = None if self._syncing else self.selected_row()
        if row is not None:
            self._controller.select(key_ref(row))

    # ---- reading (tests and lessons) ------------------------------------------------------

    def selected_row(self) -> int | None:
        rows = self.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def cell_text(self, row: int, column: str) -> str:
        self.fill_waiting_rows()
        if column == "mask":
            return "✓" if self.mask_checked(row) else ""
        c = COLUMNS.index(column)
        return self.cell(row, c)[0] if c in NUMBER_COLUMNS else self.item(row, c).text()

    def column_texts(self, column: str) -> list[str]:
        return [self.cell_text(r, column) for r in range(self.rowCount())]

    def column_shown(self, column: str) -> bool:
        return not self.isColumnHidden(COLUMNS.index(column))

    def header_text(self, column: str) -> str:
        return self.horizontalHeaderItem(COLUMNS.index(column)).text()

    def mask_checked(self, row: int) -> bool:
        """Whether row's box shows checked, as its item (which the delegate paints) holds it."""
        return self.item(row, MASK).checkState() == CHECKED

    def mask_rect(self, row: int) -> QRect:
        """Where row's check box stands, in the viewport's coordinates (for a click)."""
        index = self.model().index(row, MASK)
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        option.rect = self.visualRect(index)
        return self._mask_cells.box_rect(option, index)

    def texts(self) -> list[str]:
        """Every string the table shows: its cells, row by row, then its headers."""
        texts = [self.cell_text(r, c) for r in range(self.rowCount()) for c in COLUMNS]
        return texts + [self.header_text(c) for c in COLUMNS]


def _blank_items() -> list[QTableWidgetItem]:
    """Each column's item as a new row starts, to be copied: one call a cell, not three or four."""
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    blanks = []
    for cid in COLUMNS:
        item = QTableWidgetItem("")
        if cid == "mask":
            item.setFlags(flags | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(UNCHECKED)
        else:
            item.setFlags(flags)
            if cid != "key":
                item.setTextAlignment(RIGHT_MIDDLE)
        blanks.append(item)
    return blanks
