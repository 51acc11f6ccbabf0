"""The stage's blocks with a row per key or per query: an attention table, a grid of the Q·Kᵀ matrix.

As every block (blocks.py), they fill themselves from a part's texts (parts.Table, parts.Grid),
take the stage's type, and dim a masked key's numbers as the panels do.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout

from ..drag.live_label import LiveLabel
from .blocks import BASELINE_RIGHT, TOP_LEFT, TOP_RIGHT, Block, RowsBlock, make_label, shown, value_label
from .parts import Grid, Table, more_keys
from .type_size import StageType


class TableBlock(Block):
    """One scoring rule over the keys: a row per key (score, scaled logit, weight), then the
    scale, Σ weights and the output, and notes (masked keys, dropout, why nothing is defined)."""

    COLUMNS = ("score", "logit", "weight")

    def __init__(self, name: str):
        super().__init__(name)
        self._name = name
        self._caption = make_label(f"stageCaption_{name}")
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._headers = []
        for c, column in enumerate(self.COLUMNS):
            header = make_label(f"stageHeader_{name}_{column}", rich=False, wraps=False)
            header.setAlignment(BASELINE_RIGHT)
            self._grid.addWidget(header, 0, c + 1, BASELINE_RIGHT)
            self._headers.append(header)
        self._grid.setColumnStretch(len(self.COLUMNS) + 1, 1)  # the table keeps to the left
        self._keys: list[QLabel] = []
        self._cells: list[list[LiveLabel]] = []
        self._more = make_label(f"stageMore_{name}", rich=False)
        self.summary = RowsBlock(f"{name}Summary")
        self._notes = make_label(f"stageNotes_{name}")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self._caption)
        column.addLayout(self._grid)
        column.addWidget(self._more)
        column.addWidget(self.summary)
        column.addWidget(self._notes)
        self.keys: tuple[int, ...] = ()

    def set_table(self, table: Table) -> None:
        self._caption.setText(f"<b>{table.caption}</b>" if table.caption else "")
        self._caption.setVisible(bool(table.caption))
        for header, text in zip(self._headers, table.headers, strict=True):
            header.setText(text)
        rows = len(table.keys)
        while len(self._keys) < rows:
            r = len(self._keys)
            name = make_label("", wraps=False)
            self._grid.addWidget(name, r + 1, 0, TOP_LEFT)
            name.show()
            cells = []
            for c in range(len(self.COLUMNS)):
                cell = value_label("")
                cell.setAlignment(TOP_RIGHT)
                self._grid.addWidget(cell, r + 1, c + 1, TOP_RIGHT)
                cell.show()
                cells.append(cell)
            self._keys.append(name)
            self._cells.append(cells)
            self._apply_type(name, cells)
        for r, (name, cells) in enumerate(zip(self._keys, self._cells, strict=True)):
            here = r < rows
            if here:
                key = table.keys[r]
                name.setObjectName(f"stageKey_{self._name}_{key}")
                name.setText(table.names[r])
                for column, cell, text in zip(self.COLUMNS, cells, table.cells[r], strict=True):
                    cell.setObjectName(f"stageValue_{self._name}_{column}_{key}")
                    cell.setText(text)
                    self._dim(cell, table.dimmed[r])
            for widget in (name, *cells):
                if widget.isHidden() == here:
                    widget.setVisible(here)
        self.keys = table.keys
        self._more.setText(more_keys(table.hidden))
        self._more.setVisible(bool(table.hidden))
        self.summary.set_rows(table.summary)
        self.summary.setVisible(bool(table.summary))
        self._notes.setText("<br>".join(table.notes))
        self._notes.setVisible(bool(table.notes))

    def set_type(self, kind: StageType) -> None:
        super().set_type(kind)
        self._grid.setHorizontalSpacing(kind.column_gap)
        self._grid.setVerticalSpacing(kind.row_gap)
        self.layout().setSpacing(kind.row_gap)
        for header in self._headers:
            header.setFont(kind.text)
        for label in (self._caption, self._more, self._notes):
            label.setFont(kind.text)
        for name, cells in zip(self._keys, self._cells, strict=True):
            self._apply_type(name, cells)
        self.summary.set_type(kind)

    def _apply_type(self, name: QLabel, cells) -> None:
        if self.type is not None:
            name.setFont(self.type.number)
            for cell in cells:
                cell.setFont(self.type.value)

    def natural_width(self) -> int:
        summary = self.summary.natural_width() if not self.summary.isHidden() else 0
        return max(self.min_width(), summary)

    def cell_text(self, key: int, column: str) -> str:
        return self._cells[self.keys.index(key)][self.COLUMNS.index(column)].text()

    def number_labels(self) -> list[QLabel]:
        return shown([c for cells in self._cells for c in cells]) + self.summary.number_labels()

    def text_labels(self) -> list[QLabel]:
        own = [self._caption, *self._headers, *self._keys, self._more, self._notes]
        return shown(own) + self.summary.text_labels()


class GridBlock(Block):
    """One grid of the matrix of several queries: a row per query, a column per key."""

    def __init__(self, name: str):
        super().__init__(name)
        self._name = name
        self._caption = make_label(f"stageCaption_{name}", wraps=False)
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._notes = make_label(f"stageNotes_{name}")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self._caption)
        column.addLayout(self._grid)
        column.addWidget(self._notes)
        self._headers: list[QLabel] = []
        self._names: list[QLabel] = []
        self._cells: dict[tuple[int, int], LiveLabel] = {}
        self._shape = (0, 0)

    def set_grid(self, grid: Grid) -> None:
        self._caption.setText(f"<b>{grid.caption}</b>")
        rows, cols = len(grid.rows), len(grid.columns)
        if (rows, cols) != self._shape:
            self._rebuild(rows, cols)
        for header, text in zip(self._headers, grid.columns, strict=True):
            header.setText(text)
        for name, text in zip(self._names, grid.rows, strict=True):
            name.setText(text)
        for (r, c), cell in self._cells.items():
            cell.setText(grid.cells[r][c])
            self._dim(cell, grid.dimmed[r][c])
        self._notes.setText("<br>".join(grid.notes))
        self._notes.setVisible(bool(grid.notes))

    def _rebuild(self, rows: int, cols: int) -> None:
        self._dimmed.clear()
        for widget in (*self._headers, *self._names, *self._cells.values()):
            self._grid.removeWidget(widget)
            widget.setParent(None)  # gone at once: the stage looks for what covers what now
            widget.deleteLater()
        self._headers = [make_label(f"stageHeader_{self._name}_{c}", wraps=False) for c in range(cols)]
        self._names = [make_label(f"stageRow_{self._name}_{r}", wraps=False) for r in range(rows)]
        self._cells = {}
        for c, header in enumerate(self._headers):
            header.setAlignment(BASELINE_RIGHT)
            self._grid.addWidget(header, 0, c + 1, BASELINE_RIGHT)
        for r, name in enumerate(self._names):
            self._grid.addWidget(name, r + 1, 0, TOP_LEFT)
            for c in range(cols):
                cell = value_label(f"stageValue_{self._name}_{r}_{c}")
                cell.setAlignment(TOP_RIGHT)
                self._grid.addWidget(cell, r + 1, c + 1, TOP_RIGHT)
                self._cells[r, c] = cell
        self._grid.setColumnStretch(cols + 1, 1)  # the grid keeps to the left
        for widget in (*self._headers, *self._names, *self._cells.values()):
            widget.show()  # at once: the stage measures them now
        self._shape = (rows, cols)
        if self.type is not None:
            self.set_type(self.type)

    def set_type(self, kind: StageType) -> None:
        super().set_type(kind)
        self._grid.setHorizontalSpacing(kind.column_gap)
        self._grid.setVerticalSpacing(kind.row_gap)
        self.layout().setSpacing(kind.row_gap)
        for label in (self._caption, self._notes):
            label.setFont(kind.text)
        for label in (*self._headers, *self._names):
            label.setFont(kind.number)
        for cell in self._cells.values():
            cell.setFont(kind.value)

    def cell_text(self, row: int, column: int) -> str:
        return self._cells[row, column].text()

    def cell_label(self, row: int, column: int) -> QLabel:
        return self._cells[row, column]

    def number_labels(self) -> list[QLabel]:
        return shown(self._cells.values())

    def text_labels(self) -> list[QLabel]:
        return shown([self._caption, *self._headers, *self._names, self._notes])
