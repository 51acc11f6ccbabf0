"""The scene's vectors as arrows from the origin: one layer of arrows per kind of vector.

The values lie under the queries, the queries under the keys, each kind in a Layer of its own
(a drag paints from pictures of the layers). Every query is drawn: the selected one (its row
of the matrix, the one the pair and the panels speak of) in full colour, the others paler;
pressing one selects it. An arrow is brought up to date when what it
shows changes: the vectors a SceneChange names as moved, or every arrow after a bigger change
(and in n > 2 dimensions, where the drawn plane turns with q).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QColor, QFont

from ...model import Scene
from ...model.change import SceneChange
from ...model.scene import QUERY, Kind, VectorRef, query_ref
from ...text.names import query_label, subscript
from ..drag.layer import Layer
from ..theme import Theme
from .plane_coordinates import plane_point
from .vector_item import PixelSize, VectorItem

# Bottom to top, with each layer's z: a key is drawn over q where they cross.
LAYERS = ((Kind.VALUE, "values", 15), (Kind.QUERY, "queries", 20), (Kind.KEY, "keys", 20))
_LETTER = {Kind.QUERY: "q", Kind.KEY: "k", Kind.VALUE: "v"}


def vectors_of(scene: Scene, kind: Kind) -> tuple:
    """The scene's vectors of one kind, in order."""
    if kind is Kind.QUERY:
        return scene.queries
    return scene.keys if kind is Kind.KEY else scene.values


class Arrows:
    def __init__(self):
        self.layers = {kind: Layer(name) for kind, name, _ in LAYERS}
        self.items: dict[Kind, list[VectorItem]] = {kind: [] for kind, _, _ in LAYERS}
        self._style: tuple[Theme, QFont] | None = None
        self._draws_values = None
        self.selected_query = 0  # the arrow QUERY names
        # The layers lie one on another, untransformed: one pixel's size for all (and the other
        # rows' outputs, row_outputs.py), followed as the view changes.
        self.pixel = PixelSize()

    def item(self, ref: VectorRef) -> VectorItem:
        index = self.selected_query if ref.index is None else ref.index
        return self.items[ref.kind][index]

    def handles(self):
        """(ref, arrow) of every arrow shown, the pointer's favourite last (it wins ties): the
        other queries, the values, the keys, then the selected query as QUERY."""
        queries = self.items[Kind.QUERY]
        for i, item in enumerate(queries):
            if i != self.selected_query and item.isVisible():
                yield query_ref(i), item
        for kind in (Kind.VALUE, Kind.KEY):
            for i, item in enumerate(self.items[kind]):
                if item.isVisible():
                    yield VectorRef(kind, i), item
        yield QUERY, queries[self.selected_query]

    def set_style(self, theme: Theme, font: QFont) -> None:
        self._style = (theme, font)
        for kind, items in self.items.items():
            for item in items:
                self._set_style(item, kind)

    def _set_style(self, item: VectorItem, kind: Kind) -> None:
        theme, font = self._style
        width = theme.stroke_px * (0.8 if kind is Kind.VALUE else 1.0)
        item.set_style(theme.colour(kind.value), width, font, QColor(theme.background), theme.faded)

    def show(
        self,
        scene: Scene,
        plane,
        change: SceneChange,
        active: VectorRef,
        draws_values: bool,
        dim: Callable[[str], bool],
    ) -> None:
        """Draw the scene's vectors: those `change` moved, or all of them for a bigger change."""
        if change.everything:  # the only change that adds or removes vectors
            self._sync(scene)
        every = change.everything or change.selection or scene.dimension > 2
        every = every or draws_values != self._draws_values
        self._draws_values = draws_values
        self.selected_query = scene.selected_query
        refs = [r for r in change.moved if r.index is not None]  # QUERY is there by its index too
        if every:
            refs = [VectorRef(k, i) for k, items in self.items.items() for i in range(len(items))]
        active_query = scene.query_index(active) if active.kind is Kind.QUERY else None
        for ref in refs:
            item = self.item(ref)
            masked = ref.kind is not Kind.QUERY and not scene.mask[ref.index]
            if ref.kind is Kind.QUERY:
                shown, faded = True, dim("q") or ref.index != scene.selected_query
            elif ref.kind is Kind.KEY:
                shown, faded = plane.shows_all or ref.index == scene.selected_key, masked or dim("keys")
            else:
                shown, faded = draws_values, True
            item.setVisible(shown)
            if shown:
                item.set_points((0.0, 0.0), plane_point(plane, scene.vector(ref)))
                is_active = active == ref or (ref.kind is Kind.QUERY and ref.index == active_query)
                item.set_flags(dashed=masked, faded=faded, active=is_active)

    def _sync(self, scene: Scene) -> None:
        """As many arrows of each kind as the scene has vectors."""
        for kind, items in self.items.items():
            count = len(vectors_of(scene, kind))
            while len(items) < count:
                label = f"{_LETTER[kind]}{subscript(len(items) + 1)}"
                item = VectorItem(QColor("gray"), label, self.pixel, self.layers[kind])
                items.append(item)
                if self._style is not None:
                    self._set_style(item, kind)
            while len(items) > count:
                item = items.pop()
                if item.scene() is not None:
                    item.scene().removeItem(item)
        queries = self.items[Kind.QUERY]
        for i, item in enumerate(queries):
            item.set_label(query_label(i, len(queries)))
