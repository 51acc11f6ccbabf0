"""Magnitude versus direction: q = c·q₀ scales the product by c and keeps, flips or loses the angle."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.scaling import DirectionChange, Scaling, compare, follow, start
from qk_explorer.model.scene import COORDINATE_LIMIT, with_query_scaled_from

LESSON = make_scene((2, 1), [(1, 2)])


def scaled(scene, reference, c):
    after = with_query_scaled_from(scene, reference, c)
    return after, compute(after).pair


@pytest.mark.parametrize(
    ("c", "dot", "cosine", "change"),
    [
        (2.0, 8.0, 0.8, DirectionChange.KEPT),
        (0.5, 2.0, 0.8, DirectionChange.KEPT),
        (-1.0, -4.0, -0.8, DirectionChange.FLIPPED),
        (-2.5, -10.0, -0.8, DirectionChange.FLIPPED),
        (0.0, 0.0, None, DirectionChange.LOST),
    ],
)
def test_the_lessons_pair_scaled(c, dot, cosine, change):
    after, pair = scaled(LESSON, (2, 1), c)
    assert after.query == pytest.approx((2 * c, c))
    assert pair.dot == pytest.approx(dot)
    assert pair.dot == pytest.approx(c * compute(LESSON).pair.dot)
    if cosine is None:
        assert pair.cosine is None and pair.angle_deg is None
    else:
        assert pair.cosine == pytest.approx(cosine)
    comparison = compare(Scaling((2.0, 1.0), c), after, pair)
    assert comparison.change is change
    assert comparison.reference.dot == 4
    assert comparison.reference.cosine == pytest.approx(0.8)


def test_a_negative_factor_turns_the_angle_to_its_supplement():
    _, pair = scaled(LESSON, (2, 1), -3)
    assert pair.angle_deg == pytest.approx(180 - compute(LESSON).pair.angle_deg)


def test_no_angle_to_begin_with_when_the_reference_is_zero():
    scene = make_scene((0, 0), [(1, 2)])
    after, pair = scaled(scene, (0, 0), 3)
    assert after.query == (0, 0)
    assert compare(Scaling((0.0, 0.0), 3.0), after, pair).change is DirectionChange.NO_ANGLE


def test_a_huge_factor_keeps_the_direction_within_the_limits():
    after, pair = scaled(LESSON, (2, 1), 1e9)
    assert after.query == (COORDINATE_LIMIT, COORDINATE_LIMIT / 2)
    assert pair.cosine == pytest.approx(0.8)
    assert with_query_scaled_from(LESSON, (2, 1), math.inf) is LESSON
    assert with_query_scaled_from(LESSON, (2, 1, 0), 2) is LESSON


@given(st.floats(-1e5, 1e5, allow_nan=False))
def test_product_is_linear_in_the_factor(c):
    _, pair = scaled(make_scene((3, -1, 2), [(1, 4, -2)]), (3, -1, 2), c)
    assert pair.dot == pytest.approx(c * (3 - 4 - 4), rel=1e-12, abs=1e-9)


def test_follow_keeps_the_reference_while_q_is_a_multiple_of_it():
    s = start((2, 1))
    assert s == Scaling((2.0, 1.0), 1.0)
    assert follow(Scaling((2.0, 1.0), 3.0), (6, 3)) == Scaling((2.0, 1.0), 3.0)
    # An undo back to another multiple reads c back from q.
    assert follow(Scaling((2.0, 1.0), 3.0), (-1, -0.5)) == Scaling((2.0, 1.0), -0.5)
    # Through zero and back: q₀ remembers the direction that q = 0 lost.
    assert follow(Scaling((2.0, 1.0), 0.0), (0, 0)) == Scaling((2.0, 1.0), 0.0)
    assert follow(Scaling((2.0, 1.0), 0.0), (0.4, 0.2)).reference == (2.0, 1.0)


def test_follow_starts_afresh_after_any_other_change():
    assert follow(Scaling((2.0, 1.0), 2.0), (4, 3)) == Scaling((4.0, 3.0), 1.0)
    assert follow(Scaling((2.0, 1.0), 2.0), (4, 2, 0)) == Scaling((4.0, 2.0, 0.0), 1.0)
    assert follow(None, (1, 2)) == Scaling((1.0, 2.0), 1.0)
    assert follow(Scaling((0.0, 0.0), 2.0), (1, 0)) == Scaling((1.0, 0.0), 1.0)


def test_follow_a_reference_so_small_its_square_underflows():
    """q₀ = (1e-320, 0) is not zero, but q₀·q₀ is 0 in doubles: reading c back divided by zero
    and the magnitude panel raised on every later change of q."""
    tiny = start((1e-320, 0.0))
    assert follow(tiny, (2.0, 1.0)) == start((2.0, 1.0))
    small = start((1e-200, 1e-200))
    assert follow(small, (-2e-200, -2e-200)) == Scaling(small.reference, -2.0)
