"""The lesson's token steps and questions: where they stand, what they load, the facts and numbers."""

import pytest

from qk_explorer.model import compute
from qk_explorer.model.lesson import MATRIX_ROWS, Kind
from qk_explorer.model.lesson_format import load_lesson
from qk_explorer.model.lesson_logic import facts, spoken_of, token_numbers
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import Scoring, with_scoring, with_selected_key, with_selected_query

TOKEN_STEPS = {  # after the several-queries steps: where q, k and v come from
    "token-projections": "learned-projections",
    "three-vectors": "causal-tokens",
    "bilinear-form": "learned-projections",
    "symmetric-scores": "asymmetric-scores",
    "token-geometry": "identity-projections",
}
TOKEN_QUESTIONS = {"question-11": "learned-projections", "question-12": "asymmetric-scores"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_token_steps_follow_the_matrix_steps_and_their_questions_come_last(lang):
    lesson = load_lesson(lang)
    steps = lesson.steps
    assert [i.id for i in steps[16:]] == list(TOKEN_STEPS)  # steps 1–16 keep their numbers
    assert steps[15].id == "output-rows"
    assert [i.number for i in steps[16:]] == [17, 18, 19, 20, 21]
    assert [i.id for i in lesson.questions[10:]] == list(TOKEN_QUESTIONS)
    assert [i.number for i in lesson.questions[10:]] == [11, 12]
    last = lesson.items[len(lesson.steps) + len(lesson.questions) - 1]  # the chapters follow
    assert last.kind is Kind.QUESTION and last.id == "question-12"
    for item_id, preset in {**TOKEN_STEPS, **TOKEN_QUESTIONS}.items():
        item = lesson.items[lesson.index(item_id)]
        assert item.preset == preset
        assert preset_scene(preset).tokens is not None
        assert item.highlight and set(item.highlight) <= set(MATRIX_ROWS), item_id
    for n, qid in ((11, "question-11"), (12, "question-12")):
        title = lesson.items[lesson.index(qid)].title
        assert title.startswith(f"Question {n}" if lang == "en" else f"Pregunta {n}")


def _facts(name, scene=None):
    scene = scene or preset_scene(name)
    return facts(scene, compute(scene), preset_scene(name))


def test_facts_of_the_token_presets():
    for name in ("learned-projections", "causal-tokens", "asymmetric-scores"):
        got = _facts(name)
        assert "bilinear_symmetric" not in got and "inner_product" not in got, name
    identity = _facts("identity-projections")
    assert {"bilinear_symmetric", "inner_product"} <= identity
    assert not {"bilinear_symmetric", "inner_product"} & _facts("several-queries")  # no tokens
    scene = preset_scene("identity-projections")
    asked = facts(scene, compute(scene), scene, asked={"changed"})
    assert "inner_product" not in asked  # decided only for a text that asks


def test_token_numbers_of_asymmetric_scores():
    scene = preset_scene("asymmetric-scores")  # "the" (query) attending to "cat" (key)
    t = token_numbers(scene, compute(scene))
    assert (t.i, t.j) == (0, 1)
    assert t.labels == ("the", "cat", "sat", "down")
    assert (t.embedding, t.key_embedding) == ((2.0, 0.0), (1.0, 2.0))
    assert (t.pair_score, t.reverse_score) == (-2.0, 6.0)  # score(the→cat), score(cat→the)
    assert t.self_scores == (4.0, 5.0, 4.0, 2.0)  # a rotation by 45° times √2: xᵀBx = ‖x‖²
    assert t.projections.bilinear == ((1.0, -1.0), (1.0, 1.0))
    assert not t.projections.symmetric


def test_token_numbers_of_learned_and_causal_tokens():
    scene = preset_scene("learned-projections")
    t = token_numbers(scene, compute(scene))
    assert (t.pair_score, t.reverse_score) == (2.0, 6.0)  # x₁ᵀBx₂ and x₂ᵀBx₁, B = [[1, 0], [1, 1]]
    assert (t.token_key, t.token_value) == ((2.0, 1.0), (2.0, 0.0))
    assert t.self_scores == (4.0, 7.0, 4.0, 1.0)
    causal = preset_scene("causal-tokens")  # "sat" selected: its three vectors
    t = token_numbers(causal, compute(causal))
    assert (t.i, t.embedding, causal.query, t.token_key, t.token_value) == (
        2,
        (0.0, 2.0),
        (1.0, 2.0),
        (0.0, 2.0),
        (0.0, 1.0),
    )
    assert (t.pair_score, t.reverse_score) == (4.0, 0.0)  # sat→the is scored though "the" comes first


def test_token_numbers_follow_the_selection_and_have_no_scores_under_cosine():
    scene = with_selected_key(with_selected_query(preset_scene("identity-projections"), 1), 3)
    t = token_numbers(scene, compute(scene))
    assert (t.labels[t.i], t.labels[t.j], t.pair_score, t.reverse_score) == ("cat", "down", 1.0, 1.0)
    assert t.projections.eigenvalues == (1.0, 1.0)
    cosine = with_scoring(scene, Scoring.COSINE)
    t = token_numbers(cosine, compute(cosine))
    assert t.pair_score is None and t.reverse_score is None and t.self_scores is None
    assert token_numbers(preset_scene("lesson-pair"), compute(preset_scene("lesson-pair"))) is None


def test_words_about_tokens_speak_of_the_items_own_tokens_when_the_screen_has_none():
    lesson = load_lesson("en")
    by_id = {item.id: item for item in lesson.items}
    # The chapter after the questions reads a trained head's tokens too (head-that-learned and
    # training quote none of its numbers).
    chapter = {"untrained-head", "what-it-learned", "question-trained-head"}
    assert {i.id for i in lesson.items if i.names_tokens} == set(TOKEN_STEPS) | set(TOKEN_QUESTIONS) | chapter
    own = preset_scene("asymmetric-scores")
    other = preset_scene("lesson-pair")
    scene, results = spoken_of(by_id["question-12"], other, compute(other), own)
    assert scene is own and results.projections is not None
    moved = preset_scene("learned-projections")  # tokens on screen: the screen's own numbers
    assert spoken_of(by_id["question-12"], moved, compute(moved), own)[0] is moved
    assert spoken_of(by_id["multiply"], other, compute(other), preset_scene("lesson-pair"))[0] is other
