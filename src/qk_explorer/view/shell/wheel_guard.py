"""A mouse wheel never edits: a combo box, spin box or slider takes the wheel only with focus.

Qt gives every combo box, spin box and slider the wheel whether or not it has the
focus, and gives it the focus too: scrolling a panel with the pointer passing over
one changed the scene (the scoring rule flipped to cosine). One filter on the
application watches every such control the app makes, now or later (lazily built
panels, dialogs): as each is polished it takes the focus from a click or Tab only,
never from the wheel, and a wheel over one without the focus scrolls the panel around
it instead (the nearest scroll area that can still move).

A filter on the application sees every event, each a call into Python: 2 % of a drag's
step. While a tip is dragged the pointer is held on the drawing and no control is made,
so the guard steps aside for the drag (`follow`, told every update).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QScrollBar,
    QWidget,
)

_WHEEL, _POLISH = QEvent.Type.Wheel, QEvent.Type.Polish
EDITORS = (QComboBox, QAbstractSpinBox, QAbstractSlider)


def is_editor(widget: QObject) -> bool:
    """A control the wheel would edit (a scroll bar only scrolls: it is what the wheel is for)."""
    return isinstance(widget, EDITORS) and not isinstance(widget, QScrollBar)


def editor_under(widget: QObject) -> QWidget | None:
    """The control a wheel event sent to `widget` would edit: the widget, or the one whose
    text field it is (a spin box's, an editable combo box's)."""
    if is_editor(widget):
        return widget
    if isinstance(widget, QLineEdit) and is_editor(widget.parentWidget()):
        return widget.parentWidget()
    return None


class WheelGuard(QObject):
    def follow(self, update) -> None:
        """Step aside when an update begins a drag, come back when one ends it."""
        if update.drag.turned:
            self.dragging(update.drag.on)

    def dragging(self, on: bool) -> None:
        app = QCoreApplication.instance()
        if on:
            app.removeEventFilter(self)
        else:
            app.installEventFilter(self)  # installed once however often: Qt keeps one of each

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == _WHEEL:
            editor = editor_under(watched)
            if editor is None or editor.hasFocus():
                return False
            scroll_around(editor, event)
            return True
        if kind == _POLISH and is_editor(watched):
            policy = watched.focusPolicy()
            if policy & Qt.FocusPolicy.WheelFocus == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        return False


def scroll_around(widget: QWidget, event) -> None:
    """Hand the wheel to the scroll areas around `widget`, nearest first, until one moves."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            copy = event.clone()
            copy.setAccepted(False)
            QCoreApplication.sendEvent(parent.viewport(), copy)
            if copy.isAccepted():
                return
        if parent.isWindow():
            return
        parent = parent.parentWidget()


def install(app) -> WheelGuard:
    """Watch every control of `app` (once: a second window finds the guard already there)."""
    guard = app.findChild(WheelGuard)
    if guard is None:
        guard = WheelGuard(app)
        app.installEventFilter(guard)
    return guard
