"""The language reaches everything: Qt's own dialogs, numbers in spin boxes and on the axes,
the system's language by default, and no menu or dialog cut off by longer words."""

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLabel, QMessageBox, QPushButton

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref
from qk_explorer.text.numbers import MINUS
from qk_explorer.view.shell.shortcuts_sheet import ShortcutSheet

from .test_translations import DoublingTranslator, cut_off_widgets


def test_qt_message_box_buttons_are_spanish(make_window):
    window = make_window(lang="es")
    buttons = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Warning, "t", "m", buttons.Ok | buttons.Cancel | buttons.Save, window)
    assert sorted(b.text().replace("&", "") for b in box.buttons()) == ["Aceptar", "Cancelar", "Guardar"]
    close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    assert close.button(QDialogButtonBox.StandardButton.Close).text().replace("&", "") == "Cerrar"


def test_qt_file_dialog_is_spanish_and_back_to_english(make_window):
    window = make_window(lang="es")

    def texts():
        dialog = QFileDialog(window)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        labels = {label.objectName(): label.text() for label in dialog.findChildren(QLabel)}
        buttons = [b.text() for b in dialog.findChildren(QPushButton)]
        dialog.deleteLater()
        return labels, buttons

    labels, buttons = texts()
    assert labels["lookInLabel"] == "&Ver en:"
    assert labels["fileNameLabel"] == "&Nombre de fichero:"
    assert labels["fileTypeLabel"] == "&Ficheros de tipo:"
    assert "&Abrir" in buttons and "Cancelar" in buttons
    window.findChild(QAction, "language_en").trigger()
    labels, buttons = texts()
    assert labels["lookInLabel"] == "&Look in:"
    assert "&Open" in buttons


def test_untranslated_text_still_falls_through_to_the_source(make_window):
    make_window(lang="es")
    assert QCoreApplication.translate("QFileDialog", "&No such string here") == "&No such string here"
    assert QCoreApplication.translate("Elsewhere", "plain") == "plain"


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANGUAGE": "es", "LANG": "es_ES.UTF-8"}, "es"),
        ({"LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "en", "LANG": "en_GB.UTF-8"}, "en"),
    ],
)
def test_the_system_language_is_the_default(environment, expected):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.update(environment, QT_QPA_PLATFORM="offscreen")
    code = (
        "from PySide6.QtCore import QCoreApplication\n"
        "from qk_explorer.window import build_window\n"
        "from qk_explorer.model.presets import preset_scene\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "w = build_window(preset_scene('lesson-pair'))\n"
        "print(w.translations.language, w.menus['file'].title())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    lang, title = out.stdout.split()
    assert lang == expected
    assert title == {"es": "&Archivo", "en": "&File"}[expected]


def test_spin_boxes_write_a_decimal_comma_in_spanish(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es")
    window.controller.set_coordinate(QUERY, 0, -2.5)
    spin = window.coordinates.spin(QUERY, 0)
    assert spin.text() == f"{MINUS}2,5"
    assert spin.valueFromText("0,75") == pytest.approx(0.75)
    window.findChild(QAction, "language_en").trigger()
    assert window.coordinates.spin(key_ref(0), 1).text() == "2"
    assert window.coordinates.spin(QUERY, 0).text() == f"{MINUS}2.5"


def axis_labels(window, name="bottom"):
    """The tick labels the axis draws now, as pyqtgraph asks for them."""
    axis = window.canvas.getPlotItem().getAxis(name)
    low, high = axis.range
    length = axis.geometry().width() if name == "bottom" else axis.geometry().height()
    labels = []
    for spacing, values in axis.tickValues(low, high, length):
        labels += axis.tickStrings(values, axis.autoSIPrefixScale, spacing)
    return labels


def test_axis_ticks_follow_the_language(make_window):
    window = make_window(lang="es")
    window.canvas.getPlotItem().vb.setRange(xRange=(-1, 1), yRange=(-1, 1), padding=0)
    QApplication.processEvents()
    spanish = axis_labels(window)
    assert "0,5" in spanish and f"{MINUS}0,5" in spanish
    assert not any("." in label or "-" in label for label in spanish)
    window.findChild(QAction, "language_en").trigger()
    english = axis_labels(window)
    assert "0.5" in english and f"{MINUS}0.5" in english


@pytest.mark.parametrize("lang", ["en", "es"])
def test_menus_and_dialogs_fit_doubled_strings(make_window, lang):
    window = make_window(lang=lang)
    pseudo = DoublingTranslator()
    QCoreApplication.installTranslator(pseudo)
    try:
        window.retranslate()
        QCoreApplication.processEvents()
        bar = window.menuBar()
        for action in bar.actions():
            if action.isVisible():
                # A title that does not fit would hide behind the menu bar's » button.
                assert bar.rect().contains(bar.actionGeometry(action)), action.text()
        screen = window.screen().availableGeometry()
        for menu in window.menus.values():
            assert menu.sizeHint().width() <= screen.width(), menu.title()
        window.findChild(QAction, "shortcutSheet").trigger()
        sheet = window.findChild(ShortcutSheet)
        QCoreApplication.processEvents()
        assert cut_off_widgets(sheet) == []
        table = sheet.table
        assert table.horizontalScrollBar().maximum() == 0
        for row in range(table.rowCount()):
            assert table.rowHeight(row) >= table.sizeHintForRow(row)
        sheet.close()
    finally:
        QCoreApplication.removeTranslator(pseudo)
