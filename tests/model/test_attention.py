"""Attention against an independent NumPy implementation, and its edge cases."""

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.attention import attention
from qk_explorer.model.scene import Scoring
from qk_explorer.model.undefined import Why


def reference_attention(q, keys, values, mask, scale):
    """Written straight from the PyTorch documentation, in float128 where it helps."""
    logits = (keys.astype(np.longdouble) @ q.astype(np.longdouble)) * scale
    logits = np.where(mask, logits, -np.inf)
    top = logits[mask].max()
    e = np.exp(logits - top)
    w = e / e.sum()
    return w.astype(np.float64), (w @ values.astype(np.longdouble)).astype(np.float64)


magnitude = st.sampled_from([1e-6, 1e-3, 1.0, 1e3, 1e6])


@st.composite
def scenes(draw):
    n = draw(st.integers(1, 16))
    count = draw(st.integers(1, 64))
    size = draw(magnitude)
    coordinate = st.floats(-1, 1, allow_nan=False).map(lambda x: x * size)
    q = draw(st.lists(coordinate, min_size=n, max_size=n))
    keys = draw(st.lists(st.lists(coordinate, min_size=n, max_size=n), min_size=count, max_size=count))
    values = draw(st.lists(st.lists(coordinate, min_size=n, max_size=n), min_size=count, max_size=count))
    mask = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    scale = draw(st.none() | st.floats(-10, 10, allow_nan=False))
    return make_scene(q, keys, values, mask, scale=scale)


@given(scenes())
@settings(max_examples=200, deadline=None)
def test_agrees_with_reference(scene):
    a = compute(scene).attention
    mask = np.array(scene.mask)
    if not mask.any():
        assert a.weights is None and a.output is None
        assert a.undefined.why is Why.ALL_MASKED
        return
    scale = 1 / math.sqrt(scene.dimension) if scene.scale is None else scene.scale
    w, out = reference_attention(
        np.array(scene.query), np.array(scene.keys), np.array(scene.values), mask, scale
    )
    # A logit of size L is only known to about L·2⁻⁵² in double precision, and a weight moves
    # by as much as the logits' differences do: with scores near 10¹² that is 10⁻⁴.
    logits = [abs(x) for x in a.logits if x is not None]
    slack = 8 * np.finfo(float).eps * max(logits, default=0.0)
    assert np.allclose(a.weights, w, rtol=1e-9, atol=1e-12 + slack)
    scale_v = max(1.0, float(np.abs(scene.values).max()))
    assert np.allclose(a.output, out, rtol=1e-9, atol=(1e-9 + slack) * scale_v)
    assert all(x >= 0 for x in a.weights)
    assert math.isclose(sum(a.weights), 1.0, rel_tol=1e-12)
    assert all(a.weights[i] == 0 for i in range(scene.key_count) if not scene.mask[i])
    assert None not in a.scores and None not in a.logits  # masked keys too: PyTorch masks after scaling
    assert all(math.isfinite(x) for x in (*a.weights, *a.output))


@given(scenes(), st.floats(-1e3, 1e3))
@settings(max_examples=50, deadline=None)
def test_adding_a_constant_to_every_logit_changes_nothing(scene, shift):
    from qk_explorer.model.attention import masked_softmax

    mask = np.array(scene.mask)
    if not mask.any():
        return
    logits = np.array([0.0 if x is None else x for x in attention(scene).logits])
    assert np.allclose(masked_softmax(logits, mask), masked_softmax(logits + shift, mask), atol=1e-12)


def test_zero_query_gives_uniform_weights_over_unmasked_keys():
    a = attention(make_scene((0, 0), [(1, 0), (0, 1), (3, 3)], mask=[True, False, True]))
    assert a.weights == (0.5, 0.0, 0.5)


def test_masking_removes_a_key_and_renormalises():
    full = attention(make_scene((1, 2), [(1, 0), (0, 1)]))
    masked = attention(make_scene((1, 2), [(1, 0), (0, 1), (5, 5)], mask=[True, True, False]))
    assert masked.weights[:2] == pytest.approx(full.weights)
    assert masked.weights[2] == 0
    assert masked.scores[2] == 15 and masked.logits[2] == pytest.approx(15 / math.sqrt(2))


