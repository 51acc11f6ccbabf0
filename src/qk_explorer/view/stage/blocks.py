"""The stage's blocks: rows of numbers, an attention table, a grid of the Q·Kᵀ matrix, the
lesson's title and words.

Each block is a plain widget of labels in a layout: it fills itself from the
texts content.py makes, takes the stage's type (StageType) and says which of
its labels show numbers and which show words, so the stage can measure and the
tests can check them. A number sits in a label of its own, never wrapped
inside a digit: a long value (a vector, a product written out) breaks only at
its spaces. Values are LiveLabels, so the window holds them at their size
while a drag lasts and a new number only repaints its label.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ..drag.live_label import LiveLabel
from ..drag.runs_label import RunsLabel
from ..widgets.text_runs import FormattedRun
from .content import Grid, Row, Table, more_keys
from .type_size import StageType

TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
TOP_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop
BASELINE_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom


def _label(name: str, rich: bool = True, wraps: bool = True, kind=QLabel) -> QLabel:
    label = kind()
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setWordWrap(wraps)
    label.setAlignment(TOP_LEFT)
    label.setContentsMargins(0, 0, 0, 0)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label


def _value_label(name: str) -> LiveLabel:
    label = _label(name, rich=False, wraps=False, kind=LiveLabel)
    # Opaque: a new number repaints this label alone, not the block behind it.
    label.setAutoFillBackground(True)
    return label


def shown(labels) -> list[QLabel]:
    return [label for label in labels if not label.isHidden() and label.text()]


class Block(QWidget):
    """One piece of the stage."""

    def __init__(self, name: str):
        super().__init__()
        self.setObjectName(f"stage_{name}")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.type: StageType | None = None

    def set_type(self, kind: StageType) -> None:
        self.type = kind

    def number_labels(self) -> list[QLabel]:
        """The labels that show numbers (values), as shown."""
        return []

    def text_labels(self) -> list[QLabel]:
        """The labels that show words (names, headers, the lesson's text), as shown."""
        return []

    def min_width(self) -> int:
        layout = self.layout()
        return layout.totalMinimumSize().width() if layout is not None else 0

    def natural_width(self) -> int:
        """The width in which no number breaks onto a second line."""
        return self.min_width()

    def height_for(self, width: int) -> int:
        layout = self.layout()
        if layout is None:
            return 0
        if layout.hasHeightForWidth():
            return layout.totalHeightForWidth(width)
        return layout.totalSizeHint().height()


class RowsBlock(Block):
    """Quantities one under another: the name right-aligned, the value beside it."""

    def __init__(self, name: str):
        super().__init__(name)
        self._name = name
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setColumnStretch(1, 1)
        self._names: list[QLabel] = []
        self._values: list[LiveLabel] = []
        self._reason = _label(f"stageReason_{name}")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self._grid)
        column.addWidget(self._reason)
        self.ids: list[str] = []

    def set_rows(self, rows: Sequence[Row], reason: str = "") -> None:
        while len(self._names) < len(rows):
            n = len(self._names)
            name, value = _label(f"stageName_{self._name}{n}", wraps=False), _value_label("")
            name.setAlignment(TOP_RIGHT)
            self._grid.addWidget(name, n, 0, TOP_RIGHT)
            self._grid.addWidget(value, n, 1)
            name.show()  # at once, not when Qt gets round to it: the stage measures them now
            value.show()
            self._names.append(name)
            self._values.append(value)
            self._apply_type(name, value)
        for n, (name, value) in enumerate(zip(self._names, self._values, strict=True)):
            if n < len(rows):
                row = rows[n]
                value.setObjectName(f"stageValue_{self._name}_{row.id}")
                if value.wordWrap() != row.wraps:
                    value.setWordWrap(row.wraps)
                name.setText(row.name)
                value.setText(row.value)
            name.setVisible(n < len(rows))
            value.setVisible(n < len(rows))
        self.ids = [row.id for row in rows]
        self._reason.setText(reason)
        self._reason.setVisible(bool(reason))

    def set_type(self, kind: StageType) -> None:
        super().set_type(kind)
        self._grid.setHorizontalSpacing(kind.column_gap)
        self._grid.setVerticalSpacing(kind.row_gap)
        self.layout().setSpacing(kind.row_gap)
        for name, value in zip(self._names, self._values, strict=True):
            self._apply_type(name, value)
        self._reason.setFont(kind.text)

    def _apply_type(self, name: QLabel, value: QLabel) -> None:
        if self.type is not None:
            name.setFont(self.type.number)
            value.setFont(self.type.value)

    def value_text(self, rid: str) -> str:
        return self._values[self.ids.index(rid)].text()

    def name_text(self, rid: str) -> str:
        """A row's name as read: "q₂·k₁"."""
        return QTextDocumentFragment.fromHtml(self._names[self.ids.index(rid)].text()).toPlainText()

    def natural_width(self) -> int:
        rows = len(self.ids)
        if not rows:
            return self.min_width()
        names = max(name.sizeHint().width() for name in self._names[:rows])
        values = max(value.fontMetrics().horizontalAdvance(value.text()) + 2 for value in self._values[:rows])
        return max(self.min_width(), names + self._grid.horizontalSpacing() + values)

    def number_labels(self) -> list[QLabel]:
        return shown(self._values)

    def text_labels(self) -> list[QLabel]:
        return shown([*self._names, self._reason])


