"""Whether the stage's numbers are drawn at all, not only laid out: ink on screen against ink expected.

Run as a program (test_stage_ink.py runs it under QT_SCALE_FACTOR=2, a 3840 × 2160 screen) it
presents step 8 at the given logical size, grabs the window and, for each number on the stage,
counts the pixels that differ from the label's background, beside the pixels the same text covers
when filled as a path from the font's outline (which never goes through Qt's glyph cache). It prints
the labels whose ink is less than half of that, as JSON.
"""

from __future__ import annotations

import json
import sys

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath

from .stage_check import _plain, child_window, global_rect, present, settle


def _ink(image: QImage) -> int:
    """Pixels whose colour is far from the image's corner (its background)."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    pixels = pixels[:, : image.width(), :3].astype(int)
    return int((np.abs(pixels - pixels[0, 0]).sum(axis=2) > 150).sum())


def _outline_ink(label, ratio: float) -> int:
    """The pixels the label's text covers, filled from the font's outline."""
    path = QPainterPath()
    path.addText(0, 0, label.font(), _plain(label.text()))
    box = path.boundingRect()
    image = QImage(int(box.width() * ratio) + 4, int(box.height() * ratio) + 4, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(ratio, ratio)
    painter.translate(-box.left() + 1, -box.top() + 1)
    painter.fillPath(path, Qt.GlobalColor.black)
    painter.end()
    return _ink(image)


def faint_numbers(window) -> list[str]:
    ratio = window.devicePixelRatioF()
    shot = window.grab().toImage()
    out = []
    for label in window.presentation.stage.number_labels():
        rect = global_rect(label)
        box = (round(v * ratio) for v in (rect.x(), rect.y(), rect.width(), rect.height()))
        on_screen = _ink(shot.copy(*box))
        expected = _outline_ink(label, ratio)
        if on_screen < expected / 2:
            out.append(f"{_plain(label.text())!r}: {on_screen} pixels of ink, {expected} expected")
    return out


def main(argv: list[str]) -> int:
    app, window = child_window()
    w, h = (int(x) for x in argv[0].split("x"))
    present(window, (w, h))
    window.lesson.go_to("scale-softmax")
    settle()
    app.processEvents()
    result = {"ratio": window.devicePixelRatioF(), "numbers": len(window.presentation.stage.number_labels())}
    print(json.dumps({**result, "faint": faint_numbers(window)}))
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
