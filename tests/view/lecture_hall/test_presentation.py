"""Presentation mode: F5 in, Esc out, with real key events; everything put back on leaving.

What the stage shows and how it fits a screen: test_stage.py."""

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from qk_explorer import cli
from qk_explorer.app import show_window
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.window import build_window


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path):
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    QSettings().clear()


def press(window, key, modifiers=Qt.KeyboardModifier.NoModifier):
    """A key pressed where the keyboard focus is, as a person would (window shortcuts need it active)."""
    if not window.isActiveWindow():
        window.activateWindow()
        QApplication.processEvents()
    assert window.isActiveWindow()
    target = QApplication.focusWidget() or window
    QTest.keyClick(target, key, modifiers)


def window_picture(window):
    return {
        "geometry": window.geometry(),
        "full_screen": window.isFullScreen(),
        "menu": window.menuBar().isVisible(),
        "status": window.statusBar().isVisible(),
        "docks": {name: dock.isVisible() for name, dock in window.docks.items()},
        # Only docks on screen: one tabbed behind another has no width of its own.
        "dock_widths": {name: d.width() for name, d in window.docks.items() if window.dock_shown(name)},
        "zoom": window.zoom,
        "stroke": window.theme.stroke_px,
        "font": QApplication.font().pointSizeF(),
    }


