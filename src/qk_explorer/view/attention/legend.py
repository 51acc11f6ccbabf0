"""The line under the weights chart: what its bars are, and what the winner map's colours mean.

The bars need naming only when there are several series (both scoring rules compared,
or the weights after dropout); the map's line is there while the winner map is shown.
None of it changes while vectors move.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel

from ...model.results import other_rule
from ..contract import Update
from ..theme import Theme
from .content import rule_name

# The words keep the attention panel's context: its Spanish catalogue has them under that name.
translate = QCoreApplication.translate


class AttentionLegend(QLabel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("attentionLegend")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self._theme: Theme | None = None
        self._compare = False
        self._map = False

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme

    def set_language(self, lang: str) -> None:
        """The words come from the translator; the next render says them anew."""

    def set_compare(self, on: bool) -> None:
        self._compare = on

    def set_map_legend(self, on: bool) -> None:
        """A line about the winner map's colours (from the next render)."""
        self._map = on

    def render(self, update: Update) -> None:
        results, change = update.results, update.change
        if not change.everything:
            return
        scoring, dropout = results.attention.scoring, results.attention.dropout is not None
        parts = []
        theme = self._theme
        if theme is not None and (self._compare or dropout):
            series = translate("AttentionPanel", "weights ({rule})")
            parts.append((theme.key, "■", series.format(rule=rule_name(scoring))))
            if self._compare:
                parts.append((theme.muted, "■", series.format(rule=rule_name(other_rule(scoring)))))
            if dropout:
                parts.append((theme.foreground, "▨", translate("AttentionPanel", "after dropout")))
        html = " &nbsp; ".join(
            f'<span style="color:{c}">{mark}</span>&nbsp;{text.replace(" ", "&nbsp;")}'
            for c, mark, text in parts
        )
        if self._map:
            line = translate(
                "AttentionPanel",
                "Background: the key that would get the largest weight if q were there (its colour is "
                "next to its name); the deeper the colour, the larger that weight.",
            )
            html = f"{html}<br>{line}" if html else line
        if self.text() != html:
            self.setText(html)
        if self.isHidden() == bool(html):
            self.setVisible(bool(html))
