"""The window fits the screen it opens on.

A first start (1280 × 800) on a laptop 768 pixels high, or a size and a dock
layout remembered from a bigger monitor, would leave the tabs, the x-axis and
the status bar below the screen's edge, or docks so wide that the drawing is
a sliver. fit_to_screen() clamps the window to the screen's available area
(QScreen.availableGeometry: without panels and task bars), and fit_docks() keeps
the side docks to a share of the width. Docks' tab titles are never cut short ("Atenci…"):
a crowded tab bar scrolls instead.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QStyle, QTabBar

SIDE_SHARE = 0.55  # the side docks together take at most this much of the width


def available_geometry(window) -> QRect:
    """The part of the window's screen that windows may use."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def fit_to_screen(window: QMainWindow) -> None:
    """Clamp a normal window (with its frame) to its screen's available area; narrow wide docks."""
    if window.windowState() & (
        Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMinimized
    ):
        return
    room = available_geometry(window)
    if room.isEmpty():
        return
    frame_w, frame_h = _frame_margins(window)
    geometry = window.geometry()
    least_w, least_h = minimum_size(window)
    width = max(least_w, min(geometry.width(), room.width() - frame_w))
    height = max(least_h, min(geometry.height(), room.height() - frame_h))
    # The frame's top left corner inside the room, and as much of the window as fits.
    x = min(max(geometry.x(), room.left()), max(room.left(), room.right() + 1 - width - frame_w))
    y = min(max(geometry.y(), room.top()), max(room.top(), room.bottom() + 1 - height - frame_h))
    window.setGeometry(x, y, width, height)


def minimum_size(window: QMainWindow) -> tuple[int, int]:
    """The smallest the window can be: what its layout needs for the canvas and the docks it
    shows. Exact once shown: the panels behind tabs are built, and themed, as they first show."""
    return window.minimumSizeHint().expandedTo(window.minimumSize()).toTuple()


def fit_docks(window: QMainWindow, width: int) -> None:
    """Side docks wider together than SIDE_SHARE of `width` shrink in proportion; floating ones
    come back inside the screen. For a shown window: hidden, docks have no widths yet."""
    room = available_geometry(window)
    sides = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
    widest = {}  # area → its widest dock: docks stacked in one area share its width
    for dock in window.docks.values():
        if dock.isHidden():
            continue
        if dock.isFloating():
            frame = dock.frameGeometry()
            if not room.contains(frame):
                dock.move(
                    min(max(frame.x(), room.left()), max(room.left(), room.right() + 1 - frame.width())),
                    min(max(frame.y(), room.top()), max(room.top(), room.bottom() + 1 - frame.height())),
                )
            continue
        area = window.dockWidgetArea(dock)
        if area in sides and (area not in widest or dock.width() > widest[area].width()):
            widest[area] = dock
    total = sum(dock.width() for dock in widest.values())
    allowed = width * SIDE_SHARE
    if total > allowed:
        docks = list(widest.values())
        shrink = allowed / total
        window.resizeDocks(
            docks, [max(1, round(d.width() * shrink)) for d in docks], Qt.Orientation.Horizontal
        )


def _frame_margins(window) -> tuple[int, int]:
    """The window manager's frame around the window: measured once shown, else a title bar."""
    if window.isVisible():
        outer, inner = window.frameGeometry(), window.geometry()
        return outer.width() - inner.width(), outer.height() - inner.height()
    return 0, window.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)


class _WholeTabTitles(QObject):
    """Sets every dock tab bar the window makes to scroll rather than cut its titles short."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.ChildPolished and isinstance(event.child(), QTabBar):
            whole_titles(event.child())
        return False


def whole_titles(bar: QTabBar) -> None:
    if bar.elideMode() != Qt.TextElideMode.ElideNone:
        bar.setElideMode(Qt.TextElideMode.ElideNone)
        bar.setUsesScrollButtons(True)


def install(window: QMainWindow) -> None:
    """Keep the window's dock tab titles whole, from now on."""
    for bar in window.findChildren(QTabBar):
        whole_titles(bar)
    window.installEventFilter(_WholeTabTitles(window))
