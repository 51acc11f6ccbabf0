"""The least any panels could cost: what the drag budgets leave to them.

While q moves, the lesson, numbers and attention docks show some forty numbers
that change at every step. run.py's row "8+map floor" puts over each of those
docks one opaque surface that paints only those numbers, each as a run of
glyphs shaped once for the digits and signs (no label, no layout, no rich text,
no bar, one fill a step), formatted by the app's own text.numbers. Nothing real
panels do could cost less. The row "8+map still" leaves the panels as they
were: what the canvas alone costs. Neither row is a budget: they show what is
left to the panels under one. A scene of several queries (instructions.py
--queries 8 --panels floor) puts one over the matrix panel too, painting its
grids' numbers (those of the cells taking part: a masked cell's never change)
and its outputs, in as many columns as the scene has keys.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QGlyphRun, QPainter, QRawFont, QRegion
from PySide6.QtWidgets import QLabel, QWidget

from qk_explorer.text.numbers import angle, number

GLYPHS = "0123456789.,\u2212-()\u2014\u00b0 \u2026"
_SHAPE = str.maketrans("0123456789", "0000000000")  # digits are equally wide in the app's font
COLUMN = 110  # px: a column of numbers, right-aligned
MATRIX_COLUMN = 64  # px: a cell of the matrix panel's grids
DOCKS = ("lesson", "numbers", "attention")  # on screen at 1280×800, as the benchmark opens the app
COLUMNS = {"attention": 3}  # a key's score, logit and weight side by side, as in its table; else one


def dock_numbers(dock: str, scene, results, rows: int | None = None) -> list[str]:
    """The numbers `dock` shows that change while q moves, as the app formats them
    (of the attention table, its first `rows` rows: those in sight)."""
    pair, att = results.pair, results.attention
    if dock == "numbers":
        values = [*scene.query, pair.dot, pair.norm_q, pair.cosine, pair.cauchy_schwarz_ratio]
        values += [pair.scalar_projection, *pair.projection, *pair.perpendicular, pair.residual]
        return [number(v) for v in values] + [angle(pair.angle_deg)]
    if dock == "attention":
        texts = []
        for i, taking_part in enumerate(scene.mask[:rows]):
            weight = number(att.weights[i]) if taking_part else "0"  # as shown
            texts += [number(att.scores[i]), number(att.logits[i]), weight]
        return texts
    if dock == "matrix":
        return matrix_numbers(scene, results)
    return [number(v) for v in (*scene.query, *scene.query, pair.dot)]  # the lesson: q = (…) and q·k₁ = …


def matrix_numbers(scene, results) -> list[str]:
    """The matrix panel's numbers, grid by grid row by row: every score, the logits and weights
    of the cells taking part (a masked cell's logit and weight read the same at every step), and
    each row's output — as its grids format them."""
    m = results.matrix
    texts = [_cell_number(x) for row in m.scores for x in row]
    for grid in (m.logits, [row.weights for row in m.rows]):
        for row, mask in zip(grid, m.mask, strict=True):
            texts += [_cell_number(x) for x, on in zip(row, mask, strict=True) if on]
    return texts + [_cell_vector(tuple(o)) for o in m.outputs]


@functools.lru_cache(maxsize=4096)
def _cell_number(x: float) -> str:
    """Formatted once a value: a key's drag changes a column of scores, not every number."""
    from qk_explorer.view.matrix.content import PLACES

    return number(x, "en", PLACES)


@functools.lru_cache(maxsize=4096)
def _cell_vector(v: tuple[float, ...]) -> str:
    from qk_explorer.view.matrix.content import vector_text

    return vector_text(v, "en")


class FloorSurface(QWidget):
    """An opaque surface over a dock, painting its changing numbers as pre-shaped glyph runs."""

    def __init__(self, dock: str, parent: QWidget, rows: int | None = None, columns: int | None = None):
        super().__init__(parent)
        self.dock = dock
        self.rows = rows  # the attention table's rows in sight: mid-drag the others wait
        self._columns = columns or COLUMNS.get(dock, 1)
        self._width = MATRIX_COLUMN if dock == "matrix" else COLUMN
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._texts: list[str] = []
        font = self.font()
        self._run = QGlyphRun()
        raw = QRawFont.fromFont(font)
        self._run.setRawFont(raw)
        self._glyph = {c: raw.glyphIndexesForString(c)[0] for c in GLYPHS}
        self._advance = {c: raw.advancesForGlyphIndexes([self._glyph[c]])[0].x() for c in GLYPHS}
        metrics = QFontMetricsF(font)
        self._line = int(metrics.height()) + 4
        self._ascent = metrics.ascent()
        self._cells: list[tuple[QRect, float, float]] = []  # each number's place, right edge, baseline
        self._positions: dict[str, tuple[list[QPointF], float]] = {}  # by shape of text
        self._ink, self._paper = QColor("black"), QColor("white")
        self.setGeometry(parent.rect())
        self.raise_()
        self.show()

    def show_numbers(self, texts: list[str]) -> None:
        while len(self._cells) < len(texts):
            row, column = divmod(len(self._cells), self._columns)
            cell = QRect(10 + column * self._width, 10 + row * self._line, self._width, self._line)
            self._cells.append((cell, cell.right() + 1.0, cell.top() + 2 + self._ascent))
        changed = QRegion()
        before = self._texts
        for i, text in enumerate(texts):
            if i >= len(before) or before[i] != text:
                changed += self._cells[i][0]
        self._texts = texts
        if not changed.isEmpty():
            self.update(changed)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(event.rect(), self._paper)
        painter.setPen(self._ink)
        run, glyph = self._run, self._glyph
        exposed = event.region()
        for text, (cell, right, baseline) in zip(self._texts, self._cells, strict=False):
            if not exposed.intersects(cell):  # a number that did not change
                continue
            positions, width = self._positions_of(text)
            run.setGlyphIndexes([glyph[c] for c in text])
            run.setPositions(positions)
            painter.drawGlyphRun(QPointF(right - width, baseline), run)
        painter.end()

    def _positions_of(self, text: str) -> tuple[list[QPointF], float]:
        shape = text.translate(_SHAPE)
        found = self._positions.get(shape)
        if found is None:
            x, positions = 0.0, []
            for c in text:
                positions.append(QPointF(x, 0.0))
                x += self._advance[c]
            found = self._positions[shape] = (positions, x)
        return found


def still(window, live=()) -> None:
    """The panels keep what they show (but those named `live`): a step repaints the canvas alone."""
    for name, panel in window.panels.items():
        if name not in live:
            panel.render = lambda *_args: None


def matrix_still(window) -> None:
    """The matrix panel keeps what it shows, the other panels live: what the rest of a step costs."""
    window.panel("matrix").render = lambda *_args: None


def floor(window) -> list[FloorSurface]:
    """The panels keep still under floor surfaces that show their changing numbers instead; the
    token plane, a plane of arrows like the canvas, stays live."""
    _check_shown(window)
    still(window, live=("tokens",))
    table = window.panel("attention").table
    shown = table.viewport().visibleRegion().boundingRect()
    last = table.rowAt(shown.bottom())
    rows = table.rowCount() if last < 0 else last + 1  # the rows in sight, from the first
    surfaces = [
        FloorSurface(name, window.docks[name].widget(), rows if name == "attention" else None)
        for name in DOCKS
        if window.dock_shown(name)  # a token scene's Numbers make way for the token plane
    ]
    if window.dock_shown("matrix"):  # a scene of several queries: its grids' numbers too
        columns = window.controller.scene.key_count
        surfaces.append(FloorSurface("matrix", window.docks["matrix"].widget(), columns=columns))

    def show(scene, results) -> None:
        for surface in surfaces:
            surface.show_numbers(dock_numbers(surface.dock, scene, results, surface.rows))

    window.controller.updated.connect(lambda update: show(update.scene, update.results))
    show(window.controller.scene, window.controller.results)
    return surfaces


def _check_shown(window) -> None:
    """A floor that drew numbers the panels do not show would prove nothing: each must be there."""
    scene, results = window.controller.scene, window.controller.results
    docks = [name for name in DOCKS if window.dock_shown(name)]
    shown = {name: [w.text() for w in window.docks[name].widget().findChildren(QLabel)] for name in docks}
    if "attention" in shown:
        shown["attention"] += window.panel("attention").all_texts()
    if "lesson" in shown:
        shown["lesson"].append(window.panel("lesson").body_text())
    if window.dock_shown("matrix"):
        panel = window.panel("matrix")
        rows, columns = scene.query_count, scene.key_count
        shown["matrix"] = [
            panel.cell_text(grid, i, j)
            for grid in ("scores", "logits", "weights")
            for i in range(rows)
            for j in range(columns)
        ] + [panel.cell_text("outputs", i, 0) for i in range(rows)]
    for name, texts in shown.items():
        everything = " ".join(texts)
        missing = [text for text in dock_numbers(name, scene, results) if text not in everything]
        if missing:
            raise AssertionError(f"the {name} panel does not show {missing}")
