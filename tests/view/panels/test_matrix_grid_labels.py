"""A grid's paint lays out only the row and column labels that show in what it paints."""

import numpy as np
from PySide6.QtCore import QRect, QSize

from qk_explorer.view.matrix.cells import SEQUENTIAL_MAP, ColourScale, GridCells
from qk_explorer.view.matrix.grid_paint import paint_grid
from qk_explorer.view.matrix.grid_view import GridView


class LabelRecorder:
    """Stands in for a QPainter: keeps the texts drawn with drawText, ignores the rest."""

    def __init__(self):
        self.texts: list[str] = []

    def drawText(self, rect, flags, text):
        self.texts.append(text)

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def grid_64(qapp) -> GridView:
    cells = GridCells(ColourScale(SEQUENTIAL_MAP, diverging=False))
    values = np.full((64, 64), 0.5)
    defined = np.ones(values.shape, dtype=bool)
    cells.set(values, defined, ~defined, [None] * 64)
    view = GridView("grid", cells)
    view.set_labels([f"q{i}" for i in range(64)], [f"k{j}" for j in range(64)], ["key"] * 64)
    return view


def labels_painted(view: GridView, sx: int, sy: int, exposed: QRect, size: QSize) -> list[str]:
    painter = LabelRecorder()
    paint_grid(view, painter, sx, sy, exposed, size)
    return painter.texts


def test_a_paint_lays_out_the_labels_in_sight_and_no_others(qapp):
    view = grid_64(qapp)
    cw, ch, hw, hh = view.cell_w, view.cell_h, view.head_w, view.head_h
    size = QSize(hw + 3 * cw, hh + 2 * ch)
    # Scrolled by half a cell each way: columns 5 … 8 and rows 10 … 12 show, in part.
    sx, sy = 5 * cw + cw // 2, 10 * ch + ch // 2
    texts = labels_painted(view, sx, sy, QRect(0, 0, size.width(), size.height()), size)
    assert texts == [f"k{j}" for j in range(5, 9)] + [f"q{i}" for i in range(10, 13)]


def test_a_picture_of_the_whole_grid_has_every_label(qapp):
    view = grid_64(qapp)
    size = view.full_size()
    texts = labels_painted(view, 0, 0, QRect(0, 0, size.width(), size.height()), size)
    assert texts == [f"k{j}" for j in range(64)] + [f"q{i}" for i in range(64)]
