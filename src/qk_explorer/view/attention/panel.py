"""Attention over every key: score → scaled logit → softmax weight → output, live.

The panel lays out its parts (this folder) and hands each the same Results:
a heading that counts the keys, a table with a row per key, the summary lines (the
scale used, Σ weights, the output Σ wᵢvᵢ), a bar chart of the weights with its
legend, and the controls of the scoring rule, the scale, dropout and the keys. Each
part decides from the change what it must show anew; the panel holds only the
options that several parts share: both rules side by side, the winner map's legend.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ...model.lesson import ATTENTION_ROWS
from ..contract import Update
from ..controller import SceneController
from ..theme import Theme
from .controls import AttentionControls
from .legend import AttentionLegend
from .summary import AttentionHeading, AttentionSummary
from .table import AttentionTable
from .weights_chart import WeightsChart

HIGHLIGHTS = ATTENTION_ROWS  # the quantities a lesson step may highlight


class AttentionPanel(QWidget):
    compareChanged = Signal(bool)
    highlightChanged = Signal(object)  # the set of ids now highlighted

    def __init__(self, controller: SceneController, parent=None):
        super().__init__(parent)
        self.setObjectName("attentionPanel")
        self._last: Update | None = None
        self._compare = False
        self._highlighted: set[str] = set()
        self.heading = AttentionHeading(self)
        self.table = AttentionTable(controller, self)
        self.summary = AttentionSummary(self)
        self.chart = WeightsChart(self)
        self.legend = AttentionLegend(self)
        self.controls = AttentionControls(controller, self)
        self.controls.compareToggled.connect(self.set_compare)
        self._parts = (self.heading, self.table, self.summary, self.chart, self.legend, self.controls)
        layout = QVBoxLayout(self)
        for part in self._parts:
            layout.addWidget(part)
        layout.addStretch(1)

    # ---- View ------------------------------------------------------------------------------

    def render(self, update: Update) -> None:
        self._last = update
        for part in self._parts:
            part.render(update)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the theme's or the zoom's type reached the panel
            self.table.refit()

    def set_theme(self, theme: Theme) -> None:
        for part in self._parts:
            part.set_theme(theme)
        self._refresh()

    def set_language(self, lang: str) -> None:
        for part in self._parts:
            part.set_language(lang)
        self._refresh()

    def highlight(self, ids) -> None:
        """Mark the quantities a lesson step talks about: ids from HIGHLIGHTS."""
        self._highlighted = set(ids) & set(HIGHLIGHTS)
        self.table.highlight(self._highlighted)
        self.summary.highlight(self._highlighted)
        self.highlightChanged.emit(set(self._highlighted))

    def highlighted(self) -> set[str]:
        return set(self._highlighted)

    # ---- options the parts share -------------------------------------------------------------

    def set_compare(self, on: bool) -> None:
        """Show dot-product and cosine weights side by side (table and chart)."""
        on = bool(on)
        if on == self._compare:
            return
        self._compare = on
        for part in (self.table, self.summary, self.chart, self.legend, self.controls):
            part.set_compare(on)
        self.compareChanged.emit(on)
        self._refresh()

    @property
    def compare(self) -> bool:
        return self._compare

    def set_map_legend(self, on: bool) -> None:
        """Colour swatches by the keys' names and a line of legend while the winner map is shown."""
        self.table.set_swatches(bool(on))
        self.legend.set_map_legend(bool(on))
        self._refresh()

    def _refresh(self) -> None:
        if self._last is not None:
            self.render(self._last.redrawn())

    # ---- reading (tests and checks) ----------------------------------------------------------

    def all_texts(self) -> list[str]:
        """Every string the panel shows, for checks that no NaN or infinity slips through."""
        texts = [self.heading.text(), self.legend.text(), *self.summary.texts(), *self.table.texts()]
        texts.append(self.chart.undefined_text())
        return texts
