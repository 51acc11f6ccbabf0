"""The lesson's worked numbers, exactly as it states them."""

import math

import pytest

from qk_explorer.model import compute, make_scene
from qk_explorer.model.geometry import Relation
from qk_explorer.model.presets import PRESETS, preset_scene
from qk_explorer.model.undefined import Why


def test_lesson_pair():
    pair = compute(make_scene((2, 1), [(1, 2)])).pair
    assert pair.dot == 4
    assert pair.terms == (2, 2)
    assert pair.norm_q == pytest.approx(math.sqrt(5))
    assert pair.norm_k == pytest.approx(math.sqrt(5))
    assert pair.cosine == pytest.approx(0.8)
    assert pair.angle_deg == pytest.approx(36.8698976, abs=1e-6)
    assert pair.relation is Relation.ACUTE
    assert pair.scalar_projection == pytest.approx(1.7888543819998317)
    assert pair.projection == pytest.approx((0.8, 1.6))
    assert pair.perpendicular == pytest.approx((1.2, -0.6))
    assert pair.residual == pytest.approx(0, abs=1e-12)
    assert pair.cauchy_schwarz_ratio == pytest.approx(0.8)
    assert pair.undefined is None


def test_question_1_three_dimensions():
    pair = compute(preset_scene("question-1")).pair
    assert pair.terms == (2, -4, -6)
    assert pair.dot == -8
    assert pair.relation is Relation.OBTUSE
    assert pair.angle_deg > 90


def test_question_4_zero_product_is_a_right_angle():
    pair = compute(preset_scene("question-4")).pair
    assert pair.dot == 0
    assert pair.relation is Relation.RIGHT
    assert pair.angle_deg == pytest.approx(90)


def test_question_5_same_product_different_cosine():
    aligned = compute(preset_scene("same-dot-aligned")).pair
    lesson = compute(preset_scene("lesson-pair")).pair
    assert aligned.dot == lesson.dot == 4
    assert aligned.cosine == pytest.approx(1)
    assert lesson.cosine == pytest.approx(0.8)


@pytest.mark.parametrize("name", ["lesson-attention", "question-6"])
def test_lesson_attention(name):
    a = compute(preset_scene(name)).attention
    assert a.d_k == 2
    assert a.scale == pytest.approx(1 / math.sqrt(2))
    assert a.scores == (1, 2)
    assert a.logits == pytest.approx((0.7071067811865475, 1.4142135623730951))
    assert a.weights == pytest.approx((0.33023845, 0.66976155), abs=1e-8)
    assert [round(w, 3) for w in a.weights] == [0.330, 0.670]
    assert a.weight_sum == pytest.approx(1)
    assert a.winner == 1


def test_question_7_zero_query():
    results = compute(preset_scene("question-7"))
    assert results.attention.weights == (0.5, 0.5)
    assert results.pair.angle_deg is None
    assert results.pair.cosine is None
    assert results.pair.relation is None
    assert results.pair.undefined.why is Why.ZERO_QUERY
    assert results.pair.dot == 0
    assert results.cosine_attention.weights is None
    assert results.cosine_attention.undefined.why is Why.ZERO_QUERY_COSINE


def test_question_8_cosine_versus_dot():
    results = compute(preset_scene("question-8"))
    assert results.attention.scores == pytest.approx((0.8,))
    assert results.attention.logits == pytest.approx((0.8,))
    assert results.dot_attention.scores == (4,)
    assert results.dot_attention.logits == pytest.approx((4 / math.sqrt(2),))


def test_every_required_preset_exists_in_order():
    names = list(PRESETS)
    for required in ["lesson-pair", "lesson-attention", "same-dot-aligned"]:
        assert required in names
    questions = [n for n in names if n.startswith("question-")]
    assert questions == [f"question-{i}" for i in range(1, 9)]
