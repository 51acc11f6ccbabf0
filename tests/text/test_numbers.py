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
    assert number(0.33023845, fixed=True) == "0.330"


def test_spanish_uses_a_decimal_comma_and_semicolons():
    assert number(0.8, "es") == "0,8"
    assert vector((0.8, 1.6), "es") == "(0,8; 1,6)"
    assert angle(36.86989764584402, "es") == "36,87°"


def test_no_negative_zero():
    assert number(-1e-17) == "0"
    assert number(-0.0) == "0"
    assert number(-0.0001, fixed=True) == "0.000"


def test_expanded_product_in_the_lessons_form():
    assert expanded_product((2, 1), (1, 2), 4) == "2(1) + 1(2) = 4"
    assert expanded_product((2, -1, 3), (1, 4, -2), -8) == f"2(1) + ({MINUS}1)(4) + 3({MINUS}2) = {MINUS}8"


def test_large_numbers_use_powers_of_ten_and_none_is_a_dash():
    assert number(1.6e13) == "1.6×10¹³"
    assert number(None) == "—"
    assert percent(0.67) == "67\u202f%"


def test_each_quantity_is_written_to_its_own_places_everywhere():
    from qk_explorer.text import numbers

    # As the lesson prints them: weights 0.330 and 0.670, logits 0.707, lengths 2.236, θ 36.87°.
    assert (numbers.weight(0.33023845), numbers.weight(0.66976155, "es")) == ("0.330", "0,670")
    assert numbers.weight(0.0, masked=True) == "0"  # a masked key's weight: the table's marking
    assert numbers.weight(1.0) == "1.000"
    assert numbers.output((0.33023845, 0.66976155)) == "(0.330, 0.670)"
    assert numbers.output((0.5, 2.0), "es") == "(0,500; 2,000)"
    assert numbers.angle(36.86989764584402) == "36.87°" and numbers.angle(90.0) == "90°"
    assert numbers.number(2.23606797749979) == "2.236" and numbers.number(0.7071067811865476) == "0.707"
    assert (numbers.WEIGHT_PLACES, numbers.ANGLE_PLACES, numbers.PLACES) == (3, 2, 3)


def test_a_decimal_point_in_every_language_when_asked_for():
    from qk_explorer.text import numbers
    from qk_explorer.text.lesson_text import listed

    assert numbers.point_always() is False  # by default the separator follows the language
    numbers.set_point_always(True)
    try:
        assert number(0.8, "es") == "0.8" and number(1.6e13, "es") == "1.6×10¹³"
        assert vector((0.8, 1.6), "es") == "(0.8, 1.6)"  # as the handout prints it
        assert angle(36.86989764584402, "es") == "36.87°"
        assert listed(["0.330", "0.670", "0"], "es") == "0.330, 0.670 y 0"
        assert number(0.8, "en") == "0.8"
    finally:
        numbers.set_point_always(False)
    assert vector((0.8, 1.6), "es") == "(0,8; 1,6)"
    assert listed(["0,330", "0,670", "0"], "es") == "0,330; 0,670 y 0"


def test_a_masked_logit_is_its_number_then_minus_infinity():
    """PyTorch scales first, then the mask makes the logit −∞: the number is there, and where it goes."""
    assert numbers.masked_logit(2 / math.sqrt(2)) == "1.414 → −∞"
    assert numbers.masked_logit(2 / math.sqrt(2), "es") == "1,414 → −∞"
    assert numbers.masked_logit(2 / math.sqrt(2), "es", places=2) == "1,41 → −∞"
    assert numbers.masked_logit(-0.0001) == "0 → −∞"
    assert numbers.masked_logit(None) == "−∞"
