"""The attention mistakes worked out by the app against the one line of PyTorch that makes each.

The line is run as written (text/practice/pytorch.py) on the scene's tensors, in float64, with
`logits` the right scaled scores, `mask` the mask that applies and `weights` the right weights;
its result must be the app's wrong numbers. The right line gives the right numbers.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from hypothesis import example, given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.practice import Mistake
from qk_explorer.model.practice.wrong_attention import ATTENTION_MISTAKES, WrongWhy, wrong_attention
from qk_explorer.model.token_scene import token_scene
from qk_explorer.text.practice.pytorch import PYTORCH

F = torch.nn.functional
coordinate = st.integers(-4, 4).map(float)


@st.composite
def scenes(draw, masked: bool = False):
    n = draw(st.integers(1, 3))
    rows, keys = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    vector = st.lists(coordinate, min_size=n, max_size=n)
    queries = draw(st.lists(vector, min_size=rows, max_size=rows))
    keys_ = draw(st.lists(vector, min_size=keys, max_size=keys))
    values = draw(st.lists(vector, min_size=keys, max_size=keys))
    mask = None
    if masked:
        row = st.lists(st.booleans(), min_size=keys, max_size=keys).filter(any)
        mask = draw(st.lists(row, min_size=rows, max_size=rows))
    return make_scene(queries=queries, keys=keys_, values=values, mask=mask)


def run(line: str, scene):
    """What the PyTorch line computes on the scene: its `weights`, or its `output`."""
    t = lambda rows: torch.tensor(rows, dtype=torch.float64)  # noqa: E731
    Q, K, V = t(scene.queries), t(scene.keys), t(scene.values)
    mask = torch.tensor(scene.applied_mask)
    d_k = scene.dimension
    logits = Q @ K.T / math.sqrt(d_k)
    names = {
        "torch": torch,
        "math": math,
        "F": F,
        "Q": Q,
        "K": K,
        "V": V,
        "d_k": d_k,
        "mask": mask,
        "logits": logits,
        "weights": logits.masked_fill(~mask, float("-inf")).softmax(dim=-1),
    }
    exec(line, names)  # the line as the app shows it
    return names["output"] if line.startswith("output") else names["weights"]


def rows(values) -> np.ndarray:
    return np.array([list(v) for v in values], float)


UNMASKED = [
    m for m in ATTENTION_MISTAKES if m not in (Mistake.MASK_AFTER_SOFTMAX, Mistake.SCALED_BY_SQRT_D_MODEL)
]


# Scores 1, 7, −2, −6: the scaled logits add up to 0 but for rounding.
ZERO_BUT_ROUNDING = make_scene((1.0, 1.0), [(0.0, 1.0), (3.0, 4.0), (0.0, -2.0), (-2.0, -4.0)])


@pytest.mark.parametrize("mistake", UNMASKED)
@settings(max_examples=60, deadline=None)
@given(scene=scenes())
@example(scene=ZERO_BUT_ROUNDING)
def test_each_mistake_is_what_its_line_of_pytorch_computes(mistake, scene):
    wrong = wrong_attention(scene, mistake)
    torch_result = run(PYTORCH[mistake][0], scene).numpy()
    if mistake is Mistake.NO_EXPONENTIAL:  # a row of logits adding up to 0 divides by 0
        for i, row in enumerate(wrong.rows):
            if row.weights is None:
                logits = np.array(row.logits)  # a sum of 0, or one that is 0 but for rounding
                assert row.reason.why is WrongWhy.ZERO_TOTAL
                assert abs(logits.sum()) <= 1e-12 * abs(logits).sum()
                torch_result[i] = 0.0
        app = np.array([w or (0.0,) * scene.key_count for w in wrong.weights])
    else:
        app = rows(wrong.outputs if mistake is Mistake.KEYS_NOT_VALUES else wrong.weights)
    np.testing.assert_allclose(app, torch_result, rtol=1e-9, atol=1e-12)


@settings(max_examples=100, deadline=None)
@given(scene=scenes(masked=True))
def test_the_mask_after_softmax_zeroes_without_renormalising_as_its_line_does(scene):
    wrong = wrong_attention(scene, Mistake.MASK_AFTER_SOFTMAX)
    np.testing.assert_allclose(
        rows(wrong.weights), run(PYTORCH[Mistake.MASK_AFTER_SOFTMAX][0], scene).numpy(), atol=1e-12
    )
    right = rows(compute(scene).matrix.weights)
    np.testing.assert_allclose(right, run(PYTORCH[Mistake.MASK_AFTER_SOFTMAX][1], scene).numpy(), atol=1e-12)
    assert np.all(rows(wrong.weights).sum(axis=1) <= 1 + 1e-12)


@pytest.mark.parametrize("mistake", UNMASKED)
@settings(max_examples=30, deadline=None)
@given(scene=scenes())
def test_the_right_line_beside_each_mistake_is_right(mistake, scene):
    right = run(PYTORCH[mistake][1], scene).numpy()
    matrix = compute(scene).matrix
    app = rows(matrix.outputs if mistake is Mistake.KEYS_NOT_VALUES else matrix.weights)
    np.testing.assert_allclose(app, right, rtol=1e-9, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(scene=scenes(masked=True))
def test_softmax_over_the_queries_shares_each_column_among_the_queries_that_see_its_key(scene):
    wrong = rows(wrong_attention(scene, Mistake.SOFTMAX_OVER_QUERIES).weights)
    mask = np.array(scene.applied_mask)
    for j in range(scene.key_count):
        if mask[:, j].any():
            assert wrong[mask[:, j], j].sum() == pytest.approx(1.0)
        assert np.all(wrong[~mask[:, j], j] == 0)


def test_exponentials_without_the_maximum_overflow_and_say_so_never_inf_or_nan():
    one = make_scene((2000.0, 0.0), [(1.0, 0.0), (0.5, 0.0)])  # a logit of 1414: e^1414 is no float
    row = wrong_attention(one, Mistake.NO_MAX_SUBTRACTED).row(0)
    assert row.weights is None and row.output is None
    assert row.reason.why is WrongWhy.OVERFLOW and row.reason.logit == pytest.approx(2000 / math.sqrt(2))
    assert torch.isnan(run(PYTORCH[Mistake.NO_MAX_SUBTRACTED][0], one)).any()  # what PyTorch would show
    assert compute(one).attention.weights is not None  # subtracting the maximum first, it is fine
    three = make_scene((1003.0, 0.0), [(1.0, 0.0)] * 3)  # each e^709.2 is a float, their sum is not
    assert wrong_attention(three, Mistake.NO_MAX_SUBTRACTED).row(0).reason.why is WrongWhy.OVERFLOW
    low = make_scene((-2000.0, 0.0), [(1.0, 0.0), (2.0, 0.0)])  # every e^x rounds to 0: 0 / 0
    assert wrong_attention(low, Mistake.NO_MAX_SUBTRACTED).row(0).reason.why is WrongWhy.UNDERFLOW
    fine = make_scene((1.0, 2.0), [(1.0, 0.0), (0.0, 1.0)])
    assert wrong_attention(fine, Mistake.NO_MAX_SUBTRACTED).row(0).weights == pytest.approx(
        (0.3302, 0.6698), abs=1e-4
    )


def test_a_row_with_every_key_masked_stays_undefined_except_for_the_mask_after_softmax():
    scene = make_scene(
        queries=[(1.0, 2.0), (2.0, 1.0)], keys=[(1.0, 0.0), (0.0, 1.0)], mask=[[True, True], [False, False]]
    )
    for mistake in ATTENTION_MISTAKES:
        wrong = wrong_attention(scene, mistake)
        if wrong is None:
            continue
        row = wrong.row(1)
        if mistake is Mistake.MASK_AFTER_SOFTMAX:
            assert row.weights == (0.0, 0.0) and row.output == (0.0, 0.0)  # zeroed, as PyTorch's line gives
        elif mistake is not Mistake.SOFTMAX_OVER_QUERIES:
            assert row.weights is None and row.reason.why is WrongWhy.NO_KEY, mistake


def test_scaling_mistakes_apply_to_dot_products_only_and_d_model_to_tokens():
    cosine = make_scene((2.0, 1.0), [(1.0, 2.0)], scoring="cosine")
    for mistake in (Mistake.NOT_SCALED, Mistake.SCALED_BY_DK, Mistake.SCALED_BY_SQRT_D_MODEL):
        assert wrong_attention(cosine, mistake) is None
    assert wrong_attention(make_scene((2.0, 1.0), [(1.0, 2.0)]), Mistake.SCALED_BY_SQRT_D_MODEL) is None
    w = [(1.0, 0.0, 1.0), (0.0, 1.0, 0.0)]  # d_k = 2 rows of d_model = 3
    tokens = token_scene(["a", "b"], [(1.0, 0.0, 2.0), (0.0, 1.0, 1.0)], w, w, w)
    wrong = wrong_attention(tokens, Mistake.SCALED_BY_SQRT_D_MODEL)
    scores = np.array(compute(tokens).matrix.scores)
    np.testing.assert_allclose(rows(wrong.rows[i].logits for i in range(2)), scores / math.sqrt(3))


def test_the_wrong_numbers_stand_beside_the_right_ones():
    scene = make_scene((1.0, 2.0), [(1.0, 0.0), (0.0, 1.0)])
    wrong = wrong_attention(scene, Mistake.SCALED_BY_DK)
    assert wrong.right.weights[0] == pytest.approx((0.3302, 0.6698), abs=1e-4)
    assert wrong.row(0).weights == pytest.approx((0.3775, 0.6225), abs=1e-4)
    assert wrong.row(0).logits == pytest.approx((0.5, 1.0))
