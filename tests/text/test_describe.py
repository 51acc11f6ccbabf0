"""The one-sentence description: which clauses, with numbers from Results in each language."""

from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import make_scene, with_selected_query
from qk_explorer.text.describe import Clause, Part, describe, sentence
from qk_explorer.text.numbers import MINUS


def parts(scene, lang="en"):
    return describe(scene, compute(scene), lang)


def test_lesson_pair():
    assert parts(preset_scene("lesson-pair")) == (
        Part(Clause.ACUTE, {"pair": "q·k₁", "dot": "4", "angle": "36.87°"}),
    )
    assert parts(preset_scene("lesson-pair"), "es")[0].fields["angle"] == "36,87°"


def test_lesson_attention_names_the_key_with_most_weight():
    en = parts(preset_scene("lesson-attention"))
    assert en == (
        Part(Clause.ACUTE, {"pair": "q·k₁", "dot": "1", "angle": "63.43°"}),
        Part(Clause.WINNER, {"key": "k₂", "percent": "67\u202f%"}),
    )
    es = parts(preset_scene("lesson-attention"), "es")
    assert es[0].fields["angle"] == "63,43°"
    assert es[1].fields == {"key": "k₂", "percent": "67\u202f%"}


def test_right_and_obtuse_angles_and_negative_products():
    assert parts(make_scene((2, 1), [(-1, 2)]))[0].clause is Clause.RIGHT
    obtuse = parts(make_scene((2, 1), [(-2, 0)]), "es")[0]
    assert obtuse.clause is Clause.OBTUSE
    assert obtuse.fields["dot"] == f"{MINUS}4"
    assert obtuse.fields["angle"] == "153,43°"


def test_parallel_vectors_are_described_by_their_direction():
    opposite = parts(make_scene((2, 1), [(-2, -1)]), "es")[0]
    assert opposite.clause is Clause.OPPOSITE
    assert opposite.fields["dot"] == f"{MINUS}5"
    assert opposite.fields["angle"] == "180°"
    same = parts(make_scene((1, 1), [(3, 3)]))[0]  # a cosine a hair below 1 is still 0°
    assert same.clause is Clause.SAME
    assert same.fields == {"pair": "q·k₁", "dot": "6", "angle": "0°"}


def test_zero_query_has_no_angle():
    described = parts(preset_scene("question-7"))
    assert described[0] == Part(Clause.NO_ANGLE, {"pair": "q·k₁", "dot": "0"})
    # a zero query scores every key 0: softmax shares the weight equally
    assert described[1] == Part(Clause.EVEN, {"count": "2"})


def test_every_key_masked_says_there_are_no_weights():
    scene = make_scene((1, 2), [(1, 0), (0, 1)], mask=[False, False])
    assert parts(scene)[-1] == Part(Clause.ALL_MASKED)


def test_masked_keys_are_left_out_of_a_tie():
    scene = make_scene((1, 1), [(1, 0), (0, 1), (5, 5)], mask=[True, True, False])
    assert parts(scene)[-1] == Part(Clause.EVEN, {"count": "2"})


def test_sentence_joins_clauses():
    assert sentence(["q·k₁ = 4, acute angle of 36.9°", "k₂ gets 67 % of the attention"]) == (
        "q·k₁ = 4, acute angle of 36.9°; k₂ gets 67 % of the attention."
    )
    assert sentence([]) == ""


@given(
    st.lists(st.floats(-50, 50), min_size=2, max_size=2),
    st.lists(st.lists(st.floats(-50, 50), min_size=2, max_size=2), min_size=1, max_size=5),
)
def test_every_scene_is_described_without_nan(query, keys):
    scene = make_scene(query, keys)
    for lang in ("en", "es"):
        described = describe(scene, compute(scene), lang)
        assert 1 <= len(described) <= 2
        for part in described:
            for text in part.fields.values():
                assert "nan" not in text.lower() and "inf" not in text.lower() and "—" not in text


def test_with_several_queries_the_pair_names_the_selected_query():
    scene = with_selected_query(preset_scene("several-queries"), 1)
    assert describe(scene, compute(scene))[0].fields["pair"] == "q₂·k₁"
    one = preset_scene("lesson-pair")
    assert describe(one, compute(one))[0].fields["pair"] == "q·k₁"
