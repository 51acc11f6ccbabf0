"""Product versus angle: the curve ‖q‖‖k‖cos θ against compute() with k actually turned."""

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import key_ref, with_vector
from qk_explorer.model.turning import ANGLES_DEG, product_at, signed_angle

SAMPLE_ANGLES = [-180, -135, -90, -45, -10, 0, 30, 36.87, 90, 120, 179.5, 180]


def turned_key(scene, results, angle_deg):
    """The selected key turned to `angle_deg` from q, at its own length, in the drawn plane."""
    plane = results.plane
    qx, qy = plane.to_plane(scene.query)
    base = math.atan2(qy, qx)
    length = results.pair.norm_k
    a = base + math.radians(angle_deg)
    return plane.lift((length * math.cos(a), length * math.sin(a)))


@pytest.mark.parametrize("name", ["lesson-pair", "question-1", "lesson-attention", "opposite"])
def test_curve_matches_compute_at_sample_angles(name):
    scene = preset_scene(name)
    results = compute(scene)
    values = product_at(results.pair.norm_q, results.pair.norm_k, SAMPLE_ANGLES)
    for angle, value in zip(SAMPLE_ANGLES, values, strict=True):
        moved = with_vector(scene, key_ref(scene.selected_key), turned_key(scene, results, angle))
        assert compute(moved).pair.dot == pytest.approx(value, abs=1e-9)


def test_the_lessons_pair():
    scene = preset_scene("lesson-pair")
    curve = compute(scene).product_curve
    assert curve.amplitude == pytest.approx(5)
    assert curve.product == 4
    # k = (1, 2) lies counter-clockwise of q = (2, 1).
    assert curve.angle_deg == pytest.approx(36.8698976)
    assert curve.products.max() == pytest.approx(5)
    assert curve.products.min() == pytest.approx(-5)
    index = np.flatnonzero(np.isin(curve.angles_deg, [-90, 90]))
    assert list(curve.products[index]) == [0, 0]
    assert not curve.products.flags.writeable


def test_the_sign_follows_the_side_k_is_on():
    scene = make_scene((2, 1), [(2, -1)])
    results = compute(scene)
    turned = signed_angle(results.pair, results.plane, (2, 1), (2, -1))
    assert turned == pytest.approx(-results.pair.angle_deg)
    assert results.product_curve.angle_deg == pytest.approx(-results.pair.angle_deg)
    assert compute(make_scene((2, 0), [(-1, 0)])).product_curve.angle_deg == 180


def test_the_current_point_lies_on_the_curve():
    scene = preset_scene("question-1")
    results = compute(scene)
    curve = results.product_curve
    assert product_at(results.pair.norm_q, results.pair.norm_k, [curve.angle_deg])[0] == pytest.approx(-8)


def test_zero_vector_gives_a_flat_curve_and_no_angle():
    scene = preset_scene("question-7")
    curve = compute(scene).product_curve
    assert curve.angle_deg is None
    assert curve.amplitude == 0
    assert not np.any(curve.products)


coordinate = st.floats(-100, 100, allow_nan=False)


@given(
    st.integers(2, 8).flatmap(
        lambda n: st.tuples(
            st.lists(coordinate, min_size=n, max_size=n), st.lists(coordinate, min_size=n, max_size=n)
        )
    )
)
def test_current_point_is_on_the_curve_for_every_pair(data):
    q, k = data
    scene = make_scene(q, [k])
    results = compute(scene)
    assume(results.pair.cosine is not None)
    curve = results.product_curve
    on_curve = product_at(results.pair.norm_q, results.pair.norm_k, [curve.angle_deg])[0]
    assert on_curve == pytest.approx(results.pair.dot, abs=1e-9 * max(1.0, curve.amplitude))
    assert len(ANGLES_DEG) == 361
