"""Every field of every question, over many variants: the right answer checks correct in both decimal
marks, each known mistake's answer (worked out by tests/model/practice/oracle.py from the variant's own
numbers) is named as that mistake, and an answer that is neither gets no diagnosis."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from qk_explorer.model.practice import QUESTIONS, SEED_LIMIT, FieldKind, lesson_instance, variant
from qk_explorer.model.practice.fields import TOLERANCE
from qk_explorer.text.practice.feedback import check

from .oracle import UNDEFINED, expected

SEEDS = st.integers(0, SEED_LIMIT - 1)
IDS = list(QUESTIONS)


def typed(value, comma: bool) -> str:
    """An answer as someone would type it: six decimals, a decimal comma or point, a true minus or not."""
    if isinstance(value, str):
        return value
    if value is UNDEFINED:
        return "indefinido" if comma else "undefined"
    if np.ndim(value) == 0:
        text = f"{float(value):.6f}"
        return text.replace(".", ",").replace("-", "−") if comma else text
    return (
        ("(" + "; ".join(typed(x, True) for x in value) + ")")
        if comma
        else ", ".join(typed(x, False) for x in value)
    )


def near(a, b, tolerance: float) -> bool:
    if isinstance(a, str) or isinstance(b, str) or a is UNDEFINED or b is UNDEFINED:
        return a is b or (isinstance(a, str) and a == b)
    return bool(np.all(np.abs(np.asarray(a, float) - np.asarray(b, float)) <= tolerance))


def as_app(value):
    """The oracle's value in the app's form, to compare with the app's own answer."""
    if value is UNDEFINED:
        return None
    return value if isinstance(value, str) else np.asarray(value, float)


@pytest.mark.parametrize("qid", IDS)
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, comma=st.booleans())
def test_the_right_answer_checks_correct_in_either_decimal_mark(qid, seed, comma):
    instance = variant(qid, seed)
    for name, (right, _) in expected(instance).items():
        app = instance.answer(name)
        assert near(as_app(right), app, 1e-9) if not isinstance(app, str) else app == right
        result = check(instance, name, typed(right, comma), "es" if comma else "en")
        assert result.verdict.correct and result.verdict.mistake is None, (name, typed(right, comma))


@pytest.mark.parametrize("qid", IDS)
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, comma=st.booleans())
def test_each_mistakes_answer_is_named_as_that_mistake(qid, seed, comma):
    instance = variant(qid, seed)
    for name, (right, mistakes) in expected(instance).items():
        for mistake, answers in mistakes.items():
            for answer in answers:
                if near(answer, right, 2 * TOLERANCE):
                    continue  # the mistake changes nothing here
                result = check(instance, name, typed(answer, comma), "es" if comma else "en")
                assert not result.verdict.correct
                assert result.verdict.mistake is not None and result.verdict.mistake.value == mistake, (
                    name,
                    typed(answer, comma),
                    result.verdict.mistake,
                )


def _numeric_fields(instance):
    return [n for n in expected(instance) if instance.field(n).kind is not FieldKind.CHOICE]


@pytest.mark.parametrize("qid", [q for q in IDS if _numeric_fields(lesson_instance(q))])
@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_a_random_wrong_number_gets_no_diagnosis(qid, seed, data):
    instance = variant(qid, seed)
    table = expected(instance)
    name = data.draw(st.sampled_from(_numeric_fields(instance)))
    right, mistakes = table[name]
    shape = np.shape(right)
    offsets = data.draw(
        st.lists(st.floats(-20, 20), min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))
    )
    answer = np.asarray(right, float) + np.round(np.reshape(offsets, shape), 3)
    known = [right, *(a for answers in mistakes.values() for a in answers)]
    assume(not any(near(answer, k, 3 * TOLERANCE) for k in known))
    result = check(instance, name, typed(answer if shape else float(answer), False))
    assert not result.verdict.correct and result.verdict.mistake is None


@pytest.mark.parametrize(
    "qid", [q for q in IDS if any(f.kind is FieldKind.CHOICE for f in QUESTIONS[q].fields)]
)
@settings(max_examples=20, deadline=None)
@given(seed=SEEDS)
def test_every_wrong_choice_is_named_only_when_a_mistake_explains_it(qid, seed):
    instance = variant(qid, seed)
    for name, (right, mistakes) in expected(instance).items():
        field = instance.field(name)
        if field.kind is not FieldKind.CHOICE:
            continue
        explained = {a: m for m, answers in mistakes.items() for a in answers}
        for index, choice in enumerate(field.choices(instance), 1):
            result = check(instance, name, str(index))
            assert result.verdict.correct == (choice == right)
            named = None if result.verdict.mistake is None else result.verdict.mistake.value
            assert named == (None if choice == right else explained.get(choice)), (name, choice)


@pytest.mark.parametrize("qid", IDS)
def test_the_lessons_own_right_answers_check_correct(qid):
    instance = lesson_instance(qid)
    for name, (right, _) in expected(instance).items():
        for comma in (False, True):
            assert check(instance, name, typed(right, comma)).verdict.correct, name
