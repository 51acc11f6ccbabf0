"""Drag tips with real mouse events on the canvas viewport and read what the panel shows."""

from qk_explorer.model import make_scene
from qk_explorer.text.numbers import MINUS

from ..helpers import drag


def test_dragging_k_onto_1_2_shows_the_lessons_numbers(make_window):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    seen_during_drag = []
    window.controller.updated.connect(lambda _u: seen_during_drag.append(window.numbers.value_text("dot")))
    drag(window.canvas, (3, -1), (1, 2))
    panel = window.numbers
    assert window.controller.scene.keys[0] == (1, 2)
    assert panel.value_text("dot") == "2(1) + 1(2) = 4"
    assert panel.value_text("cosine") == "0.8"
    assert panel.value_text("angle") == "36.87°"
    assert panel.value_text("relation").startswith("acute")
    assert panel.value_text("comp") == "4/√5 ≈ 1.789"
    assert panel.value_text("proj") == "(4/5)·k₁ = (0.8, 1.6)"
    assert panel.value_text("perp") == f"(1.2, {MINUS}0.6)"
    assert panel.value_text("residual").startswith("0")
    # The panel moved with the pointer, not only on release.
    assert len(set(seen_during_drag)) >= 3


def test_a_whole_drag_is_one_undo_step(make_window):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    drag(window.canvas, (3, -1), (1, 2))
    stack = window.controller.undo_stack
    assert stack.count() == 1
    stack.undo()
    assert window.controller.scene.keys[0] == (3, -1)
    assert window.numbers.value_text("dot") == f"2(3) + 1({MINUS}1) = 5"


def test_dragging_through_the_origin_says_undefined_and_never_nan(make_window):
    window = make_window(make_scene((2, 1), [(1, 2)]))
    texts = []

    def record(*_):
        panel = window.numbers
        texts.append(
            [panel.value_text(r) for r in ("cosine", "angle", "proj", "perp")] + [panel.reason_text()]
        )

    window.controller.updated.connect(record)
    drag(window.canvas, (1, 2), (0, 0), steps=8)
    assert window.controller.scene.keys[0] == (0, 0)
    assert window.numbers.value_text("cosine") == "undefined"
    assert window.numbers.value_text("proj") == "undefined"
    assert "zero vector" in window.numbers.reason_text()
    drag(window.canvas, (2, 1), (0, 0), steps=8)  # q onto the origin too
    drag(window.canvas, (0, 0), (-1, -2), steps=8)
    assert all("nan" not in t.lower() and "inf" not in t.lower() for row in texts for t in row)


def test_query_at_origin_keeps_the_projection_but_not_the_angle(make_window):
    window = make_window(make_scene((2, 1), [(1, 2)]))
    drag(window.canvas, (2, 1), (0, 0))
    panel = window.numbers
    assert panel.value_text("angle") == "undefined"
    assert panel.value_text("proj") == "(0, 0)"
    assert "q is the zero vector" in panel.reason_text()


def test_snapping_lands_on_the_grid_and_ctrl_moves_freely(make_window):
    from PySide6.QtCore import Qt

    window = make_window(make_scene((2, 1), [(3, -1)]))
    drag(window.canvas, (3, -1), (1.13, 2.07))
    assert window.controller.scene.keys[0] == (1, 2)
    drag(window.canvas, (1, 2), (1.37, 2.21), modifiers=Qt.KeyboardModifier.ControlModifier)
    x, y = window.controller.scene.keys[0]
    assert (x, y) != (1.5, 2) and abs(x - 1.37) < 0.05 and abs(y - 2.21) < 0.05


def test_arrow_keys_move_the_selected_tip(window, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.canvas.setFocus()
    QTest.keyClick(window.canvas, Qt.Key.Key_Tab)  # q -> k1
    QTest.keyClick(window.canvas, Qt.Key.Key_Right)
    assert window.controller.scene.keys[0] == (1.5, 2)
    QTest.keyClick(window.canvas, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    assert window.controller.scene.keys[0] == (1.5, 2.05)
    assert window.numbers.value_text("k") == "(1.5, 2.05)"


def test_spin_boxes_follow_the_drag_and_edit_the_scene(make_window):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    drag(window.canvas, (3, -1), (1, 2))
    from qk_explorer.model.scene import QUERY, key_ref

    assert window.coordinates.spin(key_ref(0), 0).value() == 1
    assert window.coordinates.spin(key_ref(0), 1).value() == 2
    spin = window.coordinates.spin(QUERY, 0)
    spin.setValue(4)
    assert window.controller.scene.query == (4, 1)
    assert window.numbers.value_text("dot") == "4(1) + 1(2) = 6"


def test_the_corner_readout_follows_a_drag_and_breaks_only_between_quantities(make_window):
    window = make_window(make_scene((2, 1), [(3, -1)]))
    readouts = []
    window.controller.updated.connect(lambda _u: readouts.append(window.canvas.readout_text()))
    drag(window.canvas, (3, -1), (1, 2))
    assert window.canvas.readout_text() == "q·k₁ = 4   θ = 36.87°   cos θ = 0.8"
    assert len(set(readouts)) >= 3  # it moved with the pointer
    readout = window.canvas._readout
    assert readout.line_texts() == [window.canvas.readout_text()]
    readout.set_width(190)  # a narrow canvas: each quantity whole, on a line of its own
    assert readout.line_texts() == ["q·k₁ = 4", "θ = 36.87°", "cos θ = 0.8"]
