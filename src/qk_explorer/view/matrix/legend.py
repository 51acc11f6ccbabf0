"""A grid's colour key: its colour map as a strip, with the numbers its ends and middle stand for."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QWidget

from ...text import numbers
from .cells import ColourScale

STRIP = 8  # pixels high
WIDTH = 110


class ScaleLegend(QWidget):
    def __init__(self, scale: ColourScale, name: str, parent=None):
        super().__init__(parent)
        self.setObjectName(name)
        self.scale = scale
        self.lang = "en"
        self.ink = QColor("#1a1a1a")
        self._drawn = None
        strip = scale.lut.reshape(1, -1, 4).copy()
        self._image = QImage(strip.data, strip.shape[1], 1, strip.shape[1] * 4, QImage.Format.Format_RGBA8888)
        self._strip = strip  # the image reads this buffer

    def labels(self) -> list[str]:
        """The numbers under the strip's left end, middle and right end."""
        if self.scale.diverging:
            b = self.scale.bound
            values = (-b, 0.0, b)
        else:
            values = (0.0, 0.5, 1.0)
        return [numbers.number(v, self.lang) for v in values]

    def refresh(self) -> None:
        """Repaint if the bound or the language changed since it was last drawn."""
        state = (self.scale.bound, self.lang, self.ink.name())
        if state != self._drawn:
            self._drawn = state
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(WIDTH, STRIP + QFontMetrics(self.font()).height() + 4)

    def minimumSizeHint(self) -> QSize:
        return QSize(WIDTH // 2, self.sizeHint().height())

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        width = min(self.width(), WIDTH)
        painter.drawImage(QRect(0, 1, width, STRIP), self._image)
        painter.setPen(self.ink)
        text = QRect(0, STRIP + 2, width, self.height() - STRIP - 2)
        left, middle, right = self.labels()
        painter.drawText(text, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, left)
        painter.drawText(text, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, middle)
        painter.drawText(text, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, right)
        painter.end()
