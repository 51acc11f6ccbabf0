"""Properties of the pair geometry that hold for every pair of vectors."""

import math

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from qk_explorer.model.geometry import RIGHT_ANGLE_TOLERANCE, Relation, pair_geometry
from qk_explorer.model.undefined import Why

coordinate = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


@st.composite
def pairs(draw, min_dim=1, max_dim=16):
    n = draw(st.integers(min_dim, max_dim))
    q = draw(st.lists(coordinate, min_size=n, max_size=n))
    k = draw(st.lists(coordinate, min_size=n, max_size=n))
    return np.array(q), np.array(k)


def _all_finite(pair) -> bool:
    numbers = [pair.dot, pair.norm_q, pair.norm_k, *pair.terms]
    for x in (pair.cosine, pair.angle_deg, pair.scalar_projection, pair.residual, pair.cauchy_schwarz_ratio):
        if x is not None:
            numbers.append(x)
    for v in (pair.projection, pair.perpendicular):
        if v is not None:
            numbers.extend(v)
    return all(math.isfinite(x) for x in numbers)


@given(pairs())
def test_never_nan_and_undefined_has_a_reason(qk):
    q, k = qk
    pair = pair_geometry(q, k)
    assert _all_finite(pair)
    if not q.any() or not k.any():
        assert pair.undefined is not None
        assert pair.cosine is None and pair.angle_deg is None and pair.relation is None
    else:
        assert pair.undefined is None


@given(pairs())
def test_projection_plus_perpendicular_is_q(qk):
    q, k = qk
    assume(k.any())
    pair = pair_geometry(q, k)
    scale = max(1.0, float(np.max(np.abs(q))))
    assert np.allclose(np.add(pair.projection, pair.perpendicular), q, atol=1e-9 * scale)


@given(pairs())
def test_perpendicular_is_orthogonal_to_k(qk):
    q, k = qk
    assume(k.any())
    pair = pair_geometry(q, k)
    perp = np.array(pair.perpendicular)
    k_unit = k / np.max(np.abs(k))
    k_unit = k_unit / np.linalg.norm(k_unit)
    assert abs(perp @ k_unit) <= 1e-9 * max(1.0, np.linalg.norm(q))


@given(pairs())
@example((np.array([5e-324, 5e-324]), np.array([1.0, 1.0])))  # 1e-323 against a length of 5e-324
def test_scalar_projection_is_bounded_by_the_length_of_q(qk):
    q, k = qk
    assume(k.any())
    pair = pair_geometry(q, k)
    # Each product qᵢ·uᵢ may round by half the least subnormal, which no relative margin covers.
    assert abs(pair.scalar_projection) <= pair.norm_q * (1 + 1e-12) + len(q) * math.ulp(0.0)


@given(pairs())
def test_cosine_within_bounds_and_agrees_with_angle(qk):
    q, k = qk
    assume(q.any() and k.any())
    pair = pair_geometry(q, k)
    assert -1 <= pair.cosine <= 1
    assert 0 <= pair.angle_deg <= 180
    assert math.cos(math.radians(pair.angle_deg)) == pytest.approx(pair.cosine, abs=1e-7)
    assert pair.cauchy_schwarz_ratio <= 1


@given(pairs(), st.floats(min_value=1e-3, max_value=1e3))
def test_scaling_q_by_positive_c_scales_the_product_and_keeps_the_cosine(qk, c):
    q, k = qk
    assume(q.any() and k.any())
    assume((c * q).any())  # a subnormal q can round to zero when scaled down
    before, after = pair_geometry(q, k), pair_geometry(c * q, k)
    assert math.isclose(
        after.dot, c * before.dot, rel_tol=1e-9, abs_tol=1e-9 * c * before.norm_q * before.norm_k + 1e-300
    )
    assert math.isclose(after.cosine, before.cosine, abs_tol=1e-9)


@given(pairs())
def test_minus_one_flips_product_and_cosine(qk):
    q, k = qk
    assume(q.any() and k.any())
    before, after = pair_geometry(q, k), pair_geometry(-q, k)
    assert after.dot == -before.dot
    assert math.isclose(after.cosine, -before.cosine, abs_tol=1e-12)
    flipped = {
        Relation.ACUTE: Relation.OBTUSE,
        Relation.OBTUSE: Relation.ACUTE,
        Relation.RIGHT: Relation.RIGHT,
    }
    assert after.relation is flipped[before.relation]


