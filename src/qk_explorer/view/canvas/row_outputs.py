"""The other queries' outputs: oᵢ = Σⱼ wᵢⱼ vⱼ for every row of the matrix but the selected one.

The selected query's output is the canvas's own Σwᵢvᵢ arrow. Each other row's output is drawn
where the values are drawn, dashed and pale in the query colour and named oᵢ, so a scene of
several queries shows that each query makes its own weighted sum of the same values. They
lie in a layer of their own: a drag of the selected query leaves them standing (its row alone
changes, and that is the Σwᵢvᵢ arrow), a key's, a value's or a token's drag moves them all:
while it lasts they are drawn as one path, without their names (drag/bulk_arrows.py; the
canvas lifts that out of the layer, as the arrow in hand), and on release as before.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

from ...model import Results, Scene
from ...model.change import SceneChange
from ...model.scene import Kind
from ...text.names import subscript
from ..drag.bulk_arrows import BulkArrows
from ..theme import Theme
from .plane_coordinates import plane_point, plane_points
from .vector_item import PixelSize, VectorItem


def moves_every_output(moving) -> bool:
    """Whether a drag of `moving` moves every other row's output: a key or a value does."""
    return any(ref.kind is not Kind.QUERY for ref in moving)


class RowOutputs:
    def __init__(self, layer, pixel: PixelSize):
        self.layer = layer
        self.items: list[VectorItem] = []  # one per query; the selected one's stays hidden
        self._style: tuple[Theme, QFont] | None = None
        self._pixel = pixel  # its layer lies on the arrows', untransformed: one pixel for all
        self.bulk = BulkArrows()  # while a drag moves them all
        self.bulk.setParentItem(layer)

    def set_style(self, theme: Theme, font: QFont) -> None:
        self._style = (theme, font)
        for item in self.items:
            self._set_style(item)

    def _set_style(self, item: VectorItem) -> None:
        theme, font = self._style
        halo = QColor(theme.background)
        item.set_style(theme.colour("query"), theme.stroke_px * 0.8, font, halo, theme.faded)

    def show(
        self, scene: Scene, results: Results, plane, change: SceneChange, shown: bool, bulk: bool = False
    ) -> None:
        """Draw every row's output but the selected one's; `bulk`: a drag moves them all."""
        count = scene.query_count if shown else 0
        if count == 1:
            count = 0  # one query: its output is the Σwᵢvᵢ arrow
        if len(self.items) != count:
            self._sync(count)
        elif not (
            change.everything
            or change.selection
            or scene.dimension > 2
            or self._others_moved(scene, change)
            or bulk != self.bulk.isVisible()
        ):
            return  # the selected query moved: only its own output, the Σwᵢvᵢ arrow, changed
        if bulk and count:
            self._show_bulk(scene, results, plane)
            return
        self.bulk.hide()
        if not count:
            return
        outputs = results.matrix.outputs
        for i, item in enumerate(self.items):
            output = outputs[i]
            item.setVisible(i != scene.selected_query and output is not None)
            if item.isVisible():
                item.set_points((0.0, 0.0), plane_point(plane, output))

    def _show_bulk(self, scene: Scene, results: Results, plane) -> None:
        """As one path, without names: the outputs of the rows that have one."""
        arrays = results.matrix.arrays
        drawn = arrays.weighed
        drawn[scene.selected_query] = False
        outputs = arrays.outputs[drawn]
        tips = outputs if scene.dimension == 2 else plane_points(plane, outputs.tolist())
        if not self.bulk.isVisible():
            for item in self.items:
                item.hide()
            self.bulk.show()
        self.bulk.set_arrows(tips, self.items[0].look())

    @staticmethod
    def _others_moved(scene: Scene, change: SceneChange) -> bool:
        """Whether anything but the selected query moved: a key, a value or another query."""
        return any(
            r.kind is not Kind.QUERY or (r.index is not None and r.index != scene.selected_query)
            for r in change.moved
        )

    def _sync(self, count: int) -> None:
        while len(self.items) < count:
            item = VectorItem(QColor("gray"), "o" + subscript(len(self.items) + 1), self._pixel, self.layer)
            item.set_flags(dashed=True, faded=True, handle=False)
            if self._style is not None:
                self._set_style(item)
            self.items.append(item)
        while len(self.items) > count:
            item = self.items.pop()
            if item.scene() is not None:
                item.scene().removeItem(item)
