"""Painting one grid of the matrix panel (grid_view.GridView), on screen or into a picture.

The cells' colours are one image, a pixel per cell, scaled up without smoothing;
plain and masked cells are painted over it, then every number as a QStaticText
(laid out once per distinct text and kept), black or white on a colour, the
theme's ink elsewhere. Thin lines in the window's colour part the cells, and
the selected pair's cell is outlined twice, so that it shows on any colour.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QStaticText, QTransform

BLACK, WHITE = QColor("#000000"), QColor("#ffffff")
_STATIC_LIMIT = 4096  # laid-out texts kept; a long drag makes new ones at every step


def paint_grid(view, painter: QPainter, sx: int, sy: int, exposed: QRect, size: QSize, region=None) -> None:
    """Paint what lies in `exposed` of a view `size` scrolled by (sx, sy) (export: 0, 0, all);
    of the cells, only those in `region` when it is given (a drag's scattered cells)."""
    cells, ink = view.cells, view.ink
    rows, columns = cells.shape
    cw, ch, hw, hh = view.cell_w, view.cell_h, view.head_w, view.head_h
    x0, y0 = hw - sx, hh - sy
    content = QRect(x0, y0, columns * cw, rows * ch)  # beyond it the view shows the window's colour
    area = QRect(hw, hh, size.width() - hw, size.height() - hh).intersected(exposed).intersected(content)
    if rows and columns and not area.isEmpty():
        r0, r1 = max(0, (area.top() - y0) // ch), min(rows, (area.bottom() - y0) // ch + 1)
        c0, c1 = max(0, (area.left() - x0) // cw), min(columns, (area.right() - x0) // cw + 1)
        painter.save()
        painter.setClipRect(area)
        if cells.scale is None:
            painter.fillRect(area, ink["ground"])
        else:  # every cell's colour, the plain ones' too: one pixel per cell, scaled up
            image = QImage(cells.colours.data, columns, rows, columns * 4, QImage.Format.Format_RGBA8888)
            painter.drawImage(QRectF(x0, y0, columns * cw, rows * ch), image)
        covered = None
        if region is not None and region.rectCount() > 1:
            covered = set()
            for rect in region:
                a0, a1 = max(r0, (rect.top() - y0) // ch), min(r1, (rect.bottom() - y0) // ch + 1)
                b0, b1 = max(c0, (rect.left() - x0) // cw), min(c1, (rect.right() - x0) // cw + 1)
                covered.update((i, j) for i in range(a0, a1) for j in range(b0, b1))
        _paint_block(view, painter, x0, y0, r0, r1, c0, c1, covered)
        painter.restore()
    _paint_headers(view, painter, x0, y0, size, exposed)


def _paint_block(
    view, painter: QPainter, x0: int, y0: int, r0: int, r1: int, c0: int, c1: int, covered
) -> None:
    """The cells of rows r0 … r1 − 1, columns c0 … c1 − 1, over their colours: hatching, numbers,
    the lines between cells and the selected pair's outline. Mid-drag this runs for every cell
    that changed, so it asks little of Python per cell."""
    cells, ink, cw, ch = view.cells, view.ink, view.cell_w, view.cell_h
    for a, b in np.argwhere(cells.masked[r0:r1, c0:c1]).tolist():
        painter.fillRect(x0 + (c0 + b) * cw, y0 + (r0 + a) * ch, cw, ch, view.hatch_brush)
    inks = cells.ink[r0:r1, c0:c1].tolist()
    pens = (ink["foreground"], BLACK, WHITE)
    statics, texts, text_of = view.statics, cells._texts, cells.text
    current = None
    for a, i in enumerate(range(r0, r1)):
        y = y0 + i * ch
        band = cells.bands[i]
        if band:
            row = QRect(x0, y, cw * cells.shape[1], ch)
            painter.fillRect(row, ink["ground"])
            painter.setPen(ink["muted"])
            current = None
            text = painter.fontMetrics().elidedText(band, Qt.TextElideMode.ElideRight, row.width() - 6)
            painter.drawText(row.adjusted(6, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)
            continue
        row_texts, row_inks = texts[i], inks[a]
        for b, j in enumerate(range(c0, c1)):
            if covered is not None and (i, j) not in covered:
                continue  # not to be repainted: Qt would clip it away
            text = row_texts[j] or text_of(i, j)
            static = statics.get(text) or _static(view, text)
            pen = pens[row_inks[b]]
            if pen is not current:
                painter.setPen(pen)
                current = pen
            painter.drawStaticText(x0 + j * cw + static[1], y + static[2], static[0])
    painter.setPen(QPen(ink["background"], 1))
    for j in range(c0, c1 + 1):
        painter.drawLine(x0 + j * cw, y0 + r0 * ch, x0 + j * cw, y0 + r1 * ch)
    for i in range(r0, r1 + 1):
        painter.drawLine(x0 + c0 * cw, y0 + i * ch, x0 + c1 * cw, y0 + i * ch)
    si, sj = view.selected
    if r0 <= si < r1 and c0 <= sj < c1:
        rect = QRect(x0 + sj * cw, y0 + si * ch, cw, ch)
        painter.setPen(QPen(ink["foreground"], 2))
        painter.drawRect(rect.adjusted(1, 1, -1, -1))
        painter.setPen(QPen(ink["background"], 1))
        painter.drawRect(rect.adjusted(2, 2, -3, -3))


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
        for j, (label, role) in enumerate(zip(view.column_labels, view.column_inks, strict=True)):
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
        for i, label in enumerate(view.row_labels):
            painter.setFont(view.bold if i == view.selected[0] else view.font())
            painter.drawText(QRect(0, y0 + i * ch, hw, ch), centre, label)
        painter.restore()
