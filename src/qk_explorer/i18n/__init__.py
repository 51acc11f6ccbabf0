"""Languages: Qt translators for the interface and for Qt's own dialogs.

The source strings are English; Spanish comes from resources/i18n/qk_explorer_es.qm
(built from the .ts with pyside6-lrelease). Switching installs new translators,
which sends every widget a LanguageChange event: nothing needs a restart.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

from ..choices import LANGUAGES
from ..resources import resource_path


def system_language() -> str:
    for name in QLocale.system().uiLanguages():
        code = name.split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def catalogue_path(lang: str):
    return resource_path("i18n", f"qk_explorer_{lang}.qm")


class Translations(QObject):
    """The interface language of the whole application (translators are process-wide in Qt)."""

    changed = Signal(str)
    # Shared by every instance: a second window must replace, not stack on, the first's translators.
    _installed: list[QTranslator] = []  # noqa: RUF012

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.language = "en"

    def load(self, lang: str) -> bool:
        """Switch the interface to `lang`; False (and no change) for an unknown language."""
        if lang not in LANGUAGES:
            return False
        app = QCoreApplication.instance()
        for translator in Translations._installed:
            app.removeTranslator(translator)
            translator.deleteLater()
        Translations._installed.clear()
        if lang != "en":
            own = QTranslator(app)
            if own.load(str(catalogue_path(lang))):
                Translations._installed.append(own)
            qt = QTranslator(app)
            if qt.load(
                QLocale(lang), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            ):
                Translations._installed.append(qt)
        for translator in Translations._installed:
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
