"""Keyboard and screen readers: names on every control, a live sentence, the shortcut sheet."""

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAccessible, QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QScrollBar,
    QTabBar,
    QWidget,
)

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref, value_ref
from qk_explorer.view.shell.shortcuts_sheet import ShortcutSheet, keys_text

from .helpers import drag

NNBSP = "\u202f"
INTERACTIVE = (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QAbstractSlider,
    QAbstractItemView,
    QTabBar,
)


def activate(window):
    window.activateWindow()
    QApplication.processEvents()
    assert window.isActiveWindow()


def is_internal_part(widget: QWidget) -> bool:
    """Parts whose container speaks for them: a spin box's editor, a scroll area's viewport
    and scroll bars, a table's headers, Qt's unfocusable title-bar and corner buttons."""
    parent = widget.parentWidget()
    if isinstance(parent, QAbstractSpinBox) or isinstance(widget, (QHeaderView, QScrollBar)):
        return True
    if isinstance(parent, QAbstractScrollArea) and widget is parent.viewport():
        return True
    return widget.objectName().startswith("qt_") and widget.focusPolicy() == Qt.FocusPolicy.NoFocus


def unnamed_controls(root: QWidget) -> list[str]:
    missing = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) or is_internal_part(widget):
            continue
        takes_focus = bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        if not (takes_focus or isinstance(widget, INTERACTIVE)) or widget.isWindow():
            continue
        interface = QAccessible.queryAccessibleInterface(widget)
        name = interface.text(QAccessible.Text.Name) if interface is not None else ""
        if not name.strip():
            missing.append(
                f"{type(widget).__name__} {widget.objectName()!r} in {type(widget.parent()).__name__}"
            )
    return missing


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_control_has_an_accessible_name(make_window, lang):
    window = make_window(preset_scene("four-keys"), lang=lang)
    assert unnamed_controls(window) == []
    window.findChild(QAction, "shortcutSheet").trigger()
    sheet = window.findChild(ShortcutSheet)
    assert sheet.isVisible()
    assert unnamed_controls(sheet) == []


def test_the_walk_finds_an_unnamed_control(make_window):
    from PySide6.QtWidgets import QPushButton

    window = make_window()
    window.numbers.layout().addWidget(QPushButton(""))
    QApplication.processEvents()
    assert len(unnamed_controls(window)) == 1


EXPECTED = {
    ("lesson-pair", "en"): "q·k₁ = 4, acute angle of 36.87°.",
    ("lesson-pair", "es"): "q·k₁ = 4, ángulo agudo de 36,87°.",
    ("lesson-attention", "en"): f"q·k₁ = 1, acute angle of 63.43°; k₂ gets 67{NNBSP}% of the attention.",
    ("lesson-attention", "es"): f"q·k₁ = 1, ángulo agudo de 63,43°; k₂ recibe el 67{NNBSP}% de la atención.",
}


@pytest.mark.parametrize(("preset", "lang"), list(EXPECTED))
def test_live_description_in_the_status_bar_and_for_screen_readers(make_window, preset, lang):
    window = make_window(preset_scene(preset), lang=lang)
    expected = EXPECTED[(preset, lang)]
    live = window.live_description
    assert live.label.text() == expected
    assert live.label.isVisible() and live.label.window() is window
    assert window.canvas.accessibleDescription() == expected
    interface = QAccessible.queryAccessibleInterface(window.canvas)
    assert interface.text(QAccessible.Text.Description) == expected


def test_description_follows_the_language_at_once(make_window):
    window = make_window(preset_scene("lesson-attention"))
    window.findChild(QAction, "language_es").trigger()
    assert window.live_description.text == EXPECTED[("lesson-attention", "es")]
    window.findChild(QAction, "language_en").trigger()
    assert window.live_description.text == EXPECTED[("lesson-attention", "en")]


def test_a_drag_is_described_once_it_settles(make_window, qtbot):
    window = make_window(preset_scene("lesson-pair"))
    sentences = []
    window.live_description.changed.connect(sentences.append)
    with qtbot.waitSignal(window.live_description.changed, timeout=3000):
        drag(window.canvas, (2, 1), (3, 0), steps=30)
    assert window.controller.scene.query == (3.0, 0.0)
    assert len(sentences) <= 2  # thirty moves, not thirty announcements
    assert sentences[-1] == "q·k₁ = 3, acute angle of 63.43°."
    assert window.live_description.label.text() == sentences[-1]


