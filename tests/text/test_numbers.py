import math

from qk_explorer.text import numbers
from qk_explorer.text.numbers import MINUS, angle, expanded_product, number, percent, vector


def test_lesson_numbers_in_english():
    assert number(4.0) == "4"
    assert number(0.8000000000000002) == "0.8"
    assert number(1.7888543819998317) == "1.789"
    assert angle(36.86989764584402) == "36.87°"
    assert vector((0.8, 1.6)) == "(0.8, 1.6)"
    assert vector((1.2, -0.6000000000000001)) == f"(1.2, {MINUS}0.6)"
    assert number(0.33023845) == "0.33" and number(2.0300001) == "2.03"  # never a trailing zero


def test_spanish_uses_a_decimal_comma_and_semicolons():
    assert number(0.8, "es") == "0,8"
    assert vector((0.8, 1.6), "es") == "(0,8; 1,6)"
    assert angle(36.86989764584402, "es") == "36,87°"


def test_no_negative_zero():
    assert number(-1e-17) == "0"
    assert number(-0.0) == "0"
    assert number(-0.0001) == "0"


def test_expanded_product_in_the_lessons_form():
    assert expanded_product((2, 1), (1, 2), 4) == "2(1) + 1(2) = 4"
    assert expanded_product((2, -1, 3), (1, 4, -2), -8) == f"2(1) + ({MINUS}1)(4) + 3({MINUS}2) = {MINUS}8"


def test_large_numbers_use_powers_of_ten_and_none_is_a_dash():
    assert number(1.6e13) == "1.6×10¹³"
    assert number(None) == "—"
    assert percent(0.67) == "67\u202f%"


def test_one_rule_for_every_number_its_kinds_places_and_no_trailing_zeros():
    from qk_explorer.text import numbers

    # Weights and outputs as every other quantity: 0.33 and 0.67, as the copied code prints them.
    assert (numbers.weight(0.33023845), numbers.weight(0.66976155, "es")) == ("0.33", "0,67")
    assert numbers.weight(0.0, masked=True) == "0"  # a masked key's weight: the table's marking
    assert numbers.weight(1.0) == "1" and numbers.weight(0.5) == "0.5"
    assert numbers.output((0.33023845, 0.66976155)) == "(0.33, 0.67)"
    assert numbers.output((0.5, 2.0), "es") == "(0,5; 2)"
    assert numbers.angle(36.86989764584402) == "36.87°" and numbers.angle(90.0) == "90°"
    assert numbers.number(2.23606797749979) == "2.236" and numbers.number(0.7071067811865476) == "0.707"
    assert (numbers.PLACES, numbers.ANGLE_PLACES, numbers.GRID_PLACES) == (3, 2, 2)


def test_the_copied_code_prints_each_number_as_the_app_writes_it():
    """The worked example's fmt() is the rule written in Python: the same text for any number."""
    from hypothesis import given
    from hypothesis import strategies as st

    from qk_explorer.text import numbers
    from qk_explorer.text.worked_example.snippet import fmt_helpers

    space: dict = {"math": __import__("math")}
    exec("\n".join(fmt_helpers("en", "math.isfinite")), space)  # the program the app hands out

    @given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), st.sampled_from([3, 2]))
    def same(x, places):
        assert space["fmt"](x, places) == numbers.number(x, "en", places).replace(numbers.MINUS, "-")

    same()


def test_a_decimal_point_in_every_language_when_asked_for():
    from qk_explorer.text import numbers
    from qk_explorer.text.lesson_text import listed

    assert numbers.point_always() is False  # by default the separator follows the language
    numbers.set_point_always(True)
    try:
        assert number(0.8, "es") == "0.8" and number(1.6e13, "es") == "1.6×10¹³"
        assert vector((0.8, 1.6), "es") == "(0.8, 1.6)"  # as the handout prints it
        assert angle(36.86989764584402, "es") == "36.87°"
        assert listed(["0.33", "0.67", "0"], "es") == "0.33, 0.67 y 0"
        assert number(0.8, "en") == "0.8"
    finally:
        numbers.set_point_always(False)
    assert vector((0.8, 1.6), "es") == "(0,8; 1,6)"
    assert listed(["0,33", "0,67", "0"], "es") == "0,33; 0,67 y 0"


def test_a_masked_logit_is_its_number_then_minus_infinity():
    """PyTorch scales first, then the mask makes the logit −∞: the number is there, and where it goes."""
    assert numbers.masked_logit(2 / math.sqrt(2)) == "1.414 → −∞"
    assert numbers.masked_logit(2 / math.sqrt(2), "es") == "1,414 → −∞"
    assert numbers.masked_logit(2 / math.sqrt(2), "es", places=2) == "1,41 → −∞"
    assert numbers.masked_logit(-0.0001) == "0 → −∞"
    assert numbers.masked_logit(None) == "−∞"
