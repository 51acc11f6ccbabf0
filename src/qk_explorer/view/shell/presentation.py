"""Presentation mode: the stage, full screen (F5 enters, Esc leaves).

Entering remembers the window exactly as it was — geometry, docks, menus,
status bar, toolbars, zoom — and leaving puts all of it back. While
presenting, the window shows the stage (view/stage): the drawing and, beside
it, only what the lesson's current step speaks of, in type sized from the
screen's height for the back row — not the desktop's docks. Menus and toolbars
disappear but every shortcut keeps working, because every action with a
shortcut is added to the window itself (MainWindow.action does so): the
lesson's clicker keys (PageDown/PageUp, Space/Backspace) included. The
drawing's fonts and strokes grow by a presentation scale on top of the theme
and the user's zoom, worked out from the screen's height (canvas/room.py) and
again whenever the window's size changes; Ctrl +/−/0 zoom the drawing and the
stage alike.

A note says how to leave for a few seconds, in room the stage leaves empty;
where there is none, it is not shown at all rather than over anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import (
    QByteArray,
    QEasingCurve,
    QEvent,
    QObject,
    QPoint,
    QPropertyAnimation,
    QRect,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QGraphicsOpacityEffect, QLabel, QToolBar, QWidget
from shiboken6 import isValid

from ..canvas.room import room_scale
from ..stage import Stage
from ..theme import Theme, font_points, resolve

HINT_SECONDS = 6
_NOT_NORMAL = (
    Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMinimized
)


@dataclass
class _Saved:
    geometry: QRect
    state: QByteArray
    window_state: Qt.WindowState
    zoom: float
    menu_bar: bool
    status_bar: bool
    toolbars: dict
    focus: QWidget | None


class Presentation(QObject):
    """Presentation mode for one MainWindow (window.presentation)."""

    changed = Signal(bool)  # presenting or not

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("presentation")
        self._window = window
        self._saved: _Saved | None = None
        self._stage: Stage | None = None  # made the first time it is needed
        self.hint = PresentationHint(window)
        self.toggle_action = window.action(
            "view",
            lambda: self.tr("Presentation &Mode"),
            self._toggled,
            "F5",
            checkable=True,
            name="presentation",
        )
        # Esc only means "leave" while presenting: disabled, it takes no key from anyone.
        self.leave_action = QAction(window)
        self.leave_action.setObjectName("leavePresentation")
        self.leave_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.leave_action.setEnabled(False)
        self.leave_action.triggered.connect(self.leave)
        window.addAction(self.leave_action)
        window.on_retranslate(lambda: self.leave_action.setText(self.tr("Leave Presentation Mode")))
        window.installEventFilter(self)

    # ---- state -------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        return self._saved is not None

    @property
    def stage(self) -> Stage:
        """The stage (made on first use: a window nobody presents from never builds it)."""
        if self._stage is None:
            w = self._window
            self._stage = Stage(w, tuple(w.wiring.stage_parts), lambda: w.lesson.moment)
            w.lesson.shown.connect(self._stage.moment_changed)
            self._stage.hide()
            self._stage.arranged.connect(self._place_hint)
            self._window.add_view(self._stage)
        return self._stage

    # ---- entering and leaving --------------------------------------------------------------

    def toggle(self) -> None:
        self.leave() if self.active else self.enter()

    def enter(self) -> None:
        if self.active:
            return
        w = self._window
        stage = self.stage
        self._saved = _Saved(
            geometry=w.normalGeometry() if w.windowState() & _NOT_NORMAL else w.geometry(),
            state=w.saveState(),
            window_state=w.windowState(),
            zoom=w.zoom,
            menu_bar=w.menuBar().isVisibleTo(w),
            status_bar=w.statusBar().isVisibleTo(w),
            toolbars={bar: bar.isVisibleTo(w) for bar in w.findChildren(QToolBar)},
            focus=_own_focus(w),
        )
        w.menuBar().hide()
        w.statusBar().hide()
        for bar in self._saved.toolbars:
            bar.hide()
        for dock in w.docks.values():
            dock.hide()  # the stage shows what the step needs; leaving restores the docks
        stage.take_canvas(w.takeCentralWidget())
        w.setCentralWidget(stage)
        w.set_theme(w.theme_name)
        w.setWindowState(
            (w.windowState() & ~Qt.WindowState.WindowMinimized) | Qt.WindowState.WindowFullScreen
        )
        w.show()
        stage.show()
        w.canvas.setFocus(Qt.FocusReason.OtherFocusReason)
        self._set_checked(True)
        self.leave_action.setEnabled(True)
        self.hint.flash()
        self._place_hint()
        self.changed.emit(True)

    def leave(self) -> None:
        if not self.active:
            return
        w, saved = self._window, self._saved
        self._saved = None
        self.hint.dismiss()
        self.leave_action.setEnabled(False)
        self._set_checked(False)
        stage = w.takeCentralWidget()
        stage.setParent(w)
        stage.hide()
        w.setCentralWidget(self.stage.give_back_canvas())
        w.canvas.show()
        w.presentation_scale = 1.0
        w.zoom = saved.zoom
        w.set_theme(w.theme_name)
        w.menuBar().setVisible(saved.menu_bar)
        w.statusBar().setVisible(saved.status_bar)
        for bar, visible in saved.toolbars.items():
            bar.setVisible(visible)
        w.setWindowState(saved.window_state)
        if not saved.window_state & _NOT_NORMAL:
            w.setGeometry(saved.geometry)
        w.restoreState(saved.state)
        w.canvas.fit_scene()
        if saved.focus is not None and isValid(saved.focus) and saved.focus.isVisible():
            saved.focus.setFocus(Qt.FocusReason.OtherFocusReason)
        self.changed.emit(False)

    # ---- internals ---------------------------------------------------------------------

    def _place_hint(self) -> None:
        """The leave hint goes in the stage's empty room, or is not shown."""
        if not self.active or self._stage is None:
            return
        room = self._stage.free_rect()
        if not room.isEmpty():
            room = QRect(self._stage.mapTo(self._window, room.topLeft()), room.size())
        self.hint.place_in(room)

    def scale(self, theme: Theme) -> float:
        """The drawing's enlargement in `theme` for the window's height: its tick numbers 1/50 of it."""
        return room_scale(theme, self._window.height())

    def _rescale(self) -> None:
        """A new screen height (full screen reached, another screen): the drawing grows with it."""
        w = self._window
        scale = self.scale(resolve(w.theme_name))
        if abs(scale - w.presentation_scale) > 1e-3 * scale:
            w.set_theme(w.theme_name)

    def eventFilter(self, watched, event) -> bool:
        if watched is self._window and self.active:
            if event.type() == QEvent.Type.Close:
                # Before the window remembers its geometry and docks: the ordinary ones.
                self.leave()
            elif event.type() == QEvent.Type.Resize:
                self._rescale()
        return False

    def _toggled(self, on: bool) -> None:
        self.enter() if on else self.leave()

    def _set_checked(self, on: bool) -> None:
        self.toggle_action.blockSignals(True)
        self.toggle_action.setChecked(on)
        self.toggle_action.blockSignals(False)


