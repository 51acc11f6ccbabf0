"""Whether the canvas's header, drawn from pictures of its glyphs, is Qt's own painting of it.

Run as a program (test_glyph_pictures.py runs it under QT_SCALE_FACTOR=2) it paints each header
twice into a picture at the screen's ratio, from glyph pictures and by its text layouts, moved as
the canvas moves it (by whole and by fractional pixels), and prints the largest difference per
channel and the share of pixels that differ by more than 3, and how many paragraphs the glyph
pictures drew; with `shifted` the pictures are drawn one device pixel to the right of their places.
"""

from __future__ import annotations

import itertools
import json
import os
import sys

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

QUERY, KEY, INK, MUTED = "#b34700", "#0b62a4", "#1b1b1b", "#5c5c5c"
NBSP = "\u00a0"
HEADERS = {
    "two dimensions": (("q", QUERY), ("·", None), ("k₁", KEY), (f"{NBSP}={NBSP}1,161", None)),
    "angle": (
        ("q₂", QUERY),
        ("·", None),
        ("k₁₀", KEY),
        (f"{NBSP}={NBSP}−12,75", None),
        (f" {NBSP} θ{NBSP}={NBSP}142,02°", None),
        (f" {NBSP} cos{NBSP}θ{NBSP}={NBSP}−0,743", None),
    ),
    "withheld": (
        ("q", QUERY),
        ("·", None),
        ("k₂", KEY),
        (f"{NBSP}={NBSP}?", None),
        (f" {NBSP} θ{NBSP}={NBSP}?", None),
    ),
}
CAPTION = "n = 3: the plane spanned by q and k₁ (true lengths and angle)"
SIZES = (32, 40)  # points: 86 and 107 device pixels, as the header at 3840 × 2160
WIDTHS = (1100, 420)  # one line, and a header that breaks
MOVES = ((159, 7), (10.5, 6.25))  # where the canvas sets the header: whole and fractional pixels


def _paragraphs(runs, size: int, caption: bool) -> tuple:
    header = ((tuple(runs), INK, size, True),)
    return (*header, (((CAPTION, None),), MUTED, round(size * 0.7), False)) if caption else header


def _paint(item, move, ratio: float) -> np.ndarray:
    size = item.boundingRect().size()
    image = QImage(
        round((size.width() + 200) * ratio), round((size.height() + 20) * ratio), QImage.Format.Format_RGB32
    )
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.translate(QPointF(*move))
    item.paint(painter, None, None)
    painter.end()
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return pixels[:, : image.width(), :3].astype(int)


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from qk_explorer.app import create_application
    from qk_explorer.view.canvas import readout_item
    from qk_explorer.view.drag.glyph_pictures import GlyphPictures, draws_for

    app = create_application()
    ratio = app.primaryScreen().devicePixelRatio()
    if "shifted" in argv:
        draw_run = GlyphPictures._draw_run

        def shifted(self, painter, run, x, y, colour, ratio):
            draw_run(self, painter, run, x + 1, y, colour, ratio)

        GlyphPictures._draw_run = shifted
    drawn = [0]

    def counted(painter, font):
        drawn[0] += (used := draws_for(painter, font))
        return used

    worst = {}
    for (name, runs), size, caption, width, move in itertools.product(
        HEADERS.items(), SIZES, (False, True), WIDTHS, MOVES
    ):
        item = readout_item.ReadoutItem()
        item.set_veil(QColor(255, 255, 255, 200))
        item.set_width(width)
        item.set_paragraphs(_paragraphs(runs, size, caption))
        readout_item.draws_for = counted
        a = _paint(item, move, ratio)
        readout_item.draws_for = lambda painter, font: False  # Qt's own painting
        b = _paint(item, move, ratio)
        difference = np.abs(a - b).max(axis=2)
        worst[f"{name} {size}pt{' caption' * caption} width {width} at {move}"] = [
            int(difference.max()),
            float((difference > 3).mean()),
        ]
    print(json.dumps({"ratio": ratio, "from_pictures": drawn[0], "cases": len(worst), "worst": worst}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
