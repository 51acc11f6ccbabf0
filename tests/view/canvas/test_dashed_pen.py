"""The perpendicular remainder's dashes: flat-ended, and as long as Qt's round-ended DashLine."""

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from qk_explorer.view.canvas.pair_overlay import dashed_pen


def inked_columns(pen: QPen) -> np.ndarray:
    """Which columns a horizontal line drawn with `pen` covers by at least half."""
    image = QImage(200, 20, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setPen(pen)
    painter.drawLine(QPointF(10, 10), QPointF(190, 10))
    painter.end()
    row = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(row.constBits(), np.uint32).reshape(20, row.bytesPerLine() // 4)[10, :200]
    return (pixels & 0xFF) < 128  # blue channel: black ink is 0, white is 255


def dashes_and_gaps(columns: np.ndarray) -> tuple[float, float]:
    """The mean length of the whole dashes and of the gaps between them, in pixels."""
    edges = np.flatnonzero(np.diff(columns.astype(int))) + 1
    pieces = np.split(columns, edges)[1:-1]  # the first and last may be cut short
    dashes = [len(p) for p in pieces if p[0]]
    gaps = [len(p) for p in pieces if not p[0]]
    return float(np.mean(dashes)), float(np.mean(gaps))


def test_the_flat_dashes_are_as_long_as_round_ended_ones():
    for width in (1.5, 1.8, 3.0, 4.5):
        round_ended = QPen(QColor("black"), width, Qt.PenStyle.DashLine)
        round_ended.setCapStyle(Qt.PenCapStyle.RoundCap)
        flat = dashed_pen(QColor("black"), width)
        assert flat.capStyle() == Qt.PenCapStyle.FlatCap
        want, got = dashes_and_gaps(inked_columns(round_ended)), dashes_and_gaps(inked_columns(flat))
        assert abs(got[0] - want[0]) <= 1.0 and abs(got[1] - want[1]) <= 1.0, (width, want, got)
