"""Large type drawn from pictures of its glyphs, as Qt draws it.

Qt's painter keeps a glyph it has drawn only up to 64 device pixels; a bigger one (the stage's
numbers and the canvas's header at 3840 × 2160) is hinted and filled from the font's outline at
every paint. A drag shows the same few digits at every step, so each glyph is drawn once by Qt
itself into a picture at the screen's pixel ratio, at its sub-pixel phase, and copied from then on.
The glyphs and their places come from the text layout Qt makes for the text: a live label's lines
(draw_text, as QPainter.drawText sets them), the canvas header's runs (draw_runs). A number in a
font whose figures and signs sit side by side as their advances say (no kerning or ligature between
any two of them: checked once a font, on a layout of every pair) is placed from those advances,
without a text layout at each paint: that layout was most of what a label cost.
"""

from __future__ import annotations

import math

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
        line = self.number_line(painter, rect, alignment, font, colour)
        if line is not None:
            moved = painter.transform()
            drawn = line.draw(painter, text)
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
        y = (rect.y() + moved.dy()) * ratio + figures.baseline * ratio  # as draw_runs works it out
        self._top = math.floor(y)
        self._phase_y = round((y - self._top) * PHASES)
        self._colour, self._ratio = colour, ratio
        self._font_key = picture_key(figures.raw, colour, ratio)
        self._in_device_pixels = QTransform.fromScale(1 / ratio, 1 / ratio)

    def draw(self, painter: QPainter, text: str) -> bool:
        """Draw `text`, leaving the painter in device pixels; False, and nothing drawn, for a text
        with another character, spaces at an end, or too wide for one line."""
        glyphs, placed, width = self._glyphs, [], 0.0
        for ch in text:
            known = glyphs.get(ch)
            if known is None:
                return False
            placed.append((known[0], width))  # the glyph and where it starts
            width += known[1]
        if width > self._width or text[:1] == " " or text[-1:] == " ":  # a layout leaves end spaces out
            return False
        ratio, floor, phase_y, top = self._ratio, math.floor, self._phase_y, self._top
        x = (self._left + (self._width - width if self._right else 0.0) + self._dx) * ratio
        painter.setTransform(self._in_device_pixels)
        draw, font_key, raw, colour = painter.drawImage, self._font_key, self._raw, self._colour
        kept, make = self._pictures._pictures, self._pictures._make
        for glyph, at in placed:
            dx = x + at * ratio
            fx = floor(dx)
            phase = (round((dx - fx) * PHASES), phase_y)
            key = (font_key, glyph, phase)
            image, left, corner = kept.get(key) or make(key, raw, phase, colour, ratio)
            draw(fx + left, top + corner, image)
        return True


PICTURES = GlyphPictures()  # one for the app: the stage's labels and the header show the same digits
