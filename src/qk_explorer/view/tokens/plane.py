"""The token plot wired to the scene: what the Tokens panel and presentation's stage share.

TokenPlane draws a scene's embeddings (with the selected pair's tokens marked),
B's unit circle when B is an inner product and, when asked, the images of the
unit square under W_Q and W_K — all worked out in the model. Dragging a tip
moves its embedding through the controller (drag_token_to): its query, key and
value move together as one drag, which every view takes as it takes a tip's
(the canvas paints it from its drag frame, the panels hold their labels), and
one drag is one undo step. Pointing at a tip selects the token's own pair (qᵢ against kᵢ: its
row and column of the matrix), as pointing at a cell of the matrix does
(widgets/pair_pointer.py); leaving returns.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ...model import Results, Scene
from ...model.scene import Kind
from ..contract import Update
from ..widgets.pair_pointer import PairPointer
from .plot import TokenPlot


class TokenPlane(QObject):
    outlined = Signal(bool, bool)  # drawn anew: whether B's unit circle, and the squares' images, are shown

    def __init__(self, controller, parent=None, pointing: bool = True):
        """With `pointing` False a tip under the pointer selects nothing (only a drag acts)."""
        super().__init__(parent)
        self._controller = controller
        self._scene: Scene | None = None
        self._results: Results | None = None
        self._withheld: frozenset[str] = frozenset()
        self.squares = False  # the images of the unit square are drawn
        self.pointer = PairPointer(controller, self)
        self.plot = TokenPlot()
        self.plot.began.connect(controller.begin_token_drag)
        self.plot.dragged.connect(self._dragged)
        self.plot.dropped.connect(self._dropped)
        if pointing:
            self.plot.pointed.connect(self._pointed)

    def render(self, update: Update) -> bool:
        """Draw the scene's tokens; False when there is nothing to draw (no tokens, or embeddings
        of other than two coordinates)."""
        scene, results, change = update.scene, update.results, update.change
        self._scene, self._results, self._withheld = scene, results, update.withheld
        tokens = scene.tokens
        if tokens is None:
            return False
        self.pointer.check((scene.selected_query, scene.selected_key))
        if tokens.d_model != 2:
            return False
        self.plot.show_tokens(tokens.labels, tokens.embeddings, {scene.selected_query, scene.selected_key})
        if change.everything or change.projections:  # B's circle and the squares follow the matrices
            self.redraw_outlines()
        if change.settings:
            self.fit()
        # A token's drag moves its query, key and value: the drag state names its query.
        in_hand = next(
            (r.index for r in update.drag.moving if r.kind is Kind.QUERY and r.index is not None), None
        )
        self.plot.set_in_hand(in_hand)
        return True

    def _drawn(self) -> bool:
        scene = self._scene
        return scene is not None and scene.tokens is not None and scene.tokens.d_model == 2

    def set_squares(self, on: bool) -> None:
        self.squares = on
        self.redraw_outlines()

    def redraw_outlines(self) -> None:
        if not self._drawn():
            return
        results = self._results
        # B's unit circle is there only when B is an inner product: withheld while a question asks.
        circle = None if "bilinear" in self._withheld else results.unit_circle
        self.plot.show_outline(self.plot.circle, circle)
        images = results.square_images if self.squares else None
        for name, item in self.plot.squares.items():
            self.plot.show_outline(item, None if images is None else images[name])
        self.outlined.emit(circle is not None, images is not None)

    def fit(self) -> None:
        """Frame the tips and the outlines drawn."""
        if not self._drawn():
            return
        results = self._results
        extra = [] if results.unit_circle is None or "bilinear" in self._withheld else [results.unit_circle]
        if self.squares and results.square_images is not None:
            extra.extend(results.square_images.values())
        self.plot.fit(extra)

    # ---- the pointer ----------------------------------------------------------------------

    def _dragged(self, token: int, tip, free: bool) -> None:
        self._controller.drag_token_to(token, tip, free)

    def _dropped(self) -> None:
        self._controller.end_drag()
        if self.plot.isVisible() and not self.plot.tips_in_sight():
            self.fit()

    def _pointed(self, token: int) -> None:
        if token >= 0:
            self.pointer.point(token, token)
        elif not self.plot.dragging:
            self.pointer.leave()
