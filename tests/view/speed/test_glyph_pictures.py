"""A held label's large type, drawn from pictures of its glyphs, is QLabel's own painting of it.

At device pixel ratio 2 the stage's digits are too big for Qt's glyph cache; a held LiveLabel then
copies pictures of its glyphs to the places Qt's text layout gives them. Glyphs drawn one by one
differ from QLabel's single fill of all of them at most by 4 in 255, at a pixel or two of a label
(antialiased edges blended apart rather than together); all else is within 3. One device pixel out
of place differs by some 220.
"""

from ..helpers import run_at_ratio_2

MODULE = "tests.view.speed.glyph_pictures_check"


def test_a_held_labels_large_type_is_qlabels_own_painting():
    result = run_at_ratio_2(MODULE, timeout=300)
    assert result["ratio"] == 2.0 and result["from_pictures"] == result["cases"] >= 56
    for case, (largest, share_over_3) in result["worst"].items():
        assert largest <= 4 and share_over_3 < 1e-4, case


def test_the_check_sees_pictures_one_device_pixel_out_of_place():
    result = run_at_ratio_2(MODULE, "shifted", timeout=300)
    assert all(largest > 100 for largest, _ in result["worst"].values())
