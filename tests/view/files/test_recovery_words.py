"""The recovery dialog speaks the interface's language, with a plural only for more than one."""

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QListWidget, QPushButton

from qk_explorer.model import make_scene
from qk_explorer.model.lesson_format import translated_preset_title
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene_file import write_autosave
from qk_explorer.view.desktop import autosave


def left_behind(ident: str, scene, saved_at: str) -> None:
    folder = Path(autosave.default_folder())
    folder.mkdir(parents=True, exist_ok=True)
    (folder / (ident + autosave.SUFFIX)).write_text(write_autosave(scene, saved_at, None))


def entries(dialog) -> list[list[str]]:
    items = dialog.findChild(QListWidget, "recoveryList")
    return [items.item(i).text().split("\n") for i in range(items.count())]


def test_the_recovery_dialog_in_spanish_then_in_english(make_window):
    left_behind("one", preset_scene("lesson-pair"), "2025-02-03T10:00:00Z")  # made in English
    left_behind("two", make_scene((1, 2), [(1, 0), (0, 1)]), "2024-05-01T10:00:00Z")
    window = make_window(lang="es")
    dialog = window.desktop.autosave.offer_recovery()
    assert dialog.windowTitle() == "Recuperar trabajo sin guardar"
    (pair_name, pair_details), (_, two_details) = entries(dialog)
    assert pair_name == translated_preset_title("lesson-pair", "es")
    assert pair_details.startswith("guardada el ") and pair_details.endswith(" · 1 clave · n = 2")
    assert two_details.endswith(" · 2 claves · n = 2")
    assert dialog.findChild(QPushButton, "laterButton").text() == "Decidir &más tarde"

    window.findChild(QAction, "language_en").trigger()  # changed while the dialog is open
    QApplication.processEvents()  # Qt posts the news of a new language to every window
    assert dialog.windowTitle() == "Recover Unsaved Work"
    (pair_name, pair_details), (_, two_details) = entries(dialog)
    assert pair_name == "The lesson's pair: q = (2, 1), k = (1, 2)"
    assert pair_details.endswith(" · 1 key · n = 2") and two_details.endswith(" · 2 keys · n = 2")
    assert dialog.findChild(QPushButton, "restoreButton").text() == "&Restore"
    dialog.reject()