def _own_focus(window) -> QWidget | None:
    """The window's focused widget; another window's (a closed dialog's) is no business of ours."""
    focus = QApplication.focusWidget()
    return focus if focus is not None and focus.window() is window else None


class PresentationHint(QLabel):
    """A small note saying how to leave, in room nothing else uses; it fades away after a few
    seconds. With no such room it stays hidden: it never covers a number or an axis."""

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("presentationHint")
        self._window = window
        self._room = QRect()
        self._wanted = False  # flashed, and not yet faded
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._opacity = QGraphicsOpacityEffect(self)
        self.setGraphicsEffect(self._opacity)
        self._fade = QPropertyAnimation(self._opacity, b"opacity", self)
        self._fade.setDuration(900)
        self._fade.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._fade.finished.connect(self._faded)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._fade_out)
        window.on_retranslate(self._retranslate)
        self.hide()

    def _retranslate(self) -> None:
        self.setText(self.tr("Esc or F5 leaves presentation mode"))
        self._place()

    def flash(self) -> None:
        self._fade.stop()
        self._opacity.setOpacity(1.0)
        self._style()
        self._wanted = True
        self._place()
        self._timer.start(HINT_SECONDS * 1000)

    def dismiss(self) -> None:
        self._timer.stop()
        self._fade.stop()
        self._wanted = False
        self.hide()

    def place_in(self, room: QRect) -> None:
        """Show it in `room` (window coordinates), if it fits there; else not at all."""
        self._room = QRect(room)
        self._place()

    def _fade_out(self) -> None:
        self._fade.setStartValue(self._opacity.opacity())
        self._fade.setEndValue(0.0)
        self._fade.start()

    def _faded(self) -> None:
        if self._opacity.opacity() < 0.01:
            self._wanted = False
            self.hide()

    def _style(self) -> None:
        theme = self._window.theme
        self.setStyleSheet(
            f"QLabel#presentationHint {{ color: {theme.foreground}; background: {theme.panel};"
            f" font-size: {font_points(theme, 0.9):.1f}pt;"
            f" border: 1px solid {theme.muted}; border-radius: 6px; padding: 4px 10px; }}"
        )

    def _place(self) -> None:
        room = self._room
        if not self._wanted or room.isEmpty():
            self.hide()
            return
        self.setMinimumSize(0, 0)
        self.setMaximumSize(16777215, 16777215)
        self.setWordWrap(False)
        natural = self.sizeHint().width()  # on one line
        self.setWordWrap(natural > room.width())
        width = min(natural, room.width())
        height = self.heightForWidth(width) if self.wordWrap() else self.sizeHint().height()
        if width < natural * 0.5 or height > room.height():
            self.hide()  # no room: better not shown than shown over the numbers
            return
        self.setFixedSize(width, height)
        self.move(QPoint(room.right() + 1 - width, room.bottom() + 1 - height))
        self.show()
        self.raise_()


def install(window) -> Presentation:
    return Presentation(window)
