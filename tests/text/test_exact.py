"""Exact forms beside the decimals: golden values from the lesson, and each form worth its decimal."""

import math
import re

from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.lesson_logic import derived
from qk_explorer.text import exact
from qk_explorer.text.numbers import MINUS, number


def evaluate(form: str) -> float:
    """A form's value: "3√5/2" → 3*sqrt(5)/2, "4/(2√5)" → 4/(2*sqrt(5))."""
    text = form.replace(MINUS, "-")
    text = re.sub(r"(\d)√", r"\1*√", text)
    text = re.sub(r"√(\d+)", r"math.sqrt(\1)", text)
    assert re.fullmatch(r"[-\d./*()a-z]+", text), form
    return eval(text, {"math": math})


def forms(q, k):
    pair = compute(make_scene(q, [k])).pair
    return pair, (
        exact.length_form(pair.norm_q),
        exact.length_form(pair.norm_k),
        exact.quotient_form(pair.dot, pair.norm_k),
        exact.multiple_form(pair.dot, pair.norm_k, "k"),
    )


def test_the_lessons_pair():
    # q = (2, 1), k = (1, 2): ‖q‖ = ‖k‖ = √5, comp = 4/√5 ≈ 1.79, proj = (4/5)(1, 2) = (0.8, 1.6).
    pair, got = forms((2, 1), (1, 2))
    assert got == ("√5", "√5", "4/√5", "(4/5)·k")
    assert exact.beside(got[0], number(pair.norm_q)) == "√5 ≈ 2.236"
    assert exact.beside(got[2], number(pair.scalar_projection, "es")) == "4/√5 ≈ 1,789"


def test_the_lessons_attention_query_and_other_exact_shapes():
    assert forms((1, 2), (2, 1))[1] == ("√5", "√5", "4/√5", "(4/5)·k")
    assert forms((1, 2), (1, 0))[1] == ("√5", None, None, "k")  # ‖k‖ = 1 and comp = 1 say it all
    assert forms((3, 4), (2, 2))[1] == (None, "2√2", "7/√2", "(7/4)·k")
    assert forms((0.5, 1), (1, 1))[1] == ("√5/2", "√2", "3/(2√2)", "(3/4)·k")
    assert forms((0, 0.5), (0.5, 2))[1] == (None, "√17/2", "2/√17", "(4/17)·k")
    assert forms((1, 0), (3, 0))[1] == (None, None, None, "(1/3)·k")
    assert forms((-1, 1), (1, 2))[1] == ("√2", "√5", "1/√5", "(1/5)·k")
    assert forms((-2, 1), (1, 2))[1] == ("√5", "√5", None, None)  # at right angles: comp = 0, proj = 0
    assert forms((2, -3), (1, 1))[1][2:] == (f"{MINUS}1/√2", f"({MINUS}1/2)·k")


def test_a_vector_off_the_grid_has_no_exact_form():
    assert forms((1.001, 2), (2, 1))[1][0] is None
    assert exact.length_form(math.pi) is None and exact.rational(math.sqrt(2)) is None
    assert exact.length_form(1 / 3) == "1/3"  # a fraction the decimal cannot show


halves = st.integers(-12, 12).map(lambda n: n / 2)
vectors = st.lists(halves, min_size=2, max_size=4)


@given(vectors, vectors)
def test_every_form_evaluates_to_the_decimal_shown_beside_it(q, k):
    k = k[: len(q)] + [0.0] * (len(q) - len(k))
    pair, (norm_q, norm_k, comp, proj) = forms(q, k)
    factor = derived(compute(make_scene(q, [k]))).projection_factor
    for form, value in ((norm_q, pair.norm_q), (norm_k, pair.norm_k), (comp, pair.scalar_projection)):
        if form is not None:
            assert math.isclose(evaluate(form), value, rel_tol=1e-12, abs_tol=1e-12), (form, value)
            assert number(evaluate(form)) == number(value)
    if proj is not None:
        written = {"k": "1", f"{MINUS}k": "-1"}.get(proj, proj.removesuffix("·k"))
        assert math.isclose(evaluate(written), factor, rel_tol=1e-12)
    # Coordinates on the 0.5 grid always have an exact length and, with k ≠ 0, projection.
    assert exact.length(pair.norm_q) is not None and exact.length(pair.norm_k) is not None
    if any(k) and pair.dot != 0:
        assert proj is not None
