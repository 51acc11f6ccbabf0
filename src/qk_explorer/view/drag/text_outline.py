"""A text's outline, as QPainterPath.addText makes it, its glyphs shared while many are made.

Qt loads and hints every glyph of a text anew for its outline (FreeType's TrueType
interpreter: most of the ~40 µs of a short name). The names of a big scene are some 20
glyphs in 255 texts: while they are measured together (`glyphs_shared`), each glyph's outline
is made once and set where Qt's layout of the text puts it, the same path point for point.
Only inside the block, where nothing is drawn: once text has been drawn in a face, Qt's next
outlines of its glyphs may move by 1/64 px (FreeType keeps the drawing's fractional offset)
until a glyph is laid out anew, and a shared glyph keeps the outline the block first made.
Texts Qt would lay out in more than one direction, or with tabs, and glyphs beyond the Basic
Multilingual Plane (coloured emoji) are made by addText itself.
"""

from __future__ import annotations

import unicodedata
from contextlib import contextmanager

from PySide6.QtGui import QFont, QPainterPath, QRawFont, QTextLayout

_NOT_PLAIN = {"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI", "S", "B"}
_shared: list[tuple[QRawFont, dict[int, QPainterPath]]] | None = None  # inside glyphs_shared


@contextmanager
def glyphs_shared():
    """The outlines made inside share their glyphs' outlines (the outermost block's)."""
    global _shared
    outer = _shared
    if outer is None:
        _shared = []
    try:
        yield
    finally:
        _shared = outer


def outline(text: str, font: QFont) -> QPainterPath:
    """The text's outline with its baseline's start at (0, 0)."""
    if _shared is not None and _plain(text) and not (font.underline() or font.overline() or font.strikeOut()):
        return _from_glyphs(text, font, _shared)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    return path


def _plain(text: str) -> bool:
    return all(ord(c) < 0x10000 and unicodedata.bidirectional(c) not in _NOT_PLAIN for c in text)


def _from_glyphs(text: str, font: QFont, shared: list) -> QPainterPath:
    layout = QTextLayout(text, font)
    option = layout.textOption()
    option.setUseDesignMetrics(True)  # as addText lays a text out
    layout.setTextOption(option)
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    path, baseline = QPainterPath(), line.ascent()
    for run in layout.glyphRuns():
        glyphs = _glyphs_of(run.rawFont(), shared)
        for index, at in zip(run.glyphIndexes(), run.positions(), strict=True):
            glyph = glyphs.get(index)
            if glyph is None:
                glyph = glyphs[index] = run.rawFont().pathForGlyph(index)
            path.addPath(glyph.translated(at.x(), at.y() - baseline))
    return path


def _glyphs_of(raw: QRawFont, shared: list) -> dict[int, QPainterPath]:
    for font, glyphs in shared:
        if font == raw:  # the same font engine
            return glyphs
    shared.append((raw, {}))
    return shared[-1][1]
