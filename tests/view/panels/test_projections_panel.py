"""The Projections panel of a token scene, driven with real mouse and key events."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from qk_explorer.model.presets import preset_scene

from ..helpers import raise_panel, type_into

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def tokens(make_window):
    window = make_window(preset_scene("identity-projections"), size=(1600, 1000))
    return window, raise_panel(window, "projections")


def test_typing_an_entry_updates_b_and_the_matrix_panels_scores(tokens):
    window, panel = tokens
    matrix = raise_panel(window, "matrix")
    assert window.controller.scene.tokens.embeddings[0] == (2.0, 0.0)
    assert matrix.cell_text("scores", 0, 0) == "4"  # x₁·x₁ with W_Q = W_K = I
    steps = window.controller.undo_stack.count()
    type_into(panel.editors["w_q"].spins[0][0], "2")
    assert window.controller.scene.tokens.w_q[0] == (2.0, 0.0)
    assert window.controller.undo_stack.count() == steps + 1
    assert matrix.cell_text("scores", 0, 0) == "8"  # q₁ = (4, 0), k₁ = (2, 0)
    assert panel.bilinear.cells[0][0].text() == "2"
    assert panel.bilinear.symmetric.text() == "Symmetric: yes"


def test_a_scrub_is_one_undo_step(tokens):
    window, panel = tokens
    spin = panel.editors["w_k"].spins[0][1]
    line = spin.lineEdit()
    steps = window.controller.undo_stack.count()
    start = QPoint(line.width() // 2, line.height() // 2)
    QTest.mousePress(line, LEFT, Qt.KeyboardModifier.NoModifier, start)
    for dx in range(10, 60, 10):  # 50 px to the right: +1
        QTest.mouseMove(line, start + QPoint(dx, 0))
    QTest.mouseRelease(line, LEFT, Qt.KeyboardModifier.NoModifier, start + QPoint(50, 0))
    assert window.controller.scene.tokens.w_k[0] == (1.0, 1.0)
    assert window.controller.undo_stack.count() == steps + 1
    assert spin.text() == "1"
    window.controller.undo_stack.undo()
    assert window.controller.scene.tokens.w_k[0] == (1.0, 0.0)
    assert spin.text() == "0"


def test_a_preset_replaces_the_whole_matrix_in_one_step(tokens):
    window, panel = tokens
    editor = panel.editors["w_k"]
    editor.preset.setFocus()
    QTest.keyClick(editor.preset, Qt.Key.Key_Down)  # identity → rotation by θ
    assert editor.parameter.isVisible() and editor.parameter.value() == 30
    type_into(editor.parameter, "90")
    steps = window.controller.undo_stack.count()
    QTest.mouseClick(editor.apply, LEFT)
    assert window.controller.scene.tokens.w_k == ((0.0, -1.0), (1.0, 0.0))
    assert window.controller.undo_stack.count() == steps + 1
    assert [spin.text() for spin in editor.spins[0]] == ["0", "−1"]
    # B = W_Qᵀ W_K is now the rotation itself: not symmetric.
    assert panel.bilinear.symmetric.text() == "Symmetric: no"
    assert "no, because B is not symmetric" in panel.bilinear.inner_product.text()


def test_the_verdicts_follow_the_scene(tokens):
    window, panel = tokens
    assert panel.bilinear.symmetric.text() == "Symmetric: yes"
    assert panel.bilinear.inner_product.text().startswith("An inner product on the tokens: yes")
    window.load_preset("asymmetric-scores")
    assert panel.bilinear.symmetric.text() == "Symmetric: no"
    text = panel.bilinear.inner_product.text()
    assert text.startswith("An inner product on the tokens: no, because B is not symmetric: B₁₂ = ")


def test_labels_are_typed_and_tokens_added_and_removed(tokens):
    window, panel = tokens
    c = window.controller
    type_into(panel.tokens.labels[0], "dog")
    assert c.scene.tokens.labels[0] == "dog"
    type_into(panel.tokens.labels[1], "   ")  # blank: refused, the label it had comes back
    assert panel.tokens.labels[1].text() == c.scene.tokens.labels[1] != "   "
    count = c.scene.tokens.count
    QTest.mouseClick(panel.tokens.add_button, LEFT)
    assert c.scene.tokens.count == count + 1 and c.scene.tokens.embeddings[-1] == (0.0, 0.0)
    assert len(panel.tokens.labels) == count + 1
    QTest.mouseClick(panel.tokens.remove_buttons[0], LEFT)
    assert c.scene.tokens.count == count and c.scene.tokens.labels[0] != "dog"


def test_the_panel_hides_for_a_plain_scene_and_comes_back_for_tokens(tokens):
    window, _panel = tokens
    window.load_preset("lesson-pair")
    assert window.docks["projections"].isHidden()
    window.load_preset("learned-projections")
    # Back as a tab behind the token plane, which comes to the front.
    assert not window.docks["projections"].isHidden()
    assert window.docks["projections"] in window.tabifiedDockWidgets(window.docks["tokens"])
    assert window.dock_shown("tokens")


def test_spanish_writes_the_verdicts_in_spanish(make_window):
    window = make_window(preset_scene("asymmetric-scores"), lang="es", size=(1600, 1000))
    panel = raise_panel(window, "projections")
    assert panel.bilinear.symmetric.text() == "Simétrica: no"
    assert "porque" in panel.bilinear.inner_product.text()
