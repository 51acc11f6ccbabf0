"""Presentation mode: full screen, larger, only the chosen panels (F5 enters, Esc leaves).

Entering remembers the window exactly as it was — geometry, docks, menus,
status bar, toolbars, zoom — and leaving puts all of it back. Menus and
toolbars disappear but every shortcut keeps working, because every action
with a shortcut is added to the window itself (MainWindow.action does so):
the lesson's clicker keys (PageDown/PageUp, Space/Backspace) included.
Fonts and strokes grow by a presentation scale on top of the theme and the
user's own zoom (Ctrl +/−/0 still work while presenting).

Which panels stay is the presenter's choice, kept in QSettings; by default the
numbers and, when there is one, the lesson.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import (
    QByteArray,
    QEasingCurve,
    QEvent,
    QObject,
    QPropertyAnimation,
    QRect,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QGraphicsOpacityEffect, QLabel, QMenu, QToolBar, QWidget
from shiboken6 import isValid

from .theme import font_points

PRESENTATION_SCALE = 1.4  # fonts and strokes, on top of the theme and the zoom
MAX_SIDE_FRACTION = 0.5  # all the panels beside the drawing take at most this much of the width
SETTINGS_KEY = "presentation/panels"
DEFAULT_PANELS = ("numbers", "lesson")
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
    dock_widths: dict
    title_bars: dict


class Presentation(QObject):
    """Presentation mode for one MainWindow (window.presentation)."""

    changed = Signal(bool)  # presenting or not

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("presentation")
        self._window = window
        self._saved: _Saved | None = None
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
        self.panels_menu = QMenu(window)
        self.panels_menu.setObjectName("presentationPanelsMenu")
        self.panels_menu.aboutToShow.connect(self._fill_panels_menu)
        window.menus["view"].addMenu(self.panels_menu)
        window.on_retranslate(lambda: self.panels_menu.setTitle(self.tr("Panels Shown &When Presenting")))

    # ---- state -------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        return self._saved is not None

    def chosen_panels(self) -> list[str]:
        """The panels shown while presenting (names from window.docks), in window order."""
        stored = QSettings().value(SETTINGS_KEY)
        if isinstance(stored, str):
            wanted = {name for name in stored.split(",") if name}
        else:
            wanted = set(DEFAULT_PANELS)
        return [name for name in self._window.docks if name in wanted]

    def set_panel_chosen(self, name: str, shown: bool) -> None:
        chosen = set(self.chosen_panels())
        # Keep names of panels this window lacks (a lesson added later keeps its place).
        stored = QSettings().value(SETTINGS_KEY)
        if isinstance(stored, str):
            chosen |= {n for n in stored.split(",") if n and n not in self._window.docks}
        else:
            chosen |= {n for n in DEFAULT_PANELS if n not in self._window.docks}
        chosen = chosen | {name} if shown else chosen - {name}
        QSettings().setValue(SETTINGS_KEY, ",".join(sorted(chosen)))
        if self.active and name in self._window.docks:
            self._window.docks[name].setVisible(shown)

    # ---- entering and leaving --------------------------------------------------------------

    def toggle(self) -> None:
        self.leave() if self.active else self.enter()

    def enter(self) -> None:
        if self.active:
            return
        w = self._window
        self._saved = _Saved(
            geometry=w.normalGeometry() if w.windowState() & _NOT_NORMAL else w.geometry(),
            state=w.saveState(),
            window_state=w.windowState(),
            zoom=w.zoom,
            menu_bar=w.menuBar().isVisibleTo(w),
            status_bar=w.statusBar().isVisibleTo(w),
            toolbars={bar: bar.isVisibleTo(w) for bar in w.findChildren(QToolBar)},
            focus=_own_focus(w),
            dock_widths={name: dock.width() for name, dock in w.docks.items()},
            title_bars={name: dock.titleBarWidget() for name, dock in w.docks.items()},
        )
        w.menuBar().hide()
        w.statusBar().hide()
        for bar in self._saved.toolbars:
            bar.hide()
        chosen = set(self.chosen_panels())
        for name, dock in w.docks.items():
            dock.setVisible(name in chosen)
            # No title bars or float/close buttons in front of the audience.
            dock.setTitleBarWidget(QWidget(dock))
        w.presentation_scale = PRESENTATION_SCALE
        w.set_theme(w.theme_name)
        w.setWindowState(
            (w.windowState() & ~Qt.WindowState.WindowMinimized) | Qt.WindowState.WindowFullScreen
        )
        w.show()
        w.canvas.setFocus(Qt.FocusReason.OtherFocusReason)
        self._fit_docks()
        self._set_checked(True)
        self.leave_action.setEnabled(True)
        self.hint.flash()
        self.changed.emit(True)

    def leave(self) -> None:
        if not self.active:
            return
        w, saved = self._window, self._saved
        self._saved = None
        self.hint.dismiss()
        self.leave_action.setEnabled(False)
        self._set_checked(False)
        w.presentation_scale = 1.0
        w.zoom = saved.zoom
        w.set_theme(w.theme_name)
        w.menuBar().setVisible(saved.menu_bar)
        w.statusBar().setVisible(saved.status_bar)
        for bar, visible in saved.toolbars.items():
            bar.setVisible(visible)
        for name, dock in w.docks.items():
            blank = dock.titleBarWidget()
            dock.setTitleBarWidget(saved.title_bars.get(name))
            if blank is not None and blank is not saved.title_bars.get(name):
                blank.deleteLater()
        w.setWindowState(saved.window_state)
        if not saved.window_state & _NOT_NORMAL:
            w.setGeometry(saved.geometry)
        w.restoreState(saved.state)
        if saved.focus is not None and isValid(saved.focus) and saved.focus.isVisible():
            saved.focus.setFocus(Qt.FocusReason.OtherFocusReason)
        self.changed.emit(False)

    # ---- internals ---------------------------------------------------------------------

    def _fit_docks(self) -> None:
        """Widen the side panels as much as their text grew, leaving the drawing most of the room."""
        w, saved = self._window, self._saved
        side = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
        docks, widths = [], []
        for name, dock in w.docks.items():
            if dock.isVisibleTo(w) and not dock.isFloating() and w.dockWidgetArea(dock) in side:
                docks.append(dock)
                widths.append(saved.dock_widths.get(name, dock.width()) * PRESENTATION_SCALE)
        if docks:
            # All the side panels together take at most MAX_SIDE_FRACTION of the width.
            shrink = min(1.0, w.width() * MAX_SIDE_FRACTION / sum(widths))
            w.resizeDocks(docks, [round(x * shrink) for x in widths], Qt.Orientation.Horizontal)

    def eventFilter(self, watched, event) -> bool:
        if watched is self._window and self.active:
            if event.type() == QEvent.Type.Resize:
                self._fit_docks()
            elif event.type() == QEvent.Type.Close:
                # Before the window remembers its geometry and docks: the ordinary ones.
                self.leave()
        return False

    def _toggled(self, on: bool) -> None:
        self.enter() if on else self.leave()

    def _set_checked(self, on: bool) -> None:
        self.toggle_action.blockSignals(True)
        self.toggle_action.setChecked(on)
        self.toggle_action.blockSignals(False)

    def _fill_panels_menu(self) -> None:
        menu = self.panels_menu
        menu.clear()
        chosen = set(self.chosen_panels())
        canvas = menu.addAction(self.tr("Drawing (always shown)"))
        canvas.setCheckable(True)
        canvas.setChecked(True)
        canvas.setEnabled(False)
        for name, dock in self._window.docks.items():
            act = menu.addAction(dock.windowTitle())
            act.setObjectName(f"present_{name}")
            act.setCheckable(True)
            act.setChecked(name in chosen)
            act.toggled.connect(lambda on, n=name: self.set_panel_chosen(n, on))


def _own_focus(window) -> QWidget | None:
    """The window's focused widget; another window's (a closed dialog's) is no business of ours."""
    focus = QApplication.focusWidget()
    return focus if focus is not None and focus.window() is window else None


class PresentationHint(QLabel):
    """A small note in a corner saying how to leave; it fades away after a few seconds."""

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("presentationHint")
        self._window = window
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._opacity = QGraphicsOpacityEffect(self)
        self.setGraphicsEffect(self._opacity)
        self._fade = QPropertyAnimation(self._opacity, b"opacity", self)
        self._fade.setDuration(900)
        self._fade.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._fade.finished.connect(lambda: self._opacity.opacity() < 0.01 and self.hide())
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._fade_out)
        window.installEventFilter(self)
        window.on_retranslate(self._retranslate)
        self.hide()

    def _retranslate(self) -> None:
        self.setText(self.tr("Esc or F5 leaves presentation mode"))
        self._place()

    def flash(self) -> None:
        self._fade.stop()
        self._opacity.setOpacity(1.0)
        self._style()
        self.show()
        self.raise_()
        self._place()
        self._timer.start(HINT_SECONDS * 1000)

    def dismiss(self) -> None:
        self._timer.stop()
        self._fade.stop()
        self.hide()

    def _fade_out(self) -> None:
        self._fade.setStartValue(self._opacity.opacity())
        self._fade.setEndValue(0.0)
        self._fade.start()

    def _style(self) -> None:
        theme = self._window.theme
        self.setStyleSheet(
            f"QLabel#presentationHint {{ color: {theme.foreground}; background: {theme.panel};"
            f" font-size: {font_points(theme, 0.9):.1f}pt;"
            f" border: 1px solid {theme.muted}; border-radius: 6px; padding: 4px 10px; }}"
        )

    def _place(self) -> None:
        self.adjustSize()
        margin = 12
        area = self._window.rect()
        self.move(area.right() - self.width() - margin, area.bottom() - self.height() - margin)

    def eventFilter(self, watched, event) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Resize and self.isVisible():
            self._place()
        return False


def install(window) -> Presentation:
    return Presentation(window)
