"""A picture of the matrix panel's grids: every cell, however few of them the dock shows.

The grids are painted whole (unscrolled) side by side under their titles, with
the notes that say how to read them underneath, on the theme's background and
at twice the screen's resolution unless that would make a huge image.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage, QPainter

GAP = 16
MAX_SIDE = 12000  # pixels; a 64 × 64 matrix is painted at a lower resolution to stay under it


def grids_picture(panel, ratio: float = 2.0) -> QImage:
    """The panel's grids (panel.grids, in order) with their titles and notes, as one image; a masked
    logit as its number then −∞, even while the panel has room for −∞ alone."""
    with panel.grids_area.masked_logits_whole():
        return _picture(panel, ratio)


def _picture(panel, ratio: float) -> QImage:
    grids = [(name, grid) for name, grid in panel.grids.items() if not grid.isHidden()]
    metrics = QFontMetrics(panel.font())
    flags = Qt.TextFlag.TextWordWrap
    widths, sizes = [], []
    for name, grid in grids:
        size = grid.full_size()
        text = panel.titles[name].text()
        title = metrics.boundingRect(QRect(0, 0, max(size.width(), 120), 1000), flags, text)
        widths.append(max(size.width(), title.width()))
        sizes.append(size)
    title_h = max(
        metrics.boundingRect(QRect(0, 0, w, 1000), flags, panel.titles[n].text()).height()
        for w, (n, _) in zip(widths, grids, strict=True)
    )
    width = sum(widths) + GAP * (len(grids) + 1)
    notes = panel.picture_notes()
    notes_h = metrics.boundingRect(QRect(0, 0, width - 2 * GAP, 10000), flags, notes).height()
    grids_h = max(s.height() for s in sizes)
    height = GAP + title_h + 4 + grids_h + GAP + notes_h + GAP
    ratio = max(0.25, min(ratio, MAX_SIDE / width, MAX_SIDE / height))
    image = QImage(round(width * ratio), round(height * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    ink = grids[0][1].ink
    image.fill(ink.get("background", QColor("white")))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.setFont(panel.font())
    x = GAP
    for (name, grid), w, size in zip(grids, widths, sizes, strict=True):
        painter.setPen(ink["foreground"])
        bottom = flags | Qt.AlignmentFlag.AlignBottom
        painter.drawText(QRect(x, GAP, w, title_h), bottom, panel.titles[name].text())
        painter.save()
        painter.translate(x, GAP + title_h + 4)
        painter.setClipRect(QRect(0, 0, size.width(), size.height()))
        grid.paint_whole(painter)
        painter.restore()
        x += w + GAP
    painter.setPen(ink["foreground"])
    painter.drawText(QRect(GAP, GAP + title_h + 4 + grids_h + GAP, width - 2 * GAP, notes_h), flags, notes)
    painter.end()
    return image


def picture_size(panel) -> QSize:
    """The picture's size in pixels at the default resolution (for tests and the file dialog)."""
    return grids_picture(panel).size()
