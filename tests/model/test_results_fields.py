"""Results' lazy fields against independent numpy computations, on random scenes.

Each field is worked out here again from the scene alone, with numpy and without
the model's helpers, including the undefined cases: zero vectors (no angle, no
cosine scores), every key masked (no weights, no output) and one dimension.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.same_product import NoGhost, Shape
from qk_explorer.model.scaling import DirectionChange, Scaling
from qk_explorer.model.scene import Scoring, with_query_scaled_from

# Zero vectors are common here. No tiny coordinates: numpy's plain sums of squares, the
# reference below, underflow where the model's scaled ones do not (the oracle tests in
# test_attention_oracle.py and test_geometry_properties.py cover those).
coordinate = st.one_of(
    st.just(0.0),
    st.integers(-4, 4).map(float),
    st.floats(-50, 50, allow_nan=False).map(lambda x: x if abs(x) >= 1e-3 else 0.0),
)


@st.composite
def scenes(draw, max_dimension: int = 4):
    n = draw(st.integers(1, max_dimension))
    count = draw(st.integers(1, 5))
    vector = st.lists(coordinate, min_size=n, max_size=n)
    q = draw(st.one_of(st.just([0.0] * n), vector))
    keys = draw(st.lists(st.one_of(st.just([0.0] * n), vector), min_size=count, max_size=count))
    values = draw(st.lists(vector, min_size=count, max_size=count))
    mask = draw(st.one_of(st.just([False] * count), st.lists(st.booleans(), min_size=count, max_size=count)))
    return make_scene(
        q,
        keys,
        values,
        mask,
        scoring=draw(st.sampled_from(list(Scoring))),
        selected_key=draw(st.integers(0, count - 1)),
        dropout_p=draw(st.sampled_from([0.0, 0.25, 0.5])),
        dropout_seed=draw(st.integers(0, 50)),
    )


def close(a, b, scale=1.0) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, scale)


# ---- the independent computations -----------------------------------------------------------


def numpy_weights(scene, scoring: Scoring) -> np.ndarray | None:
    """Softmax over the keys that take part (0 elsewhere), or None when it is undefined."""
    q = np.array(scene.query)
    keys = np.array(scene.keys)
    mask = np.array(scene.mask)
    if not mask.any():
        return None
    if scoring is Scoring.COSINE:
        norms = np.linalg.norm(keys, axis=1)
        if not np.any(q) or np.any(norms[mask] == 0):
            return None
        logits = keys @ q / (norms * np.linalg.norm(q)).clip(1e-300) * scene.cosine_multiplier
    else:
        logits = keys @ q * (1 / math.sqrt(scene.dimension) if scene.scale is None else scene.scale)
    top = logits[mask].max()
    exps = np.exp(np.where(mask, logits - top, -np.inf))  # a masked key's logit may lie far above top
    return exps / exps.sum()


def plane_point(results, vector) -> np.ndarray:
    """Coordinates in the drawn plane: the vector itself in 1 and 2 dimensions."""
    v = np.array(vector, dtype=float)
    if len(v) <= 2:
        return np.pad(v, (0, 2 - len(v)))
    return np.array(results.plane.basis) @ v


def exact_sign(x: Fraction) -> int:
    return (x > 0) - (x < 0)


# ---- the fields --------------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(scenes())
def test_keys_taking_part_counts_the_mask(scene):
    assert compute(scene).keys_taking_part == int(np.count_nonzero(scene.mask))


@settings(max_examples=80, deadline=None)
@given(scenes())
@example(make_scene((0, 0), [(1, 2)], mask=[False]))
@example(make_scene((2, 1), [(1, 2), (3, 0)], mask=[False, False], dropout_p=0.5))
def test_weight_bars_are_the_weights_and_zero_where_there_are_none(scene):
    results = compute(scene)
    for bars, scoring in (
        (results.weight_bars, scene.scoring),
        (results.comparison_weight_bars, Scoring.COSINE if scene.scoring is Scoring.DOT else Scoring.DOT),
    ):
        expected = numpy_weights(scene, scoring)
        assert len(bars) == scene.key_count
        if expected is None:
            assert bars == (0.0,) * scene.key_count
        else:
            assert bars == pytest.approx(expected, abs=1e-9)
            assert all(0.0 <= b <= 1.0 for b in bars)
            assert all(b == 0.0 for b, m in zip(bars, scene.mask) if not m)


@settings(max_examples=80, deadline=None)
@given(scenes())
@example(make_scene((2, 1), [(1, 2), (3, 0)], dropout_p=0.5, dropout_seed=1))
def test_dropout_bars_scale_the_kept_weights_so_the_largest_fits(scene):
    results = compute(scene)
    weights = numpy_weights(scene, scene.scoring)
    if scene.dropout_p == 0 or weights is None:
        assert results.dropout_bars is None
        return
    p = scene.dropout_p
    kept = np.random.default_rng(scene.dropout_seed).random(scene.key_count) >= p
    after = np.where(kept, weights / (1 - p), 0.0)
    expected = after / max(1.0, after.max())
    assert results.dropout_bars == pytest.approx(expected, abs=1e-9)
    assert max(results.dropout_bars) <= 1.0


@settings(max_examples=80, deadline=None)
@given(scenes())
@example(make_scene((2, 1), [(0, 0)], [(1, 1)]))
@example(make_scene((1, 1), [(1, 0)], [(1, 1)]))  # the output lies along q
@example(make_scene((3,), [(1,), (-2,)]))
def test_output_turn_is_the_side_of_q_the_output_lies_on(scene):
    results = compute(scene)
    weights = numpy_weights(scene, scene.scoring)
    if weights is None:
        assert results.output_turn is None
        return
    output = weights @ np.array(scene.values)
    (ox, oy), (qx, qy) = plane_point(results, output), plane_point(results, scene.query)
    turn = ox * qy - oy * qx
    size = math.hypot(ox, oy) * math.hypot(qx, qy)
    if abs(turn) > 1e-9 * size:
        assert results.output_turn == np.sign(turn)
    if scene.dimension <= 2:
        # From the model's own output the sign is exact, or 0 where the two products round alike.
        ox, oy = (*results.attention.output, 0.0)[:2]
        qx, qy = (*scene.query, 0.0)[:2]
        exact = exact_sign(Fraction(ox) * Fraction(qy) - Fraction(oy) * Fraction(qx))
        assert results.output_turn in (exact, 0)
        if scene.dimension == 1:
            assert results.output_turn == 0


@settings(max_examples=80, deadline=None)
@given(scenes())
@example(make_scene((0, 0), [(1, 2)]))
@example(make_scene((2, 1), [(-1, 2)]))
@example(make_scene((3,), [(2,)]))
def test_same_product_pair_has_the_product_and_another_angle(scene):
    results = compute(scene)
    ghost = results.same_product
    assert results.same_product is ghost  # derived once
    q = np.array(scene.query)
    k = np.array(scene.keys[scene.selected_key])
    dot = float(q @ k)
    if scene.dimension == 1:
        assert ghost.missing is NoGhost.ONE_DIMENSION
        return
    if not np.any(q) or not np.any(k):
        assert ghost.missing is NoGhost.ZERO_VECTOR
        return
    cosine = dot / (np.linalg.norm(q) * np.linalg.norm(k))
    if abs(cosine) <= 0.5e-9:  # a right angle, within the model's tolerance
        assert ghost.missing is NoGhost.PERPENDICULAR
        return
    if abs(cosine) < 2e-9:
        return  # on the tolerance's edge: either answer is right
    assert ghost.missing is None
    q2, k2 = np.array(ghost.query), np.array(ghost.key)
    assert float(q2 @ k2) == pytest.approx(dot, rel=1e-9)
    cosine2 = float(q2 @ k2) / (np.linalg.norm(q2) * np.linalg.norm(k2))
    assert abs(abs(cosine2) - abs(cosine)) >= 0.1 - 1e-9
    if abs(abs(cosine) - 0.9) > 1e-9:
        assert ghost.shape is (Shape.LESSON if abs(cosine) >= 0.9 else Shape.ALIGNED)


@settings(max_examples=80, deadline=None)
@given(scenes())
@example(make_scene((0, 0), [(1, 2)]))
@example(make_scene((2, 1), [(2, -1)]))
def test_product_curve_is_the_product_as_k_turns(scene):
    results = compute(scene)
    curve = results.product_curve
    assert results.product_curve is curve
    q = np.array(scene.query)
    k = np.array(scene.keys[scene.selected_key])
    amplitude = float(np.linalg.norm(q) * np.linalg.norm(k))
    assert close(curve.amplitude, amplitude, amplitude)
    expected = amplitude * np.cos(np.radians(curve.angles_deg))
    assert np.allclose(curve.products, expected, rtol=0, atol=1e-9 * max(1.0, amplitude))
    assert close(curve.product, float(q @ k), amplitude)
    if not np.any(q) or not np.any(k):
        assert curve.angle_deg is None
    else:
        # Kahan's angle between unit vectors: accurate near 0° and 180°, where acos is not.
        u, w = q / np.linalg.norm(q), k / np.linalg.norm(k)
        angle = math.degrees(2 * math.atan2(np.linalg.norm(u - w), np.linalg.norm(u + w)))
        assert abs(curve.angle_deg) == pytest.approx(angle, abs=1e-9)
        (qx, qy), (kx, ky) = plane_point(results, q), plane_point(results, k)
        cross = qx * ky - qy * kx
        if abs(cross) > 1e-6 * amplitude and abs(curve.angle_deg) < 180:
            assert np.sign(curve.angle_deg) == np.sign(cross)  # counter-clockwise on the canvas: positive
    for (angles, products), inside in (
        (curve.acute, lambda a: -90 <= a <= 90),
        (curve.obtuse_left, lambda a: a <= -90),
        (curve.obtuse_right, lambda a: a >= 90),
    ):
        assert len(angles) == len(products) > 0
        assert all(inside(a) for a in angles)
        assert np.allclose(products, amplitude * np.cos(np.radians(angles)), atol=1e-9 * max(1.0, amplitude))


@settings(max_examples=60, deadline=None)
@given(
    scenes(),
    st.one_of(st.just(0.0), st.floats(-3, 3, allow_nan=False)),
)
def test_scaling_from_reads_c_back_and_compares_with_q0(scene, c):
    q0 = scene.query
    reference = compute(scene)
    fresh = reference.scaling_from(None)
    assert fresh.scaling == Scaling(tuple(q0), 1.0) and fresh.factor == 1.0
    after = with_query_scaled_from(scene, q0, c)
    results = compute(after)
    comparison = results.scaling_from(fresh.scaling)
    k = np.array(scene.keys[scene.selected_key])
    assert comparison.reference.dot == pytest.approx(float(np.array(q0) @ k), rel=1e-12, abs=1e-12)
    assert comparison.current == results.pair
    if not np.any(q0):
        assert comparison.change is DirectionChange.NO_ANGLE
        return
    assert comparison.scaling.reference == tuple(q0)
    assert comparison.factor == pytest.approx(c, rel=1e-9, abs=1e-12)
    if not np.any(k):
        assert comparison.change is DirectionChange.NO_ANGLE
    else:
        expected = {1: DirectionChange.KEPT, -1: DirectionChange.FLIPPED, 0: DirectionChange.LOST}
        assert comparison.change is expected[int(np.sign(comparison.factor))]


def test_lazy_fields_are_not_computed_by_compute():
    results = compute(make_scene((2, 1), [(1, 2), (3, 0)], dropout_p=0.5))
    lazy = (
        "comparison",
        "keys_taking_part",
        "same_product",
        "product_curve",
        "weight_bars",
        "comparison_weight_bars",
        "dropout_bars",
        "output_turn",
    )
    assert not set(lazy) & set(vars(results))
    for name in lazy:
        getattr(results, name)
    assert set(lazy) <= set(vars(results))