def test_tab_cycles_vectors_and_ctrl_tab_leaves_the_canvas(make_window):
    window = make_window(preset_scene("lesson-attention"))
    activate(window)
    window.canvas.setFocus()
    order = [window.controller.active]
    for _ in range(4):
        QTest.keyClick(window.canvas, Qt.Key.Key_Tab)
        order.append(window.controller.active)
    assert order == [QUERY, key_ref(0), value_ref(0), key_ref(1), value_ref(1)]
    assert QApplication.focusWidget() is window.canvas
    QTest.keyClick(window.canvas, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is not window.canvas
    assert window.controller.active == value_ref(1)  # leaving does not pick another vector
    window.canvas.setFocus()
    QTest.keyClick(
        window.canvas,
        Qt.Key.Key_Backtab,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert QApplication.focusWidget() is not window.canvas


def shortcut_actions(window):
    return [a for a in window.findChildren(QAction) if keys_text(a) and a.text()]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_f1_opens_a_sheet_listing_every_shortcut(make_window, lang):
    window = make_window(lang=lang)
    window.action("lesson", lambda: QCoreApplication.translate("Test", "Next step"), lambda: None, "PgDown")
    activate(window)
    window.canvas.setFocus()
    QTest.keyClick(window.canvas, Qt.Key.Key_F1)
    sheet = window.findChild(ShortcutSheet)
    assert sheet is not None and sheet.isVisible()
    rows = sheet.rows()
    for action in shortcut_actions(window):
        assert (action.text().replace("&", ""), keys_text(action)) in rows, action.text()
    if lang == "es":
        assert ("Encuadrar la escena", "Inicio") in rows
        assert ("Mover la punta elegida", "teclas de flecha") in rows
        assert sheet.windowTitle() == "Atajos de teclado"
    else:
        assert ("Fit Scene", "Home") in rows
        assert ("Open…", "Ctrl+O") in rows  # not the Open key of multimedia keyboards
        assert ("Leave the drawing for the panels", "Ctrl+Tab, Ctrl+Shift+Tab") in rows
    assert ("Next step", QKeySequence("PgDown").toString(QKeySequence.SequenceFormat.NativeText)) in rows


def test_sheet_is_rebuilt_from_the_actions_each_time(make_window):
    window = make_window()
    window.findChild(QAction, "shortcutSheet").trigger()
    sheet = window.findChild(ShortcutSheet)
    assert not any(what == "Brand new" for what, _ in sheet.rows())
    window.action("edit", lambda: "Brand new", lambda: None, "Ctrl+Alt+B")
    window.findChild(QAction, "shortcutSheet").trigger()
    assert (
        "Brand new",
        QKeySequence("Ctrl+Alt+B").toString(QKeySequence.SequenceFormat.NativeText),
    ) in sheet.rows()


def test_no_two_actions_share_a_key(make_window):
    # An ambiguous shortcut fires neither action.
    window = make_window()
    seen = {}
    clashes = []
    for action in window.findChildren(QAction):
        for seq in action.shortcuts():
            key = seq.toString()
            if key in seen and seen[key] is not action:
                clashes.append(f"{key}: {seen[key].objectName()} and {action.objectName()}")
            seen[key] = action
    assert clashes == []


STANDARD = {
    "open": QKeySequence.StandardKey.Open,
    "save": QKeySequence.StandardKey.Save,
    "saveAs": QKeySequence.StandardKey.SaveAs,
    "quit": QKeySequence.StandardKey.Quit,
    "undo": QKeySequence.StandardKey.Undo,
    "redo": QKeySequence.StandardKey.Redo,
    "zoomIn": QKeySequence.StandardKey.ZoomIn,
    "zoomOut": QKeySequence.StandardKey.ZoomOut,
    "shortcutSheet": QKeySequence.StandardKey.HelpContents,
}


def test_standard_keys_where_the_platform_has_them(make_window):
    window = make_window()
    for name, standard in STANDARD.items():
        action = window.findChild(QAction, name)
        assert action is not None, name
        for binding in QKeySequence.keyBindings(standard):
            assert binding in action.shortcuts(), (name, binding.toString())


def test_every_menu_opens_from_the_keyboard(make_window):
    window = make_window()
    letters = []
    for menu in window.menus.values():
        if menu.menuAction().isVisible():
            title = menu.title()
            assert "&" in title, title
            letters.append(title[title.index("&") + 1].lower())
    assert len(letters) == len(set(letters))


def test_parallel_vectors_say_same_or_opposite_direction_and_keep_the_sign_rule(make_window, qtbot):
    # q = (4, 0), k₁ = (1, 0): 0° was only "acute: less than 90°". Turn k₁ round with the
    # arrow keys, through the zero vector, to (−1, 0): 180°.
    window = make_window(preset_scene("same-dot-aligned"))
    numbers = window.panel("numbers")
    assert numbers.value_text("relation") == "acute, same direction: exactly 0°"
    assert window.live_description.text == "q·k₁ = 4, angle of 0°: same direction."
    activate(window)
    window.canvas.setFocus()
    QTest.keyClick(window.canvas, Qt.Key.Key_Tab)
    assert window.controller.active == key_ref(0)
    with qtbot.waitSignal(window.live_description.changed, timeout=3000):
        for _ in range(4):
            QTest.keyClick(window.canvas, Qt.Key.Key_Left)
    assert window.controller.scene.keys[0] == (-1.0, 0.0)
    pair = window.controller.results.pair
    assert pair.direction.value == "opposite" and pair.dot < 0
    assert numbers.value_text("relation") == "obtuse, opposite directions: exactly 180°"
    assert window.live_description.text == "q·k₁ = −4, angle of 180°: opposite directions."
    # Off the line, the plain sign rule again.
    with qtbot.waitSignal(window.live_description.changed, timeout=3000):
        QTest.keyClick(window.canvas, Qt.Key.Key_Up)
    assert numbers.value_text("relation") == "obtuse: more than 90°"
    assert window.live_description.text.startswith("q·k₁ = −4, obtuse angle of")


def test_parallel_vectors_in_spanish(make_window):
    window = make_window(preset_scene("same-dot-aligned"), lang="es")
    assert window.panel("numbers").value_text("relation") == "agudo, mismo sentido: exactamente 0°"
    assert window.live_description.text == "q·k₁ = 4, ángulo de 0°: mismo sentido."
