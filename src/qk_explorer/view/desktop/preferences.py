"""What the app remembers between runs, with QSettings.

Remembered: the window's geometry and its docks, theme, language, the decimal point, zoom, snap
and the canvas toggles (the checkable actions named in TOGGLES, plus any
action a feature marks with setProperty("remember", True)). They are
restored at start, and when the window closes only what changed in this
window since then is written: two windows open at once each keep the other's
changes (the second to close used to write every key, undoing the first's).
A --lang or --theme given on the command line wins for that run and is not
written back unless the user changes it from the menu.

Runs that only produce something (--screenshot, --self-test) and tests that
build windows directly neither read nor write any of it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction

from ...choices import LANGUAGES, THEME_NAMES

GEOMETRY = "window/geometry"
STATE = "window/state"
THEME = "view/theme"
LANGUAGE = "view/language"
ZOOM = "view/zoom"
TOGGLES = ("snap", "showPair", "showValues")
STATE_VERSION = 2  # 2: the Tokens panel moved from under the canvas to the right-hand tabs


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
    # Before the window's docks are written: a dock moved aside for one scene goes back first.
    aboutToSave = Signal()
    # After the docks of an earlier run are put back: the panels that follow the scene follow it again.
    restored = Signal()

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.enabled = False
        self._cli_lang: str | None = None
        self._cli_theme: str | None = None
        self._started: dict[str, object] = {}  # what the window had once restored (or last saved)

    def remember(self, cli_lang: str | None = None, cli_theme: str | None = None) -> None:
        """Restore what was saved now, and save on close from here on."""
        self.enabled = True
        self._cli_lang, self._cli_theme = cli_lang, cli_theme
        self.restore()
        self._started = self.current()

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
        self.restored.emit()

    def current(self) -> dict[str, object]:
        """Every remembered setting as the window has it now."""
        w = self.window
        values: dict[str, object] = {}
        if not w.isFullScreen():  # a presentation's full screen is not the window's place
            values[GEOMETRY] = w.saveGeometry()
            values[STATE] = w.saveState(STATE_VERSION)
        values[THEME] = w.theme_name
        values[LANGUAGE] = w.translations.language
        values[ZOOM] = float(w.zoom)
        for act in self.remembered_actions():
            values[f"options/{act.objectName()}"] = act.isChecked()
        return values

    def save(self) -> None:
        """Write what changed in this window since it started (a --lang or --theme included only
        once changed from the menu); whatever another window wrote meanwhile stays."""
        if not self.enabled:
            return
        self.aboutToSave.emit()
        now = self.current()
        changed = {key: value for key, value in now.items() if self._started.get(key) != value}
        if changed:
            settings = QSettings()
            for key, value in changed.items():
                settings.setValue(key, value)
            settings.sync()
        self._started.update(now)