class TableBlock(Block):
    """One scoring rule over the keys: a row per key (score, scaled logit, weight), then the
    scale, Σ weights and the output, and notes (masked keys, dropout, why nothing is defined)."""

    COLUMNS = ("score", "logit", "weight")

    def __init__(self, name: str):
        super().__init__(name)
        self._name = name
        self._caption = _label(f"stageCaption_{name}")
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._headers = []
        for c, column in enumerate(self.COLUMNS):
            header = _label(f"stageHeader_{name}_{column}", rich=False, wraps=False)
            header.setAlignment(BASELINE_RIGHT)
            self._grid.addWidget(header, 0, c + 1, BASELINE_RIGHT)
            self._headers.append(header)
        self._grid.setColumnStretch(len(self.COLUMNS) + 1, 1)  # the table keeps to the left
        self._keys: list[QLabel] = []
        self._cells: list[list[LiveLabel]] = []
        self._more = _label(f"stageMore_{name}", rich=False)
        self.summary = RowsBlock(f"{name}Summary")
        self._notes = _label(f"stageNotes_{name}")
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
            name = _label("", wraps=False)
            self._grid.addWidget(name, r + 1, 0, TOP_LEFT)
            name.show()
            cells = []
            for c in range(len(self.COLUMNS)):
                cell = _value_label("")
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
        self._caption = _label(f"stageCaption_{name}", wraps=False)
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._notes = _label(f"stageNotes_{name}")
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
        self._notes.setText("<br>".join(grid.notes))
        self._notes.setVisible(bool(grid.notes))

    def _rebuild(self, rows: int, cols: int) -> None:
        for widget in (*self._headers, *self._names, *self._cells.values()):
            self._grid.removeWidget(widget)
            widget.setParent(None)  # gone at once: the stage looks for what covers what now
            widget.deleteLater()
        self._headers = [_label(f"stageHeader_{self._name}_{c}", wraps=False) for c in range(cols)]
        self._names = [_label(f"stageRow_{self._name}_{r}", wraps=False) for r in range(rows)]
        self._cells = {}
        for c, header in enumerate(self._headers):
            header.setAlignment(BASELINE_RIGHT)
            self._grid.addWidget(header, 0, c + 1, BASELINE_RIGHT)
        for r, name in enumerate(self._names):
            self._grid.addWidget(name, r + 1, 0, TOP_LEFT)
            for c in range(cols):
                cell = _value_label(f"stageValue_{self._name}_{r}_{c}")
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

    def number_labels(self) -> list[QLabel]:
        return shown(self._cells.values())

    def text_labels(self) -> list[QLabel]:
        return shown([self._caption, *self._headers, *self._names, self._notes])


class TitleBlock(Block):
    def __init__(self):
        super().__init__("title")
        self.label = _label("stageTitle")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)

    def set_title(self, html: str) -> None:
        self.label.setText(html)

    def set_type(self, kind: StageType) -> None:
        super().set_type(kind)
        self.label.setFont(kind.title)

    def text_labels(self) -> list[QLabel]:
        return shown([self.label])


class WordsBlock(Block):
    """The lesson's paragraphs for the step, wrapped to the block's width. When there is no
    room for them all, the first `keep` are shown (Stage decides)."""

    def __init__(self):
        super().__init__("words")
        self._paragraphs: list[RunsLabel] = []
        self._count = 0
        self._keep: int | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    @property
    def count(self) -> int:
        return self._count

    def set_paragraphs(self, paragraphs: Sequence[tuple[str, Sequence[FormattedRun]]]) -> None:
        """Each paragraph as (HTML, the same text as runs of formatted text)."""
        while len(self._paragraphs) < len(paragraphs):
            label = _label(f"stageParagraph{len(self._paragraphs)}", kind=RunsLabel)
            label.setAutoFillBackground(True)
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
            if self.type is not None:
                label.setFont(self.type.text)
            self.layout().addWidget(label)
            label.show()
            self._paragraphs.append(label)
        for n, label in enumerate(self._paragraphs):
            if n < len(paragraphs):
                label.set_runs(*paragraphs[n])
            else:
                label.setText("")
        self._count = len(paragraphs)
        self._show_kept()

    def keep(self, n: int | None) -> None:
        """Show only the first n paragraphs (None: all)."""
        self._keep = n
        self._show_kept()

    def _show_kept(self) -> None:
        limit = self._count if self._keep is None else min(self._keep, self._count)
        for n, label in enumerate(self._paragraphs):
            here = n < limit
            if label.isHidden() == here:
                label.setVisible(here)

    @property
    def kept(self) -> int:
        return self._count if self._keep is None else min(self._keep, self._count)

    def set_type(self, kind: StageType) -> None:
        super().set_type(kind)
        self.layout().setSpacing(round(kind.gap * 0.6))
        for label in self._paragraphs:
            label.setFont(kind.text)

    def paragraph_texts(self) -> list[str]:
        return [label.text() for label in self._paragraphs[: self.kept]]

    def text_labels(self) -> list[QLabel]:
        return shown(self._paragraphs[: self.kept])
