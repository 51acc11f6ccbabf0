"""Defects the fuzzer and the bad-input corpus found, each pinned by the smallest reproduction."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY, Scoring, key_ref


def show_coordinates(window):
    dock = window.docks["coordinates"]
    dock.show()
    dock.raise_()
    QTest.qWait(0)
    assert window.dock_shown("coordinates")


def test_a_coordinate_typed_without_enter_survives_a_key_being_added(make_window):
    """Adding a key rebuilds the coordinate boxes; the box being typed in used to commit its text
    half-way through the rebuild, and the panel raised and stayed half built."""
    window = make_window(make_scene((2, 1), [(1, 2), (0, 1)]))
    show_coordinates(window)
    spin = window.coordinates.spin(QUERY, 0)
    spin.setFocus()
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin, "3")  # no Enter
    window.controller.add_key()
    scene = window.controller.scene
    assert scene.key_count == 3 and window.dock_shown("coordinates")
    for ref in (QUERY, key_ref(0), key_ref(1), key_ref(2)):
        for axis in range(2):
            assert window.coordinates.spin(ref, axis).value() == scene.vector(ref)[axis]
    QTest.keyClick(window.coordinates.spin(QUERY, 0), Qt.Key.Key_Return)
    assert window.controller.scene == scene


def paste_and_enter(spin, text: str) -> None:
    spin.setFocus()
    spin.lineEdit().selectAll()
    QGuiApplication.clipboard().setText(text)
    QTest.keyClick(spin.lineEdit(), Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(spin, Qt.Key.Key_Return)


def test_a_decimal_point_in_spanish_is_not_a_thousands_separator_in_the_attention_fields(make_window):
    """The attention panel's own scale and multiplier read "0.5" as 5 in Spanish."""
    window = make_window(make_scene((2, 1), [(1, 2), (0, 1)]), lang="es")
    window.controller.set_scale(0.25)
    window.controller.set_scoring(Scoring.COSINE)
    window.attention.show_panel()
    QTest.qWait(0)
    panel = window.attention.panel
    paste_and_enter(panel._scale, "0.5")
    paste_and_enter(panel._multiplier, "2,5")
    assert window.controller.scene.scale == 0.5
    assert window.controller.scene.cosine_multiplier == 2.5
    assert panel._scale.lineEdit().text() == "0,5"


def test_a_decimal_comma_in_english_is_refused_not_read_as_thousands(make_window):
    """ "1,5" typed into a coordinate in English became 15."""
    window = make_window(make_scene((2, 1), [(1, 2)]))
    show_coordinates(window)
    count = window.controller.undo_stack.count()
    paste_and_enter(window.coordinates.spin(QUERY, 0), "1,5")
    assert window.controller.scene.query == (2, 1)
    assert window.controller.undo_stack.count() == count
    assert window.coordinates.spin(QUERY, 0).lineEdit().text() == "2"


def test_a_whole_number_field_refuses_separators_instead_of_joining_the_digits(make_window):
    """The dropout seed read "1.5" in Spanish (and "1,5" in English) as 15."""
    window = make_window(make_scene((2, 1), [(1, 2), (0, 1)], dropout_p=0.5, dropout_seed=3), lang="es")
    window.attention.show_panel()
    QTest.qWait(0)
    seed = window.attention.panel._seed
    paste_and_enter(seed, "1.5")
    assert window.controller.scene.dropout_seed == 3
    assert seed.value() == 3
    paste_and_enter(seed, "15")
    assert window.controller.scene.dropout_seed == 15


def test_enter_on_a_coordinate_as_shown_keeps_its_full_precision(make_window):
    """A coordinate shows three decimals; typing more, then Enter again (or after a refused paste),
    rounded the vector to the three shown and made an undo step of it."""
    window = make_window(make_scene((2, 1), [(1, 2)]))
    show_coordinates(window)
    spin = window.coordinates.spin(QUERY, 0)
    spin.setFocus()
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin, "1.23456")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.controller.scene.query == (1.23456, 1)
    assert spin.lineEdit().text() == "1.235"
    count = window.controller.undo_stack.count()
    QTest.keyClick(spin, Qt.Key.Key_Return)
    paste_and_enter(spin, "abc")  # refused: the text as shown stays
    assert window.controller.scene.query == (1.23456, 1)
    assert window.controller.undo_stack.count() == count
