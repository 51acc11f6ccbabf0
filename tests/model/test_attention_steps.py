"""Σ wᵢvᵢ tip to tail, and cosines that are undefined for one key only."""

import itertools

import numpy as np
import pytest

from qk_explorer.model import compute, make_scene
from qk_explorer.model.attention import attention
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.undefined import Why


def test_tip_to_tail_starts_at_the_origin_and_ends_at_the_output():
    a = compute(preset_scene("four-keys")).attention
    steps = a.tip_to_tail
    assert [s.key for s in steps] == [0, 1, 2, 3]
    assert steps[0].start == (0.0, 0.0)
    for before, after in itertools.pairwise(steps):
        assert after.start == before.end
    assert steps[-1].end == pytest.approx(a.output, abs=1e-12)
    scene = preset_scene("four-keys")
    for step in steps:
        w, v = a.weights[step.key], np.array(scene.values[step.key])
        assert np.subtract(step.end, step.start) == pytest.approx(w * v)


def test_tip_to_tail_skips_masked_keys_and_is_empty_when_all_are_masked():
    a = compute(preset_scene("masked-key")).attention
    assert [s.key for s in a.tip_to_tail] == [0, 1]
    assert a.tip_to_tail[-1].end == pytest.approx(a.output)
    none = attention(make_scene((1, 2), [(1, 0)], mask=[False]))
    assert none.tip_to_tail == () and none.contributions is None


def test_lesson_attention_contributions():
    a = compute(preset_scene("lesson-attention")).attention
    w1, w2 = a.weights
    assert np.array(a.contributions) == pytest.approx(np.array([[w1, 0.0], [0.0, w2]]))
    assert round(w1, 3) == 0.330 and round(w2, 3) == 0.670


def test_a_zero_key_leaves_the_other_cosines_defined():
    a = attention(make_scene((2, 1), [(1, 2), (0, 0), (4, 2)], scoring="cosine"))
    assert a.undefined.why is Why.ZERO_KEY_COSINE and a.undefined.key == 1
    assert a.scores[1] is None and a.logits[1] is None
    assert a.scores[0] == pytest.approx(0.8) and a.scores[2] == pytest.approx(1.0)
    assert a.weights is None


def test_a_zero_query_has_no_cosine_with_any_key():
    a = attention(make_scene((0, 0), [(1, 2), (4, 2)], scoring="cosine"))
    assert a.undefined.why is Why.ZERO_QUERY_COSINE
    assert a.scores == (None, None) and a.logits == (None, None)
