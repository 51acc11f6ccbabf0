"""What the app remembers between runs, with QSettings.

Remembered: the window's geometry and its docks, theme, language, zoom, snap
and the canvas toggles (the checkable actions named in TOGGLES, plus any
action a feature marks with setProperty("remember", True)). They are
restored at start and written when the window closes. A --lang or --theme
given on the command line wins for that run and is not written back unless
the user changes it from the menu.

Runs that only produce something (--screenshot, --self-test) and tests that
build windows directly neither read nor write any of it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction

from ..choices import LANGUAGES, THEME_NAMES

GEOMETRY = "window/geometry"
STATE = "window/state"
THEME = "view/theme"
LANGUAGE = "view/language"
ZOOM = "view/zoom"
TOGGLES = ("snap", "showPair", "showValues")
STATE_VERSION = 1


def saved_language() -> str | None:
    value = QSettings().value(LANGUAGE)
    return value if value in LANGUAGES else None


def saved_theme() -> str | None:
    value = QSettings().value(THEME)
    return value if value in THEME_NAMES else None


def _as_bool(value) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return None


class Preferences(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.enabled = False
        self._cli_lang: str | None = None
        self._cli_theme: str | None = None

    def remember(self, cli_lang: str | None = None, cli_theme: str | None = None) -> None:
        """Restore what was saved now, and save on close from here on."""
        self.enabled = True
        self._cli_lang, self._cli_theme = cli_lang, cli_theme
        self.restore()

    def remembered_actions(self) -> list[QAction]:
        return [
            act
            for act in self.window.findChildren(QAction)
            if act.isCheckable()
            and act.objectName()
            and (act.objectName() in TOGGLES or act.property("remember"))
        ]

    def restore(self) -> None:
        settings, w = QSettings(), self.window
        geometry = settings.value(GEOMETRY)
        if geometry:
            w.restoreGeometry(geometry)
        state = settings.value(STATE)
        if state:
            w.restoreState(state, STATE_VERSION)
        try:
            zoom = float(settings.value(ZOOM, 1.0))
        except (TypeError, ValueError):
            zoom = 1.0
        if zoom != w.zoom:
            w.set_zoom(zoom)
        for act in self.remembered_actions():
            value = _as_bool(settings.value(f"options/{act.objectName()}"))
            if value is not None and value != act.isChecked():
                act.setChecked(value)

    def save(self) -> None:
        if not self.enabled:
            return
        settings, w = QSettings(), self.window
        if not w.isFullScreen():  # a presentation's full screen is not the window's place
            settings.setValue(GEOMETRY, w.saveGeometry())
            settings.setValue(STATE, w.saveState(STATE_VERSION))
        if w.theme_name != self._cli_theme:
            settings.setValue(THEME, w.theme_name)
        language = w.translations.language
        if language != self._cli_lang:
            settings.setValue(LANGUAGE, language)
        settings.setValue(ZOOM, float(w.zoom))
        for act in self.remembered_actions():
            settings.setValue(f"options/{act.objectName()}", act.isChecked())
        settings.sync()
