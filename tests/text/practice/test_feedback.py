"""Feedback in words: right says so, a known mistake is explained with the numbers as the app writes them,
anything else gets a hint, and no sentence of a wrong try gives the right answer away."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model.practice import QUESTIONS, SEED_LIMIT, Mistake, Unreadable, lesson_instance, variant
from qk_explorer.model.practice.answers import Why
from qk_explorer.model.practice.wrong_attention import WrongWhy
from qk_explorer.text.practice.choices import LABELS, label
from qk_explorer.text.practice.feedback import UnknownField, check, unreadable, value_text
from qk_explorer.text.practice.phrases import PHRASES, TITLES
from tests.model.practice.oracle import expected
from tests.model.practice.test_checking_variants import near, typed

LANGS = ("en", "es")


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "en",
            "0.378 and 0.622 are what softmax gives if each score is divided by dₖ = 2; "
            "attention divides by √dₖ ≈ 1.414.",
        ),
        (
            "es",
            "0,378 y 0,622 son lo que da softmax si cada puntuación se divide por dₖ = 2; "
            "la atención divide por √dₖ ≈ 1,414.",
        ),
    ],
)
def test_a_mistake_is_explained_with_the_numbers_on_screen(lang, sentence):
    result = check(lesson_instance("question-6"), "weights", "0.378, 0.622", lang)
    assert result.verdict.mistake is Mistake.SCALED_BY_DK
    assert result.sentence == sentence


def test_right_says_so_with_the_value_as_the_app_writes_it():
    assert check(lesson_instance("question-1"), "dot", "-8e0", "en").sentence == "Right: −8."
    assert (
        check(lesson_instance("question-3"), "projection", "0.8 1.6", "es").sentence
        == "Correcto: (0,8; 1,6)."
    )
    assert (
        check(lesson_instance("question-1"), "angle_kind", "obtuso", "en").sentence
        == "Right: obtuse (more than 90°)."
    )


def test_a_wrong_answer_no_mistake_explains_gets_a_hint():
    result = check(lesson_instance("question-1"), "dot", "8", "es")
    assert not result.verdict.correct and result.verdict.mistake is None
    assert (
        result.sentence == "No exactamente. Multiplica las coordenadas correspondientes y suma los productos."
    )


def test_a_field_the_question_has_not_is_said_so_with_the_ones_it_has():
    with pytest.raises(UnknownField) as error:
        check(lesson_instance("question-2"), "dot", "4")
    assert error.value.names == ("cosine",)


@pytest.mark.parametrize("lang", LANGS)
def test_every_mistake_field_choice_and_reason_has_words_in_both_languages(lang):
    table = PHRASES[lang]
    assert set(TITLES[lang]) == {m.value for m in Mistake}
    assert {m.value for m in Mistake} <= {key.split("/")[0] for key in table["mistakes"]}
    assert set(table["unreadable"]) == set(Why)
    assert set(table["reasons"]) == set(WrongWhy)
    for q in QUESTIONS.values():
        instance = lesson_instance(q)
        for field in q.fields:
            if field.place is None:
                assert f"{q.id}/{field.name}" in table["hints"] or field.name in table["hints"], field.name
            for rule in field.rules:
                key = rule.mistake.value
                assert f"{key}/{field.name}" in table["mistakes"] or key in table["mistakes"]
            for choice in field.choices(instance):
                assert label(field.name, choice, lang)
    assert PHRASES["en"].keys() == PHRASES["es"].keys()
    assert LABELS["en"].keys() == LABELS["es"].keys()
    for group in LABELS["en"]:
        assert LABELS["en"][group].keys() == LABELS["es"][group].keys()


@pytest.mark.parametrize("lang", LANGS)
def test_an_unreadable_answer_is_said_so_in_the_language(lang):
    with pytest.raises(Unreadable) as error:
        check(lesson_instance("question-6"), "weights", "0.3, 0.6, 0.1", lang)
    words = unreadable(error.value, lang)
    assert words == {"en": "Expected 2 numbers, found 3.", "es": "Se esperaban 2 números y hay 3."}[lang]


# Fields whose right value the sentences never name as a step, so finding it in one would be a give-away.
GIVE_AWAY = {"cosine", "cosines", "projection", "logits", "weights", "output", "scores"}


@pytest.mark.parametrize("qid", [q for q in QUESTIONS if GIVE_AWAY & set(QUESTIONS[q].field_names)])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, SEED_LIMIT - 1), lang=st.sampled_from(LANGS))
def test_the_sentence_of_a_wrong_try_never_gives_the_right_answer(qid, seed, lang):
    instance = variant(qid, seed)
    for name, (right, mistakes) in expected(instance).items():
        if name not in GIVE_AWAY:
            continue
        field = instance.field(name)
        right_text = value_text(field, instance.answer(name), lang)
        for answers in mistakes.values():
            for answer in answers:
                if not near(answer, right, 0.003):
                    sentence = check(instance, name, typed(answer, lang == "es"), lang).sentence
                    assert not re.search(rf"(?<![\d.,−]){re.escape(right_text)}(?![\d]|[.,]\d)", sentence)


def test_scores_given_for_weights_are_written_as_scores_not_as_weights():
    sentence = check(lesson_instance("question-6"), "weights", "1, 2", "en").sentence
    assert sentence.startswith("1 and 2 are the logits or the scores themselves, not weights.")
    sentence = check(lesson_instance("question-6"), "weights", "0,3775; 0,6225", "es").sentence
    assert sentence.startswith("0,378 y 0,622 son lo que da softmax")  # a weight's three places