def test_f5_enters_and_esc_leaves_restoring_everything(make_window, qtbot):
    window = make_window(preset_scene("lesson-attention"), theme="projector")
    window.canvas.setFocus()
    before = window_picture(window)
    assert before["menu"] and before["docks"]["numbers"] and before["docks"]["coordinates"]

    press(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: window.isFullScreen())
    assert window.presentation.active
    assert not window.menuBar().isVisible() and not window.statusBar().isVisible()
    assert not any(dock.isVisible() for dock in window.docks.values())  # the stage instead
    assert window.centralWidget() is window.presentation.stage
    scale = window.presentation_scale  # from the screen's height (canvas/room.py)
    assert scale > 1.0
    assert window.theme.stroke_px == pytest.approx(before["stroke"] * scale)
    assert QApplication.font().pointSizeF() == pytest.approx(before["font"] * scale)
    assert "Esc" in window.presentation.hint.text()
    assert QApplication.focusWidget() is window.canvas

    press(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not window.presentation.active
    assert not window.presentation.hint.isVisible()
    qtbot.waitUntil(lambda: window.geometry() == before["geometry"])
    assert window_picture(window) == before


def test_f5_again_also_leaves(make_window, qtbot):
    window = make_window()
    window.canvas.setFocus()
    press(window, Qt.Key.Key_F5)
    assert window.presentation.active
    press(window, Qt.Key.Key_F5)
    assert not window.presentation.active and not window.isFullScreen()


def test_esc_is_left_alone_when_not_presenting(make_window):
    window = make_window()
    leave = window.findChild(QAction, "leavePresentation")
    assert not leave.isEnabled()
    window.canvas.setFocus()
    press(window, Qt.Key.Key_Escape)
    assert not window.presentation.active and window.menuBar().isVisible()


def test_zoom_changed_while_presenting_is_undone_on_leaving(make_window):
    window = make_window()
    window.set_zoom(1.15)
    before = window_picture(window)
    window.presentation.enter()
    window.canvas.setFocus()
    press(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    press(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom == pytest.approx(1.15**3)
    scale = window.presentation_scale
    assert window.theme.zoom == pytest.approx(1.15**3 * scale)
    press(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # resets the user's zoom only
    assert window.theme.zoom == pytest.approx(scale)
    window.presentation.leave()
    assert window.zoom == pytest.approx(1.15)
    assert window_picture(window)["stroke"] == pytest.approx(before["stroke"])


def test_layout_the_user_made_comes_back(make_window, qtbot):
    window = make_window()
    window.docks["coordinates"].hide()
    window.resizeDocks([window.docks["numbers"]], [333], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    before = window_picture(window)
    window.presentation.enter()
    window.lesson.go_to("scores")  # a step about attention: its dock stays hidden while presenting
    assert not window.docks["attention"].isVisible()
    window.presentation.leave()
    qtbot.waitUntil(lambda: window.geometry() == before["geometry"])
    assert window_picture(window) == before


def test_a_maximised_window_is_maximised_again(make_window, qtbot):
    window = make_window()
    window.showMaximized()
    qtbot.waitUntil(window.isMaximized)
    window.presentation.enter()
    assert window.isFullScreen()
    window.presentation.leave()
    qtbot.waitUntil(window.isMaximized)
    assert not window.isFullScreen()


def test_every_shortcut_still_works_with_the_menus_hidden(make_window):
    window = make_window(preset_scene("lesson-attention"))
    guide, seen = window.lesson, []
    window.presentation.enter()
    window.canvas.setFocus()
    for key in (Qt.Key.Key_PageDown, Qt.Key.Key_Space, Qt.Key.Key_PageUp, Qt.Key.Key_Backspace):
        press(window, key)
        seen.append((guide.active, guide.index))
    start = seen[0][1]  # the first press starts the lesson at the step of this scene
    assert seen == [(True, start), (True, start + 1), (True, start), (True, start - 1)]

    snap = window.findChild(QAction, "snap")
    was = snap.isChecked()
    press(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert snap.isChecked() is not was

    window.controller.select(QUERY)
    x, y = window.controller.scene.query
    press(window, Qt.Key.Key_Right)
    assert window.controller.scene.query == (x + 0.5, y)
    press(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.scene.query == (x, y)
    assert window.presentation.active and window.isFullScreen()


def test_every_action_with_a_shortcut_belongs_to_the_window_itself(make_window):
    # Actions only in a menu stop answering their keys when the menu bar is hidden.
    window = make_window()
    window.action("lesson", lambda: "next", lambda: None, "PgDown")
    orphans = []
    for action in window.findChildren(QAction):
        if action.shortcuts() and window not in action.associatedObjects():
            orphans.append(action.objectName() or action.text())
    assert orphans == []


def test_presentation_flag_on_the_command_line(qtbot):
    options = cli.parse(["--preset", "lesson-attention", "--presentation", "--lang", "es"])
    window = build_window(preset_scene(options.preset), options.lang, options.theme)
    qtbot.addWidget(window)
    show_window(window, options)
    qtbot.waitUntil(window.isFullScreen)
    assert window.presentation.active
    assert not window.menuBar().isVisible()
    assert window.presentation.hint.text() == "Esc o F5 sale del modo presentación"
    window.presentation.leave()
    assert window.menuBar().isVisible()


def test_hint_sits_in_free_room_then_fades_away(make_window, qtbot, monkeypatch):
    from qk_explorer.view.shell import presentation

    monkeypatch.setattr(presentation, "HINT_SECONDS", 0)
    window = make_window(preset_scene("four-keys"))  # no lesson words: room below the numbers
    window.presentation.enter()
    qtbot.waitUntil(window.isFullScreen)
    QApplication.processEvents()
    hint = window.presentation.hint
    assert hint.isVisible()
    room = window.presentation.stage.free_rect()
    assert QRect(window.presentation.stage.mapTo(window, room.topLeft()), room.size()).contains(
        hint.geometry()
    )
    qtbot.waitUntil(lambda: not hint.isVisible(), timeout=3000)
    window.presentation.leave()


def test_hint_is_not_shown_without_free_room(make_window, monkeypatch):
    window = make_window()
    window.presentation.enter()
    monkeypatch.setattr(window.presentation.stage, "free_rect", lambda: QRect())
    window.presentation.hint.flash()
    window.presentation._place_hint()
    assert not window.presentation.hint.isVisible()
    window.presentation.leave()


def test_closing_while_presenting_leaves_first(make_window):
    window = make_window()
    before = window.geometry()
    seen = {}
    original = window.closeEvent

    def close_event(event):  # what a window saving its layout on close would find
        seen.update(
            full_screen=window.isFullScreen(), geometry=window.geometry(), menu=window.menuBar().isVisible()
        )
        original(event)

    window.closeEvent = close_event
    window.presentation.enter()
    window.close()
    assert seen == {"full_screen": False, "geometry": before, "menu": True}
