"""The Projections panel: where a token scene's queries, keys and values come from.

From the top: the tokens (labels typed in place, add and remove), the three
matrices W_Q, W_K, W_V as grids of typed, scrubbable entries with their
presets, and B = W_Qᵀ W_K with its verdicts. A plain scene has no tokens: the
panel then shows one line saying so (its dock is hidden anyway).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ...model import Results, Scene
from ...model.tokens import MATRICES
from ..contract import Update
from ..controller import SceneController
from ..theme import Theme
from .bilinear_view import BilinearView
from .matrix_editor import ROLES, MatrixEditor
from .token_list import TokenList


class ProjectionsPanel(QWidget):
    def __init__(self, controller: SceneController, parent=None):
        super().__init__(parent)
        self.setObjectName("projectionsPanel")
        self._theme: Theme | None = None
        self.intro = QLabel()
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        self.intro.setWordWrap(True)
        self.tokens = TokenList(controller)
        self.editors = {name: MatrixEditor(controller, name) for name in MATRICES}
        self.bilinear = BilinearView()
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.tokens)
        for editor in self.editors.values():
            layout.addWidget(_rule())
            layout.addWidget(editor)
        layout.addWidget(_rule())
        layout.addWidget(self.bilinear)
        layout.addStretch(1)
        self._last: tuple[Scene, Results] | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.intro.setText(
            self.tr(
                "Token i, with embedding x<sub>i</sub>, gives q<sub>i</sub> = W<sub>Q</sub> x<sub>i</sub>, "
                "k<sub>i</sub> = W<sub>K</sub> x<sub>i</sub> and v<sub>i</sub> = W<sub>V</sub> x<sub>i</sub>."
            )
        )

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        if self._last is not None:
            self._titles(self._last[0])

    def set_language(self, lang: str) -> None:
        self.tokens.set_language(lang)
        for editor in self.editors.values():
            editor.set_language(lang)
        self.bilinear.set_language(lang)
        self.retranslate()

    def highlight(self, ids) -> None:
        pass  # no lesson step speaks of the projections yet

    def render(self, update: Update) -> None:
        scene, results, change = update.scene, update.results, update.change
        self._last = (scene, results)
        projections = results.projections
        if scene.tokens is None or projections is None:
            return  # a plain scene: its dock is hidden, nothing here to show
        if not (change.tokens or change.everything):
            return  # a selection or a style changes nothing in the matrices
        self.tokens.show_tokens(scene.tokens)
        if not (change.projections or change.everything):
            return  # a token's drag: its embedding alone changed
        for name, editor in self.editors.items():
            editor.show_matrix(getattr(projections, name))
        self._titles(scene)
        self.bilinear.show_projections(projections, update.hides("bilinear"))

    def _titles(self, scene: Scene) -> None:
        if scene.tokens is None:
            return
        shape = (scene.tokens.d_k, scene.tokens.d_model)
        for name, editor in self.editors.items():
            editor.set_title(getattr(self._theme, ROLES[name]) if self._theme else None, shape)


def _rule() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line
