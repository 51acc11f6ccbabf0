"""The twelve check questions as data: their order, fields, what they withhold, and the lesson's answers."""

from __future__ import annotations

import pytest

from qk_explorer.model.lesson import Kind
from qk_explorer.model.lesson_format import load_lesson
from qk_explorer.model.practice import QUESTIONS, Field, FieldKind, Mistake, judge, lesson_instance
from qk_explorer.model.practice.fields import Rule, candidates
from qk_explorer.model.practice.withheld import ADDED, COVERS, IDS
from qk_explorer.model.scene import QUERY, key_ref, remove_key, with_vector

LESSON = load_lesson("en")


def test_the_questions_are_the_lessons_in_its_order_with_its_presets():
    questions = [item for item in LESSON.items if item.kind is Kind.QUESTION]
    assert [q.id for q in questions] == list(QUESTIONS)
    assert [q.preset for q in questions] == [q.preset for q in QUESTIONS.values()]
    # --step 22 … 33, then the chapter "A head that learned" (34–36) and its question.
    assert [LESSON.items.index(q) + 1 for q in questions] == [*range(22, 34), 37]
    assert [q.number for q in QUESTIONS.values()] == list(range(1, 14))


def test_the_trained_heads_question_asks_for_the_key_its_query_weighs_most():
    instance = lesson_instance("question-trained-head")
    assert instance.scene.tokens.labels[instance.scene.selected_query] == "G@5"
    assert instance.answers == {"winner": "k4"}  # the token before: B@4, with 0.99 of the weight
    withheld = {"weights", "winner", "scores", "logits", "matrix_weights", "matrix_scores"}
    assert withheld <= instance.question.asks
    assert judge(instance, instance.field("winner"), "k4").correct
    assert not judge(instance, instance.field("winner"), "k6").correct  # scores more, but is masked


def test_the_lessons_eight_have_the_field_names_agreed_for_the_command_line():
    names = {qid: q.field_names for qid, q in QUESTIONS.items()}
    assert names["question-1"] == ("dot", "angle_kind")
    assert names["question-2"] == ("cosine",)
    assert names["question-3"] == ("scalar_projection", "projection")
    assert names["question-4"] == ("conclusion",)
    assert names["question-5"] == ("cosines",)
    assert names["question-6"] == ("logits", "weights", "winner")
    assert names["question-7"] == ("weights", "angle")
    assert names["question-8"] == ("cosine",)
    assert all(len(set(n)) == len(n) for n in names.values())


def test_what_a_question_withholds_is_named_in_the_shared_vocabulary():
    for q in QUESTIONS.values():
        assert q.asks and q.asks <= IDS, q.id
    assert set(ADDED) <= set(COVERS) and set(COVERS) <= IDS


def test_a_question_withholds_what_gives_its_answer_away():
    asks = {qid: q.asks for qid, q in QUESTIONS.items()}
    assert {"dot", "relation", "angle", "scores"} <= asks["question-1"]  # one key: its score is q·k
    assert {"comp", "proj", "projection"} <= asks["question-3"] and "dot" not in asks["question-3"]
    assert {"logits", "weights", "winner", "output", "winner_map"} <= asks["question-6"]
    assert {"scores", "logits", "cosine"} <= asks["question-8"]  # under cosine scoring the scores are cosines
    assert "bilinear" in asks["question-11"] and asks["question-12"] == {"bilinear"}


@pytest.mark.parametrize(
    ("qid", "answers"),
    [
        ("question-1", {"dot": -8.0, "angle_kind": "obtuse"}),
        ("question-2", {"cosine": 0.8}),
        ("question-3", {"scalar_projection": 1.78885, "projection": (0.8, 1.6)}),
        ("question-4", {"conclusion": "perpendicular"}),
        ("question-5", {"cosines": (1.0, 0.8)}),
        ("question-6", {"logits": (0.70711, 1.41421), "weights": (0.33024, 0.66976), "winner": "k2"}),
        ("question-7", {"weights": (0.5, 0.5), "angle": "undefined"}),
        ("question-8", {"cosine": 0.8}),
        ("question-9", {"changed_scores": "column", "changed_weights": "all"}),
        ("question-10", {"changed_scores": "all", "changed_weights": "none", "output": (0.33024, 0.66976)}),
        ("question-11", {"scores": (2.0, 6.0), "symmetric": "no"}),
        ("question-12", {"condition": "b-symmetric"}),
    ],
)
def test_the_lessons_own_numbers_give_the_lessons_answers(qid, answers):
    got = lesson_instance(qid).answers
    assert set(got) == set(answers)
    for name, value in answers.items():
        assert got[name] == (value if isinstance(value, str) else pytest.approx(value, abs=1e-5)), name