@pytest.mark.parametrize("scoring", [Scoring.DOT, Scoring.COSINE])
def test_a_masked_key_has_its_score_and_scaled_logit_as_pytorch_gives_them(scoring):
    # PyTorch scores every pair and scales, then adds −∞ where masked: only the weight is 0.
    scene = make_scene((1, 2), [(1, 0), (2, 1), (0, 0)], mask=[True, False, False], scoring=scoring)
    a = attention(scene)
    expected = 4.0 if scoring is Scoring.DOT else 0.8
    assert a.scores[1] == pytest.approx(expected)
    assert a.logits[1] == pytest.approx(expected * a.scale)
    assert a.weights[1] == 0 and a.weights[2] == 0 and a.undefined is None
    # A masked zero key's cosine has no value; it is None without making the row undefined.
    assert (a.scores[2] is None) == (scoring is Scoring.COSINE)


def test_a_row_with_every_key_masked_still_has_its_scores_and_logits():
    a = attention(make_scene((1, 2), [(1, 0), (0, 1)], mask=[False, False]))
    assert a.scores == (1.0, 2.0) and a.logits == pytest.approx((1 / math.sqrt(2), 2 / math.sqrt(2)))
    assert a.weights is None and a.undefined.why is Why.ALL_MASKED


def test_every_key_masked_is_undefined_with_a_reason():
    a = attention(make_scene((1, 2), [(1, 0), (0, 1)], mask=[False, False]))
    assert a.weights is None and a.output is None and a.weight_sum is None
    assert a.undefined.why is Why.ALL_MASKED
    assert "every key is masked" in a.undefined.english()


def test_explicit_scale_replaces_one_over_root_dk():
    a = attention(make_scene((1, 2), [(1, 0), (0, 1)], scale=1.0))
    assert a.logits == (1, 2)
    assert not a.scale_is_default


def test_huge_coordinates_stay_finite():
    a = attention(make_scene((1e6, -1e6), [(1e6, 1e6), (-1e6, 1e6), (1e6, -1e6)]))
    assert a.weights == pytest.approx((0, 0, 1))
    assert all(math.isfinite(x) for x in a.output)


def test_cosine_scoring_uses_its_own_multiplier():
    scene = make_scene((2, 1), [(1, 2), (4, 2)], scoring="cosine", cosine_multiplier=10)
    a = attention(scene)
    assert a.scores == pytest.approx((0.8, 1.0))
    assert a.logits == pytest.approx((8, 10))
    assert a.scoring is Scoring.COSINE


def test_cosine_with_a_zero_key_is_undefined_but_dot_is_not():
    scene = make_scene((2, 1), [(1, 2), (0, 0)])
    results = compute(scene)
    assert results.cosine_attention.undefined.why is Why.ZERO_KEY_COSINE
    assert results.cosine_attention.undefined.key == 1
    assert results.dot_attention.weights is not None


def test_masked_zero_key_does_not_spoil_cosine():
    a = attention(make_scene((2, 1), [(1, 2), (0, 0)], mask=[True, False], scoring="cosine"))
    assert a.weights == (1.0, 0.0)


def test_dropout_is_seeded_rescaled_and_marked():
    scene = make_scene((1, 2), [(1, 0), (0, 1), (1, 1), (-1, 0)], dropout_p=0.5, dropout_seed=7)
    a = attention(scene)
    again = attention(scene)
    assert a.dropout == again.dropout
    for w, kept, d in zip(a.weights, a.dropout.kept, a.dropout.weights, strict=True):
        assert d == pytest.approx(w / 0.5 if kept else 0.0)
    assert math.isclose(sum(a.weights), 1.0)
    assert a.dropout.weight_sum == pytest.approx(sum(a.dropout.weights))


def test_no_dropout_by_default():
    assert attention(make_scene((1, 2), [(1, 0)])).dropout is None


@given(scenes(), st.sampled_from([Scoring.DOT, Scoring.COSINE]), st.sampled_from([0.0, 0.5]))
@example(  # a score of 0 under a negative scale: the logit would be −0.0
    make_scene((1.0, 0.0), [(0.0, 1.0), (1.0, 1.0)], [(-0.0, 1.0), (1.0, 1.0)], [True, True], scale=-1.0),
    Scoring.DOT,
    0.0,
)
@settings(max_examples=200, deadline=None)
def test_every_number_is_a_plain_float_and_no_zero_is_negative(scene, scoring, dropout):
    # Files, exports and panels show these: "−0" beside "0" would be a difference that is not one.
    scene = dataclasses.replace(scene, dropout_p=dropout)
    a = attention(scene, scoring)
    groups = [a.scores, a.logits]
    if a.weights is not None:
        groups += [a.weights, a.output, *a.contributions]
    for numbers in groups:
        for x in numbers:
            assert x is None or type(x) is float
            assert x is None or x != 0 or math.copysign(1.0, x) == 1.0
