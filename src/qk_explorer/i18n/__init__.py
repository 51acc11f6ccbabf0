"""Languages: Qt translators for the interface and for Qt's own dialogs.

The source strings are English; Spanish comes from resources/i18n/qk_explorer_es.qm
(built from the .ts with pyside6-lrelease). Switching installs new translators,
which sends every widget a LanguageChange event: nothing needs a restart.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

from ..choices import LANGUAGES
from ..resources import resource_path


def system_language() -> str:
    for name in QLocale.system().uiLanguages():
        code = name.split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def qt_translations_path() -> str:
    """Where Qt's own catalogues are (qtbase_es.qm ships in the PySide6 wheel)."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def catalogue_path(lang: str):
    return resource_path("i18n", f"qk_explorer_{lang}.qm")


# The application has one interface language: the translators installed by any
# Translations object, so that loading a language replaces them all.
_INSTALLED: list[QTranslator] = []


class QtMnemonicGaps(QTranslator):
    """Fills a gap in Qt's own catalogue: strings that gained a mnemonic mark in Qt's
    source ("&Look in:" in QFileDialog) while the catalogue still has them without it.
    Searched last; a miss returns None so the lookup falls through to the source text."""

    def __init__(self, qt: QTranslator, parent: QObject | None = None):
        super().__init__(parent)
        self._qt = qt

    def isEmpty(self) -> bool:
        return False

    def translate(self, context, source, disambiguation=None, n=-1):
        if not context or not context.startswith("Q") or "&" not in (source or ""):
            return None
        text = self._qt.translate(context, source.replace("&", ""), disambiguation, n)
        return "&" + text if text else None


class Translations(QObject):
    changed = Signal(str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.language = "en"

    def load(self, lang: str) -> bool:
        """Switch the interface to `lang`; False (and no change) for an unknown language."""
        if lang not in LANGUAGES:
            return False
        app = QCoreApplication.instance()
        for translator in _INSTALLED:
            with contextlib.suppress(RuntimeError):  # already deleted with the window that owned it
                app.removeTranslator(translator)
        _INSTALLED.clear()
        if lang != "en":
            own = QTranslator(self)
            if own.load(str(catalogue_path(lang))):
                _INSTALLED.append(own)
            qt = QTranslator(self)
            if qt.load(QLocale(lang), "qtbase", "_", qt_translations_path()):
                _INSTALLED[:0] = [QtMnemonicGaps(qt, self)]  # installed first: searched last
                _INSTALLED.append(qt)
        for translator in _INSTALLED:
            app.installTranslator(translator)
        QLocale.setDefault(
            QLocale(
                QLocale.Language.Spanish if lang == "es" else QLocale.Language.English,
                QLocale.Country.Spain if lang == "es" else QLocale.Country.UnitedStates,
            )
        )
        self.language = lang
        self.changed.emit(lang)
        return True
