"""Large type drawn from pictures of its glyphs is Qt's own painting of it: a held label's, as QLabel
paints it, and the canvas's header's, as its text layouts draw it.

At device pixel ratio 2 the stage's digits and the canvas's header are too big for Qt's glyph cache;
a held LiveLabel and the header then copy pictures of their glyphs to the places Qt's text layout
gives them (a held label's number: to the sums of its glyphs' advances, which are those places).
Glyphs drawn one by one differ from QLabel's single fill of all of them at most by 4 in 255, at a
pixel or two of a label (antialiased edges blended apart rather than together); all else is within
3. One device pixel out of place differs by some 220.
"""

from ..helpers import run_at_ratio_2

MODULE = "tests.view.speed.glyph_pictures_check"


def test_a_held_labels_large_type_is_qlabels_own_painting():
    result = run_at_ratio_2(MODULE, timeout=300)
    assert result["ratio"] == 2.0 and result["from_pictures"] == result["cases"] >= 176
    # Those showing a number place it from advances: 6 of the 8 one-line texts × 8 looks, held and let
    # go, and the wrapped number × 8 looks, held, let go and clipped to one line (on the lines the text
    # layout broke a text of its shape into).
    assert result["by_advances"] == 96 + 24
    for case, (largest, share_over_3) in result["worst"].items():
        assert largest <= 4 and share_over_3 < 1e-4, case


def test_the_check_sees_pictures_one_device_pixel_out_of_place():
    result = run_at_ratio_2(MODULE, "shifted", timeout=300)
    assert all(largest > 100 for largest, _ in result["worst"].values())


HEADER = "tests.view.speed.header_pictures_check"


def test_the_canvas_headers_large_type_is_qts_own_painting():
    """The header's paragraphs (its numbers, and a caption big enough) copied from glyph pictures,
    set where the canvas moves the header by whole and by fractional pixels."""
    result = run_at_ratio_2(HEADER, timeout=300)
    assert result["ratio"] == 2.0 and result["cases"] == 48 and result["from_pictures"] == 60
    for case, (largest, share_over_3) in result["worst"].items():
        assert largest <= 4 and share_over_3 < 1e-4, case


def test_the_header_check_sees_pictures_one_device_pixel_out_of_place():
    result = run_at_ratio_2(HEADER, "shifted", timeout=300)
    assert all(largest > 100 for largest, _ in result["worst"].values())
