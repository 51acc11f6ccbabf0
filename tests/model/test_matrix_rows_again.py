"""A query's move works out its own row of the matrix alone: the other rows are the scene before's.

compute(scene, before, change) takes the matrix the results before had worked out, when
only queries moved since: their rows are worked out again (the selected one's is
`attention` itself), every other row is taken as it was, never computed again, and the
whole matrix is the one compute(scene) gives from nothing, to the bit.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model import matrix as matrix_module
from qk_explorer.model.change import scene_change
from qk_explorer.model.scene import key_ref, query_ref, value_ref, with_vector

ROW_FIELDS = ("scores", "scored", "logits", "weights", "weight_sums", "outputs")


def scene_of(rows: int, keys: int, dimension: int = 2, **settings):
    rng = np.random.default_rng(rows * 100 + keys)
    return make_scene(
        queries=rng.uniform(-3, 3, (rows, dimension)).round(2).tolist(),
        keys=rng.uniform(-3, 3, (keys, dimension)).round(2).tolist(),
        values=rng.uniform(-2, 2, (keys, dimension)).round(2).tolist(),
        **settings,
    )


@pytest.fixture
def computed_rows(monkeypatch):
    """The queries whose rows attention_rows works out, call by call."""
    calls = []
    real = matrix_module.attention_rows

    def counting(scene, scoring, scale, rows, mask):
        calls.append(list(rows))
        return real(scene, scoring, scale, rows, mask)

    monkeypatch.setattr(matrix_module, "attention_rows", counting)
    return calls


def shown(results):
    """Results whose matrix a view has asked for, as the matrix panel does at every step."""
    matrix = results.matrix
    assert results.matrix is matrix  # worked out once, then kept
    return results


def moved(before_results, scene, ref, vector):
    after = with_vector(scene, ref, vector)
    return after, compute(after, before_results, scene_change(scene, after))


def assert_same_numbers(a, b):
    for name in ROW_FIELDS:
        assert np.array_equal(getattr(a.arrays, name), getattr(b.arrays, name)), name
    assert a.undefined == b.undefined
    assert a.rows == b.rows


def test_dragging_the_selected_query_leaves_every_other_row_untouched_and_uncomputed(computed_rows):
    scene = scene_of(64, 64, selected_query=5)
    results = compute(scene)
    earlier = results.matrix
    assert computed_rows == [list(range(64))]
    for step in range(5):  # a drag: each step's results are the next one's `before`
        scene, results = moved(results, scene, query_ref(5), (0.37 * step - 1, 1.0 - 0.21 * step))
        matrix = results.matrix
        others = np.arange(64) != 5
        for name in ROW_FIELDS:
            assert np.array_equal(getattr(matrix.arrays, name)[others], getattr(earlier.arrays, name)[others])
        assert matrix.undefined == earlier.undefined
        assert_same_numbers(matrix, compute(scene).matrix)  # … and they are this scene's numbers
        earlier = matrix
    assert computed_rows[1:] == [list(range(64))] * 5  # the from-nothing checks, none for the drag
    # The selected row is `attention` itself, the one row the step worked out.
    assert matrix.rows[5] is results.attention


def test_a_query_not_selected_is_worked_out_alone(computed_rows):
    scene = scene_of(8, 5, causal=True, selected_query=0)
    results = shown(compute(scene))
    after, again = moved(results, scene, query_ref(6), (2.5, -1.25))
    assert_same_numbers(again.matrix, compute(after).matrix)
    assert computed_rows == [list(range(8)), [6], list(range(8))]


def test_a_new_selection_reuses_every_row(computed_rows):
    scene = scene_of(6, 6)
    results = shown(compute(scene))
    selected = replace(scene, selected_query=3)
    again = compute(selected, results, scene_change(scene, selected))
    assert again.matrix.arrays is results.matrix.arrays
    assert again.matrix.rows[3] is again.attention
    assert computed_rows == [list(range(6))]


@pytest.mark.parametrize("ref", [key_ref(2), value_ref(1)])
def test_a_key_or_a_value_moving_works_out_every_row(computed_rows, ref):
    scene = scene_of(6, 6)
    results = shown(compute(scene))
    after, again = moved(results, scene, ref, (0.5, 0.25))
    assert_same_numbers(again.matrix, compute(after).matrix)
    assert computed_rows == [list(range(6))] * 3


def test_the_matrix_worked_out_with_the_results_serves_the_next_step(computed_rows):
    scene = scene_of(4, 4)
    _, again = moved(compute(scene), scene, query_ref(0), (1.0, 1.0))  # no view asked for it
    shown(again)
    assert computed_rows == [list(range(4))]


coordinate = st.integers(-300, 300).map(lambda x: x / 100)


@given(
    st.integers(1, 6).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(1, 6),
            st.integers(0, 5),
            st.lists(st.lists(coordinate, min_size=n, max_size=n), min_size=1, max_size=6),
            st.booleans(),
            st.sampled_from(["dot", "cosine"]),
        )
    )
)
@settings(max_examples=60, deadline=None)
def test_rows_again_are_the_rows_from_nothing(case):
    """Any sequence of moves of any queries, masked rows and cosine scoring included."""
    n, rows, selected, moves, causal, scoring = case
    scene = scene_of(rows, 4, n, causal=causal, scoring=scoring, selected_query=min(selected, rows - 1))
    scene = replace(scene, mask_matrix=((True, False, True, False),) * rows)
    results = shown(compute(scene))
    for i, vector in enumerate(moves):
        vector = [*vector, 0.0][:n] if i % 3 else [0.0] * n  # now and then the zero vector
        scene, results = moved(results, scene, query_ref(i % rows), vector)
        assert_same_numbers(results.matrix, compute(scene).matrix)