def test_a_choice_is_always_among_its_choices_and_a_list_has_its_length():
    for q in QUESTIONS.values():
        instance = lesson_instance(q)
        for field in q.fields:
            value = instance.answer(field.name) if field.place is None else None
            if field.kind is FieldKind.CHOICE:
                assert value in field.choices(instance), (q.id, field.name)
            elif field.kind in (FieldKind.NUMBERS, FieldKind.VECTOR):
                assert len(value) == field.length(instance), (q.id, field.name)


def test_question_9s_place_is_reached_by_moving_k2_towards_q1():
    instance = lesson_instance("question-9")
    place = instance.field("place")
    assert place.kind is FieldKind.PLACE and place.place.moves == key_ref(1)
    assert not place.place.reached(instance)  # q₁ = (1, 2) gives k₂ = (0, 1) a weight of 0.670
    assert judge(instance, place, (0.0, 4.0)).correct  # q₁·k₂ = 8 against q₁·k₁ = 1: 0.993
    # 0.8 needs k₂'s logit ahead by ln 4 ≈ 1.386: a score of 3 against 1 is 1.414 ahead, 2.8 is 1.273
    assert judge(instance, place, (0.0, 1.5)).correct
    assert not judge(instance, place, (0.0, 1.4)).correct
    moved = instance.with_scene(with_vector(instance.scene, key_ref(1), (0.0, 4.0)))
    assert place.place.reached(moved)
    # k₂ removed from the scene (a drag then ends): no place is reached, and nothing breaks.
    assert not place.place.reached(instance.with_scene(remove_key(instance.scene, 1)))


def test_a_question_dragged_to_new_numbers_is_about_them():
    instance = lesson_instance("question-2")
    doubled = instance.with_scene(with_vector(instance.scene, QUERY, (4.0, 2.0)))
    assert doubled.answer("cosine") == pytest.approx(0.8)  # the cosine keeps, the product doubles
    zero = lesson_instance("question-1").with_scene(with_vector(instance.scene, QUERY, (0.0, 0.0)))
    assert zero.answer("angle_kind") == "none"
    verdict = judge(zero, zero.field("angle_kind"), "obtuse")
    assert not verdict.correct and verdict.mistake.value == "zero-vector-angle"
    cosine = judge(
        doubled.with_scene(with_vector(instance.scene, QUERY, (0.0, 0.0))), doubled.field("cosine"), 0.8
    )
    assert cosine.mistake.value == "zero-vector-angle"


def test_an_answer_two_mistakes_explain_is_named_by_the_one_with_fewest_steps():
    def answers(value):
        return lambda i: candidates(value)

    two_steps = Rule(Mistake.NO_SOFTMAX, answers(5.0), steps=2)
    one_step = Rule(Mistake.NOT_SCALED, answers(5.0))
    other = Rule(Mistake.SCALED_BY_DK, answers(5.0))
    instance = lesson_instance("question-1")
    for rules, named in (
        ((two_steps, one_step), Mistake.NOT_SCALED),  # fewer steps, though listed after
        ((one_step, other), Mistake.NOT_SCALED),  # as few: the first listed
        ((two_steps,), Mistake.NO_SOFTMAX),
    ):
        field = Field("x", FieldKind.NUMBER, answer=lambda i: 1.0, rules=rules)
        assert judge(instance, field, 5.0).mistake is named
        assert judge(instance, field, 5.1).mistake is None and judge(instance, field, 1.0).correct
