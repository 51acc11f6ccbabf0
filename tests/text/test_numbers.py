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
