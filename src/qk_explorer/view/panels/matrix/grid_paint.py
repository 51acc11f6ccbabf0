"""Painting one grid of the matrix panel (grid_view.GridView), on screen or into a picture.

The cells' colours are one image, a pixel per cell, scaled up without smoothing;
plain and masked cells are painted over it, then every number as a QStaticText
(laid out once per distinct text and kept), black or white on a colour, the
theme's ink elsewhere. Thin lines in the window's colour part the cells, and
the selected pair's cell is outlined twice, so that it shows on any colour.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QStaticText, QTransform

BLACK, WHITE = QColor("#000000"), QColor("#ffffff")
_STATIC_LIMIT = 4096  # laid-out texts kept; a long drag makes new ones at every step


def paint_grid(view, painter: QPainter, sx: int, sy: int, exposed: QRect, size: QSize) -> None:
    """Paint what lies in `exposed` of a view `size` scrolled by (sx, sy) (export: 0, 0, all)."""
    cells, ink = view.cells, view.ink
    rows, columns = cells.shape
    cw, ch, hw, hh = view.cell_w, view.cell_h, view.head_w, view.head_h
    area = QRect(hw, hh, size.width() - hw, size.height() - hh).intersected(exposed)
    x0, y0 = hw - sx, hh - sy
    if rows and columns and not area.isEmpty():
        r0, r1 = max(0, (area.top() - y0) // ch), min(rows, (area.bottom() - y0) // ch + 1)
        c0, c1 = max(0, (area.left() - x0) // cw), min(columns, (area.right() - x0) // cw + 1)
        painter.save()
        painter.setClipRect(area)
        painter.fillRect(area, ink["ground"])
        if cells.scale is not None:
            image = QImage(cells.colours.data, columns, rows, columns * 4, QImage.Format.Format_RGBA8888)
            painter.drawImage(QRectF(x0, y0, columns * cw, rows * ch), image)
        _paint_block(view, painter, x0, y0, r0, r1, c0, c1)
        painter.restore()
    _paint_headers(view, painter, x0, y0, size, exposed)


def _paint_block(view, painter: QPainter, x0: int, y0: int, r0: int, r1: int, c0: int, c1: int) -> None:
    cells, ink, cw, ch = view.cells, view.ink, view.cell_w, view.cell_h
    coloured = cells.defined[r0:r1, c0:c1] & ~cells.masked[r0:r1, c0:c1]
    if cells.scale is None:
        coloured[:] = False
    for j in cells.neutral:
        if c0 <= j < c1:
            coloured[:, j - c0] = False
    coloured, light = coloured.tolist(), cells.light[r0:r1, c0:c1].tolist()
    masked = cells.masked[r0:r1, c0:c1].tolist()
    pens = (ink["foreground"], BLACK, WHITE)
    current = None
    for a, i in enumerate(range(r0, r1)):
        y = y0 + i * ch
        if cells.bands[i]:
            row = QRect(x0, y, cw * cells.shape[1], ch)
            painter.fillRect(row, ink["ground"])
            painter.setPen(ink["muted"])
            current = None
            text = painter.fontMetrics().elidedText(cells.bands[i], Qt.TextElideMode.ElideRight, row.width())
            painter.drawText(row.adjusted(6, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)
            continue
        for b, j in enumerate(range(c0, c1)):
            x = x0 + j * cw
            if not coloured[a][b]:
                painter.fillRect(x, y, cw, ch, ink["ground"])
                if masked[a][b]:
                    painter.fillRect(x, y, cw, ch, view.hatch_brush)
                pen = pens[0]
            else:
                pen = pens[2] if light[a][b] else pens[1]
            text = cells.text(i, j)
            static = view.statics.get(text) or _static(view, text)
            if pen is not current:
                painter.setPen(pen)
                current = pen
            painter.drawStaticText(QPointF(x + (cw - static[1]) / 2, y + (ch - static[2]) / 2), static[0])
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


def _static(view, text: str) -> tuple[QStaticText, float, float]:
    if len(view.statics) > _STATIC_LIMIT:
        view.statics.clear()
    static = QStaticText(text)
    static.setTextFormat(Qt.TextFormat.PlainText)
    static.prepare(QTransform(), view.font())
    size = static.size()
    made = view.statics[text] = (static, size.width(), size.height())
    return made


def _paint_headers(view, painter: QPainter, x0: int, y0: int, size: QSize, exposed: QRect) -> None:
    """The column labels across the top and the row labels down the side, where exposed (a drag
    repaints cells only: the labels are left alone)."""
    ink, cw, ch, hw, hh = view.ink, view.cell_w, view.cell_h, view.head_w, view.head_h
    ground = ink["highlight"] if view.highlighted else ink["panel"]
    centre = Qt.AlignmentFlag.AlignCenter
    across, down = QRect(0, 0, size.width(), hh), QRect(0, hh, hw, size.height() - hh)
    if across.intersects(exposed):
        painter.save()
        painter.fillRect(QRect(0, 0, hw, hh), ground)
        painter.setClipRect(QRect(hw, 0, size.width() - hw, hh))
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
