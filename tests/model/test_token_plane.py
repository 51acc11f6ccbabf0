"""B's unit circle and the images of the unit square, as the token plane draws them."""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.projections import projections
from qk_explorer.model.token_plane import exact_form, square_image, unit_circle
from qk_explorer.model.tokens import make_tokens
from tests.model.token_scenes import rows

square = rows(2, 2)


@settings(max_examples=300, deadline=None)
@given(square, square | st.none())
def test_every_point_of_the_unit_circle_has_x_b_x_equal_to_one(w_q, w_k):
    w_k = w_q if w_k is None else w_k  # W_Q = W_K: B = W_Qᵀ W_Q, an inner product unless singular
    p = projections(make_tokens(["a"], [(1.0, 0.0)], w_q, w_k, w_k))
    points = unit_circle(p.bilinear, 64)
    assume(p.inner_product)
    assert points is not None and points.shape == (64, 2)
    for x in points.tolist():  # worked out exactly: a float form cancels away nine digits
        assert abs(float(exact_form(p.bilinear, x)) - 1.0) <= 1e-9


@settings(max_examples=300, deadline=None)
@given(rows(2, 2).map(np.asarray), st.floats(1e-6, 1e3))
def test_a_symmetric_positive_definite_b_always_has_its_circle(a, shift):
    b = a.T @ a + shift * np.eye(2)
    points = unit_circle(b, 40)
    assert points is not None
    rows_ = b.tolist()
    assert all(abs(float(exact_form(rows_, x)) - 1.0) <= 1e-9 for x in points.tolist())


def test_the_identity_gives_the_ordinary_unit_circle_once_round():
    points = unit_circle(np.eye(2), 9)
    assert np.allclose(np.hypot(points[:, 0], points[:, 1]), 1.0)
    assert np.allclose(points[0], points[-1])


def test_the_axes_lie_along_the_eigenvectors_at_one_over_root_lambda():
    points = unit_circle([[4.0, 0.0], [0.0, 1.0]], 361)
    assert np.isclose(np.max(np.abs(points[:, 0])), 0.5)
    assert np.isclose(np.max(np.abs(points[:, 1])), 1.0)


def test_no_circle_without_an_inner_product():
    assert unit_circle([[1.0, 0.0], [0.0, -1.0]]) is None  # a negative eigenvalue
    assert unit_circle([[1.0, 1.0], [1.0, 1.0]]) is None  # a zero eigenvalue
    assert unit_circle(np.eye(3)) is None  # not a plane
    assert unit_circle([[0.0, 0.0], [0.0, 0.0]]) is None


def test_results_give_the_circle_for_identity_projections_and_not_for_a_rotation():
    assert compute(preset_scene("identity-projections")).unit_circle is not None
    assert compute(preset_scene("asymmetric-scores")).unit_circle is None
    assert compute(preset_scene("lesson-pair")).unit_circle is None


def test_the_unit_square_goes_to_the_parallelogram_of_w_s_columns():
    outline = square_image([[1.0, 0.5], [0.0, 1.0]])
    assert outline.tolist() == [[0.0, 0.0], [1.0, 0.0], [1.5, 1.0], [0.5, 1.0], [0.0, 0.0]]
    assert square_image([[1.0, 2.0, 3.0], [0.0, 1.0, 0.0]]) is None


def test_results_give_both_squares_for_two_by_two_projections():
    images = compute(preset_scene("learned-projections")).square_images
    assert set(images) == {"w_q", "w_k"}
    assert images["w_k"][2].tolist() == [1.0, 1.5]
    assert compute(preset_scene("lesson-pair")).square_images is None
