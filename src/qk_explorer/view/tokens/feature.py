"""Scenes of tokens in the window: the token plane, a tab beside the Projections panel.

install(window) adds the Tokens panel — built the first time it is shown,
brought to the front by itself when a scene of tokens opens and hidden when a
scene without tokens replaces it (reopened by hand from View ▸ Panels whenever
wanted).

It shares the right-hand column's tabs with Projections rather than the strip
under the canvas: beside the matrix it left neither the matrix's grids nor the
plane room enough in a 1280 × 800 window. When the column is too short for
the plane at MIN_PLOT and the Numbers panel above it (1366 × 768, 1280 × 800),
Numbers makes way while the scene of tokens lasts, and comes back with the next
scene without tokens, and in the layout the window remembers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QTabBar

MIN_PLOT = 250  # the token plot's least height and width, in pixels: room to aim at a tip and drag it

if TYPE_CHECKING:
    from .panel import TokenPlanePanel


class TokenFeature(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        controller = window.controller
        self.dock = window.add_lazy_panel(
            "tokens",
            self._build_panel,
            lambda: self.tr("Tokens"),
            Qt.DockWidgetArea.RightDockWidgetArea,
            scroll=False,
        )
        beside = window.docks.get("projections")
        if beside is not None:
            window.tabifyDockWidget(beside, self.dock)
        self._had_tokens = controller.scene.tokens is not None
        self._presented_tokens = self._had_tokens  # whether the scene had tokens when presenting began
        self._room_wanted = self._had_tokens  # a scene of tokens arrived: the plane asks for room once
        self.numbers_aside = False  # Numbers was hidden here to make room, and is to come back
        if not self._had_tokens:
            self.dock.hide()
        self.dock.visibilityChanged.connect(
            lambda shown: shown and self._room_wanted and QTimer.singleShot(0, self, self.give_room)
        )
        controller.updated.connect(lambda u: self._update(u.scene, u.results))
        window.presentation.changed.connect(self._presenting)
        window.desktop.preferences.restored.connect(lambda: self._arrive(self._had_tokens))
        window.desktop.preferences.aboutToSave.connect(self._numbers_back)

    @property
    def panel(self) -> TokenPlanePanel:
        return self.window.panels["tokens"]

    def _build_panel(self) -> TokenPlanePanel:
        from .panel import TokenPlanePanel

        return TokenPlanePanel(self.window.controller)

    def give_room(self) -> None:
        """Let the plot reach MIN_PLOT high: from the Numbers panel above it while Numbers keeps its
        least height, else by hiding Numbers for as long as the scene has tokens."""
        dock, window = self.dock, self.window
        if not self._room_wanted or not window.isVisible() or window.presentation.active:
            return
        self._room_wanted = False
        if window.dock_shown("matrix"):  # the grids' height first: the column is what they leave
            window.matrix.give_room()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        plot = self.panel.plot
        numbers = window.docks.get("numbers")
        if dock.isHidden() or dock.isFloating() or plot.isHidden() or numbers is None:
            return
        for _ in range(3):  # a squeezed panel gives its words their room back first: measure again
            short = MIN_PLOT - plot.height()
            if short <= 0 or not _same_column(window, numbers, dock):
                break
            if numbers.height() - numbers.minimumSizeHint().height() < short:
                numbers.hide()
                self.numbers_aside = True
                break
            group = dock.height() + _tab_bar_under(window, dock)  # the size resizeDocks sets
            window.resizeDocks(
                [numbers, dock], [numbers.height() - short, group + short], Qt.Orientation.Vertical
            )
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.panel.plane.fit()  # the tokens as large as the grown plot allows

    def _numbers_back(self) -> None:
        if self.numbers_aside:
            self.numbers_aside = False
            self.window.docks["numbers"].show()

    def _arrive(self, has_tokens: bool) -> None:
        """A scene of tokens came (show the plane, in front, with room) or went (hide it)."""
        if has_tokens:
            self.dock.show()
            self.dock.raise_()
            self._room_wanted = True
            QTimer.singleShot(0, self, self.give_room)
        else:
            self._room_wanted = False
            self.dock.hide()
            self._numbers_back()

    def _update(self, scene, _results) -> None:
        has_tokens = scene.tokens is not None
        if has_tokens != self._had_tokens and not self.window.presentation.active:
            self._arrive(has_tokens)  # presenting, no dock comes over the stage: see _presenting
        self._had_tokens = has_tokens

    def _presenting(self, on: bool) -> None:
        """Leaving puts back the docks as they were on entering; the scene may have changed since."""
        if on:
            self._presented_tokens = self._had_tokens
        elif self._had_tokens != self._presented_tokens:
            self._arrive(self._had_tokens)


def _same_column(window, upper, lower) -> bool:
    """Two docks stacked in one column of the same side."""
    if upper.isHidden() or upper.isFloating() or window.dockWidgetArea(upper) != window.dockWidgetArea(lower):
        return False
    a, b = upper.geometry(), lower.geometry()
    return a.left() < b.right() and b.left() < a.right() and a.bottom() < b.top()


def _tab_bar_under(window, dock) -> int:
    """The height of the tab bar of the dock's tab group (under it), or 0 for a dock alone."""
    rect = dock.geometry()
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        at = bar.geometry()
        if bar.isVisible() and at.top() == rect.bottom() + 1 and at.left() == rect.left():
            return at.height()
    return 0


def install(window) -> TokenFeature:
    return TokenFeature(window)
