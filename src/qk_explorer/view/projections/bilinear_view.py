"""B = W_Qᵀ W_K as a grid of numbers, whether it is symmetric and whether it is an inner product.

The score of token i for token j is xᵢᵀ B xⱼ: B is the bilinear form the
projections put on the embeddings. Every number and verdict comes from
Results.projections; this view only writes them out.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from ...model.projections import Projections
from ...text.numbers import number
from ...text.withheld import MARK
from .. import words

DECIMALS = 3


class BilinearView(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("bilinearView")
        self._lang = "en"
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(12)
        self.cells: list[list[QLabel]] = []
        self.symmetric = QLabel()
        self.symmetric.setObjectName("symmetric")
        self.inner_product = QLabel()
        self.inner_product.setObjectName("innerProduct")
        self.inner_product.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(self._grid)
        layout.addWidget(self.symmetric)
        layout.addWidget(self.inner_product)
        self._projections: Projections | None = None
        self._withheld = False

    def set_language(self, lang: str) -> None:
        self._lang = lang
        if self._projections is not None:
            self.show_projections(self._projections, self._withheld)

    def show_projections(self, p: Projections, withheld: bool = False) -> None:
        """B, whether it is symmetric and an inner product; `withheld`: "?" for all three, while a
        check question asks about B."""
        self._projections, self._withheld = p, withheld
        self.title.setText(
            self.tr(
                "<b>B = W<sub>Q</sub><sup>T</sup> W<sub>K</sub></b>: the score of token i for token j "
                "is x<sub>i</sub><sup>T</sup> B x<sub>j</sub>"
            )
        )
        size = len(p.bilinear)
        if len(self.cells) != size:
            self._rebuild(size)
        for row, values in zip(self.cells, p.bilinear, strict=True):
            for cell, x in zip(row, values, strict=True):
                cell.setText(MARK if withheld else number(x, self._lang, DECIMALS))
        yes, no = self.tr("yes"), self.tr("no")
        answer = MARK if withheld else yes if p.symmetric else no
        self.symmetric.setText(self.tr("Symmetric: {answer}").format(answer=answer))
        if withheld:
            text = words.withheld_note()
        elif p.inner_product:
            text = self.tr(
                "An inner product on the tokens: yes, B is symmetric and every eigenvalue is positive"
            )
        else:
            text = self.tr("An inner product on the tokens: no, because {reason}").format(
                reason=words.not_inner(p.reason, self._lang)
            )
        self.inner_product.setText(text)

    def _rebuild(self, size: int) -> None:
        for row in self.cells:
            for cell in row:
                self._grid.removeWidget(cell)
                cell.deleteLater()
        self.cells = []
        for r in range(size):
            row = []
            for c in range(size):
                cell = QLabel()
                cell.setObjectName(f"b_{r}_{c}")
                cell.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                cell.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                self._grid.addWidget(cell, r, c)
                row.append(cell)
            self.cells.append(row)
        self._grid.setColumnStretch(size, 1)
