"""A ring around the control that has the keyboard focus, in every theme.

Fusion marks the focus with a faint frame in the highlight colour, and not at all on a
frameless field, a scroll area or a label: moving through the panels with Ctrl+Tab and
Tab, only a text caret showed where the keys would go (none in the projector theme).
The ring is four bars in the text colour drawn just outside the focused control: they
follow it as it moves, scrolls and hides, and take their colour from the palette, so a
new theme recolours them.

It shows when the focus arrives from the keyboard, not from a click (the pointer shows
where that went), and never around a drawing: the canvas marks the tip the keys move.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QFontMetrics, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget

_FOLLOWED = frozenset(
    {QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.ParentChange}
)
GAP = 1  # px between the control and its ring


def thickness(widget: QWidget) -> int:
    """The ring's width: thicker with larger type (the projector theme, a zoom)."""
    return max(2, round(QFontMetrics(widget.font()).height() / 8))


def ring_rects(target: QRect, width: int, room: QRect) -> list[QRect]:
    """Four bars around `target`, GAP away from it — top, bottom, left, right — or just inside
    it where `room` (its parent's rectangle) ends: a panel that fills its dock is ringed within."""
    outer = target.adjusted(-GAP - width, -GAP - width, GAP + width, GAP + width).intersected(room)
    return [
        QRect(outer.left(), outer.top(), outer.width(), width),
        QRect(outer.left(), outer.bottom() - width + 1, outer.width(), width),
        QRect(outer.left(), outer.top() + width, width, outer.height() - 2 * width),
        QRect(outer.right() - width + 1, outer.top() + width, width, outer.height() - 2 * width),
    ]


def _main_window_of(widget: QWidget) -> QWidget:
    top = widget.window()
    while top.parentWidget() is not None:  # a dialog's owner
        top = top.parentWidget().window()
    return top


class FocusRing(QObject):
    def __init__(self, window):
        super().__init__(window)
        self._window = window
        self._target: QWidget | None = None
        self._bars: list[QWidget] = []
        QApplication.instance().focusChanged.connect(self._focus_changed)

    @property
    def target(self) -> QWidget | None:
        """The control the ring is drawn around, if it shows."""
        return self._target if self._bars and self._bars[0].isVisible() else None

    def bars(self) -> list[QWidget]:
        return list(self._bars)

    def _focus_changed(self, _old, new) -> None:
        keyboard = QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton
        wanted = (
            keyboard
            and new is not None
            and not isinstance(new, QGraphicsView)
            and _main_window_of(new) is self._window
            and new.parentWidget() is not None
        )
        self._follow(new if wanted else None)

    def _follow(self, target: QWidget | None) -> None:
        if self._target is not None and self._target is not target:
            with contextlib.suppress(RuntimeError):  # the focus left it as it was being deleted
                self._target.removeEventFilter(self)
        self._target = target
        if target is None:
            for bar in self._bars:
                bar.hide()
            return
        target.installEventFilter(self)  # once, however often
        self._place()

    def _bars_gone(self) -> None:
        self._bars = []  # deleted with the panel they stood in: made anew when next needed

    def eventFilter(self, watched, event) -> bool:
        if watched is self._target and event.type() in _FOLLOWED:
            self._place()
        return False

    def _place(self) -> None:
        target = self._target
        parent = target.parentWidget()
        if parent is None:
            return
        while len(self._bars) < 4:
            bar = QWidget()
            bar.setObjectName("focusRing")
            bar.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            bar.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            bar.setBackgroundRole(QPalette.ColorRole.WindowText)  # the theme's text colour
            bar.setAutoFillBackground(True)  # opaque: nothing under it repaints it
            bar.destroyed.connect(self._bars_gone)
            self._bars.append(bar)
        shown = target.isVisible()
        rects = ring_rects(target.geometry(), thickness(target), parent.rect())
        for bar, rect in zip(self._bars, rects, strict=True):
            if bar.parentWidget() is not parent:
                bar.setParent(parent)
            bar.setGeometry(rect)
            bar.raise_()
            bar.setVisible(shown)


def install(window) -> FocusRing:
    return FocusRing(window)