@given(pairs())
@settings(max_examples=50)
def test_relation_matches_the_sign_of_the_product(qk):
    q, k = qk
    assume(q.any() and k.any())
    pair = pair_geometry(q, k)
    # Below ~1e-308 the product underflows to 0 while the directions still have an angle.
    assume(pair.norm_q * pair.norm_k > 1e-300)
    if pair.relation is Relation.ACUTE:
        assert pair.dot > 0
    elif pair.relation is Relation.OBTUSE:
        assert pair.dot < 0
    else:
        assert pair.relation is Relation.RIGHT
        assert abs(pair.dot) <= RIGHT_ANGLE_TOLERANCE * pair.norm_q * pair.norm_k * (1 + 1e-9)


sizeable = st.floats(min_value=1e-3, max_value=1e6) | st.floats(min_value=-1e6, max_value=-1e-3)


@st.composite
def perpendicular_pairs(draw):
    """Two non-zero vectors at a right angle. In the plane of two coordinates q = (a, b) and
    k = c·(−b, a), whose product is 0 up to rounding; on every other coordinate at most one of
    them is non-zero."""
    n = draw(st.integers(2, 16))
    i, j, *others = draw(st.permutations(range(n)))
    a, b = draw(sizeable), draw(sizeable)
    c = draw(st.floats(min_value=1e-3, max_value=1e3)) * draw(st.sampled_from([-1.0, 1.0]))
    q, k = np.zeros(n), np.zeros(n)
    q[i], q[j] = a, b
    k[i], k[j] = -c * b, c * a
    for m in others:
        which = draw(st.sampled_from(["q", "k", "neither"]))
        if which == "q":
            q[m] = draw(coordinate)
        elif which == "k":
            k[m] = draw(coordinate)
    return q, k


@given(perpendicular_pairs())
def test_perpendicular_vectors_are_at_a_right_angle(qk):
    q, k = qk
    for a, b in ((q, k), (k, q), (-q, k)):
        pair = pair_geometry(a, b)
        assert pair.relation is Relation.RIGHT, (a, b, pair.cosine)
        assert pair.angle_deg == pytest.approx(90, abs=1e-6)


def test_tiny_and_subnormal_vectors_stay_finite():
    tiny = 5e-324
    pair = pair_geometry([tiny, 0.0], [0.0, tiny])
    assert _all_finite(pair)
    assert pair.relation is Relation.RIGHT
    pair = pair_geometry([1e-300, 1e-300], [1e-300, 0])
    assert pair.angle_deg == pytest.approx(45)


def test_zero_vectors_give_reasons():
    assert pair_geometry([0, 0], [1, 2]).undefined.why is Why.ZERO_QUERY
    assert pair_geometry([1, 2], [0, 0]).undefined.why is Why.ZERO_KEY
    assert pair_geometry([0, 0], [0, 0]).undefined.why is Why.ZERO_BOTH
    zero_q = pair_geometry([0, 0], [1, 2])
    assert zero_q.projection == (0, 0) and zero_q.scalar_projection == 0
    zero_k = pair_geometry([1, 2], [0, 0])
    assert zero_k.projection is None and zero_k.residual is None


@pytest.mark.parametrize(
    ("q", "k", "direction", "relation"),
    [
        ((4, 0), (1, 0), "same", Relation.ACUTE),
        ((1, 1), (3, 3), "same", Relation.ACUTE),  # the cosine rounds a hair below 1
        ((0.1, 0.7, 0.3), (0.2, 1.4, 0.6), "same", Relation.ACUTE),
        ((2, 1), (-2, -1), "opposite", Relation.OBTUSE),
        ((0.1, 0.7, 0.3), (-0.3, -2.1, -0.9), "opposite", Relation.OBTUSE),
        ((2, 1), (1, 2), None, Relation.ACUTE),
        ((2, 1), (-1, 2), None, Relation.RIGHT),
        ((1, 0), (1, 1e-4), None, Relation.ACUTE),  # 0.006°: close, but not the same direction
        ((0, 0), (1, 0), None, None),  # no direction at all
    ],
)
def test_parallel_pairs_say_same_or_opposite_direction_and_keep_the_sign_rule(q, k, direction, relation):
    pair = pair_geometry(q, k)
    assert (pair.direction and pair.direction.value) == direction
    assert pair.relation is relation
    if direction == "same":
        assert pair.dot > 0 and pair.angle_deg == pytest.approx(0, abs=1e-6)
    elif direction == "opposite":
        assert pair.dot < 0 and pair.angle_deg == pytest.approx(180, abs=1e-6)


@given(pairs(), st.floats(min_value=1e-3, max_value=1e3))
@settings(max_examples=50)
def test_a_vector_and_a_positive_or_negative_multiple_of_it_are_parallel(qk, c):
    q, _ = qk
    assume(np.abs(q).max() > 1e-3)
    assert pair_geometry(q, c * q).direction.value == "same"
    assert pair_geometry(q, -c * q).direction.value == "opposite"
