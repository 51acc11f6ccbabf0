"""The canvas's names, in the order the rule for names (naming.py) places them.

The selected query's first, then the keys', the other queries', the output's (Σwᵢvᵢ), the
values' and the other rows' outputs'; all of them clear of the header and of θ. While a drag
lasts each name keeps its place by its tip; the drag's end places them all again. They are placed
when the canvas is next painted, or asked where its names are: a window that opens or is resized
changes its view several times before it is painted once. The names of
arrows drawn faint (the other queries, the values, the other rows' outputs) and the output's
are left out where a crowded drawing has no free place for them: the stage's numbers name
them too, and two names on each other could not be read at all.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetricsF

from ...model.scene import Kind
from .naming import Naming
from .vector_item import LABEL_GAP_PX


def name_room(font: QFont, stroke_px: float) -> float:
    """How far a name in `font` may reach past its tip, in pixels: what the frame leaves it at the
    view's edges."""
    return QFontMetricsF(font).height() + (LABEL_GAP_PX + 8.0) * max(1.0, stroke_px / 3.0)


class CanvasNames:
    def __init__(self, canvas, arrows, output, row_outputs, pair):
        self._naming = Naming()
        self._canvas, self._arrows, self._output = canvas, arrows, output
        self._row_outputs, self._pair = row_outputs, pair
        self._due = False
        self._overlay_names: list = []  # functions giving an overlay's named arrows (faint)
        self._keeps_clear: list = []  # functions giving the boxes an overlay writes over the drawing
        # After the view box's own (made before): the names are placed in the view as painted.
        canvas.scene().sigPrepareForPaint.connect(self.flush)

    @property
    def naming(self) -> Naming:
        """The names as placed (placed now, if they were due)."""
        self.flush()
        return self._naming

    def items(self) -> list:
        """Every named arrow, the most important first."""
        queries, selected = self._arrows.items[Kind.QUERY], self._arrows.selected_query
        first = [queries[selected]] if selected < len(queries) else []
        others = [item for i, item in enumerate(queries) if i != selected]
        keys, values = self._arrows.items[Kind.KEY], self._arrows.items[Kind.VALUE]
        return [*first, *keys, *others, self._output, *values, *self._row_outputs.items, *self._overlays()]

    def add_overlay(self, names, keeps_clear) -> None:
        """An overlay's named arrows and the boxes it writes over the drawing (either may be None)."""
        if names is not None:
            self._overlay_names.append(names)
        if keeps_clear is not None:
            self._keeps_clear.append(keeps_clear)

    def footer(self) -> float:
        """How many pixels, from the drawing's foot, the overlays write over it (framing.py leaves
        them free)."""
        canvas = self._canvas
        bounds = canvas.viewportTransform().mapRect(canvas.getPlotItem().getViewBox().sceneBoundingRect())
        boxes = [box for keeps_clear in self._keeps_clear for box in keeps_clear(self._to_px(), bounds)]
        return max((bounds.bottom() - box.top() for box in boxes), default=0.0)

    def _overlays(self) -> list:
        return [item for names in self._overlay_names for item in names()]

    def place(self) -> None:
        """Place every name again before the canvas is next painted."""
        self._due = True

    def _to_px(self):
        canvas = self._canvas
        return canvas.getPlotItem().getViewBox().childGroup.sceneTransform() * canvas.viewportTransform()

    def flush(self) -> None:
        if not self._due:
            return
        self._due = False
        canvas = self._canvas
        view = canvas.getPlotItem().getViewBox()
        to_px = self._to_px()
        bounds = canvas.viewportTransform().mapRect(view.sceneBoundingRect())
        taken = [canvas.header_rect(), self._pair.angle_label_rect(to_px)]
        taken += [box for keeps_clear in self._keeps_clear for box in keeps_clear(to_px, bounds)]
        queries, selected = self._arrows.items[Kind.QUERY], self._arrows.selected_query
        faint = [*self._arrows.items[Kind.VALUE], *self._row_outputs.items, self._output]
        faint += [item for i, item in enumerate(queries) if i != selected] + self._overlays()
        self._naming.lay_out(self.items(), to_px, taken, bounds, optional=set(faint))
