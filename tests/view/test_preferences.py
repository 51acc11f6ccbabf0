"""Settings remembered across runs: window, docks, theme, language, zoom, snap and canvas toggles."""

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from qk_explorer.view.desktop import preferences

from .helpers import act


@pytest.fixture
def run(start_remembered):
    return start_remembered


def test_a_second_run_comes_back_as_the_first_was_left(run):
    first = run(lang="en", theme="light")
    first.resize(720, 520)  # within the offscreen screen (800×600): restoreGeometry keeps windows on screen
    act(first, "theme_projector").trigger()
    act(first, "language_es").trigger()
    act(first, "zoomIn").trigger()
    act(first, "snap").setChecked(False)
    act(first, "showValues").setChecked(False)
    first.docks["coordinates"].hide()
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.docks["numbers"])
    zoom = first.zoom
    assert first.close()

    second = run()  # no --lang, no --theme
    assert second.translations.language == "es"
    assert second.menus["file"].title() == "&Archivo"
    assert second.theme_name == "projector"
    assert act(second, "theme_projector").isChecked()
    assert second.zoom == zoom
    assert not second.controller.snap_enabled and not act(second, "snap").isChecked()
    assert not act(second, "showValues").isChecked()
    assert act(second, "showPair").isChecked()
    assert (second.width(), second.height()) == (720, 520)
    assert second.docks["coordinates"].isHidden()
    assert second.dockWidgetArea(second.docks["numbers"]) == Qt.DockWidgetArea.LeftDockWidgetArea


def test_the_command_line_wins_and_is_not_written_back(run):
    first = run(theme="dark")
    act(first, "language_es").trigger()
    assert first.close()
    settings = QSettings()
    assert settings.value(preferences.LANGUAGE) == "es"
    assert settings.value(preferences.THEME) is None  # dark came from --theme

    second = run(lang="en", theme="high-contrast")
    assert second.translations.language == "en"
    assert second.theme_name == "high-contrast"
    assert second.close()
    assert QSettings().value(preferences.LANGUAGE) == "es"  # --lang en was for that run only


def test_windows_built_for_tests_and_screenshots_neither_read_nor_write(make_window):
    QSettings().setValue(preferences.THEME, "dark")
    QSettings().setValue(preferences.ZOOM, 2.0)
    window = make_window(theme="light")
    assert window.theme_name == "light" and window.zoom == 1.0
    act(window, "zoomIn").trigger()
    assert window.close()
    assert float(QSettings().value(preferences.ZOOM)) == 2.0


def test_nonsense_in_the_settings_is_ignored(run):
    settings = QSettings()
    settings.setValue(preferences.THEME, "purple")
    settings.setValue(preferences.LANGUAGE, "klingon")
    settings.setValue(preferences.ZOOM, "big")
    settings.setValue(preferences.GEOMETRY, b"garbage")
    settings.setValue("options/snap", "maybe")
    window = run(lang="en")
    assert window.theme_name == "system"
    assert window.zoom == 1.0
    assert window.controller.snap_enabled


def test_two_windows_open_at_once_keep_each_others_changes(run):
    first, second = run(), run()
    act(first, "theme_dark").trigger()
    act(first, "zoomIn").trigger()
    zoom = first.zoom
    assert first.close()
    act(second, "language_es").trigger()
    assert second.close()  # it changed only the language: the theme and zoom stay as the first left them
    settings = QSettings()
    assert settings.value(preferences.THEME) == "dark"
    assert float(settings.value(preferences.ZOOM)) == zoom != 1.0
    assert settings.value(preferences.LANGUAGE) == "es"

    third = run()
    assert third.theme_name == "dark" and third.zoom == zoom
    assert third.translations.language == "es"


def test_a_window_that_changed_nothing_writes_nothing(run):
    window = run()
    settings = QSettings()
    settings.setValue(preferences.THEME, "projector")  # written meanwhile, as by another window
    assert window.close()
    assert QSettings().value(preferences.THEME) == "projector"
    assert QSettings().value(preferences.ZOOM) is None


def test_a_decimal_point_in_spanish_is_applied_at_once_and_remembered(run):
    first = run(lang="es")
    first.show_dock("attention")
    point = act(first, "decimalPoint")
    assert not point.isChecked() and first.numbers.value_text("proj") == "(4/5)·k₁ = (0,8; 1,6)"
    point.trigger()
    QApplication.processEvents()
    assert first.numbers.value_text("proj") == "(4/5)·k₁ = (0.8, 1.6)"
    assert first.numbers.value_text("angle") == "36.87°"
    assert "36.87°" in first.live_description.label.text()
    assert first.attention.panel.table.column_texts("logit") == ["2.828"]
    assert first.canvas.getPlotItem().getAxis("bottom").tickStrings([0.5], 1, 0.5) == ["0.5"]
    assert first.close()

    second = run(lang="es")
    assert act(second, "decimalPoint").isChecked()
    assert second.numbers.value_text("cosine") == "0.8"
    act(second, "decimalPoint").trigger()
    assert second.numbers.value_text("cosine") == "0,8"
