"""The loss curve on the stage (a drawing part): the Train panel's plot, in the stage's type.

While a lesson step speaks of the training, the stage shares the drawing's room
between the canvas and this curve (arrangement.split_drawing), as it does with the
token plane for a scene of tokens of two coordinates. Its tick numbers take the
stage's number type and its legend the text type, so they read from the back row;
where the timeline stands is written beside it by the stage's rows (content.py).
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from ..contract import Update
from ..stage.type_size import StageType
from ..theme import Theme
from .curve import LossCurve


class StageCurve:
    def __init__(self, session, stage: QWidget):
        self._session = session
        self.plot = LossCurve(stage)
        self.plot.setObjectName("stageLossCurve")
        self.plot.hide()
        session.changed.connect(self._changed)

    def render(self, update: Update) -> None:
        if self.plot.isVisible():
            self.plot.show_run(self._session)

    def _changed(self) -> None:
        if self.plot.isVisible():
            self.plot.show_run(self._session)

    def set_theme(self, theme: Theme) -> None:
        self.plot.set_theme(theme)

    def set_language(self, lang: str) -> None:
        self.plot.set_language(lang)

    def set_type(self, kind: StageType) -> None:
        self.plot.set_fonts(kind.number, kind.text)

    def place(self, rect: QRect | None) -> None:
        """Show the curve in `rect` (the stage's coordinates), or hide it."""
        if rect is None:
            self.plot.hide()
            return
        self.plot.setGeometry(rect)
        self.plot.show()
        self.plot.show_run(self._session)
