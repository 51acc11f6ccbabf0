"""Reading answers as typed: numbers in either language's form, vectors, lists and choices."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model.practice.answers import Unreadable, Why, read_choice, read_number, read_numbers


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("−8", -8.0),
        ("-8", -8.0),
        ("−8,0", -8.0),
        ("-8e0", -8.0),
        ("8.0", 8.0),
        (" +0,5 ", 0.5),
        (".25", 0.25),
        ("1,789", 1.789),
        ("4/5", 0.8),
        ("−1/2", -0.5),
        ("3E-2", 0.03),
        ("2.", 2.0),
    ],
)
def test_a_number_reads_in_either_decimal_mark_and_sign(text, value):
    assert read_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["undefined", "Indefinido", "no definido", "—", "none", "No está definido."])
def test_a_word_for_undefined_reads_as_no_value(text):
    assert read_number(text) is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", Why.EMPTY),
        ("   ", Why.EMPTY),
        ("eight", Why.NOT_A_NUMBER),
        ("1.2.3", Why.NOT_A_NUMBER),
        ("1/0", Why.NOT_A_NUMBER),
        ("--1", Why.NOT_A_NUMBER),
        ("1e999", Why.TOO_LARGE),
        ("nan0", Why.NOT_A_NUMBER),
        ("inf", Why.NOT_A_NUMBER),
    ],
)
def test_what_is_not_a_number_is_said_so(text, why):
    with pytest.raises(Unreadable) as error:
        read_number(text)
    assert error.value.why is why


@pytest.mark.parametrize(
    "text",
    [
        "(0.8, 1.6)",
        "(0,8; 1,6)",
        "0.8 1.6",
        "[0.8,1.6]",
        "0,8 1,6",
        "0,8 y 1,6",
        "0.8 and 1.6",
        "(0,8, 1,6)",
        "4/5; 8/5",
    ],
)
def test_a_vector_reads_in_every_usual_form(text):
    assert read_numbers(text, 2) == pytest.approx((0.8, 1.6))


def test_a_list_of_one_takes_a_decimal_comma():
    assert read_numbers("0,5", 1) == (0.5,)
    assert read_numbers("(−0,5)", 1) == (-0.5,)


@pytest.mark.parametrize(
    ("text", "why"),
    [("(1, 2, 3)", Why.COUNT), ("0,8,1,6", Why.COMMAS), ("()", Why.EMPTY), ("(1; x)", Why.NOT_A_NUMBER)],
)
def test_a_list_that_cannot_be_read_says_why(text, why):
    with pytest.raises(Unreadable) as error:
        read_numbers(text, 2)
    assert error.value.why is why


@settings(max_examples=300, deadline=None)
@given(
    xs=st.lists(st.floats(-1e5, 1e5, allow_nan=False).map(lambda x: round(x, 4)), min_size=1, max_size=4),
    comma=st.booleans(),
    minus=st.sampled_from(["-", "−"]),
)
def test_numbers_written_as_either_language_writes_them_read_back(xs, comma, minus):
    def written(x: float) -> str:
        text = repr(x).replace("-", minus)
        return text.replace(".", ",") if comma else text

    separator = "; " if comma else ", "
    assert read_numbers("(" + separator.join(written(x) for x in xs) + ")", len(xs)) == pytest.approx(xs)


CHOICES = ("acute", "right", "obtuse", "none")
WORDS = {"acute": ("agudo",), "right": ("recto", "right angle"), "obtuse": ("obtuso",), "none": ("ninguno",)}


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        ("3", "obtuse"),
        ("obtuse", "obtuse"),
        ("Obtuso", "obtuse"),
        ("obt", "obtuse"),
        ("recto.", "right"),
        ("1", "acute"),
    ],
)
def test_a_choice_reads_by_index_word_or_beginning(text, choice):
    assert read_choice(text, CHOICES, WORDS) == choice


@pytest.mark.parametrize("text", ["5", "0", "maybe", "a", ""])
def test_what_is_none_of_the_choices_is_said_so(text):
    with pytest.raises(Unreadable):
        read_choice(text, CHOICES, WORDS)
