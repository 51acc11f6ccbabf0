"""Edits return new scenes that keep every invariant, whatever the input."""

import math

from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import make_scene
from qk_explorer.model import scene as edits
from qk_explorer.model.scene import COORDINATE_LIMIT, QUERY, UI_MAX_KEYS, key_ref, value_ref

any_float = st.floats(allow_nan=True, allow_infinity=True)


def test_values_default_to_copies_of_the_keys():
    scene = make_scene((1, 2), [(1, 0), (0, 1)])
    assert scene.values == scene.keys
    assert scene.mask == (True, True)


@given(st.lists(any_float, min_size=2, max_size=2))
def test_with_vector_clamps_anything_to_finite_limits(xy):
    scene = edits.with_vector(make_scene((2, 1), [(1, 2)]), QUERY, xy)
    assert all(math.isfinite(x) and abs(x) <= COORDINATE_LIMIT for x in scene.query)


def test_with_vector_ignores_wrong_dimension_and_unknown_vectors():
    scene = make_scene((2, 1), [(1, 2)])
    assert edits.with_vector(scene, QUERY, (1, 2, 3)) is scene
    assert edits.with_vector(scene, key_ref(5), (1, 2)) is scene


def test_add_key_selects_it_and_stops_at_the_interface_limit():
    scene = make_scene((2, 1), [(1, 2)])
    for _ in range(40):
        scene = edits.add_key(scene)
    assert scene.key_count == UI_MAX_KEYS
    assert scene.selected_key == UI_MAX_KEYS - 1
    assert len(set(scene.keys)) > 4  # new keys do not all pile on one spot


def test_remove_key_keeps_one_and_keeps_selection_valid():
    scene = make_scene((1, 2), [(1, 0), (0, 1), (1, 1)], selected_key=2)
    scene = edits.remove_key(scene, 2)
    assert scene.key_count == 2 and scene.selected_key == 1
    scene = edits.remove_key(scene, 0)
    assert scene.keys == ((0, 1),) and scene.selected_key == 0
    assert edits.remove_key(scene, 0) is scene


@given(st.integers(1, 16), st.integers(1, 16))
def test_dimension_changes_keep_leading_coordinates(n, m):
    scene = make_scene(range(1, n + 1), [range(n)])
    changed = edits.with_dimension(scene, m)
    assert changed.dimension == m
    keep = min(n, m)
    assert changed.query[:keep] == scene.query[:keep]
    assert all(x == 0 for x in changed.query[keep:])


def test_scaling_q_by_minus_one_and_zero():
    scene = make_scene((2, 1), [(1, 2)])
    assert edits.with_query_scaled(scene, -1).query == (-2, -1)
    assert edits.with_query_scaled(scene, 0).query == (0, 0)
    assert edits.with_query_scaled(scene, math.inf) is scene


def test_settings_reject_bad_numbers_by_leaving_the_scene_alone():
    scene = make_scene((2, 1), [(1, 2)])
    assert edits.with_scale(scene, math.nan) is scene
    assert edits.with_scale(scene, 1e300) is scene
    assert edits.with_dropout(scene, 1.5) is scene
    assert edits.with_scoring(scene, "cosine", math.inf) is scene
    assert edits.with_mask(scene, 3, False) is scene


def test_snap_rounds_to_the_step():
    assert edits.snap(1.26, 0.5) == 1.5
    assert edits.snap(-0.24, 0.5) == 0
    assert edits.snap(0.123, 0) == 0.123


def test_value_refs_address_values():
    scene = make_scene((1, 2), [(1, 0)], values=[(5, 5)])
    assert scene.vector(value_ref(0)) == (5, 5)
    assert edits.with_vector(scene, value_ref(0), (1, 1)).values == ((1, 1),)
