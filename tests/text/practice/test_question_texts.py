"""A question's text, worked solution and export document, written from its instance's numbers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model.practice import QUESTIONS, SEED_LIMIT, FieldKind, lesson_instance, variant
from qk_explorer.model.practice.wrong_attention import ATTENTION_MISTAKES
from qk_explorer.text import numbers, token_text
from qk_explorer.text.practice.document import question_document
from qk_explorer.text.practice.feedback import value_text
from qk_explorer.text.practice.pytorch import PYTORCH
from qk_explorer.text.practice.solutions import worked_solution
from qk_explorer.text.practice.statements import statement

LANGS = ("en", "es")
IDS = list(QUESTIONS)


def plain(text: str) -> str:
    """Without the no-break spaces and word joiners that keep a number on one line."""
    return text.replace("\u00a0", " ").replace("\u2060", "")


@pytest.mark.parametrize("qid", IDS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, SEED_LIMIT - 1), lang=st.sampled_from(LANGS))
def test_a_variants_text_states_its_own_numbers(qid, seed, lang):
    instance = variant(qid, seed)
    text = statement(instance, lang)
    assert "{" not in text and "}" not in text
    scene = instance.scene
    if scene.tokens is None:
        assert numbers.vector(scene.keys[scene.selected_key], lang) in text
    elif "sequence" in instance.givens:  # a trained head: its sequence, not its 2 × 16 matrices
        assert " ".join(scene.tokens.labels) in text
    else:
        assert token_text.matrix(scene.tokens.w_q, lang) in text


def test_the_lessons_numbers_read_as_the_lesson_asks_them():
    assert statement(lesson_instance("question-1")) == (
        "Compute (2, −1, 3)·(1, 4, −2). What does its sign tell you about the angle between these two "
        "non-zero vectors?"
    )
    assert statement(lesson_instance("question-6"), "es").startswith(
        "Para q = (1; 2), k₁ = (1; 0) y k₂ = (0; 1), con dₖ = 2, calcula"
    )


@pytest.mark.parametrize("qid", IDS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, SEED_LIMIT - 1), lang=st.sampled_from(LANGS))
def test_a_worked_solution_reaches_the_instances_own_answers(qid, seed, lang):
    instance = variant(qid, seed)
    solution = plain(" ".join(worked_solution(instance, lang)))
    assert solution and "{" not in solution
    for field in instance.fields:
        if field.kind in (FieldKind.NUMBER, FieldKind.VECTOR) or field.name in ("weights", "scores"):
            value = instance.answer(field.name)
            mask = instance.scene.mask
            parts = (
                [value_text(field, value, lang)]
                if field.kind is not FieldKind.NUMBERS
                else [value_text(field, (x,), lang, (m,)) for x, m in zip(value, mask)]
            )
            for part in parts:
                assert part in solution, (field.name, part)


def test_the_lessons_worked_solution_in_spanish_writes_decimal_commas():
    solution = plain(" ".join(worked_solution(lesson_instance("question-2"), "es")))
    assert "cos θ = 4 / (2,236 × 2,236) = 0,8" in solution


@pytest.mark.parametrize("qid", IDS)
def test_the_export_document_is_plain_json_with_every_field(qid):
    for instance in (lesson_instance(qid), variant(qid, 7)):
        document = question_document(instance)
        text = json.dumps(document, allow_nan=False, ensure_ascii=False)
        back = json.loads(text)
        assert back["id"] == qid and back["variant"] == instance.seed
        assert [f["name"] for f in back["fields"]] == list(QUESTIONS[qid].field_names)
        for f in back["fields"]:
            assert f["kind"] in ("number", "vector", "numbers", "choice", "place")
            if f["kind"] == "choice":
                assert all(set(c) == {"id", "en", "es"} for c in f["choices"])
                assert f["answer"] in [c["id"] for c in f["choices"]]
            if f["kind"] == "place":
                assert f["moves"] == "key-2" and f["condition"] == {
                    "query": 1,
                    "key": 2,
                    "weight_at_least": 0.8,
                }


def test_every_attention_mistake_has_a_line_of_pytorch_that_compiles():
    assert set(ATTENTION_MISTAKES) <= set(PYTORCH)
    for wrong, right in PYTORCH.values():
        compile(wrong, "<wrong>", "exec")
        compile(right, "<right>", "exec")
        assert wrong != right
