"""Large type drawn from pictures of its glyphs, as Qt draws it.

Qt's painter keeps a glyph it has drawn only up to 64 device pixels; a bigger one (the stage's
numbers and the canvas's header at 3840 × 2160) is hinted and filled from the font's outline at
every paint. A drag shows the same few digits at every step, so each glyph is drawn once by Qt
itself into a picture at the screen's pixel ratio, at its sub-pixel phase, and copied from then on.
The glyphs and their places come from the text layout Qt makes for the text: a live label's lines
(draw_text, as QPainter.drawText sets them), the canvas header's runs (draw_runs). A number in a
font whose figures and signs sit side by side as their advances say (no kerning or ligature between
any two of them: checked once a font, on a layout of every pair) is placed from those advances,
without a text layout at each paint: that layout was most of what a label cost. A wrapped number
(the stage's dot product) is set on the lines a text layout broke the first text of its shape into.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGlyphRun,
    QImage,
    QPaintEngine,
    QPainter,
    QRawFont,
    QTextLayout,
    QTextOption,
    QTransform,
)

CACHED_GLYPH_PX = 64  # Qt's painter keeps glyphs up to this size (QT_MAX_CACHED_GLYPH_SIZE)
PHASES = 64  # glyph positions are kept in 1/64 of a pixel (QFixed)
PAD = 2  # device pixels round a glyph's box, for antialiasing
LIMIT = 2000  # pictures kept; a drag of q on the stage at 3840 × 2160 makes some 500
FIGURE = re.compile(r"\d")
SIDE_BY_SIDE = "0123456789.,−-+=()%°·→∞ "  # what numbers are written with (a masked logit: → −∞)


_TOO_BIG: dict[tuple[str, float], bool] = {}  # the header asks at every paint


def too_big_for_qts_cache(font: QFont, ratio: float) -> bool:
    key = (font.key(), ratio)
    if key not in _TOO_BIG:
        _TOO_BIG[key] = QRawFont.fromFont(font).pixelSize() * ratio > CACHED_GLYPH_PX
    return _TOO_BIG[key]


def draws_for(painter: QPainter, font: QFont) -> bool:
    """Whether pictures should draw `font` through `painter`: type too big for Qt's glyph cache, on
    pixels (not into a vector file), moved but neither scaled nor turned."""
    return (
        too_big_for_qts_cache(font, painter.device().devicePixelRatioF())
        and painter.paintEngine().type() == QPaintEngine.Type.Raster
        and painter.transform().type().value <= QTransform.TransformationType.TxTranslate.value
    )


def _option(wrap: QTextOption.WrapMode) -> QTextOption:
    option = QTextOption()
    option.setWrapMode(wrap)
    return option


_ONE_LINE, _WRAPPING = _option(QTextOption.WrapMode.NoWrap), _option(QTextOption.WrapMode.WordWrap)


class _Figures:
    """A font's glyphs for SIDE_BY_SIDE's characters, each with its advance, where a text layout
    places each of them at the sum of the advances before it."""

    def __init__(self, raw: QRawFont, glyphs: dict[str, tuple[int, float]], baseline: float):
        self.raw, self.glyphs, self.baseline = raw, glyphs, baseline
        # Texts alike but for their figures then break into lines alike: the figures are as wide,
        # and none reaches out of its advance (where a layout may break a line for its ink).
        figures = [glyphs[d] for d in "0123456789" if d in glyphs]
        self.even = len({advance for _, advance in figures}) == 1 and all(
            raw.boundingRect(glyph).right() <= advance for glyph, advance in figures
        )

    @staticmethod
    def of(font: QFont, device) -> _Figures | None:
        """Measured on a line holding every ordered pair of the characters the font has; None when
        a pair is shaped otherwise (kerned, joined, or from another font)."""
        has = QRawFont.fromFont(font).supportsCharacter
        chars = [c for c in SIDE_BY_SIDE if has(ord(c))]  # (given as a str, one beyond ASCII reads False)
        sample = "".join(a + b for a in chars for b in chars)
        layout = QTextLayout(sample, font, device)
        layout.setTextOption(_ONE_LINE)
        layout.beginLayout()
        line = layout.createLine()
        layout.endLayout()
        runs = line.glyphRuns()
        if len(runs) != 1 or len(runs[0].glyphIndexes()) != len(sample):
            return None
        run = runs[0]
        positions = run.positions()
        glyphs: dict[str, tuple[int, float]] = {}
        for ch, glyph, here, there in zip(sample, run.glyphIndexes(), positions, positions[1:]):
            if glyphs.setdefault(ch, (glyph, there.x() - here.x())) != (glyph, there.x() - here.x()):
                return None
        if len({p.y() for p in positions}) != 1:
            return None
        return _Figures(run.rawFont(), glyphs, positions[0].y())


def picture_key(raw: QRawFont, colour: QColor, ratio: float) -> tuple:
    return (raw.familyName(), raw.styleName(), raw.pixelSize(), raw.weight(), colour.rgba(), ratio)


class GlyphPictures:
    def __init__(self):
        self._pictures: dict[tuple, tuple[QImage, int, int]] = {}
        self._boxes: dict[tuple, QRectF] = {}  # a glyph's box, the same at each of its phases
        self._figures: dict[tuple, _Figures | None] = {}  # by font and pixel ratio
        # Where a wrapped number's text layout broke its lines, by font, pixel ratio, width and the
        # text's shape (its figures as 0): at every step of a drag it is the same.
        self._breaks: dict[tuple, list[tuple[int, int, float]]] = {}

    def number_line(
        self, painter: QPainter, rect, alignment, font: QFont, colour: QColor
    ) -> NumberLine | None:
        """Numbers at the top left or right of `rect` as `painter` stands, in `font` and `colour`; None
        for a font whose figures and signs do not sit side by side."""
        ratio = painter.device().devicePixelRatioF()
        key = (font.key(), ratio)
        if key not in self._figures:
            self._figures[key] = _Figures.of(font, painter.device())
        figures = self._figures[key]
        if figures is None:
            return None
        moved = painter.transform()
        return NumberLine(
            self, figures, rect, bool(alignment & Qt.AlignmentFlag.AlignRight), moved, colour, ratio
        )

    def draw_text(
        self, painter: QPainter, rect, alignment, text: str, font: QFont, colour: QColor, wraps: bool
    ):
        """Draw plain text at the top left or right of rect as painter.drawText(rect, alignment, text)
        would, broken at its spaces where it `wraps`."""
        device = painter.device()
        numbers = self.number_line(painter, rect, alignment, font, colour)
        shape = (font.key(), device.devicePixelRatioF(), rect.width(), FIGURE.sub("0", text))
        if numbers is not None:
            moved = painter.transform()
            drawn = numbers.draw(painter, text) or (
                wraps and shape in self._breaks and numbers.draw_lines(painter, text, self._breaks[shape])
            )
            painter.setTransform(moved)
            if drawn:
                return
        layout = QTextLayout(text, font, device)
        layout.setTextOption(_WRAPPING if wraps else _ONE_LINE)
        width, lines, top = rect.width(), [], 0.0
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            if lines:  # drawText sets a further line a leading below the last, on a whole pixel
                top = math.ceil(top + QFontMetricsF(font, device).leading())
                line.setPosition(QPointF(0.0, top))
            top += line.ascent() + line.descent()
            lines.append(line)
        layout.endLayout()
        if numbers is not None and numbers.even and len(lines) > 1:
            if len(self._breaks) >= LIMIT:
                self._breaks.clear()
            self._breaks[shape] = [(n.textStart(), n.textStart() + n.textLength(), n.y()) for n in lines]
        right = bool(alignment & Qt.AlignmentFlag.AlignRight)
        for line in lines:
            x = rect.x() + (width - line.naturalTextWidth() if right else 0.0)
            self.draw_runs(painter, ((run, colour) for run in line.glyphRuns()), QPointF(x, rect.y()))

    def draw_runs(self, painter: QPainter, runs, origin: QPointF) -> None:
        """Draw glyph runs, each in its colour ((run, colour) pairs), their positions from `origin`,
        as painter.drawGlyphRun would; the painter may be moved, not scaled (draws_for)."""
        ratio = painter.device().devicePixelRatioF()
        moved = painter.transform()
        painter.save()
        painter.setTransform(QTransform.fromScale(1 / ratio, 1 / ratio))  # in device pixels
        x, y = (origin.x() + moved.dx()) * ratio, (origin.y() + moved.dy()) * ratio
        for run, colour in runs:
            self._draw_run(painter, run, x, y, colour, ratio)
        painter.restore()

    def _draw_run(self, painter: QPainter, run: QGlyphRun, x: float, y: float, colour: QColor, ratio: float):
        """The run from (x, y) in device pixels: each glyph's picture copied to a whole pixel."""
        raw = run.rawFont()
        font_key = picture_key(raw, colour, ratio)
        pictures, draw, floor = self._pictures, painter.drawImage, math.floor
        for glyph, position in zip(run.glyphIndexes(), run.positions()):
            # Where the glyph's origin falls, split into whole pixels and a phase.
            dx, dy = x + position.x() * ratio, y + position.y() * ratio
            fx, fy = floor(dx), floor(dy)
            phase = (round((dx - fx) * PHASES), round((dy - fy) * PHASES))
            key = (font_key, glyph, phase)
            image, left, top = pictures.get(key) or self._make(key, raw, phase, colour, ratio)
            draw(fx + left, fy + top, image)

    def _make(self, key, raw: QRawFont, phase, colour: QColor, ratio: float):
        font_key, glyph, _ = key
        box = self._boxes.get((font_key, glyph))
        if box is None:  # the outline's, taken once: the hinted metrics may leave out an edge
            box = self._boxes[(font_key, glyph)] = raw.boundingRect(glyph).united(
                raw.pathForGlyph(glyph).boundingRect()
            )
        # The picture's corner, in device pixels from the glyph's origin at phase 0.
        left = math.floor(box.left() * ratio) - PAD
        top = math.floor(box.top() * ratio) - PAD
        width = math.ceil(box.right() * ratio) + PAD + 1 - left
        height = math.ceil(box.bottom() * ratio) + PAD + 1 - top
        image = QImage(max(1, width), max(1, height), QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        image.fill(Qt.GlobalColor.transparent)
        one = QGlyphRun()
        one.setRawFont(raw)
        one.setGlyphIndexes([glyph])
        origin = QPointF((phase[0] / PHASES - left) / ratio, (phase[1] / PHASES - top) / ratio)
        one.setPositions([origin])
        painter = QPainter(image)
        painter.setPen(colour)
        painter.drawGlyphRun(QPointF(0, 0), one)
        painter.end()
        image.setDevicePixelRatio(1.0)  # copied pixel for pixel
        if len(self._pictures) >= LIMIT:
            self._pictures.clear()
        self._pictures[key] = (image, left, top)
        return self._pictures[key]


class NumberLine:
    """Numbers on one line at the top left or right of a rectangle, each glyph placed at the sum of
    the advances before it: what the text layout would find, worked out without one. A held label
    keeps one while its room and colour stay as they are."""

    def __init__(self, pictures: GlyphPictures, figures: _Figures, rect, right: bool, moved, colour, ratio):
        self._pictures, self._glyphs, self._raw = pictures, figures.glyphs, figures.raw
        self._left, self._width, self._right, self._dx = rect.x(), rect.width(), right, moved.dx()
        self._y = (rect.y() + moved.dy()) * ratio + figures.baseline * ratio  # as draw_runs works it out
        self.even = figures.even
        self._colour, self._ratio = colour, ratio
        self._font_key = picture_key(figures.raw, colour, ratio)
        self._in_device_pixels = QTransform.fromScale(1 / ratio, 1 / ratio)

    def draw(self, painter: QPainter, text: str) -> bool:
        """Draw `text`, leaving the painter in device pixels; False, and nothing drawn, for a text
        _placed does not place."""
        if (line := self._placed(text)) is None:
            return False
        painter.setTransform(self._in_device_pixels)
        self._draw(painter, *line, self._y)
        return True

    def draw_lines(self, painter: QPainter, text: str, lines) -> bool:
        """Draw `text` broken into lines ((start, end, top) each, top from the first line's in whole
        pixels) as a text layout broke a text of the same shape, each but the last after a space it
        leaves out; False, and nothing drawn, for a line _placed does not place."""
        pieces = [
            (text[start:end].rstrip(" ") if end < len(text) else text[start:], top)
            for start, end, top in lines
        ]
        placed = [(self._placed(piece), top) for piece, top in pieces]
        if any(line is None for line, _ in placed):
            return False
        painter.setTransform(self._in_device_pixels)
        for (glyphs, width), top in placed:
            self._draw(painter, glyphs, width, self._y + top * self._ratio)
        return True

    def _placed(self, text: str) -> tuple[list[tuple[int, float]], float] | None:
        """Each glyph of `text` and where it starts, and the text's width; None for a text with
        another character, spaces at an end, or too wide for one line."""
        glyphs, placed, width = self._glyphs, [], 0.0
        for ch in text:
            known = glyphs.get(ch)
            if known is None:
                return None
            placed.append((known[0], width))
            width += known[1]
        if width > self._width or text[:1] == " " or text[-1:] == " ":  # a layout leaves end spaces out
            return None
        return placed, width

    def _draw(self, painter: QPainter, placed, width: float, y: float) -> None:
        """The glyphs of a line whose baseline is at `y` device pixels."""
        ratio, floor = self._ratio, math.floor
        top = floor(y)
        phase_y = round((y - top) * PHASES)
        x = (self._left + (self._width - width if self._right else 0.0) + self._dx) * ratio
        draw, font_key, raw, colour = painter.drawImage, self._font_key, self._raw, self._colour
        kept, make = self._pictures._pictures, self._pictures._make
        for glyph, at in placed:
            dx = x + at * ratio
            fx = floor(dx)
            phase = (round((dx - fx) * PHASES), phase_y)
            key = (font_key, glyph, phase)
            image, left, corner = kept.get(key) or make(key, raw, phase, colour, ratio)
            draw(fx + left, top + corner, image)


PICTURES = GlyphPictures()  # one for the app: the stage's labels and the header show the same digits
