"""Undo and Redo, named in the interface language with the step they take back: "Undo Drag".

QUndoStack's own actions put Qt's "Undo %1" before the step's name, translated once
when they are made: the language chosen afterwards never reached them ("Undo Cargar
escena predefinida", "Redo"). These follow the stack and the language alike.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence, QUndoStack


class _Names(QObject):
    """Keeps the two actions' texts: the stack tells each change (also as it is destroyed, when
    it can no longer be asked), the window each new language."""

    def __init__(self, undo: QAction, redo: QAction, stack: QUndoStack):
        super().__init__(undo)  # goes with the actions: nothing is told to them once they are gone
        self._undo, self._redo = undo, redo
        self._undo_step, self._redo_step = stack.undoText(), stack.redoText()
        stack.undoTextChanged.connect(self._undo_named)
        stack.redoTextChanged.connect(self._redo_named)
        stack.canUndoChanged.connect(undo.setEnabled)
        stack.canRedoChanged.connect(redo.setEnabled)
        undo.setEnabled(stack.canUndo())
        redo.setEnabled(stack.canRedo())

    def _undo_named(self, step: str) -> None:
        self._undo_step = step
        self.retranslate()

    def _redo_named(self, step: str) -> None:
        self._redo_step = step
        self.retranslate()

    def retranslate(self) -> None:
        plain_undo = QCoreApplication.translate("MainWindow", "&Undo")
        plain_redo = QCoreApplication.translate("MainWindow", "&Redo")
        undo_step = QCoreApplication.translate("MainWindow", "&Undo {step}")
        redo_step = QCoreApplication.translate("MainWindow", "&Redo {step}")
        self._undo.setText(_named(plain_undo, undo_step, self._undo_step))
        self._redo.setText(_named(plain_redo, redo_step, self._redo_step))


def _named(plain: str, with_step: str, step: str) -> str:
    # A step's name is shown as it is: an & in it is no mnemonic.
    return with_step.format(step=step.replace("&", "&&")) if step else plain


def undo_actions(window, stack: QUndoStack) -> tuple[QAction, QAction]:
    """The Edit menu's Undo and Redo for `stack`, with the platform's keys."""
    undo, redo = QAction(window), QAction(window)
    undo.setObjectName("undo")
    redo.setObjectName("redo")
    undo.setShortcuts(QKeySequence.StandardKey.Undo)
    redo.setShortcuts(QKeySequence.StandardKey.Redo)
    undo.triggered.connect(stack.undo)
    redo.triggered.connect(stack.redo)
    window.on_retranslate(_Names(undo, redo, stack).retranslate)
    return undo, redo
