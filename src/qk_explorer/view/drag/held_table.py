"""A table of numbers that, mid-drag, paints the numbers that changed itself (the attention table's base).

At a step of a drag every score, logit and weight changes. Given to the table's items
and painted by QTableView, each cell went through the model, a style option, the
delegate's Python and back (some 90,000 instructions a cell, two dozen cells a step).
While the table is held (a drag), a changed cell is kept here, and the table
paints the cells it asked to repaint with paint_number_cell(), as the delegate would.
Their items get the numbers when the drag ends, or before Qt paints anything else of
the table (a row selected, a cell hovered, a paint that reaches beyond those cells).

With many rows most of the table is scrolled out of sight: while held, fill_rows()
fills only the rows in sight; the others wait until they are about to be painted,
are read (fill_waiting_rows) or the drag ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QRegion
from PySide6.QtWidgets import QTableWidget

from ..widgets.number_cell import BAR_COLOUR_ROLE, BAR_ROLE, NumberCellDelegate, paint_number_cell

# What a number cell shows: its text, its ink (as RGBA), its bar (a fraction) and the bar's colour.
Cell = tuple[str, int | None, float | None, str | None]
EMPTY: Cell = ("", None, None, None)
Filler = Callable[[Iterable[int]], None]  # fills the rows it is given with set_cell()


class HeldNumbersTable(QTableWidget):
    def __init__(self, columns: int, numeric_columns, parent=None):
        super().__init__(0, columns, parent)
        delegate = NumberCellDelegate(self)
        for c in numeric_columns:
            self.setItemDelegateForColumn(c, delegate)
        self._given: dict[tuple[int, int], Cell] = {}  # what each cell's item holds
        self._held: dict[tuple[int, int], Cell] = {}  # shown, not yet given to its item
        self._asked: set[tuple[int, int]] = set()  # cells whose repaint is asked for
        self._holding = False
        self._rects: dict[tuple[int, int], QRect] = {}  # in the viewport, until the layout changes
        self._inks: dict[int, QColor] = {}
        self._backgrounds: dict[int, QBrush | None] = {}  # a highlighted column's
        self._waiting: tuple[Filler, set[int]] | None = None  # rows left out mid-drag, and their filler
        self.horizontalHeader().sectionResized.connect(self._forget_rects)
        self.verticalHeader().sectionResized.connect(self._forget_rects)

    # ---- the cells' numbers --------------------------------------------------------------

    def set_cell(self, row: int, column: int, cell: Cell) -> None:
        key = (row, column)
        if self._held.get(key, self._given.get(key, EMPTY)) == cell:
            return
        self._asked.add(key)
        if self._holding:
            self._held[key] = cell
        else:
            self._give(key, cell)

    def cell(self, row: int, column: int) -> Cell:
        key = (row, column)
        return self._held.get(key, self._given.get(key, EMPTY))

    def repaint_changed(self) -> None:
        """Repaint the cells changed since the last repaint: while held only those, in one go;
        else the table, whose rows in sight are all Qt paints (a region made cell by cell cost
        more than it saved: every cell of a table just made has changed)."""
        if self._asked and not self._holding:
            self.viewport().update()
        elif self._asked:
            region = QRegion()
            for key in self._asked:
                region += self._rect(key)
            self.viewport().update(region)

    def forget_cells(self) -> None:
        """The rows were made anew: every item is blank."""
        self._given.clear()
        self._held.clear()
        self._asked.clear()
        self._waiting = None
        self._forget_rects()

    def hold(self, on: bool) -> None:
        """While held (a drag), changed numbers are painted here and given to the items later."""
        self._holding = on
        if not on:
            self.release()
            self.fill_waiting_rows()

    # ---- rows in sight ---------------------------------------------------------------------

    def fill_rows(self, filler: Filler) -> None:
        """Fill the rows (while held, those in sight) with `filler`, then repaint the cells that changed."""
        count = self.rowCount()
        rows = self._rows_crossing(self.viewport().visibleRegion().boundingRect()) if self._holding else None
        waiting = set(range(count)).difference(rows) if rows is not None else None
        self._waiting = (filler, waiting) if waiting else None
        self._fill_quietly(filler, range(count) if rows is None else rows, repaint=True)

    def fill_waiting_rows(self, within: QRect | None = None) -> None:
        """Fill rows left out mid-drag: all of them, or those crossing `within` (about to be painted)."""
        if self._waiting is None:
            return
        filler, waiting = self._waiting
        rows = waiting if within is None else waiting.intersection(self._rows_crossing(within))
        if not rows:
            return
        self._waiting = (filler, waiting - rows) if waiting - rows else None
        self._fill_quietly(filler, sorted(rows), repaint=within is None)

    def _fill_quietly(self, filler: Filler, rows, repaint: bool) -> None:
        # Many cells change at once while the user drags: let the model stay quiet and
        # repaint just those cells, in one go (the check boxes in between stay as they are).
        model = self.model()
        model.blockSignals(True)
        try:
            filler(rows)
        finally:
            model.blockSignals(False)
        if repaint:
            self.repaint_changed()

    def _rows_crossing(self, rect: QRect) -> range:
        first = self.rowAt(rect.top()) if not rect.isEmpty() else -1
        if first < 0:
            return range(0)
        last = self.rowAt(rect.bottom())
        return range(first, (self.rowCount() - 1 if last < 0 else last) + 1)

    def release(self) -> None:
        """Give the items the numbers shown (for Qt's painting, the accessibility tree, a test)."""
        if not self._held:
            return
        held, self._held = self._held, {}
        model = self.model()
        model.blockSignals(True)  # the cells show these numbers already: nothing to repaint
        try:
            for key, cell in held.items():
                self._give(key, cell)
        finally:
            model.blockSignals(False)

    def set_column_background(self, column: int, brush: QBrush) -> None:
        before = self._backgrounds.get(column)
        self._backgrounds[column] = brush if brush.style() != Qt.BrushStyle.NoBrush else None
        if before is None and self._backgrounds[column] is None:
            return  # none given, none to take away: a column not highlighted, or rows just made
        for r in range(self.rowCount()):
            item = self.item(r, column)
            if item is not None:
                item.setBackground(brush)

    # ---- painting ------------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        if self._waiting is not None:
            self.fill_waiting_rows(event.rect())  # rows scrolled into sight, before they are painted
        asked, self._asked = self._asked, set()
        if self._held and asked and self._paint_held(event.region(), asked):
            return
        self.release()
        super().paintEvent(event)

    def _paint_held(self, region: QRegion, asked) -> bool:
        """Paint the asked cells from what they show; False if the paint needs Qt (it reaches
        beyond them, or crosses a selected row, whose cells the style draws)."""
        selection = self.selectionModel()
        selected = {index.row() for index in selection.selectedIndexes()} if selection.hasSelection() else ()
        covered = QRegion()
        for key in asked:
            if key[0] in selected:
                return False
            covered += self._rect(key)
        if not region.subtracted(covered).isEmpty():
            return False
        painter = QPainter(self.viewport())
        font = self.font()
        text_ink = self.palette().text().color()
        for key in asked:
            text, ink, fraction, bar = self.cell(*key)
            rect = self._rect(key)
            brush = self._backgrounds.get(key[1])
            if brush is not None:
                painter.fillRect(rect, brush)
            paint_number_cell(painter, rect, text, self._ink(ink) if ink else text_ink, font, fraction, bar)
        painter.end()
        return True

    def _rect(self, key: tuple[int, int]) -> QRect:
        rect = self._rects.get(key)
        if rect is None:
            rect = self._rects[key] = self.visualRect(self.model().index(*key))
        return rect

    def _ink(self, rgba: int) -> QColor:
        colour = self._inks.get(rgba)
        if colour is None:
            colour = self._inks[rgba] = QColor.fromRgba(rgba)
        return colour

    def _forget_rects(self, *_args) -> None:
        self._rects.clear()

    def resizeEvent(self, event) -> None:
        self._forget_rects()
        super().resizeEvent(event)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self._forget_rects()
        super().scrollContentsBy(dx, dy)

    # ---- items ----------------------------------------------------------------------------

    def _give(self, key: tuple[int, int], cell: Cell) -> None:
        before = self._given.get(key, EMPTY)
        self._given[key] = cell
        item = self.item(*key)
        text, ink, bar, colour = cell
        if text != before[0]:
            item.setText(text)
        if ink is not None and ink != before[1]:
            item.setForeground(self._ink(ink))
        if bar is not None:
            if bar != before[2]:
                item.setData(BAR_ROLE, bar)
            if colour != before[3]:
                item.setData(BAR_COLOUR_ROLE, colour)
