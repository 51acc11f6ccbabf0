"""The Tokens panel: the token plane (plane.py), with what it draws said in words.

Drag a token's tip, point at one (plane.py). When B = W_Qᵀ W_K is an inner
product its unit circle is drawn dashed; a switch draws the images of the unit
square under W_Q and W_K, and a legend under the plot names what is drawn. The
plane draws two-dimensional embeddings; for any other d_model a line says so.
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

from ...model import Results, Scene
from ...model.projections import NotInner
from .. import words
from ..contract import Update
from ..theme import Theme
from .plane import TokenPlane


class TokenPlanePanel(QWidget):
    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.setObjectName("tokenPlanePanel")
        self._scene: Scene | None = None
        self._results: Results | None = None
        self._withheld: frozenset[str] = frozenset()
        self._theme: Theme | None = None
        self._outlines = (False, False)  # B's unit circle, the squares' images: drawn or not
        self.plane = TokenPlane(controller, self)
        self.plane.outlined.connect(self._relegend)
        self.plot, self.pointer = self.plane.plot, self.plane.pointer
        self.caption = QLabel(objectName="tokenPlaneCaption", wordWrap=True)
        self.legend = QLabel(objectName="tokenPlaneLegend", wordWrap=True)
        self.squares_box = QCheckBox(objectName="tokenPlaneSquares")
        self.squares_box.toggled.connect(self.plane.set_squares)
        self.status = QLabel(objectName="tokenPlaneStatus", wordWrap=True)
        self.note = QLabel(objectName="tokenPlaneNote", wordWrap=True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.squares_box)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.legend)
        layout.addWidget(self.status)
        layout.addWidget(self.note)
        self.retranslate()

    # ---- the View contract ------------------------------------------------------------------

    def render(self, update: Update) -> None:
        scene, results, change = update.scene, update.results, update.change
        self._scene, self._results, self._withheld = scene, results, update.withheld
        tokens = scene.tokens
        drawn = tokens is not None and tokens.d_model == 2
        self.plot.setVisible(drawn)
        self.squares_box.setVisible(drawn and results.square_images is not None)
        self.note.setVisible(tokens is not None and not drawn)
        if tokens is not None and (change.everything or change.projections):
            self._retext()
        self.plane.render(update)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.plot.set_theme(theme)
        self._relegend(*self._outlines)

    def set_language(self, lang: str) -> None:
        self.plot.set_language(lang)
        self.retranslate()

    def highlight(self, ids) -> None:
        """No lesson step speaks of the token plane yet."""

    # ---- words ------------------------------------------------------------------------------

    def _relegend(self, circle: bool, squares: bool) -> None:
        """The legend under the plot, in the colours of what it names (a legend on the plot
        would cover the tokens in a small dock)."""
        self._outlines = (circle, squares)
        theme = self._theme
        entries = []
        if circle:
            entries.append(("foreground", "╌╌", self.tr("unit circle of B")))
        if squares:
            entries.append(("query", "▱", self.tr("W_Q × unit square")))
            entries.append(("key", "▱", self.tr("W_K × unit square")))
        ink = (lambda role: getattr(theme, role)) if theme is not None else (lambda _role: "")
        html = "&nbsp;&nbsp; ".join(
            f'<span style="color:{ink(role)}"><b>{mark}</b></span>&nbsp;{escape(text)}'
            for role, mark, text in entries
        )
        self.legend.setVisible(bool(entries))
        if self.legend.text() != html:
            self.legend.setText(html)

    def retranslate(self) -> None:
        self.caption.setText(
            self.tr(
                "Drag a token x: q = W_Q x, k = W_K x and v = W_V x follow. Point at one: its row and column."
            )
        )
        self.squares_box.setText(self.tr("W_Q and W_K on the unit square"))
        self.plot.setAccessibleName(self.tr("Token plane: the embeddings as arrows"))
        self._retext()
        self._relegend(*self._outlines)

    def _retext(self) -> None:
        scene, results = self._scene, self._results
        if scene is None or scene.tokens is None:
            return
        self.note.setText(
            self.tr("The token plane draws embeddings of two coordinates; these have d_model = {n}.").format(
                n=scene.tokens.d_model
            )
        )
        projections = results.projections
        if "bilinear" in self._withheld:  # whether B is an inner product answers a question about it
            text = words.withheld_note()
        elif projections.inner_product:
            text = self.tr("B = W_Qᵀ W_K is an inner product: its unit circle xᵀBx = 1 is dashed.")
        else:
            why = {
                NotInner.NOT_SYMMETRIC: self.tr("it is not symmetric"),
                NotInner.NEGATIVE_EIGENVALUE: self.tr("it has a negative eigenvalue"),
                NotInner.LOW_RANK: self.tr("d_k is less than d_model"),
                NotInner.ZERO_EIGENVALUE: self.tr("it has the eigenvalue 0"),
            }[projections.reason.why]
            text = self.tr("B = W_Qᵀ W_K is not an inner product ({why}): no unit circle.").format(why=why)
        if self.status.text() != text:
            self.status.setText(text)
