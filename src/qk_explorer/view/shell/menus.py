"""The window's own menus: undo and snapping, fitting and zoom, theme, language, panels,
the named scenes and About. Features add their actions themselves (window.action)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from ...i18n import LANGUAGES
from ...model.lesson_format import translated_preset_title
from ...model.presets import PRESETS
from .. import theme as themes
from .undo_actions import undo_actions


def build_menus(window) -> tuple[dict[str, QAction], dict[str, QAction]]:
    """Fill the menus; returns the theme and the language actions by name, to check the current one."""
    themes_by_name: dict[str, QAction] = {}
    languages: dict[str, QAction] = {}
    c = window.controller
    undo, redo = undo_actions(window, c.undo_stack)
    window.menus["edit"].addActions([undo, redo])
    window.addActions([undo, redo])
    window.menus["edit"].addSeparator()
    window.action(
        "edit",
        lambda: QCoreApplication.translate("MainWindow", "Snap to &Grid (Ctrl-drag moves freely)"),
        lambda on: setattr(c, "snap_enabled", on),
        "Ctrl+G",
        checkable=True,
        checked=c.snap_enabled,
        name="snap",
    )

    window.action(
        "view",
        lambda: QCoreApplication.translate("MainWindow", "&Fit Scene"),
        window.canvas.fit_scene,
        "Home",
        name="fit",
    )
    window.action(
        "view",
        lambda: QCoreApplication.translate("MainWindow", "Show &Projection and Angle"),
        window.canvas.set_show_pair,
        "Ctrl+P",
        checkable=True,
        checked=True,
        name="showPair",
    )
    window.action(
        "view",
        lambda: QCoreApplication.translate("MainWindow", "Show &Values and Output"),
        window.canvas.set_show_values,
        "Ctrl+Shift+V",
        checkable=True,
        checked=True,
        name="showValues",
    )
    window.menus["view"].addSeparator()
    window.action(
        "view",
        lambda: QCoreApplication.translate("MainWindow", "Zoom &In"),
        lambda: window.set_zoom(window.zoom * 1.15),
        [*QKeySequence.keyBindings(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")],
        name="zoomIn",
    )
    window.action(
        "view",
        lambda: QCoreApplication.translate("MainWindow", "Zoom &Out"),
        lambda: window.set_zoom(window.zoom / 1.15),
        QKeySequence.StandardKey.ZoomOut,
        name="zoomOut",
    )
    window.action(
        "view",
        lambda: QCoreApplication.translate("MainWindow", "&Reset Zoom"),
        lambda: window.set_zoom(1.0),
        "Ctrl+0",
        name="zoomReset",
    )
    window.menus["view"].addSeparator()
    theme_menu = window.menus["view"].addMenu("")
    group = QActionGroup(window)
    labels = {
        "system": lambda: QCoreApplication.translate("MainWindow", "Follow the &System"),
        "light": lambda: QCoreApplication.translate("MainWindow", "&Light"),
        "dark": lambda: QCoreApplication.translate("MainWindow", "&Dark"),
        "projector": lambda: QCoreApplication.translate("MainWindow", "&Projector"),
        "high-contrast": lambda: QCoreApplication.translate("MainWindow", "&High Contrast"),
    }
    for name in themes.THEME_NAMES:
        act = QAction(window, checkable=True)
        act.setData(name)
        act.setObjectName(f"theme_{name}")
        act.setChecked(name == window.theme_name)
        act.triggered.connect(lambda _c=False, n=name: window.set_theme(n))
        group.addAction(act)
        theme_menu.addAction(act)
        themes_by_name[name] = act
        window.on_retranslate(lambda a=act, n=name: a.setText(labels[n]()))
    window.on_retranslate(lambda: theme_menu.setTitle(QCoreApplication.translate("MainWindow", "&Theme")))
    language_menu = window.menus["view"].addMenu("")
    group = QActionGroup(window)
    for lang in LANGUAGES:
        act = QAction({"en": "English", "es": "Español"}[lang], window, checkable=True)
        act.setData(lang)
        act.setObjectName(f"language_{lang}")
        act.triggered.connect(lambda _c=False, code=lang: window.set_language(code))
        group.addAction(act)
        language_menu.addAction(act)
        languages[lang] = act
    window.on_retranslate(
        lambda: language_menu.setTitle(QCoreApplication.translate("MainWindow", "&Language"))
    )
    language_menu.addSeparator()
    point = QAction(window, checkable=True)
    point.setObjectName("decimalPoint")
    point.setProperty("remember", True)  # kept between runs with the other toggles
    point.toggled.connect(window.set_decimal_point)
    language_menu.addAction(point)
    window.addAction(point)
    window.on_retranslate(
        lambda: point.setText(QCoreApplication.translate("MainWindow", "Decimal &Point in Every Language"))
    )
    window.menus["view"].addSeparator()
    panels_menu = window.menus["view"].addMenu("")
    window.on_retranslate(lambda: panels_menu.setTitle(QCoreApplication.translate("MainWindow", "&Panels")))
    panels_menu.aboutToShow.connect(lambda: _fill_panels_menu(window, panels_menu))

    for preset in PRESETS.values():
        window.action(
            "scenes",
            lambda p=preset: translated_preset_title(p.name, window.translations.language),
            lambda p=preset: window.load_preset(p.name),
            name=f"preset_{preset.name}",
        )

    window.action(
        "help",
        lambda: QCoreApplication.translate("MainWindow", "&About Q·K Explorer"),
        window.about,
        name="about",
    )
    return themes_by_name, languages


def _fill_panels_menu(window, menu) -> None:
    menu.clear()
    for dock in window.docks.values():
        menu.addAction(dock.toggleViewAction())
