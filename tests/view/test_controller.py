"""The controller: one recompute per edit, undo steps that match what a person did."""

import pytest

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, UI_MAX_QUERIES, key_ref, query_ref
from qk_explorer.view.controller import SceneController


def make(scene=None):
    return SceneController(scene or make_scene((2, 1), [(1, 2)]))


def test_each_edit_computes_once_and_emits_once(qtbot):
    controller = make()
    emitted = []
    controller.updated.connect(lambda update: emitted.append((update.scene, update.results)))
    controller.set_vector(QUERY, (4, 0))
    assert len(emitted) == 1
    scene, results = emitted[0]
    assert scene.query == (4, 0) and results.pair.dot == 4
    assert controller.results is results


def test_a_drag_merges_into_one_step_and_two_drags_are_two(qtbot):
    controller = make()
    controller.begin_drag(key_ref(0))
    for x in range(10):
        controller.drag_to(key_ref(0), (x * 0.1, 3.0))
    controller.end_drag()
    controller.begin_drag(QUERY)
    controller.drag_to(QUERY, (5.0, 5.0))
    controller.end_drag()
    assert controller.undo_stack.count() == 2
    controller.undo_stack.undo()
    controller.undo_stack.undo()
    assert controller.scene == make_scene((2, 1), [(1, 2)])


def test_nudges_of_one_tip_merge_until_something_else_happens(qtbot):
    controller = make()
    for _ in range(5):
        controller.nudge(QUERY, 0.5, 0)
    controller.set_vector(key_ref(0), (0, 3))
    controller.nudge(QUERY, 0, 0.5)
    assert controller.scene.query == (4.5, 1.5)
    assert controller.undo_stack.count() == 3


def test_snapping_applies_to_drags_not_to_free_moves(qtbot):
    controller = make()
    controller.drag_to(QUERY, (1.26, 0.74))
    assert controller.scene.query == (1.5, 0.5)
    controller.drag_to(QUERY, (1.26, 0.74), free=True)
    assert controller.scene.query == (1.26, 0.74)
    controller.end_drag()


def test_selection_is_not_an_undo_step(qtbot):
    controller = make(make_scene((1, 2), [(1, 0), (0, 1)]))
    controller.select(key_ref(1))
    assert controller.scene.selected_key == 1
    assert controller.active == key_ref(1)
    assert controller.undo_stack.count() == 0


def test_tab_order_visits_every_vector(qtbot):
    controller = make(make_scene((1, 2), [(1, 0), (0, 1)]))
    seen = []
    for _ in range(5):
        controller.cycle_active()
        seen.append(controller.active)
    assert seen[-1] == QUERY and len(set(seen)) == 5


def test_three_dimensional_drag_stays_in_the_plane(qtbot):
    import numpy as np

    controller = make(make_scene((2, -1, 3), [(1, 4, -2)]))
    plane = controller.results.plane
    controller.drag_to(key_ref(0), (1.0, 1.0))
    controller.end_drag()
    k = np.array(controller.scene.keys[0])
    e1, e2 = (np.array(e) for e in plane.basis)
    assert np.allclose(k, e1 + e2)
    assert np.allclose(controller.results.plane.basis, plane.basis)


def test_a_long_drag_keeps_one_command_alive_not_one_per_step(qtbot):
    import gc

    from qk_explorer.view.controller import _SceneEdit

    controller = make()
    controller.begin_drag(QUERY)
    for i in range(2000):
        controller.drag_to(QUERY, (1 + (i % 50) / 50, 2.0), free=True)
    controller.end_drag()
    gc.collect()
    assert controller.undo_stack.count() == 1
    assert sum(isinstance(o, _SceneEdit) and o._controller is controller for o in gc.get_objects()) == 1


def test_a_drag_saved_midway_continues_as_a_new_step(qtbot):
    controller = make()
    controller.begin_drag(QUERY)
    controller.drag_to(QUERY, (3.0, 1.0), free=True)
    controller.undo_stack.setClean()  # saved while the button is still down
    controller.drag_to(QUERY, (4.0, 1.0), free=True)
    controller.drag_to(QUERY, (5.0, 1.0), free=True)
    controller.end_drag()
    assert controller.undo_stack.count() == 2
    assert not controller.undo_stack.isClean()
    controller.undo_stack.undo()
    assert controller.scene.query == (3.0, 1.0) and controller.undo_stack.isClean()


def test_queries_added_and_removed_are_undo_steps(qtbot):
    controller = make(preset_scene("several-queries"))
    before = controller.scene
    controller.select(key_ref(1))
    controller.add_query()
    assert controller.scene.query_count == 4 and controller.scene.selected_query == 3
    assert controller.active == QUERY
    for _ in range(UI_MAX_QUERIES):
        controller.add_query()
    assert controller.scene.query_count == UI_MAX_QUERIES
    controller.remove_query(0)
    assert controller.scene.query_count == UI_MAX_QUERIES - 1
    assert controller.undo_stack.count() == UI_MAX_QUERIES - 3 + 1
    while controller.undo_stack.canUndo():
        controller.undo_stack.undo()
    assert controller.scene.queries == before.queries


def test_one_cell_of_the_mask_and_causal_masking_are_undo_steps(qtbot):
    controller = make(preset_scene("several-queries"))
    controller.toggle_cell_mask(1, 0)
    assert controller.scene.mask_matrix == ((True, True), (False, True), (True, True))
    controller.set_cell_mask(1, 0, False)  # already so: no step
    controller.toggle_cell_mask(5, 0)  # no such query: nothing
    controller.set_causal(True)
    assert controller.scene.applied_mask == ((True, False), (False, True), (True, True))
    assert controller.undo_stack.count() == 2
    controller.undo_stack.undo()
    assert not controller.scene.causal
    controller.undo_stack.undo()
    assert controller.scene.mask_matrix == ((True, True),) * 3


