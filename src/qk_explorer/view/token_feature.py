"""Scenes of tokens in the window: the token plane, docked beside the matrix.

install(window) adds the Tokens panel — built the first time it is shown,
shown by itself when a scene of tokens opens and hidden when a scene without
tokens replaces it (reopened by hand from View ▸ Panels whenever wanted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer

MIN_WIDTH = 250  # the token plane's narrowest: a plot a label or two across

if TYPE_CHECKING:
    from .token_plane.panel import TokenPlanePanel


class TokenFeature(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        controller = window.controller
        self.dock = window.add_lazy_panel(
            "tokens",
            self._build_panel,
            lambda: self.tr("Tokens"),
            Qt.DockWidgetArea.BottomDockWidgetArea,
            scroll=False,
        )
        matrix = window.docks.get("matrix")
        if matrix is not None:  # beside the matrix, under the canvas: the two planes side by side
            window.splitDockWidget(matrix, self.dock, Qt.Orientation.Horizontal)
        self._had_tokens = controller.scene.tokens is not None
        if not self._had_tokens:
            self.dock.hide()
        self.dock.visibilityChanged.connect(
            lambda shown: shown and QTimer.singleShot(0, self, self.give_room)
        )
        controller.changed.connect(self._update)

    @property
    def panel(self) -> TokenPlanePanel:
        return self.window.panels["tokens"]

    def _build_panel(self) -> TokenPlanePanel:
        from .token_plane.panel import TokenPlanePanel

        return TokenPlanePanel(self.window.controller)

    def give_room(self) -> None:
        """Beside the matrix, leave the matrix the width its grids ask for and take the rest."""
        matrix = self.window.docks.get("matrix")
        panel = self.window.panels.get("matrix")
        if matrix is None or panel is None or matrix.isHidden() or self.dock.isFloating():
            return
        if self.window.dockWidgetArea(matrix) != self.window.dockWidgetArea(self.dock):
            return
        both = matrix.width() + self.dock.width()
        wanted = min(panel.sizeHint().width() + 24, both - MIN_WIDTH)
        if wanted > matrix.width():
            self.window.resizeDocks([matrix, self.dock], [wanted, both - wanted], Qt.Orientation.Horizontal)

    def _update(self, scene, _results) -> None:
        has_tokens = scene.tokens is not None
        if has_tokens and not self._had_tokens and not self.window.presentation.active:
            self.dock.show()
            self.dock.raise_()
        elif not has_tokens and self._had_tokens:
            self.dock.hide()
        self._had_tokens = has_tokens


def install(window) -> TokenFeature:
    return TokenFeature(window)
