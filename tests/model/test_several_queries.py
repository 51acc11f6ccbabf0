"""A scene with several queries: the L×S mask, causal masking, and the edits that keep it whole."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import (
    QUERY,
    UI_MAX_QUERIES,
    add_key,
    add_query,
    query_ref,
    remove_key,
    remove_query,
    with_causal,
    with_coordinate,
    with_dimension,
    with_mask,
    with_query_scaled,
    with_selected_query,
    with_vector,
)
from qk_explorer.model.scene_file import read_scene, write_scene


def three_by_two(**settings):
    return make_scene(queries=[(1, 2), (2, 1), (0, 1)], keys=[(1, 0), (0, 1)], **settings)


def test_one_query_is_the_scene_it_always_was():
    one = make_scene((1, 2), [(1, 0), (0, 1)], mask=[True, False])
    assert one == make_scene(queries=[(1, 2)], keys=[(1, 0), (0, 1)], mask=[[True, False]])
    assert one.query == (1.0, 2.0) and one.queries == ((1.0, 2.0),)
    assert one.mask == (True, False) and one.mask_matrix == ((True, False),)
    assert (one.query_count, one.selected_query, one.causal) == (1, 0, False)


def test_query_and_mask_are_the_selected_rows():
    scene = three_by_two(mask=[[True, True], [False, True], [True, False]], selected_query=1)
    assert scene.query == (2.0, 1.0)
    assert scene.mask == (False, True)
    assert scene.vector(QUERY) == scene.vector(query_ref(1)) == (2.0, 1.0)
    assert scene.vector(query_ref(2)) == (0.0, 1.0)
    assert scene.has(query_ref(2)) and not scene.has(query_ref(3)) and not scene.has(query_ref(-1))


def test_a_mask_of_one_row_is_every_querys_row():
    scene = three_by_two(mask=[True, False])
    assert scene.mask_matrix == ((True, False),) * 3


@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_causal_is_pytorchs_top_left_lower_triangle(rows, columns, data):
    row = st.lists(st.booleans(), min_size=columns, max_size=columns)
    mask = data.draw(st.lists(row, min_size=rows, max_size=rows))
    scene = make_scene(queries=[(1.0,)] * rows, keys=[(1.0,)] * columns, mask=mask, causal=True)
    expected = np.array(mask) & np.tril(np.ones((rows, columns), dtype=bool))  # torch.ones(L, S).tril()
    assert np.array_equal(np.array(scene.applied_mask), expected)
    assert all(scene.mask_row(i) == tuple(expected[i].tolist()) for i in range(rows))
    assert np.array_equal(np.array(with_causal(scene, False).applied_mask), np.array(mask))


def test_the_selected_query_moves_under_with_vector_and_any_query_by_its_index():
    scene = three_by_two(selected_query=2)
    moved = with_vector(scene, QUERY, (5, 5))
    assert moved.queries == ((1.0, 2.0), (2.0, 1.0), (5.0, 5.0))
    moved = with_vector(scene, query_ref(0), (3, 4))
    assert moved.queries == ((3.0, 4.0), (2.0, 1.0), (0.0, 1.0)) and moved.query == (0.0, 1.0)
    assert with_vector(scene, query_ref(3), (3, 4)) is scene
    assert with_coordinate(scene, query_ref(1), 0, 7).queries[1] == (7.0, 1.0)
    assert with_query_scaled(scene, 2).queries == ((1.0, 2.0), (2.0, 1.0), (0.0, 2.0))


def test_adding_and_removing_queries():
    scene = make_scene((1, 2), [(1, 0), (0, 1)], mask=[True, False])
    more = add_query(scene)
    assert more.query_count == 2 and more.selected_query == 1
    assert more.queries[1] not in more.queries[:1]  # a new direction, not on top of q₁
    assert more.mask_matrix == ((True, False), (True, False))  # the selected query's row
    assert add_query(more, (3, 3)).queries[2] == (3.0, 3.0)
    full = scene
    for _ in range(20):
        full = add_query(full)
    assert full.query_count == UI_MAX_QUERIES
    assert add_query(full, limit=64).query_count == UI_MAX_QUERIES + 1
    assert remove_query(scene, 0) is scene  # the last query stays
    three = three_by_two(mask=[[True, True], [False, True], [True, False]], selected_query=2)
    fewer = remove_query(three, 1)
    assert fewer.queries == ((1.0, 2.0), (0.0, 1.0))
    assert fewer.mask_matrix == ((True, True), (True, False))
    assert fewer.selected_query == 1 and fewer.query == (0.0, 1.0)
    assert remove_query(three, 2).selected_query == 1
    assert remove_query(three, 5) is three


def test_keys_added_and_removed_keep_every_row():
    scene = three_by_two(mask=[[True, False], [False, True], [True, True]])
    assert add_key(scene).mask_matrix == ((True, False, True), (False, True, True), (True, True, True))
    assert remove_key(scene, 0).mask_matrix == ((False,), (True,), (True,))


def test_masking_a_key_for_every_query_or_for_one():
    scene = three_by_two()
    column = with_mask(scene, 1, False)
    assert column.mask_matrix == ((True, False),) * 3
    pair = with_mask(scene, 1, False, query=2)
    assert pair.mask_matrix == ((True, True), (True, True), (True, False))
    assert with_mask(scene, 1, False, query=3) is scene
    assert with_mask(scene, 2, False) is scene


def test_selecting_a_query_changes_the_pair_and_the_attention_row():
    scene = three_by_two(mask=[[True, True], [True, False], [True, True]])
    second = with_selected_query(scene, 1)
    assert with_selected_query(scene, 3) is scene and with_selected_query(scene, 0) is scene
    results = compute(second)
    assert results.pair.dot == 2.0  # (2, 1)·(1, 0)
    assert results.attention.weights == (1.0, 0.0)
    assert results.attention.scores == (2.0, 1.0)  # the masked key is scored too, as in PyTorch


def test_changing_the_dimension_fits_every_query():
    scene = with_dimension(three_by_two(), 3)
    assert scene.queries == ((1.0, 2.0, 0.0), (2.0, 1.0, 0.0), (0.0, 1.0, 0.0))


def test_dropout_keeps_the_one_query_draws_and_gives_each_row_its_own():
    one = make_scene((1, 2), [(1, 0), (0, 1), (1, 1)], dropout_p=0.5, dropout_seed=7)
    kept = np.random.default_rng(7).random(3) >= 0.5
    assert compute(one).attention.dropout.kept == tuple(kept.tolist())
    many = make_scene(queries=[(1, 2)] * 4, keys=one.keys, dropout_p=0.5, dropout_seed=7)
    drawn = np.random.default_rng(7).random((4, 3)) >= 0.5
    rows = compute(many).matrix.rows
    assert [r.dropout.kept for r in rows] == [tuple(d) for d in drawn.tolist()]
    assert compute(with_selected_query(many, 2)).attention.dropout.kept == tuple(drawn[2].tolist())


# ---- files -----------------------------------------------------------------------------------


def test_several_queries_round_trip_through_a_version_2_file():
    scene = three_by_two(mask=[[True, False], [False, True], [True, True]], causal=True, selected_query=2)
    text = write_scene(scene)
    document = json.loads(text)
    assert document["version"] == 2
    assert document["queries"] == [[1, 2], [2, 1], [0, 1]]
    assert document["mask"] == [[True, False], [False, True], [True, True]]
    assert (document["causal"], document["selected_query"]) == (True, 2)
    assert "query" not in document
    assert read_scene(text) == scene


def test_the_design_example_of_version_2_reads():
    scene = read_scene(
        """{"format": "qk-explorer-scene", "version": 2,
        "queries": [[1, 2], [2, 1]], "keys": [[1, 0], [0, 1]], "values": [[1, 0], [0, 1]],
        "mask": [[true, true], [true, false]], "causal": false,
        "scale": null, "scoring": "dot", "selected_query": 0, "selected_key": 0, "title": ""}"""
    )
    assert scene == make_scene(
        queries=[(1, 2), (2, 1)], keys=[(1, 0), (0, 1)], mask=[[True, True], [True, False]]
    )


@pytest.mark.parametrize("version", ['"version": 1, ', ""])
def test_a_version_1_file_opens_as_a_one_query_scene(version):
    scene = read_scene(
        '{"format": "qk-explorer-scene", ' + version + '"query": [2, 1], "keys": [[1, 2], [0, 1]], '
        '"mask": [true, false], "selected_key": 1}'
    )
    assert scene == make_scene((2, 1), [(1, 2), (0, 1)], mask=[True, False], selected_key=1)
    assert json.loads(write_scene(scene))["version"] == 2


# ---- presets ---------------------------------------------------------------------------------


def test_several_queries_grows_the_lessons_example_to_three_queries():
    scene = preset_scene("several-queries")
    assert scene.keys == ((1.0, 0.0), (0.0, 1.0)) and scene.query_count == 3
    assert scene.query == (1.0, 2.0)  # the lesson's q, selected
    weights = compute(scene).matrix.weights
    assert [round(w, 3) for w in weights[0]] == [0.330, 0.670]
    assert [round(w, 3) for w in weights[1]] == [0.670, 0.330]
    assert weights[2] == (0.5, 0.5)


def test_causal_self_attention_takes_queries_and_keys_from_the_same_positions():
    scene = preset_scene("causal-self-attention")
    assert scene.causal and scene.queries == scene.keys and scene.query_count == 4
    matrix = compute(scene).matrix
    assert matrix.mask == tuple(tuple(j <= i for j in range(4)) for i in range(4))
    assert matrix.weights[0] == (1.0, 0.0, 0.0, 0.0)
    assert scene.mask == (True, True, False, False)  # the selected q₂ sees k₁ and k₂


def test_cross_attention_has_fewer_queries_than_keys():
    scene = preset_scene("cross-attention")
    assert scene.query_count != scene.key_count and scene.values != scene.keys
    assert None not in compute(scene).matrix.weights


def test_the_padding_mask_masks_the_last_key_in_every_row():
    scene = preset_scene("padding-mask")
    assert all(row[-1] is False and all(row[:-1]) for row in scene.mask_matrix)
    assert all(w[-1] == 0.0 for w in compute(scene).matrix.weights)
