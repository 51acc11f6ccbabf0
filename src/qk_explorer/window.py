"""The main window, wired to its controller and translations.

The app opens it, its self-test renders it, and tests build it the same way;
it lives apart from app.py so that the self-test (which app.py runs) need not
import app.py back.
"""

from __future__ import annotations

from .model import Scene


def build_window(
    scene: Scene,
    lang: str | None = None,
    theme: str | None = None,
    remember: bool = False,
    preset: str | None = None,
):
    """Controller, translations and main window, wired together (also used by tests).

    With `remember`, the settings of earlier runs are restored (a `lang` or
    `theme` given here wins) and this run's are saved when the window closes.
    A scene that is the preset `preset` gets that preset's title in the language.
    """
    from PySide6.QtCore import QCoreApplication

    from .i18n import Translations, system_language
    from .model.lesson_format import translated_preset_title
    from .model.scene import with_title
    from .view.controller import SceneController
    from .view.desktop.preferences import saved_language, saved_theme
    from .view.shell.main_window import MainWindow
    from .view.shell.wheel_guard import install as guard_wheels

    guard = guard_wheels(QCoreApplication.instance())  # before any control exists: no wheel edits one
    translations = Translations()
    translations.load(lang or (remember and saved_language()) or system_language())
    if preset is not None:
        scene = with_title(scene, translated_preset_title(preset, translations.language))
    controller = SceneController(scene)
    controller.updated.connect(guard.follow)
    window = MainWindow(controller, translations, theme or (remember and saved_theme()) or "system")
    translations.setParent(window)
    controller.setParent(window)
    if remember:
        window.desktop.preferences.remember(cli_lang=lang, cli_theme=theme)
    return window
