"""The token plane, driven with real mouse events on its viewport."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from qk_explorer.model.presets import preset_scene

from ..helpers import raise_panel, view_to_viewport

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def tokens_window(make_window):
    window = make_window(preset_scene("learned-projections"), size=(1600, 1000))
    raise_panel(window, "matrix")
    return window, raise_panel(window, "tokens")


def derived(scene, i):
    x = np.asarray(scene.tokens.embeddings[i])
    return [tuple(np.asarray(scene.tokens.matrix(name)) @ x) for name in ("w_q", "w_k", "w_v")]


def row_and_column(matrix, i):
    """Row i and column i of the scores, as the matrix panel shows them."""
    rows = [matrix.cell_text("scores", i, j) for j in range(4)]
    columns = [matrix.cell_text("scores", j, i) for j in range(4)]
    return rows, columns


def test_the_dock_opens_for_a_token_scene_and_hides_for_a_plain_one(tokens_window):
    window, panel = tokens_window
    assert window.dock_shown("tokens")
    assert [item.label for item in panel.plot.arrows] == ["the", "cat", "sat", "down"]
    window.load_preset("lesson-pair")
    assert window.docks["tokens"].isHidden()
    window.load_preset("identity-projections")
    assert not window.docks["tokens"].isHidden()


def test_dragging_token_2_moves_its_q_k_v_and_its_row_and_column_live_one_undo_step(tokens_window):
    window, panel = tokens_window
    controller, plot = window.controller, panel.plot
    matrix = window.panel("matrix")
    before_scene = controller.scene
    before = row_and_column(matrix, 1)
    steps = controller.undo_stack.count()
    viewport = plot.viewport()
    a, b = view_to_viewport(plot, (1, 2)), view_to_viewport(plot, (2, 1))
    QTest.mousePress(viewport, LEFT, NONE, a)
    seen = []
    for k in range(1, 7):
        p = a + (b - a) * (k / 6)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
        scene = controller.scene
        q, k_, v = derived(scene, 1)
        assert (scene.queries[1], scene.keys[1], scene.values[1]) == (q, k_, v)
        seen.append(row_and_column(matrix, 1))
    assert controller.scene.tokens.embeddings[1] != (1.0, 2.0)  # it moved mid-drag
    assert seen[-1] != before and seen[-1][0] != before[0] and seen[-1][1] != before[1]
    QTest.mouseRelease(viewport, LEFT, NONE, b)
    assert controller.scene.tokens.embeddings[1] == (2.0, 1.0)  # snapped to the grid
    assert controller.undo_stack.count() == steps + 1
    controller.undo_stack.undo()
    assert controller.scene.tokens == before_scene.tokens
    assert row_and_column(matrix, 1) == before


def test_hovering_a_token_selects_its_row_and_column_and_leaving_restores(tokens_window):
    window, panel = tokens_window
    scene = window.controller.scene
    start = (scene.selected_query, scene.selected_key)
    viewport = panel.plot.viewport()
    QTest.mouseMove(viewport, view_to_viewport(panel.plot, (0, 2)))  # "sat", token 3
    scene = window.controller.scene
    assert (scene.selected_query, scene.selected_key) == (2, 2)
    assert panel.plot.arrows[2]._active
    QTest.mouseMove(viewport, view_to_viewport(panel.plot, (1.5, -1)))  # nowhere near a tip
    scene = window.controller.scene
    assert (scene.selected_query, scene.selected_key) == start


def test_the_unit_circle_is_drawn_for_identity_projections_and_not_for_asymmetric_scores(tokens_window):
    window, panel = tokens_window
    window.load_preset("identity-projections")
    x, y = panel.plot.circle.getData()
    assert panel.plot.circle.isVisible() and len(x) > 100
    assert np.allclose(np.hypot(x, y), 1.0)  # B = I: the ordinary unit circle
    assert "unit circle of B" in panel.legend.text()
    name = panel.plot.circle_name
    assert name.isVisible() and name.toPlainText() == "xᵀBx = 1"
    # Beside the circle where it reaches furthest up and right, placed by the names' rule.
    assert name.opacity() == 1.0 and 1.0 < np.hypot(name.pos().x(), name.pos().y()) < 2.5
    window.load_preset("asymmetric-scores")
    assert not panel.plot.circle.isVisible() and not name.isVisible()
    assert panel.legend.isHidden()
    assert "not symmetric" in panel.status.text()


def test_the_images_of_the_unit_square_are_off_until_asked_for(tokens_window):
    _window, panel = tokens_window
    assert not any(item.isVisible() for item in panel.plot.squares.values())
    panel.squares_box.setChecked(True)
    x, y = panel.plot.squares["w_k"].getData()
    assert list(zip(x, y, strict=True))[2] == (1.0, 1.5)  # W_K (e₁ + e₂)
    assert "W_Q × unit square" in panel.legend.text()


def test_embeddings_of_another_dimension_get_a_note_instead(make_window):
    from qk_explorer.model.token_scene import token_scene

    scene = token_scene(["a", "b"], [(1, 0, 0), (0, 1, 0)], [(1, 0, 0)] * 3, [(1, 0, 0)] * 3, [(1, 0, 0)] * 3)
    window = make_window(scene)
    panel = raise_panel(window, "tokens")
    assert panel.plot.isHidden() and not panel.note.isHidden()
    assert "d_model = 3" in panel.note.text()
