"""Defects the fuzzer and the bad-input corpus found, each pinned by the smallest reproduction."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY, Scoring, key_ref

from ..helpers import act, raise_panel


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


def attention_field(window, name: str) -> QAbstractSpinBox:
    """A number field of the attention panel, by its object name."""
    return window.panel("attention").findChild(QAbstractSpinBox, name)


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
    window.show_dock("attention")
    QTest.qWait(0)
    paste_and_enter(attention_field(window, "scale"), "0.5")
    paste_and_enter(attention_field(window, "cosineMultiplier"), "2,5")
    assert window.controller.scene.scale == 0.5
    assert window.controller.scene.cosine_multiplier == 2.5
    assert attention_field(window, "scale").lineEdit().text() == "0,5"


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
    window.show_dock("attention")
    QTest.qWait(0)
    seed = attention_field(window, "dropoutSeed")
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


FOCUSED_FIELDS = {
    "coordinate": (
        "coordinates",
        lambda w: w.coordinates.spin(QUERY, 0),
        lambda c: c.set_vector(QUERY, (3, 3)),
    ),
    "factor c": ("magnitude", lambda w: w.panel("magnitude")._spin, lambda c: c.scale_query(2)),
    "own scale": ("attention", lambda w: attention_field(w, "scale"), lambda c: c.set_scale(0.9)),
    "multiplier": (
        "attention",
        lambda w: attention_field(w, "cosineMultiplier"),
        lambda c: c.set_scoring(Scoring.COSINE, 3),
    ),
    "dropout p": ("attention", lambda w: attention_field(w, "dropoutP"), lambda c: c.set_dropout(0.7)),
    "dropout seed": (
        "attention",
        lambda w: attention_field(w, "dropoutSeed"),
        lambda c: c.set_dropout(0.7, 9),
    ),
}


@pytest.mark.parametrize("name", list(FOCUSED_FIELDS))
def test_a_focused_number_field_follows_an_undo(name, make_window):
    """A number field with the keyboard focus kept showing its old value after Ctrl+Z (or any change
    made elsewhere), and went on showing it after the focus left."""
    dock, find, change = FOCUSED_FIELDS[name]
    window = make_window(
        make_scene((2, 1), [(1, 2), (0, 1)], scale=0.5, dropout_p=0.5, scoring="cosine", cosine_multiplier=2)
    )
    window.docks[dock].show()
    window.docks[dock].raise_()
    QTest.qWait(0)
    change(window.controller)
    before = window.controller.scene
    spin = find(window)
    spin.setFocus()
    shown_before = spin.lineEdit().text()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.scene != before
    assert spin.lineEdit().text() != shown_before
    window.canvas.setFocus()
    count = window.controller.undo_stack.count()
    after = window.controller.scene
    QTest.qWait(0)
    assert window.controller.scene == after and window.controller.undo_stack.count() == count
    assert spin.lineEdit().text() == spin.textFromValue(spin.value())


def test_a_factor_typed_for_a_zero_query_shows_the_factor_it_really_has(make_window):
    """q = c·0 is still 0: the edit changes nothing, and the field kept showing the typed c while the
    table beside it worked with c = 1."""
    window = make_window(make_scene((0, 0), [(1, 2)]))
    panel = window.panel("magnitude")
    window.docks["magnitude"].show()
    window.docks["magnitude"].raise_()
    QTest.qWait(0)
    count = window.controller.undo_stack.count()
    spin = panel._spin
    spin.setFocus()
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin, "8")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.controller.scene.query == (0, 0)
    assert window.controller.undo_stack.count() == count
    assert panel.factor == 1.0
    assert spin.lineEdit().text() == "1"


def test_a_number_field_rounds_a_tie_as_the_panels_do_and_keeps_the_exact_value(make_window):
    """q scaled by c = 0.0625: the factor field showed 0.063 (QDoubleSpinBox rounds what it holds,
    ties away from zero) where the panels write 0.062, and held 0.063 instead of 0.0625."""
    from qk_explorer.text import numbers

    window = make_window(make_scene((2, 1), [(1, 2)]))
    panel = raise_panel(window, "magnitude")
    window.controller.scale_query_from(window.controller.scene.query, 0.0625)
    assert panel.factor == 0.0625
    assert panel._spin.value() == 0.0625
    assert panel._spin.lineEdit().text() == numbers.number(0.0625, "en", 3) == "0.062"


@pytest.mark.parametrize("x", [0.0625, 0.1075, 0.1 + 0.0075, 2.675, 1 / 3, -1e-7, 123456.0005])
def test_a_number_field_holds_exactly_the_value_it_is_given(x, make_window):
    """Holding 15 decimals still nudged 0.1 + 0.0075 below its tie: 0.107 beside 0.108 (seed 6)."""
    from qk_explorer.text import numbers

    window = make_window(make_scene((2, 1), [(1, 2)]))
    raise_panel(window, "coordinates")
    window.controller.set_coordinate(QUERY, 0, x)
    spin = window.coordinates.spin(QUERY, 0)
    assert spin.value() == x
    assert spin.lineEdit().text() == numbers.number(x, "en", spin.decimals())


def test_the_model_invariants_look_inside_the_comparison_too():
    """The comparison is computed on first use (no dataclass field): a bad number in it is found."""
    from dataclasses import replace

    from qk_explorer.model import compute
    from qk_explorer.model.presets import preset_scene
    from tests.fuzz.invariants import check_model

    scene = preset_scene("four-keys")
    results = compute(scene)
    assert check_model(scene, results) == []
    results.__dict__["comparison"] = replace(results.comparison, scale=float("inf"))
    assert "results.comparison.scale = inf" in check_model(scene, results)


def test_the_attention_fields_follow_the_decimal_point_setting(make_window):
    """In Spanish, "Decimal Point in Every Language" left the scale field reading "0,5"."""
    window = make_window(make_scene((2, 1), [(1, 2), (0, 1)]), lang="es")
    window.controller.set_scale(0.5)
    window.show_dock("attention")
    QTest.qWait(0)
    assert attention_field(window, "scale").lineEdit().text() == "0,5"
    act(window, "decimalPoint").trigger()
    assert attention_field(window, "scale").lineEdit().text() == "0.5"
    assert window.coordinates.spin(QUERY, 0).lineEdit().text() == "2"
    act(window, "decimalPoint").trigger()
    assert attention_field(window, "scale").lineEdit().text() == "0,5"


def test_scores_as_small_as_a_float_holds_colour_the_matrix(make_window):
    """With tiny coordinates a score can be 5e-324, the least float: the colour scale's bound was
    looked for among 1 … 10 × 10⁻³²⁴, which is 0, and the panel raised mid-drag."""
    tiny = [(2e-162, 0.0), (0.0, 2e-162)]
    scene = make_scene(None, tiny, queries=[(2.5e-162, 0.0), (0.0, 2.5e-162)])  # scores 5e-324 and 0
    assert scene.query_count == 2
    window = make_window(scene)
    raise_panel(window, "matrix")
    panel = window.panel("matrix")
    assert panel.cell_text("scores", 0, 0) == "0"  # 5e-324, as the panel rounds it
    assert panel.grids_area.cells["scores"].scale.bound == 5e-324
