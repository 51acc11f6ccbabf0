"""Undo and redo: every edit of the controller is one step; a whole drag is one step."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref
from qk_explorer.text.numbers import MINUS

from .helpers import drag

EDITS = {
    "set_vector": lambda c: c.set_vector(QUERY, (3, 3)),
    "set_coordinate": lambda c: c.set_coordinate(key_ref(0), 1, 5),
    "add_key": lambda c: c.add_key(),
    "remove_key": lambda c: c.remove_key(1),
    "set_mask": lambda c: c.set_mask(1, False),
    "toggle_mask": lambda c: c.toggle_mask(0),
    "set_scale": lambda c: c.set_scale(0.5),
    "set_scoring": lambda c: c.set_scoring("cosine", 2.0),
    "set_dropout": lambda c: c.set_dropout(0.3, 5),
    "set_dimension": lambda c: c.set_dimension(3),
    "scale_query": lambda c: c.scale_query(-2),
    "load": lambda c: c.load(preset_scene("four-keys")),
    "nudge": lambda c: c.nudge(QUERY, 0.5, 0),
    "drag_to": lambda c: (c.begin_drag(key_ref(0)), c.drag_to(key_ref(0), (2, 2)), c.end_drag()),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_every_edit_is_one_undoable_and_redoable_step(name, make_window):
    window = make_window(make_scene((1, 2), [(1, 0), (0, 1)]))
    c = window.controller
    before = c.scene
    EDITS[name](c)
    after = c.scene
    assert after != before
    assert c.undo_stack.count() == 1
    c.undo_stack.undo()
    assert c.scene == before
    assert window.numbers.value_text("q") == "(1, 2)"
    c.undo_stack.redo()
    assert c.scene == after


def keys(window, sequence: QKeySequence.StandardKey) -> None:
    window.activateWindow()
    combination = QKeySequence(sequence)[0]
    QTest.keyClick(window, combination.key(), combination.keyboardModifiers())


def test_a_whole_drag_is_undone_and_redone_in_one_step_from_the_keyboard(make_window, qtbot):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    qtbot.waitUntil(window.isActiveWindow)
    steps = []
    window.controller.updated.connect(lambda update: steps.append(update.scene.keys[0]))
    drag(window.canvas, (3, -1), (1, 2), steps=16)
    assert len(set(steps)) >= 4  # the key moved through several places on the way
    stack = window.controller.undo_stack
    assert stack.count() == 1
    assert window.findChild(QAction, "undo").text().endswith("Drag")

    keys(window, QKeySequence.StandardKey.Undo)
    assert window.controller.scene.keys[0] == (3, -1)
    assert window.numbers.value_text("dot") == f"2(3) + 1({MINUS}1) = 5"
    assert not stack.canUndo()

    keys(window, QKeySequence.StandardKey.Redo)
    assert window.controller.scene.keys[0] == (1, 2)
    assert window.numbers.value_text("dot") == "2(1) + 1(2) = 4"
    assert not stack.canRedo()


def test_two_drags_are_two_steps_and_a_run_of_nudges_is_one(make_window):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    drag(window.canvas, (3, -1), (1, 2))
    drag(window.canvas, (2, 1), (2, 2))
    window.canvas.setFocus()
    for _ in range(3):
        QTest.keyClick(window.canvas, Qt.Key.Key_Left)
    stack = window.controller.undo_stack
    assert stack.count() == 3
    assert window.controller.scene.query == (0.5, 2)
    stack.undo()
    assert window.controller.scene.query == (2, 2)
    stack.undo()
    assert window.controller.scene.query == (2, 1)
    stack.undo()
    assert window.controller.scene.keys[0] == (3, -1)


def test_the_undo_history_follows_the_saved_state(make_window, tmp_path):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    drag(window.canvas, (3, -1), (1, 2))
    assert window.desktop.documents.save_to(str(tmp_path / "s.qkscene.json"))
    assert not window.isWindowModified()
    window.controller.undo_stack.undo()
    assert window.isWindowModified()
    window.controller.undo_stack.redo()
    assert not window.isWindowModified()
