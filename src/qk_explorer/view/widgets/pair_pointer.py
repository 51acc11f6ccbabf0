"""Pointing at the matrix: a cell under the pointer is the selected pair; a click pins it.

Hovering cell (i, j) selects qᵢ and kⱼ through the controller (a selection, not
an edit), so the canvas draws that pair's projection and angle and the Numbers
panel shows its numbers. Leaving the grids returns to the pinned pair, or else
to the pair selected before the pointer came. Esc, or a click on the pinned
cell, releases the pin. A selection made elsewhere meanwhile (a key picked in
another panel, an undo) ends it all: the pointer then forgets where to return.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

Pair = tuple[int, int]  # (query, key)


class PairPointer(QObject):
    pinChanged = Signal(object)  # the pinned pair, or None

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self._controller = controller
        self.pinned: Pair | None = None
        self.inside = False
        self._before: Pair | None = None  # where to return
        self._asked: Pair | None = None  # what was selected from here last

    def current(self) -> Pair:
        scene = self._controller.scene
        return scene.selected_query, scene.selected_key

    def point(self, query: int, key: int) -> None:
        """The pointer is over (query, key); −1 for either keeps what is selected."""
        selected = self.current()
        pair = (selected[0] if query < 0 else query, selected[1] if key < 0 else key)
        if self._before is None:
            self._before = selected
        self.inside = True
        self._ask(pair)

    def leave(self) -> None:
        """The pointer left the grids: back to the pinned pair, or to where it all began."""
        if not self.inside:
            return
        self.inside = False
        target = self.pinned or self._before
        if target is not None:
            self._ask(target)
        if self.pinned is None:
            self._before = self._asked = None

    def pin(self, pair: Pair) -> None:
        """Pin `pair` (a click on it); a click on the pinned pair releases it."""
        if pair == self.pinned:
            self.release()
            return
        if self._before is None:
            self._before = self.current()
        self.pinned = pair
        self._ask(pair)
        self.pinChanged.emit(pair)

    def release(self) -> None:
        """Esc: no pair pinned. Away from the grids, the selection goes back to where it was."""
        if self.pinned is None:
            return
        self.pinned = None
        self.pinChanged.emit(None)
        if not self.inside:
            target, self._before = self._before, None
            if target is not None:
                self._ask(target)
            self._asked = None

    def check(self, selected: Pair) -> None:
        """A new scene: when its selection is not the one asked for here, forget everything."""
        if self._asked is not None and selected != self._asked:
            self._before = self._asked = None
            self.inside = False
            if self.pinned is not None:
                self.pinned = None
                self.pinChanged.emit(None)

    def _ask(self, pair: Pair) -> None:
        self._asked = pair
        self._controller.select_pair(*pair)
