"""The stage's blocks: rows of numbers, an attention table, a grid of the Q·Kᵀ matrix, the
lesson's title and words.

Each block is a plain widget of labels in a layout: it fills itself from the
texts a feature's stage part makes (parts.py), takes the stage's type (StageType) and says which of
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
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ..drag.live_label import LiveLabel
from ..drag.runs_label import RunsLabel
from ..widgets.text_runs import FormattedRun
from .parts import Row
from .type_size import StageType

TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
TOP_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop
BASELINE_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom


def make_label(name: str, rich: bool = True, wraps: bool = True, kind=QLabel) -> QLabel:
    label = kind()
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setWordWrap(wraps)
    label.setAlignment(TOP_LEFT)
    label.setContentsMargins(0, 0, 0, 0)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label


def value_label(name: str) -> LiveLabel:
    label = make_label(name, rich=False, wraps=False, kind=LiveLabel)
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
        self._muted = ""  # the theme's muted ink: a masked key's numbers, dimmed as in the panels
        self._dimmed: dict[QLabel, bool] = {}

    def set_type(self, kind: StageType) -> None:
        self.type = kind

    def set_colours(self, colours: dict[str, str]) -> None:
        self._muted = colours.get("muted", "")
        for label, on in self._dimmed.items():
            label.setStyleSheet(f"color: {self._muted};" if on else "")

    def _dim(self, label: QLabel, on: bool) -> None:
        """Draw a value in the muted ink (a masked key's), or in the text's."""
        if self._dimmed.get(label, False) != on:
            self._dimmed[label] = on
            label.setStyleSheet(f"color: {self._muted};" if on else "")

    def dimmed(self, label: QLabel) -> bool:
        return self._dimmed.get(label, False)

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
        self._reason = make_label(f"stageReason_{name}")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self._grid)
        column.addWidget(self._reason)
        self.ids: list[str] = []

    def set_rows(self, rows: Sequence[Row], reason: str = "") -> None:
        while len(self._names) < len(rows):
            n = len(self._names)
            name, value = make_label(f"stageName_{self._name}{n}", wraps=False), value_label("")
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


class TitleBlock(Block):
    """The step's title and, at its right, which page of the step's words is on screen when
    they go over pages (pages.py): on the title's line, where it costs the words no room."""

    def __init__(self, name: str = "title"):
        super().__init__(name)
        self.label = make_label("stageTitle")
        self.marker = make_label("stagePageMarker", rich=False)
        self.marker.setAlignment(TOP_RIGHT)
        self.marker.hide()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.marker, 0, TOP_RIGHT)

    def set_title(self, html: str) -> None:
        self.label.setText(html)

    def set_marker(self, text: str, spoken: str = "") -> None:
        """Which page this is, or nothing ("") on a step of one page; `spoken`, in words."""
        if self.marker.text() != text:
            self.marker.setText(text)
            self.marker.setAccessibleName(spoken)
        if self.marker.isHidden() == bool(text):
            self.marker.setVisible(bool(text))

    def set_type(self, kind: StageType) -> None:
        super().set_type(kind)
        self.label.setFont(kind.title)
        self.marker.setFont(kind.title)
        self.layout().setSpacing(kind.column_gap)

    def text_labels(self) -> list[QLabel]:
        return shown([self.label, self.marker])


class WordsBlock(Block):
    """The lesson's words on the page on screen, wrapped to the block's width (the stage's Pager
    decides which; pages.py)."""

    def __init__(self, name: str = "words"):
        super().__init__(name)
        self._paragraphs: list[RunsLabel] = []
        self._count = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    def set_paragraphs(self, paragraphs: Sequence[tuple[str, Sequence[FormattedRun]]]) -> None:
        """Each paragraph as (HTML, the same text as runs of formatted text)."""
        while len(self._paragraphs) < len(paragraphs):
            label = make_label(f"stageParagraph{len(self._paragraphs)}", kind=RunsLabel)
            label.setAutoFillBackground(True)
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
            if self.type is not None:
                label.setFont(self.type.text)
            self.layout().addWidget(label)
            self._paragraphs.append(label)
        for n, label in enumerate(self._paragraphs):
            here = n < len(paragraphs)
            if here:
                label.set_runs(*paragraphs[n])
            else:
                label.setText("")
            if label.isHidden() == here:
                label.setVisible(here)
        self._count = len(paragraphs)

    def set_type(self, kind: StageType) -> None:
        super().set_type(kind)
        self.layout().setSpacing(round(kind.gap * 0.6))
        for label in self._paragraphs:
            label.setFont(kind.text)

    def paragraph_texts(self) -> list[str]:
        """The paragraphs on screen (the page's), as HTML."""
        return [label.text() for label in self._paragraphs[: self._count]]

    def text_labels(self) -> list[QLabel]:
        return shown(self._paragraphs[: self._count])
