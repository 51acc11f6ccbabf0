"""On a 3840 × 2160 screen at device pixel ratio 2 the stage's numbers are drawn, not only laid out.

Their glyphs are some 95 device pixels high there. Qt's painter keeps glyphs up to
QT_MAX_CACHED_GLYPH_SIZE; FreeType draws glyphs above 64 pixels only as outlines, whatever that
setting says, so raising it left such text undrawn: the stage's layout was right and its numbers
were blank. stage_ink.py sets the ink on screen beside the ink of the same text filled from its outline.
"""

from ..helpers import run_at_ratio_2

MODULE = "tests.view.lecture_hall.stage_ink"


def test_the_stages_numbers_have_their_ink_at_3840_by_2160():
    result = run_at_ratio_2(MODULE, "1920x1080", timeout=300)
    assert result["ratio"] == 2.0 and result["numbers"] >= 9
    assert result["faint"] == []


def test_the_check_sees_numbers_left_undrawn():
    result = run_at_ratio_2(MODULE, "1920x1080", timeout=300, QT_MAX_CACHED_GLYPH_SIZE="256")
    assert len(result["faint"]) == result["numbers"] >= 9
