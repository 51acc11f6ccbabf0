"""A text's outline made from shared glyphs is Qt's own addText outline, point for point, and
each glyph is outlined once while texts are outlined together."""

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QFont, QPainterPath

from qk_explorer.view.drag import text_outline
from qk_explorer.view.drag.text_outline import glyphs_shared, outline

SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉"
NAMES = [letter + "".join(SUBSCRIPTS[int(d)] for d in str(i)) for letter in "qkvo" for i in range(1, 65)]
# Names, token words, and texts Qt lays out in two directions, with a tab or a coloured emoji.
OTHERS = ["k₄ = v₄", "Σwᵢvᵢ", "θ", "niño", "AV Wa", "e\u0301", "שלום", "abc שלום def", "a\tb", "😀x", "ﬁ", ""]


def qt_outline(text: str, font: QFont) -> QPainterPath:
    path = QPainterPath()
    path.addText(0, 0, font, text)
    return path


def name_font(size: float = 14.4, bold: bool = True) -> QFont:
    """A bold face the app draws nothing in: after text is drawn in a face, Qt's next outlines of
    its glyphs may move by 1/64 px (FreeType keeps the drawing's fractional offset) until a glyph
    is laid out anew, and addText would be compared in another state than the names' measure."""
    font = QFont("DejaVu Serif")
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


def test_names_outlined_together_are_qts_outlines(qapp):
    plain, underlined = name_font(), name_font(11.0, False)
    underlined.setUnderline(True)
    with glyphs_shared():
        for font in (plain, underlined, name_font(20.0, False)):
            for text in NAMES + OTHERS:
                assert outline(text, font) == qt_outline(text, font), (text, font.key())


NAME_TEXTS = st.text(alphabet="qkvowxyzΣθ=, ·.-−'" + SUBSCRIPTS + "ᵢⱼ", max_size=12)


@given(NAME_TEXTS, st.sampled_from([9.0, 14.4, 26.0]))
@settings(max_examples=60, deadline=None)
def test_any_name_outlined_together_is_qts_outline(qapp, text, size):
    font = name_font(size)
    with glyphs_shared():
        for _ in range(2):  # the second time from the glyphs shared
            assert outline(text, font) == qt_outline(text, font)


def test_each_glyph_is_outlined_once_while_texts_are_outlined_together(qapp):
    font = name_font()
    with glyphs_shared():
        for text in NAMES:
            outline(text, font)
        loaded = sum(len(glyphs) for _, glyphs in text_outline._shared)
    assert loaded == len(set("".join(NAMES)))  # 256 names: 4 letters, 10 subscripts
    assert text_outline._shared is None  # only inside the block
