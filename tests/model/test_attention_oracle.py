"""The plain-float attention() against the numpy one it replaced (reference_attention.py).

Every field must match (masked keys have scores and logits in both, as in PyTorch):
the same None where the reference has None, the same
reasons, masks, winners and kept keys, and every number within the tolerance
below.

Tolerance. The two differ only in rounding: numpy's dot and sum add in another
order (and BLAS may fuse multiply-adds) where math.fsum rounds once, and numpy's
exp is not the C library's. So each number may differ by the reference's own
rounding error bound, taken twice over, with eps = 2⁻⁵²:
- a dot score q·kᵢ: 2·k·eps·Σⱼ|qⱼkᵢⱼ| over its k non-zero products (the bound for
  summing k products in any order), + k·2⁻¹⁰⁷⁴ for products that underflow;
- a cosine: (2n + 6)·eps (both come from unit vectors, whose products sum to at most 1);
- a logit: equal where the scores are equal, else |scale|·|score difference| + 2·eps·|logit|;
  among the subnormals (below 2⁻¹⁰²²), 4·2⁻¹⁰⁷⁴ more, as rounding there is absolute;
- a weight: wᵢ·(2·expm1(a) + (m + 10)·eps) + 4·2⁻¹⁰⁷⁴ for m keys, where a = 0 if
  every logit is equal to the reference's, else 2δ + 4·eps·max|ℓ| with δ the
  largest logit difference: how far exp(ℓᵢ − max ℓ)'s argument can move
  (m·eps covers the sum of m exponentials, the rest exp's and the division's
  rounding);
- wᵢvᵢ, Σ wᵢvᵢ, their dropout versions and the sums of weights: the weights'
  tolerances carried through, + (m + 1)·eps·Σ|terms| for the sums.
For a well-scaled scene (no cancellation, moderate logits) that is a few ulps of
each number; only scores that cancel, or logits near 10¹², allow more, and there
the reference itself is no closer to the true value.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from qk_explorer.model.attention import Attention, attention
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import MAX_DIMENSION, MAX_KEYS, Scene, Scoring, make_scene

from .reference_attention import reference_attention, reference_tip_to_tail

EPS = 2.0**-52
TINY = 4 * 2.0**-1074  # a few of the smallest subnormals: products that underflow

# Zero vectors, tiny (down to subnormal), ordinary and huge coordinates, also mixed in one vector.
magnitudes = st.sampled_from([0.0, 1e-310, 1e-300, 1e-6, 1.0, 1e3, 1e6])


@st.composite
def vectors(draw, n):
    if draw(st.booleans()):
        size = draw(magnitudes)
        sizes = [size] * n
    else:
        sizes = draw(st.lists(magnitudes, min_size=n, max_size=n))
    unit = st.floats(-1, 1, allow_nan=False)
    return [draw(unit) * s for s in sizes]


@st.composite
def scenes(draw):
    n = draw(st.integers(1, MAX_DIMENSION))
    count = draw(st.integers(1, MAX_KEYS))
    q = draw(vectors(n))
    keys = [draw(vectors(n)) for _ in range(count)]
    values = [draw(vectors(n)) for _ in range(count)]
    mask = draw(
        st.sampled_from([[True] * count, [False] * count])
        | st.lists(st.booleans(), min_size=count, max_size=count)
    )
    scale = draw(st.none() | st.floats(-10, 10, allow_nan=False) | st.sampled_from([1e-6, 1e6, -1e6]))
    return make_scene(
        q,
        keys,
        values,
        mask,
        scale=scale,
        scoring=draw(st.sampled_from(list(Scoring))),
        cosine_multiplier=draw(st.sampled_from([1.0, -1.0, 10.0]) | st.floats(-1e3, 1e3)),
        dropout_p=draw(st.sampled_from([0.0, 0.0, 0.1, 0.5, 0.95])),
        dropout_seed=draw(st.integers(0, 2**32 - 1)),
    )


def differences(scene: Scene, new: Attention, ref: Attention) -> list[str]:
    """Every way `new` differs from `ref` beyond the tolerance (see the module's docstring)."""
    problems = []

    def check(name, x, y, tolerance):
        _check(problems, name, x, y, tolerance)

    def same(name, x, y):
        if x != y:
            problems.append(f"{name}: {x!r} vs {y!r}")

    for field in ("scoring", "d_k", "scale", "scale_is_default", "undefined"):
        same(field, getattr(new, field), getattr(ref, field))
    n, m = scene.dimension, scene.key_count
    for name in ("scores", "logits"):
        if len(getattr(new, name)) != m:
            return [*problems, f"{name}: {len(getattr(new, name))} entries for {m} keys"]
    logit_error = []  # how far each logit actually is from the reference's
    for i, k in enumerate(scene.keys):
        if new.scoring is Scoring.COSINE:
            score_tolerance = (2 * n + 6) * EPS
        else:
            products = [abs(a * b) for a, b in zip(scene.query, k) if a and b]
            score_tolerance = 2 * max(len(products), 1) * EPS * math.fsum(products) + n * TINY
        check(f"scores[{i}]", new.scores[i], ref.scores[i], score_tolerance)
        if new.scoring is Scoring.COSINE and new.scores[i] is not None and not -1.0 <= new.scores[i] <= 1.0:
            problems.append(f"scores[{i}]: a cosine of {new.scores[i]!r}")
        if ref.logits[i] is None or new.logits[i] is None:
            check(f"logits[{i}]", new.logits[i], ref.logits[i], 0.0)
            continue
        # Equal scores make equal logits; unequal ones may differ by the product's rounding too.
        # A product among the subnormals rounds to a few of the smallest steps, not to a fraction.
        score_error = abs(new.scores[i] - ref.scores[i])
        rounding = 2 * EPS * abs(ref.logits[i]) if score_error else 0.0
        subnormal = TINY if abs(ref.logits[i]) < 2.0**-1022 else 0.0
        logit_tolerance = abs(new.scale) * score_error + rounding + subnormal
        check(f"logits[{i}]", new.logits[i], ref.logits[i], logit_tolerance)
        logit_error.append(abs(new.logits[i] - ref.logits[i]))

    for name in ("weights", "weight_sum", "output", "winner", "contributions", "dropout"):
        if (getattr(new, name) is None) != (getattr(ref, name) is None):
            problems.append(f"{name}: {getattr(new, name)!r} where the reference has {getattr(ref, name)!r}")
    if problems or ref.weights is None:
        return problems

    # exp(ℓᵢ − max ℓ) moves by expm1 of how far its argument moved: both logits' errors, and
    # the subtraction's rounding once they differ at all.
    delta = max(logit_error)
    moved = 2 * delta + 4 * EPS * max(abs(x) for x in ref.logits if x is not None) if delta else 0.0
    spread = 2 * math.expm1(min(moved, 700.0)) + (m + 10) * EPS
    weight_tolerance = [w * spread + TINY for w in ref.weights]
    problems += _weights_and_output(scene, "", new, ref, weight_tolerance)
    for i, (w, v) in enumerate(zip(ref.weights, scene.values)):
        for j, x in enumerate(v):
            tolerance = weight_tolerance[i] * abs(x) + EPS * abs(w * x) + TINY
            check(f"contributions[{i}][{j}]", new.contributions[i][j], ref.contributions[i][j], tolerance)
    # The first of its largest weights, and where the reference's winner differs, a tie within rounding.
    if new.winner != new.weights.index(max(new.weights)):
        problems.append(f"winner: {new.winner} is not the first of the largest weights")
    if new.winner != ref.winner:
        gap = ref.weights[ref.winner] - ref.weights[new.winner]
        if not gap <= weight_tolerance[ref.winner] + weight_tolerance[new.winner]:
            problems.append(f"winner: {new.winner} vs {ref.winner}")

    if ref.dropout is not None:
        for field in ("p", "seed", "kept"):
            same(f"dropout.{field}", getattr(new.dropout, field), getattr(ref.dropout, field))
        if not problems:
            p, kept = ref.dropout.p, ref.dropout.kept
            rescaled = [
                t / (1.0 - p) + EPS * abs(w) if k else 0.0
                for t, w, k in zip(weight_tolerance, ref.dropout.weights, kept)
            ]
            problems += _weights_and_output(scene, "dropout.", new.dropout, ref.dropout, rescaled)
    return problems


def _weights_and_output(scene: Scene, name: str, new, ref, tolerances: list[float]) -> list[str]:
    """weights, weight_sum and output of an Attention or a Dropout (`name` is the prefix)."""
    problems = []
    n, m = scene.dimension, scene.key_count
    for i in range(m):
        _check(problems, f"{name}weights[{i}]", new.weights[i], ref.weights[i], tolerances[i])
        if not scene.mask[i] and new.weights[i] != 0.0:
            problems.append(f"{name}weights[{i}]: masked key weighs {new.weights[i]!r}")
    sum_tolerance = math.fsum(tolerances) + (m + 1) * EPS
    _check(problems, f"{name}weight_sum", new.weight_sum, ref.weight_sum, sum_tolerance)
    for j in range(n):
        terms = [abs(w * v[j]) for w, v in zip(ref.weights, scene.values)]
        carried = math.fsum(t * abs(v[j]) for t, v in zip(tolerances, scene.values))
        tolerance = carried + (m + 1) * EPS * math.fsum(terms) + m * TINY
        _check(problems, f"{name}output[{j}]", new.output[j], ref.output[j], tolerance)
    return problems


def _check(problems: list[str], name: str, x, y, tolerance: float) -> None:
    """x is None where y is; otherwise a finite plain float, not −0.0, within tolerance of y."""
    if (x is None) != (y is None):
        problems.append(f"{name}: {x!r} where the reference has {y!r}")
    elif x is not None:
        if type(x) is not float:
            problems.append(f"{name}: {x!r} is a {type(x).__name__}, not a float")
        elif not math.isfinite(x) or not abs(x - y) <= tolerance:
            problems.append(f"{name}: {x!r} vs {y!r}, tolerance {tolerance:.3g}")
        elif x == 0 and math.copysign(1.0, x) < 0:
            problems.append(f"{name}: −0.0")


@given(scenes())
@example(make_scene((1e6, -1e6), [(1e6, 1e6), (-1e6, 1e6), (1e6, -1e6)]))
@example(make_scene((1e-300, 1e-310), [(1e-310, 0.0), (0.0, 0.0), (1e6, 1e-300)], scoring="cosine"))
@example(make_scene((0.0, 0.0), [(1.0, 0.0), (0.0, 0.0)], scoring="cosine"))
@example(make_scene((1.0, 2.0), [(1.0, 0.0), (0.0, 1.0)], mask=[False, False]))
@example(make_scene((1.0, 0.0), [(0.0, 1.0), (1.0, 1.0)], [(-0.0, 1.0), (1.0, 1.0)], scale=-1.0))
@settings(max_examples=300, deadline=None)
def test_equals_the_numpy_implementation(scene):
    for scoring in Scoring:  # the scene's own rule and the comparison's
        new, ref = attention(scene, scoring), reference_attention(scene, scoring)
        assert differences(scene, new, ref) == [], scoring
        assert new.tip_to_tail == reference_tip_to_tail(new)


def _changed(a: Attention, **changes) -> Attention:
    return dataclasses.replace(a, **changes)


def _bumped(numbers: tuple, by: float) -> tuple:
    return (numbers[0] + by, *numbers[1:])


@pytest.mark.parametrize(
    "spoil",
    [
        lambda a: _changed(a, weights=_bumped(a.weights, 1e-13)),
        lambda a: _changed(a, scores=_bumped(a.scores, 1e-13)),
        lambda a: _changed(a, logits=_bumped(a.logits, 1e-13)),
        lambda a: _changed(a, output=_bumped(a.output, 1e-13)),
        lambda a: _changed(a, contributions=(_bumped(a.contributions[0], 1e-13), *a.contributions[1:])),
        lambda a: _changed(a, weight_sum=a.weight_sum + 1e-13),
        lambda a: _changed(a, winner=1 - a.winner),
        lambda a: _changed(a, weights=None),
        lambda a: _changed(a, scale_is_default=False),
        lambda a: _changed(a, logits=(None, *a.logits[1:])),
        lambda a: _changed(a, output=(np.float64(a.output[0]), *a.output[1:])),
    ],
)
def test_the_comparison_sees_a_difference_far_below_a_display_digit(spoil):
    scene = preset_scene("lesson-attention")
    ref = reference_attention(scene)
    assert differences(scene, attention(scene), ref) == []
    assert differences(scene, spoil(attention(scene)), ref) != []
