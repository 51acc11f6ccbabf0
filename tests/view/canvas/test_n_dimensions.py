"""n dimensions end to end: the plane view, dragging in it, the table and the dimension box."""

import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref
from qk_explorer.text.numbers import MINUS
from qk_explorer.view.shell.main_window import MainWindow

from ..helpers import drag


@pytest.fixture(autouse=True)
def english_afterwards():
    """A Spanish window's translators stay installed until it is deleted: leave English behind."""
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow):
            widget.translations.load("en")


def drawn(window, ref):
    tip = window.canvas.tip_position(ref)
    return np.array([tip.x(), tip.y()])


def drawn_angle(window):
    q, k = drawn(window, QUERY), drawn(window, key_ref(0))
    return math.degrees(math.acos(q @ k / (np.linalg.norm(q) * np.linalg.norm(k))))


def test_question_1_is_drawn_in_its_plane_with_the_true_angle(make_window):
    window = make_window(preset_scene("question-1"))
    window.lesson.reveal(True)  # a question's own scene opens it: revealed, it shows its numbers
    pair = window.controller.results.pair
    assert drawn_angle(window) == pytest.approx(pair.angle_deg, abs=1e-9)
    assert drawn_angle(window) == pytest.approx(117.81, abs=0.01)
    assert np.linalg.norm(drawn(window, QUERY)) == pytest.approx(math.sqrt(14))
    assert np.linalg.norm(drawn(window, key_ref(0))) == pytest.approx(math.sqrt(21))
    assert window.numbers.value_text("dot") == f"2(1) + ({MINUS}1)(4) + 3({MINUS}2) = {MINUS}8"
    assert window.numbers.value_text("relation").startswith("obtuse")
    assert window.numbers.value_text("angle") == "117.81°"


@pytest.mark.parametrize("n", [3, 5, 8])
def test_a_drawn_angle_equals_the_n_dimensional_angle(make_window, n):
    rng = np.random.default_rng(n)
    q, k = np.round(rng.normal(size=n), 2), np.round(rng.normal(size=n), 2)
    window = make_window(make_scene(q, [k]))
    assert drawn_angle(window) == pytest.approx(window.controller.results.pair.angle_deg, abs=1e-8)


def test_dragging_k_in_the_plane_keeps_it_there_and_the_table_shows_its_coordinates(make_window):
    window = make_window(preset_scene("question-1"))
    q = np.array(window.controller.scene.query)
    k_before = np.array(window.controller.scene.keys[0])
    start = drawn(window, key_ref(0))
    drag(window.canvas, tuple(start), (start[0] - 1.5, start[1] + 2.0))
    scene = window.controller.scene
    k = np.array(scene.keys[0])
    assert not np.allclose(k, k_before)
    # Still in the plane of q and the old k: no component off it.
    basis, _ = np.linalg.qr(np.stack([q, k_before], axis=1))
    assert np.linalg.norm(k - basis @ (basis.T @ k)) < 1e-9
    # Where it was dropped on the screen is where it is drawn.
    assert drawn(window, key_ref(0)) == pytest.approx(start + np.array([-1.5, 2.0]), abs=0.05)
    for axis in range(3):
        assert window.coordinates.spin(key_ref(0), axis).value() == pytest.approx(k[axis], abs=5e-4)
    assert drawn_angle(window) == pytest.approx(window.controller.results.pair.angle_deg, abs=1e-6)
    assert window.controller.undo_stack.count() == 1


def set_dimension_with_keys(window, n):
    box = window.coordinates._dimension
    box.setFocus()
    box.selectAll()
    QTest.keyClicks(box, str(n))
    QTest.keyClick(box, Qt.Key.Key_Return)


def test_the_dimension_box_keeps_values_and_is_one_undo_step(make_window):
    window = make_window(preset_scene("lesson-attention"))
    window.docks["coordinates"].raise_()  # two keys put the Attention tab in front: pick Coordinates
    before = window.controller.scene
    set_dimension_with_keys(window, 4)
    scene = window.controller.scene
    assert scene.dimension == 4
    assert scene.query == (1, 2, 0, 0)
    assert scene.keys == ((1, 0, 0, 0), (0, 1, 0, 0))
    assert window.controller.undo_stack.count() == 1
    assert window.coordinates.spin(QUERY, 3).value() == 0
    assert window.coordinates.spin(QUERY, 1).value() == 2
    assert window.numbers.value_text("q") == "(1, 2, 0, 0)"
    # The scores stay (the new coordinates are zero), but d_k = 4 now scales them by 1/2.
    attention = window.controller.results.attention
    assert attention.scores == (1, 2)
    assert attention.logits == (0.5, 1)
    assert attention.weights == pytest.approx((0.3775407, 0.6224593), abs=1e-6)
    window.controller.undo_stack.undo()
    assert window.controller.scene == before
    assert window.coordinates._dimension.value() == 2


def test_every_dimension_from_1_to_8_through_the_box(make_window):
    window = make_window(preset_scene("lesson-pair"))
    box = window.coordinates._dimension
    assert box.maximum() == 8
    for n, dot in [(3, 4), (8, 4), (1, 2), (2, 2)]:
        box.setValue(n)
        scene, results = window.controller.scene, window.controller.results
        assert scene.dimension == n
        assert window.coordinates._table.columnCount() == n
        assert f"(n = {n})" in window.numbers._heading.text()
        assert results.pair.dot == dot
        assert drawn(window, QUERY) == pytest.approx(results.plane.to_plane(scene.query))
    assert window.controller.scene.query == (2, 0)  # the second coordinate went at n = 1


def test_typing_a_coordinate_in_three_dimensions(make_window):
    window = make_window(preset_scene("question-1"))
    window.lesson.reveal(True)  # a question's own scene opens it: revealed, it shows its numbers
    spin = window.coordinates.spin(key_ref(0), 2)
    spin.setFocus()
    spin.lineEdit().setText(f"{MINUS}4")  # pasted: QTest types ASCII only
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.controller.scene.keys[0] == (1, 4, -4)
    spin.selectAll()
    QTest.keyClicks(spin, "-3.5")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.controller.scene.keys[0] == (1, 4, -3.5)
    assert window.numbers.value_text("dot").endswith(f"= {MINUS}12.5")
    assert drawn_angle(window) == pytest.approx(window.controller.results.pair.angle_deg, abs=1e-9)


def test_coordinates_are_written_like_every_other_number(make_window):
    window = make_window(preset_scene("question-1"), lang="es")
    spin = window.coordinates.spin(QUERY, 1)
    assert spin.text() == f"{MINUS}1"
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "-1,25")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.controller.scene.query == (2, -1.25, 3)
    assert spin.text() == f"{MINUS}1,25"


def test_the_wheel_does_not_edit_a_coordinate_it_passes_over(make_window):
    window = make_window(preset_scene("question-1"))
    spin = window.coordinates.spin(QUERY, 0)
    window.canvas.setFocus()
    centre = spin.rect().center()
    event = QWheelEvent(
        centre,
        spin.mapToGlobal(centre),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(spin, event)
    assert window.controller.scene.query == (2, -1, 3)
    assert window.controller.undo_stack.count() == 0


def test_a_file_with_more_dimensions_than_the_box_offers_shows_them(make_window):
    window = make_window(make_scene(list(range(1, 13)), [[1] * 12]))
    box = window.coordinates._dimension
    assert box.value() == 12
    assert window.coordinates._table.columnCount() == 12
    box.setValue(11)
    assert window.controller.scene.dimension == 11
