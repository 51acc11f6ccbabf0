"""Whether a held label's large type, drawn from pictures of its glyphs, is QLabel's own painting.

Run as a program (test_glyph_pictures.py runs it under QT_SCALE_FACTOR=2) it paints each text twice,
by a LiveLabel in a drag and by a QLabel alike in all else, at type too big for Qt's glyph cache,
and prints the largest difference per channel and the share of pixels that differ by more than 3;
with `shifted` the pictures are drawn one device pixel to the right of their places. The LiveLabel
is held on a text of the same shape, or let go for a text that needs more room (as the stage's dot
product is mid-drag, given what room the layout has: here as much, or one line of a wrapped text).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import sys

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QImage, QPalette
from PySide6.QtWidgets import QLabel

TEXTS = [
    "−0.25",
    "1,234.5",
    "(3.14)",
    "≈ 0.707",
    "√2 ≈ 1.414",
    "−12.75",
    "0.1 (9.8)",
    "−0.988 → −∞",  # a masked key's logit
]
WRAPPED = "1.5(1.21) + 1(0.12) = 1.94 wrapped at its words"  # 420 pixels wide
WRAPPED_NUMBER = "1.882(1.21) + 0.781(0.12) = 2.371"  # the stage's dot product, on three lines
WRAPS = (WRAPPED, WRAPPED_NUMBER)
STARTS = ("held", "let go", "let go, one line")
SHEETS = ["", "color: #5c5c5c;"]  # the stage's muted rows
ALIGNMENTS = {
    "top left": Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
    "top right": Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
}


def _pixels(widget) -> np.ndarray:
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return pixels[:, : image.width(), :3].astype(int)


def _label(kind, text: str, alignment, font: QFont, sheet: str):
    label = kind()
    label.setStyleSheet(sheet)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setFont(font)
    label.setAlignment(alignment)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#1b2a49"))
    palette.setColor(QPalette.ColorRole.Window, QColor("#fbf7ee"))
    label.setPalette(palette)
    label.setAutoFillBackground(True)
    label.setText(text)
    if text in WRAPS:
        label.setWordWrap(True)
        label.resize(420, label.heightForWidth(420) + 9)
    else:
        label.resize(label.sizeHint().width() + 37, label.sizeHint().height() + 9)
    label.show()
    return label


def shift_pictures() -> None:
    """Both ways of placing glyphs, a text layout's runs and a number's advances, one device pixel right."""
    from qk_explorer.view.drag.glyph_pictures import GlyphPictures, NumberLine

    draw_run, number_line = GlyphPictures._draw_run, NumberLine.__init__

    def shifted(self, painter, run, x, y, colour, ratio):
        draw_run(self, painter, run, x + 1, y, colour, ratio)

    def shifted_line(self, pictures, figures, rect, right, moved, colour, ratio):
        number_line(self, pictures, figures, rect, right, moved, colour, ratio)
        self._dx += 1 / ratio

    GlyphPictures._draw_run, NumberLine.__init__ = shifted, shifted_line


DRAWN_BY_ADVANCES = [0]  # texts placed without a text layout (NumberLine)


def count_numbers_drawn_by_advances() -> None:
    from PySide6.QtGui import QPainter

    from qk_explorer.view.drag.glyph_pictures import NumberLine

    draw = NumberLine._draw

    def counted(self, painter: QPainter, placed, width: float, y: float) -> None:
        DRAWN_BY_ADVANCES[0] += 1
        draw(self, painter, placed, width, y)

    NumberLine._draw = counted


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from qk_explorer.app import create_application
    from qk_explorer.view.drag.live_label import LiveLabel

    app = create_application()
    count_numbers_drawn_by_advances()
    if "shifted" in argv:
        shift_pictures()
    worst, held, by_advances = {}, 0, 0
    for (name, alignment), bold, sheet, text, start in itertools.product(
        ALIGNMENTS.items(), (False, True), SHEETS, [*TEXTS, *WRAPS], STARTS
    ):
        if start == "let go, one line" and text not in WRAPS:
            continue
        font = QFont(app.font())
        font.setPixelSize(48)  # 96 device pixels, as the stage's numbers at 3840 × 2160
        font.setBold(bold)
        first = re.sub(r"\d", "0", text) if start == "held" else "0"
        live, plain = (
            _label(LiveLabel, first, alignment, font, sheet),
            _label(QLabel, text, alignment, font, sheet),
        )
        if start == "let go, one line":
            plain.setFixedHeight(plain.fontMetrics().height() + 9)
        live.setFixedSize(plain.size() if start == "held" else live.size())
        live.setWordWrap(text in WRAPS)
        live.hold(True)
        live.setText(text)
        live.setFixedSize(plain.size())  # the room a layout gives it
        held += live._from_pictures and live.held == (start == "held")
        before = DRAWN_BY_ADVANCES[0]
        app.processEvents()
        a, b = _pixels(live), _pixels(plain)
        by_advances += DRAWN_BY_ADVANCES[0] > before
        difference = np.abs(a - b).max(axis=2) if a.shape == b.shape else np.full((1, 1), 999)
        worst[f"{start}: {name}{' bold' * bold} {sheet} {text}"] = [
            int(difference.max()),
            float((difference > 3).mean()),
        ]
        live.close()
        plain.close()
    ratio = live.devicePixelRatioF()
    print(
        json.dumps(
            {
                "ratio": ratio,
                "from_pictures": held,
                "by_advances": by_advances,
                "cases": len(worst),
                "worst": worst,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
