"""One grid of the matrix panel: rows of queries, columns of keys, a number in every cell.

A scroll area that paints its cells itself (grid_paint.py): each cell filled
with its colour, the masked cells hatched, each number as a QStaticText laid
out once per distinct text. The row and column headers stay in place while the
cells scroll. Only the cells that changed are repainted, each on its own: the
panel passes the block GridCells.set() reports, and GridCells.dirty names them.

The pointer: moving over a cell reports it (hovered), a press on a cell reports
it with the keys held (clicked), Esc reports itself (escaped). A header reports
its row or column with −1 for the other.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPalette, QPen, QStaticText
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QStyle, QToolTip

from ...model.scene import UI_MAX_QUERIES
from ..theme import Theme
from .cells import GROUND, Block, GridCells
from .grid_paint import BLACK, WHITE, paint_grid

PADDING = 6  # pixels around a cell's text, across
SHOWN_COLUMNS = 9  # the widest a grid asks to be: 8 keys and Σ


def mix(a: str, b: str, amount: float) -> QColor:
    """`amount` of the way from colour a to colour b."""
    ca, cb = QColor(a), QColor(b)
    return QColor.fromRgbF(*[x + (y - x) * amount for x, y in zip(ca.getRgbF()[:3], cb.getRgbF()[:3])])


class GridView(QAbstractScrollArea):
    hovered = Signal(int, int)  # row, column under the pointer (−1: the header across)
    clicked = Signal(int, int, object)  # row, column, the keyboard modifiers held
    escaped = Signal()

    def __init__(self, name: str, cells: GridCells, parent=None):
        super().__init__(parent)
        self.setObjectName(name)
        self.cells = cells
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.viewport().setMouseTracking(True)
        self.viewport().setBackgroundRole(QPalette.ColorRole.Window)  # around the cells: the panel's
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.row_labels: list[str] = []
        self.column_labels: list[str] = []
        self.column_inks: list[str] = []  # the role colour of each column's label
        self.tooltip = None  # (row, column) -> str, set by the panel
        self.template = "−0.00"  # the widest text a cell should hold
        self.selected: tuple[int, int] = (-1, -1)
        self.highlighted = False
        self.highlighted_columns: frozenset[int] = frozenset()
        self.ink: dict[str, QColor] = {}
        self.hatch_brush = QBrush()
        self.outline = (QPen(), QPen())  # the selected pair's cell: outside, inside
        # Each cell's ground by its entry in cells.colour: the scale's table, and last (GROUND) the plain one.
        self.fills = [*(() if cells.scale is None else cells.scale.fills), QColor()]
        self._hover: tuple[int, int] | None = None
        self._bands: tuple[str, ...] = ()
        self.statics: dict[str, tuple[QStaticText, float, float]] = {}
        self.cell_w = self.cell_h = self.head_w = self.head_h = 1
        self.bold = QFont()
        self.set_theme_colours(None)
        self._measure()

    # ---- content and looks -----------------------------------------------------------------

    def set_labels(self, rows: list[str], columns: list[str], column_inks: list[str]) -> None:
        if (rows, columns, column_inks) != (self.row_labels, self.column_labels, self.column_inks):
            self.row_labels, self.column_labels, self.column_inks = rows, columns, column_inks
            self._measure()

    def fit_bands(self) -> None:
        """Widen the cells if a row in words (GridCells.bands) needs more room than they give."""
        bands = tuple(b for b in self.cells.bands if b)
        if bands != self._bands:
            self._bands = bands
            self._measure()

    def set_template(self, text: str) -> None:
        if text != self.template:
            self.template = text
            self._measure()

    def set_theme_colours(self, theme: Theme | None) -> None:
        names = ("background", "panel", "foreground", "muted", "query", "key", "output", "highlight")
        fallback = ("#ffffff", "#f5f5f5", "#1a1a1a", "#5c5c5c", "#b44f00", "#0072b2", "#b24481", "#fff3c4")
        self.ink = {n: QColor(getattr(theme, n) if theme else f) for n, f in zip(names, fallback)}
        ground = "background" if theme is None or theme.dark else "panel"
        self.ink["ground"] = self.ink[ground]  # plain cells: Σ, a masked cell's ground, words
        self.ink["hatch"] = mix(self.ink["ground"].name(), self.ink["foreground"].name(), 0.28)
        self.hatch_brush = QBrush(self.ink["hatch"], Qt.BrushStyle.BDiagPattern)
        self.fills[GROUND] = self.ink["ground"]
        self.outline = (QPen(self.ink["foreground"], 2), QPen(self.ink["background"], 1))
        self.viewport().update()

    def cell_inks(self, i: int, j: int) -> tuple[QColor, QColor, QColor | None]:
        """(text, ground, hatch lines or None) of a cell as painted: for contrast checks."""
        cells = self.cells
        if i < len(cells.bands) and cells.bands[i]:
            return self.ink["muted"], self.ink["ground"], None
        text = (self.ink["foreground"], BLACK, WHITE)[int(cells.ink[i, j])]
        ground = self.fills[cells.colour[i, j]]
        return text, ground, self.ink["hatch"] if cells.masked[i, j] else None

    def header_inks(self) -> list[tuple[QColor, QColor]]:
        """(text, ground) of every row and column label as painted: for contrast checks."""
        ground = self.ink["highlight"] if self.highlighted else self.ink["panel"]
        inks = [(self.ink["query"], ground) for _ in self.row_labels]
        for j, role in enumerate(self.column_inks):
            inks.append((self.ink[role], self.ink["highlight"] if j in self.highlighted_columns else ground))
        return inks

    # ---- geometry -------------------------------------------------------------------------

    def _measure(self) -> None:
        metrics = QFontMetrics(self.font())
        self.bold = QFont(self.font())
        self.bold.setBold(True)
        bold = QFontMetrics(self.bold)
        self.cell_h = metrics.height() + 8
        self.cell_w = self._cell_width(self.template)
        self.head_w = max([bold.horizontalAdvance(t) for t in self.row_labels] or [0]) + PADDING
        self.head_h = self.cell_h
        self.statics.clear()
        self.updateGeometry()
        self._lay_out()
        self.viewport().update()

    def _cell_width(self, template: str) -> int:
        """A cell's width for `template`, the widest text it should hold, and its column's label."""
        metrics, bold = QFontMetrics(self.font()), QFontMetrics(self.bold)
        widest = max([metrics.horizontalAdvance(t) for t in (template, "−∞", "0.00")])
        labels = [bold.horizontalAdvance(t) for t in self.column_labels] or [0]
        width = max(widest, max(labels)) + PADDING
        columns = max(1, self.cells.shape[1])
        for band in self._bands:  # a row in words fits across the grid
            width = max(width, -(-(metrics.horizontalAdvance(band) + PADDING) // columns))
        return width

    def width_for(self, template: str) -> int:
        """The width the grid would ask for (sizeHint) if `template` were the widest text of a cell."""
        return self._hint_width(self._cell_width(template))

    def full_size(self) -> QSize:
        rows, columns = self.cells.shape
        return QSize(self.head_w + columns * self.cell_w, self.head_h + rows * self.cell_h)

    def sizeHint(self) -> QSize:
        """The whole grid, but at most SHOWN_COLUMNS columns wide: the grids of a large matrix
        (from a file) share the room alike and scroll."""
        return QSize(self._hint_width(self.cell_w), self.full_size().height() + 2 * self.frameWidth())

    def _hint_width(self, cell_w: int) -> int:
        columns = min(self.cells.shape[1], SHOWN_COLUMNS)
        return self.head_w + columns * cell_w + self._down_bar() + 2 * self.frameWidth()

    def minimumSizeHint(self) -> QSize:
        """Two columns, and every row of a matrix the interface makes (up to UI_MAX_QUERIES), with
        room for a scroll bar across when the columns do not fit."""
        rows, columns = self.cells.shape
        bar = self.horizontalScrollBar().sizeHint().height()
        width = min(self.full_size().width(), self.head_w + min(columns, 2) * self.cell_w)
        shown = rows if rows <= UI_MAX_QUERIES else 2
        return QSize(width + self._down_bar(), self.head_h + shown * self.cell_h + bar)

    def _down_bar(self) -> int:
        """The room a scroll bar down takes: a matrix of more rows than the interface makes scrolls."""
        if self.cells.shape[0] <= UI_MAX_QUERIES:
            return 0
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def _lay_out(self) -> None:
        """Scroll ranges from the room there is without scroll bars, so that two bars shown while
        the grid was small do not keep each other once it has room (each takes the other's)."""
        full, room = self.full_size(), self.maximumViewportSize()
        extent = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        across = full.width() > room.width()
        down = full.height() > room.height() or (across and full.height() > room.height() - extent)
        across = across or (down and full.width() > room.width() - extent)
        width, height = room.width() - extent * down, room.height() - extent * across
        for bar, extra, page in (
            (self.horizontalScrollBar(), full.width() - width, width - self.head_w),
            (self.verticalScrollBar(), full.height() - height, height - self.head_h),
        ):
            bar.setRange(0, max(0, extra))
            bar.setPageStep(max(1, page))
            bar.setSingleStep(self.cell_h)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._measure()

    def cell_rect(self, i: int, j: int) -> QRect:
        """Where cell (i, j) is in the viewport (it may lie outside, scrolled away)."""
        x = self.head_w + j * self.cell_w - self.horizontalScrollBar().value()
        y = self.head_h + i * self.cell_h - self.verticalScrollBar().value()
        return QRect(x, y, self.cell_w, self.cell_h)

    def cell_at(self, point) -> tuple[int, int] | None:
        rows, columns = self.cells.shape
        x, y = point.x(), point.y()
        j = (x - self.head_w + self.horizontalScrollBar().value()) // self.cell_w if x >= self.head_w else -1
        i = (y - self.head_h + self.verticalScrollBar().value()) // self.cell_h if y >= self.head_h else -1
        if (i, j) == (-1, -1) or i >= rows or j >= columns:
            return None
        return int(i), int(j)

    def refresh(self, block: Block | None) -> None:
        """Repaint the cells of `block` (and nothing when it is None): only the cells in
        `cells.dirty` when it names them, each where it shows between the headers."""
        if block is None:
            return
        r0, r1, c0, c1 = block
        dirty = self.cells.dirty
        if dirty is None:
            cells = [(r0, c0, r1 - r0, c1 - c0)]
        else:
            cells = [(i, j, 1, 1) for i, j in zip(dirty[0].tolist(), dirty[1].tolist(), strict=True)]
        view, cw, ch, hw, hh = self.viewport(), self.cell_w, self.cell_h, self.head_w, self.head_h
        sx, sy = self.horizontalScrollBar().value(), self.verticalScrollBar().value()
        width, height = view.width(), view.height()
        for i, j, rows, columns in cells:
            x, y = hw + j * cw - sx, hh + i * ch - sy
            left, top = max(x, hw), max(y, hh)
            right, bottom = min(x + columns * cw, width), min(y + rows * ch, height)
            if right > left and bottom > top:
                view.update(left, top, right - left, bottom - top)

    def select(self, cell: tuple[int, int]) -> None:
        """Outline the selected pair's cell and mark its row and column headers."""
        if cell != self.selected:
            self.selected = cell
            self.viewport().update()

    # ---- input ------------------------------------------------------------------------

    def mouseMoveEvent(self, event) -> None:
        cell = self.cell_at(event.position().toPoint())
        if cell is not None and cell != self._hover:
            self._hover = cell
            self.hovered.emit(*cell)

    def mousePressEvent(self, event) -> None:
        cell = self.cell_at(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and cell is not None and min(cell) >= 0:
            self.clicked.emit(cell[0], cell[1], event.modifiers())
        event.accept()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escaped.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def viewportEvent(self, event) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Leave:
            self._hover = None
        elif kind == QEvent.Type.ToolTip and self.tooltip is not None:
            cell = self.cell_at(event.pos())
            text = "" if cell is None or min(cell) < 0 else self.tooltip(*cell)
            QToolTip.showText(event.globalPos(), text, self.viewport()) if text else QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    # ---- painting -----------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        painter = QPainter(self.viewport())
        sx, sy = self.horizontalScrollBar().value(), self.verticalScrollBar().value()
        paint_grid(self, painter, sx, sy, event.rect(), self.viewport().size(), event.region())
        painter.end()

    def paint_whole(self, painter: QPainter) -> None:
        """Every cell and header, unscrolled, from (0, 0): for a picture of the grid."""
        size = self.full_size()
        paint_grid(self, painter, 0, 0, QRect(0, 0, size.width(), size.height()), size)