def test_selecting_a_query_or_a_pair_is_not_an_undo_step(qtbot):
    controller = make(preset_scene("several-queries"))
    emitted = []
    controller.updated.connect(emitted.append)
    controller.select(query_ref(2))
    assert controller.scene.selected_query == 2 and controller.active == QUERY
    assert controller.results.pair.dot == 1.0  # q₃ = (1, 1) against k₁ = (1, 0)
    controller.select(key_ref(0))  # k₁ selected already: only the tip in hand changes
    controller.select_pair(1, 1)
    assert (controller.scene.selected_query, controller.scene.selected_key) == (1, 1)
    assert controller.active == key_ref(1)  # an active key follows the selection
    assert controller.results.pair.dot == 1.0 and controller.results.attention.weights[1] < 0.5
    controller.select_pair(1, 1)
    controller.select_pair(9, 0)
    # One update for each selection that changed something, however many steps it took.
    assert len(emitted) == 3 and controller.undo_stack.count() == 0
    assert all(update.change.selection for update in emitted)
    assert emitted[1].drag.active == key_ref(0) and emitted[2].drag.active == key_ref(1)


def test_a_mask_edit_that_changes_nothing_shows_the_scene_again(qtbot):
    controller = make(preset_scene("causal-self-attention"))  # q₂ selected: causal hides k₃
    emitted = []
    controller.updated.connect(lambda update: emitted.append(update.scene))
    controller.set_mask(2, True)  # every query's k₃ takes part already: nothing to do
    assert emitted == [controller.scene] and controller.undo_stack.count() == 0
    assert not controller.scene.mask[2]


def test_a_tokens_drag_after_the_scene_lost_its_tokens_moves_nothing(qtbot):
    """A drag begun in the token plane, then a scene without tokens (a preset by its shortcut, an
    undo): the pointer's next moves change nothing and begin no drag."""
    controller = make(preset_scene("learned-projections"))
    controller.drag_token_to(1, (0.5, 0.5))
    assert controller.scene.tokens.embeddings[1] == (0.5, 0.5)
    controller.end_drag()
    controller.load(preset_scene("lesson-pair"))
    scene, began = controller.scene, []
    controller.updated.connect(lambda update: update.drag.turned and began.append(update))
    controller.drag_token_to(1, (2.0, 2.0))
    controller.drag_token_to(7, (2.0, 2.0))
    assert controller.scene is scene and began == []
    controller.load(preset_scene("learned-projections"))
    controller.drag_token_to(4, (1.0, 1.0))  # four tokens: 0 … 3
    assert began == []


@pytest.mark.parametrize(("scene", "token"), [("lesson-pair", 1), ("learned-projections", 4)])
def test_the_token_planes_pointer_begins_no_drag_of_a_token_the_scene_lacks(qtbot, scene, token):
    """The plane tells the controller a drag began (its `began`) before any move: of a token
    the scene has not, nothing begins, and no view is handed vectors the scene lacks. (The
    long fuzz run crashed the canvas so: it looked up the arrows of token 4 in a scene of 3.)"""
    controller = make(preset_scene(scene))
    told = []
    controller.updated.connect(told.append)
    controller.begin_token_drag(token)
    assert told == [] and controller.moving == () and not controller.dragging


def test_picking_another_key_is_one_update_and_a_drag_begins_and_ends_in_one_each(qtbot):
    """Selecting k₂ makes it the selected key and the tip in hand: one new scene, one update
    (views render once). Beginning and ending a drag are updates of their own, with no new scene."""
    controller = make(make_scene((2, 1), [(1, 2), (3, -1)]))
    updates = []
    controller.updated.connect(updates.append)
    controller.select(key_ref(1))
    assert len(updates) == 1
    assert updates[0].change.selection and updates[0].drag.active == key_ref(1)
    assert updates[0].scene.selected_key == 1 and not updates[0].drag.on
    updates.clear()
    controller.begin_drag(key_ref(0))  # another key: selected and taken in hand at once
    assert len(updates) == 1 and updates[0].drag.turned and updates[0].drag.moving == (key_ref(0),)
    assert updates[0].scene.selected_key == 0
    controller.drag_to(key_ref(0), (2.0, 2.0))
    controller.end_drag()
    assert [u.drag.turned for u in updates] == [True, False, True]
    assert updates[1].drag.on and updates[1].change.moved == {key_ref(0)}
    assert not updates[2].drag.on and updates[2].results is updates[1].results


def test_a_querys_drag_works_out_its_own_row_of_the_matrix_alone(qtbot, monkeypatch):
    from qk_explorer.model import matrix as matrix_module

    scene = make_scene(queries=[(1, 2), (2, 1), (0, 1)], keys=[(1, 0), (0, 1), (1, 1)], selected_query=1)
    controller = make(scene)
    first = controller.results.matrix  # as the matrix panel asks for it at every step
    worked_out = []
    real = matrix_module.attention_rows
    monkeypatch.setattr(matrix_module, "attention_rows", lambda *a: worked_out.append(a[3]) or real(*a))
    controller.begin_drag(QUERY)
    for x in range(6):
        controller.drag_to(QUERY, (0.3 * x, 1.7), free=True)
        matrix = controller.results.matrix
        for i in (0, 2):
            assert matrix.rows[i] == first.rows[i]
            assert matrix.outputs[i] == first.outputs[i]
        assert matrix.rows[1] is controller.results.attention
    controller.end_drag()
    assert worked_out == []
    assert matrix.scores[1] == tuple([0.3 * 5 * k[0] + 1.7 * k[1] for k in scene.keys])
