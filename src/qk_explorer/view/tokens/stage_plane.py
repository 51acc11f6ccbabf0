"""The token plane on the stage (a drawing part): the Tokens panel's plot and pointer, in the stage's type.

For a scene of tokens the stage shares the drawing's room between the canvas
and this plane (arrangement.split_drawing). A tip dragged here moves its
embedding as from the panel, and the canvas's derived arrows and the stage's
numbers follow; the stage keeps its arrangement until the drag ends, as for a
drag on the canvas. The tokens' names and the tick numbers take the stage's
number type — digits at least 1/40 of the screen's height — so that they read
from the back row like the numbers beside them.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from ..contract import Update
from ..stage.type_size import StageType
from ..theme import Theme
from .plane import TokenPlane


class StagePlane:
    def __init__(self, controller, stage: QWidget):
        self._controller = controller
        self._stage = stage
        self._plane: TokenPlane | None = None  # made the first time a scene of tokens is presented
        self._theme: Theme | None = None
        self._lang = "en"
        self._type: StageType | None = None

    @property
    def plot(self):
        """The plot, or None before any scene of tokens was presented."""
        return None if self._plane is None else self._plane.plot

    def _made(self) -> TokenPlane:
        if self._plane is None:
            # Pointing selects nothing here: the step's words would change, the stage be laid out
            # anew and the plane move under the pointer.
            self._plane = TokenPlane(self._controller, self._stage, pointing=False)
            plot = self._plane.plot
            plot.setObjectName("stageTokenPlot")
            plot.setParent(self._stage)
            plot.hide()
            plot.set_language(self._lang)
            self._restyle()
        return self._plane

    def render(self, update: Update) -> None:
        scene = update.scene
        if scene.tokens is not None or self._plane is not None:
            self._made().render(update)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._restyle()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        if self._plane is not None:
            self._plane.plot.set_language(lang)

    def set_type(self, kind: StageType) -> None:
        if kind != self._type:
            self._type = kind
            self._restyle()

    def _restyle(self) -> None:
        if self._plane is None or self._theme is None:
            return
        plot, kind = self._plane.plot, self._type
        if kind is not None:
            names = QFont(kind.value)
            names.setWeight(QFont.Weight.Bold)
            plot.set_fonts(names, kind.number)
        plot.set_theme(self._theme)

    def place(self, rect: QRect | None) -> None:
        """Show the plane in `rect` (the stage's coordinates), framed anew when it moved; or hide it."""
        plot = self.plot
        if plot is None:
            return
        if rect is None:
            plot.hide()
            return
        moved = plot.isHidden() or plot.geometry() != rect
        plot.setGeometry(rect)
        plot.show()
        if moved:
            self._plane.fit()
