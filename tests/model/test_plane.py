"""The plane the canvas draws: exact lengths and angles, and a basis that does not turn under a drag."""

import numpy as np
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import preset_scene

coordinate = st.floats(-100, 100, allow_nan=False)


def test_two_dimensions_are_drawn_as_they_are():
    plane = compute(preset_scene("lesson-pair")).plane
    assert plane.shows_all
    assert plane.to_plane((2, 1)) == (2, 1)
    assert plane.lift((0.8, 1.6)) == (0.8, 1.6)


def test_one_dimension_lies_on_the_horizontal_axis():
    plane = compute(make_scene((3,), [(-2,)])).plane
    assert plane.to_plane((3,)) == (3, 0)
    assert plane.lift((1.5, 7.0)) == (1.5,)


def test_question_1_angle_in_the_plane_equals_the_true_angle():
    scene = preset_scene("question-1")
    results = compute(scene)
    q2 = np.array(results.plane.to_plane(scene.query))
    k2 = np.array(results.plane.to_plane(scene.keys[0]))
    cos2 = q2 @ k2 / (np.linalg.norm(q2) * np.linalg.norm(k2))
    assert cos2 == pytest.approx(results.pair.cosine)
    assert np.linalg.norm(q2) == pytest.approx(results.pair.norm_q)
    assert np.allclose(results.plane.lift(q2), scene.query)


@given(
    st.integers(3, 8).flatmap(
        lambda n: st.tuples(
            st.lists(coordinate, min_size=n, max_size=n),
            st.lists(coordinate, min_size=n, max_size=n),
            st.floats(-3, 3),
            st.floats(-3, 3),
        )
    )
)
# k's shadow on axis 3 nearly along e1: one subtraction left the basis square only to 1.6e-9.
@example(([0.0, 0, 0, 0, 1, 1, 1, 1.7121257374669332e-07], [0.0, 0, 0, 13, 0, 0, 0, 17], 0.0, 1.0))
def test_moving_a_tip_inside_the_plane_keeps_the_basis(data):
    q, k, a, b = data
    q, k = np.array(q), np.array(k)
    assume(np.linalg.norm(q) > 1e-3 and np.linalg.norm(k) > 1e-3)
    q_unit = q / np.linalg.norm(q)
    rest = k - (k @ q_unit) * q_unit
    assume(np.linalg.norm(rest) > 1e-2 * np.linalg.norm(k))
    before = compute(make_scene(q, [k])).plane
    moved = a * q + b * k
    assume(np.linalg.norm(moved - (moved @ q_unit) * q_unit) > 1e-2 * max(1, np.linalg.norm(moved)))
    after = compute(make_scene(q, [moved])).plane
    assert np.allclose(before.basis, after.basis, atol=1e-6)
    basis = np.array(before.basis)
    assert np.allclose(basis @ basis.T, np.eye(2), atol=1e-9)
