"""How the window behaves beyond its panels: presentation mode, the live description
for screen readers, the shortcut sheet, and following the system's light or dark
scheme while it changes. MainWindow calls install() once."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication

from . import accessibility, presentation, shortcuts_sheet


class _FollowSystemScheme(QObject):
    """Re-applies the "system" theme when the desktop switches between light and dark."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window
        QGuiApplication.styleHints().colorSchemeChanged.connect(self.scheme_changed)

    def scheme_changed(self, scheme) -> None:
        if self._window.theme_name == "system":
            self._window.set_theme("system", scheme)


def install(window) -> tuple[presentation.Presentation, accessibility.LiveDescription]:
    """Presentation mode and the live description, which the window keeps as its own."""
    shown = presentation.install(window)
    described = accessibility.install(window)
    shortcuts_sheet.install(window)
    _FollowSystemScheme(window)  # lives as the window's child
    return shown, described
