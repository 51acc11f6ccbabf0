"""What the app remembers between runs, with QSettings.

Remembered: the window's geometry and its docks, theme, language, the decimal point, zoom, snap
and the canvas toggles (the checkable actions named in TOGGLES, plus any
action a feature marks with setProperty("remember", True)). They are
restored at start, and when the window closes only what changed in this
window since then is written: two windows open at once each keep the other's
changes (the second to close used to write every key, undoing the first's).
A --lang or --theme given on the command line wins for that run and is not
written back unless the user changes it from the menu. A theme or language
chosen from the menu is written at once, so that it outlives a kill or a crash
as the autosaved scene does.

Every value read is checked for its type and range (a settings file is text
anyone can edit): one that is wrong is left aside, the default taken instead,
and the status bar and the log name it once. When a file of the settings is
not a regular file (settings_file.py) nothing is read or written at all.

Runs that only produce something (--screenshot, --self-test) and tests that
build windows directly neither read nor write any of it.
"""

from __future__ import annotations

import logging
import math

from PySide6.QtCore import QByteArray, QObject, Signal
from PySide6.QtGui import QAction

from ...choices import LANGUAGES, THEME_NAMES
from .documents import RECENT_KEY, recent_paths
from .file_io import path_message
from .settings_file import settings, unusable
from .status_note import tell

GEOMETRY = "window/geometry"
STATE = "window/state"
THEME = "view/theme"
LANGUAGE = "view/language"
ZOOM = "view/zoom"
TOGGLES = ("snap", "showPair", "showValues")
STATE_VERSION = 2  # 2: the Tokens panel moved from under the canvas to the right-hand tabs
ZOOM_RANGE = (0.6, 3.0)  # what the window's Ctrl +/− go between
CHOSEN = (THEME, LANGUAGE)  # written as soon as they are chosen from the menu

log = logging.getLogger(__name__)


def saved_language() -> str | None:
    return _saved(LANGUAGE, _choice(LANGUAGES))


def saved_theme() -> str | None:
    return _saved(THEME, _choice(THEME_NAMES))


def _saved(key: str, read):
    store = settings()
    return None if store is None else read(store.value(key))


# Readers of one setting's value: the value as the window takes it, or None when it is not one.


def _choice(names):
    return lambda value: value if isinstance(value, str) and value in names else None


def _as_bool(value) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return None


def _bytes(value) -> QByteArray | None:
    return QByteArray(value) if isinstance(value, QByteArray | bytes) and len(value) else None


def _zoom(value) -> float | None:
    try:
        zoom = float(value) if isinstance(value, str | int | float) and not isinstance(value, bool) else None
    except ValueError:
        return None
    low, high = ZOOM_RANGE
    return zoom if zoom is not None and math.isfinite(zoom) and low <= zoom <= high else None


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
        for act in self.window.findChildren(QAction):
            if act.objectName().startswith(("theme_", "language_")):
                act.triggered.connect(lambda _checked=False: self._write(CHOSEN))

    def remembered_actions(self) -> list[QAction]:
        return [
            act
            for act in self.window.findChildren(QAction)
            if act.isCheckable()
            and act.objectName()
            and (act.objectName() in TOGGLES or act.property("remember"))
        ]

    def restore(self) -> None:
        store, w = settings(), self.window
        if store is None:
            self._tell_unusable()
            self.restored.emit()
            return
        wrong: list[str] = []

        def read(key: str, reader):
            """The value at `key` as `reader` takes it; one that is there but wrong is noted."""
            raw = store.value(key)
            value = None if raw is None else reader(raw)
            if raw is not None and value is None:
                wrong.append(key)
            return value

        geometry = read(GEOMETRY, _bytes)
        if geometry is not None and not w.restoreGeometry(geometry):
            wrong.append(GEOMETRY)
        state = read(STATE, _bytes)
        if state is not None:
            w.restoreState(state, STATE_VERSION)  # a layout of an older version is rightly not restored
        zoom = read(ZOOM, _zoom)
        if zoom is not None and zoom != w.zoom:
            w.set_zoom(zoom)
        for act in self.remembered_actions():
            value = read(f"options/{act.objectName()}", _as_bool)
            if value is not None and value != act.isChecked():
                act.setChecked(value)
        read(THEME, _choice(THEME_NAMES))  # applied as the window was built: checked here to be said
        read(LANGUAGE, _choice(LANGUAGES))
        read(RECENT_KEY, recent_paths)
        if wrong:
            text = self.tr("Settings left aside because they are not valid: {keys}. The defaults apply.")
            tell(w, text.format(keys=", ".join(wrong)), log)
        self.restored.emit()

    def _tell_unusable(self) -> None:
        problem = unusable()
        if problem is not None:
            text = self.tr("Settings not used: {problem}. The defaults apply, and nothing is saved there.")
            tell(self.window, text.format(problem=path_message(problem)), log)

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
        if self.enabled:
            self.aboutToSave.emit()
            self._write()

    def _write(self, keys=None) -> None:
        """Write the settings among `keys` (all when None) that changed since they were last read
        or written here; nothing at all when the settings cannot be used."""
        if not self.enabled:
            return
        now = {key: value for key, value in self.current().items() if keys is None or key in keys}
        changed = {key: value for key, value in now.items() if self._started.get(key) != value}
        store = settings() if changed else None
        if store is not None:
            for key, value in changed.items():
                store.setValue(key, value)
            store.sync()
        self._started.update(now)
