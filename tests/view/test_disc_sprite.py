"""Discs copied from a kept picture look like the circles Qt would fill in their place."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from qk_explorer.view.canvas.disc_sprite import draw_disc


def picture(ratio: float, paint) -> np.ndarray:
    image = QImage(int(80 * ratio), int(80 * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(painter)
    painter.end()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].astype(int)


@settings(max_examples=40, deadline=None)
@given(
    x=st.floats(20, 60),
    y=st.floats(20, 60),
    radius=st.floats(2, 15),
    ratio=st.sampled_from([1.0, 1.5, 2.0]),
    alpha=st.floats(0.2, 1.0),
)
def test_a_disc_is_where_and_as_big_as_the_circle_it_stands_for(qapp, x, y, radius, ratio, alpha):
    colour = QColor(200, 80, 20)
    colour.setAlphaF(alpha)

    def circle(painter):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(x, y), radius, radius)

    drawn = picture(ratio, lambda painter: draw_disc(painter, QPointF(x, y), radius, colour))
    filled = picture(ratio, circle)
    # Within a quarter pixel of the true centre: only the antialiased rim may differ, a little.
    assert np.abs(drawn - filled).max() <= 48
    ink_drawn, ink_filled = int((255 - drawn).sum()), int((255 - filled).sum())
    assert abs(ink_drawn - ink_filled) <= 0.05 * ink_filled + 2000  # as much colour, as big
