"""The tokens of a token scene: each label typed in place, its embedding read, add and remove.

A label commits on Enter or when focus leaves; one the model refuses (blank,
longer than twelve characters) goes back to the label it had. The embeddings
are shown here, not edited; they change at every step of a token's drag, in
live labels that the window holds at their size while it lasts.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from ...model.tokens import MAX_LABEL
from ...text.names import subscript
from ...text.numbers import vector
from ..controller import SceneController
from ..drag.live_label import LiveLabel


class TokenList(QWidget):
    def __init__(self, controller: SceneController, parent=None):
        super().__init__(parent)
        self.setObjectName("tokenList")
        self._controller = controller
        self._lang = "en"
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.labels: list[QLineEdit] = []
        self._embeddings: list[LiveLabel] = []
        self.remove_buttons: list[QPushButton] = []
        self.add_button = QPushButton()
        self.add_button.setObjectName("addToken")
        self.add_button.clicked.connect(controller.add_token)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._grid)
        layout.addWidget(self.add_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.add_button.setText(self.tr("Add a token"))
        self.add_button.setToolTip(self.tr("A new token at the origin: its embedding is zero"))
        for i, (edit, remove) in enumerate(zip(self.labels, self.remove_buttons, strict=True)):
            edit.setAccessibleName(self.tr("Label of token {n}").format(n=i + 1))
            edit.setToolTip(self.tr("A short word, up to {n} characters").format(n=MAX_LABEL))
            remove.setText(self.tr("Remove"))
            remove.setAccessibleName(self.tr("Remove token {n}").format(n=i + 1))

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.retranslate()

    def show_tokens(self, tokens) -> None:
        if len(self.labels) != tokens.count:
            self._rebuild(tokens.count)
        for i, edit in enumerate(self.labels):
            if not edit.hasFocus() and edit.text() != tokens.labels[i]:
                edit.setText(tokens.labels[i])
            self._embeddings[i].setText(f"x{subscript(i + 1)} = {vector(tokens.embeddings[i], self._lang)}")
        for button in self.remove_buttons:
            button.setEnabled(tokens.count > 1)

    def _rebuild(self, count: int) -> None:
        for widget in (*self.labels, *self._embeddings, *self.remove_buttons):
            widget.blockSignals(True)  # a label being typed commits on hiding: not into the new list
            self._grid.removeWidget(widget)
            widget.deleteLater()
        self.labels, self._embeddings, self.remove_buttons = [], [], []
        for i in range(count):
            edit = QLineEdit()
            edit.setObjectName(f"tokenLabel_{i}")
            edit.setMaxLength(MAX_LABEL)
            edit.editingFinished.connect(lambda i=i: self._label_edited(i))
            embedding = LiveLabel()
            remove = QPushButton()
            remove.setObjectName(f"removeToken_{i}")
            remove.clicked.connect(lambda _checked=False, i=i: self._controller.remove_token(i))
            for column, widget in enumerate((edit, embedding, remove)):
                self._grid.addWidget(widget, i, column)
            self.labels.append(edit)
            self._embeddings.append(embedding)
            self.remove_buttons.append(remove)
        self._grid.setColumnStretch(1, 1)
        self.retranslate()

    def _label_edited(self, i: int) -> None:
        edit = self.labels[i]
        self._controller.set_token_label(i, edit.text())
        tokens = self._controller.scene.tokens
        if tokens is not None and i < tokens.count and edit.text() != tokens.labels[i]:
            edit.setText(tokens.labels[i])  # refused: show the label the token still has
