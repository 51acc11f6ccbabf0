"""Undo and Redo read in the interface language, in the Edit menu and on the shortcut sheet."""

from PySide6.QtGui import QAction

from qk_explorer.view.shell.shortcuts_sheet import ShortcutSheet

from .helpers import act


def test_undo_and_redo_speak_the_language_chosen_after_the_window_opened(make_window):
    window = make_window()  # English, as a first start on an English desktop
    act(window, "language_es").trigger()
    undo, redo = act(window, "undo"), act(window, "redo")
    assert (undo.text(), redo.text()) == ("&Deshacer", "&Rehacer")
    act(window, "preset_lesson-attention").trigger()
    assert undo.text() == "&Deshacer Cargar escena predefinida" and undo.isEnabled()
    assert redo.text() == "&Rehacer" and not redo.isEnabled()
    undo.trigger()
    assert undo.text() == "&Deshacer" and not undo.isEnabled()
    assert redo.text() == "&Rehacer Cargar escena predefinida" and redo.isEnabled()
    window.findChild(QAction, "shortcutSheet").trigger()
    shown = [what for what, _keys in window.findChild(ShortcutSheet).rows()]
    assert "Deshacer" in shown and "Rehacer Cargar escena predefinida" in shown
    assert not any(what.startswith(("Undo", "Redo")) for what in shown)
    redo.trigger()
    assert window.controller.undo_stack.index() == 1


def test_in_english_too(make_window):
    window = make_window()
    act(window, "preset_lesson-attention").trigger()
    assert act(window, "undo").text() == "&Undo Load preset"
    assert act(window, "redo").text() == "&Redo"
