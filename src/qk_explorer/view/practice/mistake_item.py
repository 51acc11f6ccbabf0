"""A common mistake on the canvas: the wrong outputs beside the right ones, and what makes them.

While View ▸ Common Mistakes (or a diagnosed answer's Show Me) shows a mistake, each query's
wrong output is a dashed arrow in the output's colour, named with a ✗ (o′ᵢ, or Σw′v with one
query), beside the right output the canvas draws; in the drawing's lower left corner, on a
veil, the mistake's name, the one line of PyTorch that makes it and the right line, and the
selected query's wrong weights beside the right ones (content.py writes them). The arrows are
drawn where the canvas draws values (two dimensions, or one); the caption always. The arrows'
names take part in the canvas's rule for names, the names keep clear of the caption, and the
canvas frames the scene and the wrong arrows with the foot of the drawing left to the caption.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QTransform

from ...text.names import subscript
from ..canvas.plane_coordinates import plane_point
from ..canvas.vector_item import PixelSize, VectorItem
from ..canvas.view_rect_item import ViewRectItem
from ..contract import Update
from ..theme import Theme, font_points
from .content import Line, caption, wrong

MARGIN_PX = 10.0
PAD_PX = 6.0


class MistakeItem(ViewRectItem):
    def __init__(self):
        super().__init__()
        self.setObjectName("mistakeItem")
        self._lang = "en"
        self._theme: Theme | None = None
        self._lines: list[Line] = []
        self._arrows: list[VectorItem] = []
        self._pixel: PixelSize | None = None  # the canvas's pixel, for the arrows
        self._fonts = {"title": QFont(), "code": QFont("monospace"), "plain": QFont()}
        self.setZValue(30)  # over the arrows: the caption must stay legible
        self.setVisible(False)

    # ---- the overlay contract ---------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        size = font_points(theme, 1.0)
        self._fonts["title"].setPointSizeF(size * 1.1)
        self._fonts["title"].setBold(True)
        # No smaller than the tick numbers: in a lecture hall those are the legible floor.
        self._fonts["code"].setPointSizeF(size)
        self._fonts["code"].setStyleHint(QFont.StyleHint.Monospace)
        self._fonts["plain"].setPointSizeF(size)
        for arrow in self._arrows:
            self._style(arrow)
        self.update()

    def _style(self, arrow: VectorItem) -> None:
        theme = self._theme
        label = QFont()
        label.setPointSizeF(font_points(theme, 1.4))
        label.setBold(True)
        arrow.set_style(theme.colour("output"), theme.stroke_px * 0.8, label, QColor(theme.background))

    def set_language(self, lang: str) -> None:
        self._lang = lang

    def render(self, update: Update) -> None:
        if update.mistake is None:
            if self.isVisible():
                self.setVisible(False)
                self._show_arrows([], update)
            return
        made = wrong(update)
        self._lines = caption(update, made, self._lang)
        outputs = []
        if made is not None and update.results.plane.shows_all:
            outputs = [row.output for row in made.rows]
        self._show_arrows(outputs, update)
        self.setVisible(True)
        self.update()

    # ---- reading back (tests) -----------------------------------------------------------------------

    def texts(self) -> list[str]:
        """The caption's lines and the arrows' names, as drawn."""
        return [line.text for line in self._lines] + [a.label for a in self._arrows if a.isVisible()]

    def arrows(self) -> list[VectorItem]:
        return [a for a in self._arrows if a.isVisible()]

    def fit_points(self) -> list[tuple[float, float]]:
        """The wrong outputs' tips, for the canvas to frame with the scene."""
        return [(arrow.tip.x(), arrow.tip.y()) for arrow in self.arrows()]

    # ---- room on the canvas -----------------------------------------------------------------------

    def keeps_clear(self, to_px: QTransform, bounds: QRectF) -> list[QRectF]:
        """The caption's box in the canvas's pixels: names keep clear of it, and a framing of the
        scene leaves the foot of the drawing to it."""
        if not self.isVisible() or not self._lines or self._theme is None:
            return []
        return [self._box(bounds)]

    def _box(self, view: QRectF) -> QRectF:
        """The caption's box at the lower left of `view` (pixels)."""
        width, height, _ = self._measure(view)
        return QRectF(view.left() + MARGIN_PX, view.bottom() - MARGIN_PX - height, width, height)

    def _measure(self, view: QRectF) -> tuple[float, float, list[float]]:
        room = max(120.0, view.width() - 2 * MARGIN_PX)
        natural = max(
            QFontMetricsF(self._fonts[line.role]).horizontalAdvance(line.text) for line in self._lines
        )
        width = min(room, natural + 2 * PAD_PX + 2)  # as wide as its longest line, if there is room
        heights = [
            QFontMetricsF(self._fonts[line.role])
            .boundingRect(QRectF(0, 0, width - 2 * PAD_PX, 1e4), _WRAP, line.text)
            .height()
            for line in self._lines
        ]
        return width, sum(heights) + 2 * PAD_PX, heights

    # ---- drawing ------------------------------------------------------------------------------------

    def _show_arrows(self, outputs, update: Update) -> None:
        while len(self._arrows) < len(outputs):
            if self._pixel is None:  # in the canvas's plane by now
                self._pixel = PixelSize()
                self._pixel.follow(self.getViewBox())
            arrow = VectorItem(QColor("purple"), "", self._pixel)
            arrow.set_flags(dashed=True, handle=False)
            arrow.setParentItem(self)
            self._arrows.append(arrow)
            if self._theme is not None:
                self._style(arrow)
        one = len(outputs) == 1
        for i, arrow in enumerate(self._arrows):
            output = outputs[i] if i < len(outputs) else None
            arrow.setVisible(output is not None)
            if output is None:
                continue
            arrow.set_points((0.0, 0.0), plane_point(update.results.plane, output))
            arrow.set_label("✗ Σw′v" if one else f"✗ o′{subscript(i + 1)}")

    def paint(self, painter: QPainter, *args) -> None:
        if not self._lines or self._theme is None:
            return
        theme = self._theme
        t = painter.transform()
        view = t.mapRect(self.boundingRect())
        painter.resetTransform()
        width, _, heights = self._measure(view)
        box = self._box(view)
        veil = QColor(theme.background)
        veil.setAlphaF(0.88)
        painter.fillRect(box, veil)
        painter.setPen(QPen(theme.colour("output"), max(1.5, theme.stroke_px * 0.5)))
        painter.drawRect(box)
        y = box.top() + PAD_PX
        for line, h in zip(self._lines, heights, strict=True):
            painter.setFont(self._fonts[line.role])
            ink = theme.output if line.role == "title" else theme.foreground
            painter.setPen(QColor(ink))
            painter.drawText(QRectF(box.left() + PAD_PX, y, width - 2 * PAD_PX, h), _WRAP, line.text)
            y += h
        painter.setTransform(t)


_WRAP = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
