"""B = W_Qᵀ W_K: its entries, its meaning (score(i → j) = xᵢᵀ B xⱼ) and when it is an inner product."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.projections import NotInner, projections
from qk_explorer.model.token_scene import token_scene
from qk_explorer.model.tokens import make_tokens
from tests.model.token_scenes import token_scenes


def tokens(w_q, w_k, d_model=None):
    d_model = len(w_q[0]) if d_model is None else d_model
    return make_tokens(["a"], [(1.0,) * d_model], w_q, w_k, w_k)


def test_identity_projections_give_the_embeddings_own_dot_product():
    p = projections(tokens([(1, 0), (0, 1)], [(1, 0), (0, 1)]))
    assert p.bilinear == ((1.0, 0.0), (0.0, 1.0))
    assert p.symmetric and p.inner_product and p.reason is None
    assert p.eigenvalues == (1.0, 1.0) and p.witness is None


def test_a_rotation_in_w_k_is_not_symmetric():
    p = projections(tokens([(1, 0), (0, 1)], [(0, -1), (1, 0)]))  # W_K turns by 90°
    assert p.bilinear == ((0.0, -1.0), (1.0, 0.0))
    assert not p.symmetric and not p.inner_product
    assert p.reason.why is NotInner.NOT_SYMMETRIC
    assert (p.reason.entry, p.reason.pair) == ((0, 1), (-1.0, 1.0))
    assert p.reason.english().startswith("B is not symmetric: B[1][2] = -1 but B[2][1] = 1")
    assert p.eigenvalues is None


def test_a_negative_eigenvalue_is_named_with_its_direction():
    p = projections(tokens([(1, 0), (0, -2)], [(1, 0), (0, 1)]))
    assert p.symmetric and not p.inner_product
    assert p.reason.why is NotInner.NEGATIVE_EIGENVALUE and p.reason.eigenvalue == -2.0
    assert [abs(x) for x in p.witness] == [0.0, 1.0]
    assert "λ = -2" in p.reason.english()


def test_fewer_rows_than_embedding_coordinates_leave_a_direction_of_zero_score():
    p = projections(tokens([(1, 2, 0)], [(1, 2, 0)]))  # d_k = 1 < d_model = 3
    assert p.symmetric and not p.inner_product
    assert p.reason.why is NotInner.LOW_RANK
    assert p.reason.eigenvalue == pytest.approx(0.0, abs=1e-12)
    assert "d_k = 1 is less than d_model = 3" in p.reason.english()


def test_a_singular_square_matrix_has_a_zero_eigenvalue():
    p = projections(tokens([(1, 1), (1, 1)], [(1, 1), (1, 1)]))
    assert p.bilinear == ((2.0, 2.0), (2.0, 2.0))
    assert p.reason.why is NotInner.ZERO_EIGENVALUE
    witness = np.asarray(p.witness)
    assert abs(witness @ np.asarray(p.bilinear) @ witness) <= 1e-12


def test_the_zero_matrix_is_symmetric_but_no_inner_product():
    p = projections(tokens([(0, 0)], [(0, 0)]))
    assert p.symmetric and not p.inner_product
    assert p.reason.why is NotInner.LOW_RANK


def test_tolerances_are_relative_to_b_s_size():
    """A rounding-sized asymmetry is symmetric at any scale; a visible one is not."""
    for size in (1e-6, 1.0, 1e5):
        near = projections(tokens([(size, 0), (0, size)], [(size, size * 1e-12), (0, size)]))
        assert near.symmetric and near.inner_product, size
        far = projections(tokens([(size, 0), (0, size)], [(size, size * 1e-6), (0, size)]))
        assert not far.symmetric, size


def test_results_have_projections_only_for_token_scenes_and_only_when_asked():
    plain = compute(make_scene((1, 2), [(1, 0)]))
    assert plain.projections is None
    results = compute(token_scene(["a", "b"], [(1, 0), (0, 1)], [(1, 0)], [(0, 1)], [(1, 1)]))
    assert "projections" not in results.__dict__
    assert results.projections.bilinear == ((0.0, 1.0), (0.0, 0.0))
    assert results.projections is results.projections


# ---- properties ----------------------------------------------------------------------------------


@given(token_scenes())
@settings(max_examples=150, deadline=None)
def test_b_is_w_q_transposed_times_w_k_and_gives_every_score(scene):
    t = scene.tokens
    p = compute(scene).projections
    b = [
        [math.fsum(t.w_q[r][i] * t.w_k[r][j] for r in range(t.d_k)) for j in range(t.d_model)]
        for i in range(t.d_model)
    ]
    size = max(1.0, *(abs(x) for row in (*t.w_q, *t.w_k) for x in row)) ** 2 * t.d_k
    assert np.asarray(p.bilinear) == pytest.approx(np.asarray(b), abs=1e-13 * size)
    x = np.asarray(t.embeddings)
    scores = np.asarray(compute(scene).matrix.scores)
    scale = size * max(1.0, float(np.abs(x).max())) ** 2 * t.d_model**2
    assert scores == pytest.approx(x @ np.asarray(p.bilinear) @ x.T, abs=1e-12 * scale)
    assert (p.w_q, p.w_k, p.w_v) == (t.w_q, t.w_k, t.w_v)


@given(token_scenes())
@settings(max_examples=100, deadline=None)
def test_equal_projections_are_symmetric_and_never_negative(scene):
    t = scene.tokens
    p = projections(make_tokens(t.labels, t.embeddings, t.w_k, t.w_k, t.w_v))
    assert p.symmetric
    assert p.reason is None or p.reason.why is not NotInner.NEGATIVE_EIGENVALUE


eigenvalue = st.sampled_from([-5.0, -2.0, -0.5, 0.5, 1.0, 3.0, 7.0])


@given(
    st.integers(1, 6).flatmap(
        lambda n: st.tuples(st.lists(eigenvalue, min_size=n, max_size=n), st.integers(0, 2**32 - 1))
    )
)
@settings(max_examples=150, deadline=None)
def test_an_inner_product_exactly_when_every_eigenvalue_is_positive(drawn):
    """B = S, a symmetric matrix of chosen eigenvalues in a random basis (W_Q = S, W_K = I)."""
    values, seed = drawn
    n = len(values)
    basis, _ = np.linalg.qr(np.random.default_rng(seed).normal(size=(n, n)))
    s = basis @ np.diag(values) @ basis.T
    s = (s + s.T) / 2
    p = projections(tokens(s.tolist(), np.eye(n).tolist()))
    assert p.symmetric
    assert p.inner_product is all(v > 0 for v in values)
    assert p.eigenvalues == pytest.approx(sorted(values), abs=1e-9)
    if not p.inner_product:
        assert p.reason.why is NotInner.NEGATIVE_EIGENVALUE
        w = np.asarray(p.witness)
        assert w @ s @ w == pytest.approx(min(values), abs=1e-9)
    else:
        for x in np.random.default_rng(seed + 1).normal(size=(20, n)):
            assert x @ np.asarray(p.bilinear) @ x > 0
