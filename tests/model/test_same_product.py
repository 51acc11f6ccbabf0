"""Same product, different angle: the ghost pair's rule."""

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.geometry import pair_geometry
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.same_product import NoGhost, Shape, same_product_pair


def ghost_of(scene):
    results = compute(scene)
    return same_product_pair(results.pair, scene.dimension)


def test_the_lessons_pair_has_the_aligned_pair_as_its_ghost():
    ghost = ghost_of(preset_scene("lesson-pair"))
    assert ghost.shape is Shape.ALIGNED
    assert ghost.query == (4, 0) and ghost.key == (1, 0)
    assert ghost.geometry.dot == 4
    assert ghost.geometry.cosine == 1


@pytest.mark.parametrize("name", ["question-5", "same-dot-aligned"])
def test_question_5_shows_the_lessons_pair_as_the_ghost(name):
    ghost = ghost_of(preset_scene(name))
    assert ghost.shape is Shape.LESSON
    assert ghost.query == pytest.approx((2, 1)) and ghost.key == pytest.approx((1, 2))
    assert ghost.geometry.dot == pytest.approx(4)
    assert ghost.geometry.cosine == pytest.approx(0.8)


def test_negative_products_turn_the_ghost_key_round():
    ghost = ghost_of(make_scene((2, 1), [(-1, -2)]))
    assert ghost.key == (-1, 0) and ghost.geometry.angle_deg == 180
    ghost = ghost_of(make_scene((3, 0), [(-2, 0)]))
    assert ghost.geometry.dot == pytest.approx(-6)
    assert ghost.geometry.cosine == pytest.approx(-0.8)


@pytest.mark.parametrize(
    ("scene", "why"),
    [
        (make_scene((2, 1), [(-1, 2)]), NoGhost.PERPENDICULAR),
        (make_scene((0, 0), [(1, 0)]), NoGhost.ZERO_VECTOR),
        (make_scene((1, 2), [(0, 0)]), NoGhost.ZERO_VECTOR),
        (make_scene((3,), [(2,)]), NoGhost.ONE_DIMENSION),
    ],
)
def test_no_ghost_where_the_product_fixes_the_angle(scene, why):
    ghost = ghost_of(scene)
    assert ghost.missing is why
    assert ghost.query is None and ghost.geometry is None


def test_a_nearly_aligned_pair_gets_the_lesson_shape():
    assert ghost_of(make_scene((4, 0.1), [(1, 0)])).shape is Shape.LESSON
    assert ghost_of(make_scene((4, 3), [(1, 0)])).shape is Shape.ALIGNED


def test_question_1_in_three_dimensions():
    ghost = ghost_of(preset_scene("question-1"))
    assert ghost.shape is Shape.ALIGNED
    assert ghost.geometry.dot == pytest.approx(-8)
    assert ghost.geometry.angle_deg == 180


coordinate = st.floats(-1e3, 1e3, allow_nan=False)


@given(st.integers(2, 8).flatmap(lambda n: st.tuples(*[st.tuples(coordinate, coordinate)] * n)))
def test_same_product_and_a_different_angle_for_every_pair(coords):
    q = [a for a, _ in coords]
    k = [b for _, b in coords]
    pair = pair_geometry(q, k)
    assume(pair.cosine is not None and abs(pair.dot) > 1e-6 * pair.norm_q * pair.norm_k)
    ghost = same_product_pair(pair, len(q))
    assert ghost.geometry.dot == pytest.approx(pair.dot, rel=1e-12)
    assert abs(abs(ghost.geometry.cosine) - abs(pair.cosine)) >= 0.1 - 1e-12
    assert math.copysign(1, ghost.geometry.cosine) == math.copysign(1, pair.dot)
    assert ghost.geometry.norm_q == pytest.approx(
        math.sqrt(abs(pair.dot)) * (2 if ghost.shape is Shape.ALIGNED else math.sqrt(5) / 2)
    )
