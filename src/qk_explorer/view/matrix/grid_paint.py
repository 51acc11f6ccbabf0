"""Painting one grid of the matrix panel (grid_view.GridView), on screen or into a picture.

Mid-drag a paint covers the few cells that changed, so it asks little of Python
and Qt per cell. The lines' colour goes under all the cells painted, each cell's
own colour half a pixel in from its every side (so lines a pixel wide in the
window's colour part the cells, centred on their edges as a pen draws them, at
any device pixel ratio), then hatching where a cell is masked, then every number
as a QStaticText (laid out once per distinct text and kept), black or white on
a colour, the theme's ink elsewhere. A row in words is painted across the grid,
and the selected pair's cell is outlined twice, so that it shows on any colour.
Cells are filled one by one rather than from one small image of their colours
scaled up (docs/design.md, Measured pitfalls).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QStaticText, QTransform

BLACK, WHITE = QColor("#000000"), QColor("#ffffff")
_STATIC_LIMIT = 4096  # laid-out texts kept; a long drag makes new ones at every step


def paint_grid(view, painter: QPainter, sx: int, sy: int, exposed: QRect, size: QSize, region=None) -> None:
    """Paint what lies in `exposed` of a view `size` scrolled by (sx, sy) (export: 0, 0, all);
    of the cells, only those in `region` when it is given (a drag's scattered cells)."""
    rows, columns = view.cells.shape
    cw, ch, hw, hh = view.cell_w, view.cell_h, view.head_w, view.head_h
    x0, y0 = hw - sx, hh - sy
    content = QRect(x0, y0, columns * cw, rows * ch)  # beyond it the view shows the window's colour
    area = QRect(hw, hh, size.width() - hw, size.height() - hh).intersected(exposed).intersected(content)
    if rows and columns and not area.isEmpty():
        touched = set()
        for rect in [area] if region is None else region:
            rect = rect.intersected(area)
            if not rect.isEmpty():
                i0, i1 = (rect.top() - y0) // ch, (rect.bottom() - y0) // ch + 1
                j0, j1 = (rect.left() - x0) // cw, (rect.right() - x0) // cw + 1
                touched.update((i, j) for i in range(i0, i1) for j in range(j0, j1))
        painter.save()
        painter.setClipRect(area)  # and Qt clips to the region: only the touched cells change
        painter.fillRect(area, view.ink["background"])
        _paint_cells(view, painter, x0, y0, touched)
        if view.selected in touched:  # its outline stays inside it
            si, sj = view.selected
            rect = QRect(x0 + sj * cw, y0 + si * ch, cw, ch)
            painter.setPen(view.outline[0])
            painter.drawRect(rect.adjusted(1, 1, -1, -1))
            painter.setPen(view.outline[1])
            painter.drawRect(rect.adjusted(2, 2, -3, -3))
        painter.restore()
    if exposed.top() < view.head_h or exposed.left() < view.head_w:
        _paint_headers(view, painter, x0, y0, size, exposed)


def _paint_cells(view, painter: QPainter, x0: int, y0: int, touched: set[tuple[int, int]]) -> None:
    """The `touched` cells over the lines' colour: colour, hatching, number; rows in words."""
    cells, ink, cw, ch = view.cells, view.ink, view.cell_w, view.cell_h
    bands = cells.bands
    for i in sorted({i for i, _ in touched if bands[i]}):
        _paint_band(view, painter, x0, y0 + i * ch, bands[i])
    touched = [(i, j) for i, j in touched if not bands[i]]
    colours, fills = cells.colour.tolist(), view.fills
    painter.translate(-0.5, -0.5)  # whole pixels in, half a pixel from the lines' centres
    for i, j in touched:
        painter.fillRect(x0 + j * cw + 1, y0 + i * ch + 1, cw - 1, ch - 1, fills[colours[i][j]])
    painter.translate(0.5, 0.5)
    inks, masked, texts, text_of = cells.ink.tolist(), cells.masked.tolist(), cells.texts(), cells.text
    pens, statics = (ink["foreground"], BLACK, WHITE), view.statics
    current = None
    for i, j in touched:
        if masked[i][j]:
            painter.fillRect(QRectF(x0 + j * cw + 0.5, y0 + i * ch + 0.5, cw - 1, ch - 1), view.hatch_brush)
        text = texts[i][j] or text_of(i, j)
        static = statics.get(text) or _static(view, text)
        if pens[inks[i][j]] is not current:
            current = pens[inks[i][j]]
            painter.setPen(current)
        painter.drawStaticText(x0 + j * cw + static[1], y0 + i * ch + static[2], static[0])


def _paint_band(view, painter: QPainter, x0: int, y: int, band: str) -> None:
    """A row in words across the grid, under the lines that part its cells."""
    ink, cw, ch, columns = view.ink, view.cell_w, view.cell_h, view.cells.shape[1]
    row = QRect(x0, y, cw * columns, ch)
    painter.fillRect(row, ink["ground"])
    painter.setPen(ink["muted"])
    text = painter.fontMetrics().elidedText(band, Qt.TextElideMode.ElideRight, row.width() - 6)
    painter.drawText(row.adjusted(6, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)
    for top in (y, y + ch):
        painter.fillRect(QRectF(x0 - 0.5, top - 0.5, cw * columns + 1, 1), ink["background"])
    for j in range(columns + 1):
        painter.fillRect(QRectF(x0 + j * cw - 0.5, y - 0.5, 1, ch + 1), ink["background"])


def _static(view, text: str) -> tuple[QStaticText, int, int]:
    """`text` laid out once, with where it starts in its cell to sit in the middle."""
    if len(view.statics) > _STATIC_LIMIT:
        view.statics.clear()
    static = QStaticText(text)
    static.setTextFormat(Qt.TextFormat.PlainText)
    static.prepare(QTransform(), view.font())
    size = static.size()
    dx, dy = round((view.cell_w - size.width()) / 2), round((view.cell_h - size.height()) / 2)
    made = view.statics[text] = (static, dx, dy)
    return made


def _paint_headers(view, painter: QPainter, x0: int, y0: int, size: QSize, exposed: QRect) -> None:
    """The column labels across the top and the row labels down the side, where exposed (a drag
    repaints cells only: the labels are left alone)."""
    ink, cw, ch, hw, hh = view.ink, view.cell_w, view.cell_h, view.head_w, view.head_h
    ground = ink["highlight"] if view.highlighted else ink["panel"]
    centre = Qt.AlignmentFlag.AlignCenter
    rows, columns = view.cells.shape
    across = QRect(0, 0, min(size.width(), x0 + columns * cw), hh)
    down = QRect(0, hh, hw, min(size.height(), y0 + rows * ch) - hh)
    if across.intersects(exposed):
        painter.save()
        painter.fillRect(QRect(0, 0, hw, hh), ground)
        painter.setClipRect(QRect(hw, 0, across.width() - hw, hh))
        painter.fillRect(across, ground)
        for j in _shown(x0, cw, max(hw, exposed.left()), exposed.right(), len(view.column_labels)):
            label, role = view.column_labels[j], view.column_inks[j]
            rect = QRect(x0 + j * cw, 0, cw, hh)
            if j in view.highlighted_columns:
                painter.fillRect(rect, ink["highlight"])
            painter.setFont(view.bold if j == view.selected[1] else view.font())
            painter.setPen(ink[role])
            painter.drawText(rect, centre, label)
        painter.restore()
    if down.intersects(exposed):
        painter.save()
        painter.setClipRect(down)
        painter.fillRect(down, ground)
        painter.setPen(ink["query"])
        for i in _shown(y0, ch, max(hh, exposed.top()), exposed.bottom(), len(view.row_labels)):
            painter.setFont(view.bold if i == view.selected[0] else view.font())
            painter.drawText(QRect(0, y0 + i * ch, hw, ch), centre, view.row_labels[i])
        painter.restore()


def _shown(start: int, step: int, first: int, last: int, count: int) -> range:
    """The labels, `step` apart from `start`, that reach into pixels first … last: a 64 × 64 grid's
    128 labels are laid out only where they show."""
    return range(max(0, (first - start) // step), min(count, (last - start) // step + 1))
