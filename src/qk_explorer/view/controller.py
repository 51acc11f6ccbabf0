"""SceneController: owns the current Scene, applies edits through undo, recomputes once.

Views never change the scene themselves: they call a method here. Each edit makes a new
immutable Scene, pushes it on the QUndoStack (the steps of one drag or one run of arrow-key
nudges are one undo step), computes Results once and emits one `updated(Update)`: the scene,
its results, what differs from the scene before (views redraw only that) and the drag state.
Several steps (a key selected is also the tip in hand; a drag begun) are one update.

A lesson page is not an edit: show_page() puts a step's scene on screen
without an undo step, so paging through the lesson does not fill the history;
like a file just opened, the page is a scene as loaded (the undo stack's clean
state): unmodified, and an edit made on it and undone is the page again. Every
undo step remembers the `context` it was made in (the lesson item on screen, or
None), and an undo or redo says which context the scene it brings back belongs
to (historyMoved), so the lesson can follow.

What an open check question withholds, and a common mistake to draw beside the
right computation, are no edits either: withhold() and show_mistake() tell every
view at once, in the Update, and redraw in full.
"""

from __future__ import annotations

import functools
import itertools
from contextlib import contextmanager

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..model import Results, Scene, compute
from ..model import scene as edits
from ..model.change import EVERYTHING, NOTHING, SceneChange, scene_change
from ..model.scene import QUERY, Kind, VectorRef, key_ref, query_ref, value_ref
from . import words
from .contract import DragState, Update
from .token_edits import TokenEdits

DEFAULT_SNAP_STEP = 0.5


def _one_update(method):
    """The operation's steps (a new scene, another tip in hand, a drag begun) make one update."""

    @functools.wraps(method)
    def batched(self, *args, **kwargs):
        with self._steps():
            return method(self, *args, **kwargs)

    return batched


class _SceneEdit(QUndoCommand):
    def __init__(
        self, controller: SceneController, before: Scene, after: Scene, text: str, merge_key, context
    ):
        super().__init__(text)
        self._controller = controller
        self.before = before
        self.after = after
        self.merge_key = merge_key
        self.context = context

    def redo(self) -> None:
        self._controller._show(self.after)
        self._controller._history_moved(self.context)

    def undo(self) -> None:
        self._controller._show(self.before)
        self._controller._history_moved(self.context)


class SceneController(TokenEdits, QObject):
    updated = Signal(object)  # Update: one per change, for every view
    historyMoved = Signal(object)  # an undo or redo showed a scene made in this context
    placed = Signal(object)  # a tip put somewhere not by the pointer (added, typed): to bring into sight

    def __init__(self, scene: Scene, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self._scene = scene
        self._results = compute(scene)
        self._active: VectorRef = QUERY
        self._depth = 0  # operations in progress: their steps make one update
        self._pending: SceneChange | None = None  # what the update being made says changed
        self._turned = False  # a drag began or ended since the last update
        self._serial = itertools.count(1)
        self._drag_key = None
        self._drag_plane = None
        self._moving: tuple[VectorRef, ...] = ()
        self._last_merge_key = None
        self._pushing = False
        self._withheld: frozenset[str] = frozenset()
        self._mistake = None  # a model.practice Mistake drawn beside the right computation
        self.context = None  # where new undo steps are made (a lesson item's id), told back on undo
        self._page_index: int | None = None  # the stack's index when a lesson page became the scene
        self.undo_stack.indexChanged.connect(self._index_moved)
        self.snap_step = DEFAULT_SNAP_STEP
        self.snap_enabled = True

    # ---- reading ------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self._scene

    @property
    def results(self) -> Results:
        return self._results

    @property
    def active(self) -> VectorRef:
        return self._active

    @property
    def update(self) -> Update:
        """The scene as views are told it now (drawn in full: for a view that is just made)."""
        drag = DragState(self._active, self._moving)
        return Update(self._scene, self._results, EVERYTHING, drag, self._withheld, self._mistake)

    @property
    def withheld(self) -> frozenset[str]:
        return self._withheld

    @property
    def mistake(self):
        return self._mistake

    # ---- what views withhold and which mistake they draw (not edits) -------------------

    def withhold(self, ids=frozenset()) -> None:
        """Withhold these quantities (an open question's `asks`) on every view; none: show all."""
        ids = frozenset(ids)
        if ids != self._withheld:
            self._withheld = ids
            self._queue(EVERYTHING)

    def show_mistake(self, mistake=None) -> None:
        """Draw a common mistake (model.practice Mistake) beside the right computation; None: none."""
        if mistake != self._mistake:
            self._mistake = mistake
            self._queue(EVERYTHING)

    # ---- editing ------------------------------------------------------------

    def edit(self, after: Scene, text: str, merge_key=None) -> None:
        """Make `after` the scene as one undoable step (or part of the step `merge_key`)."""
        self._last_merge_key = merge_key
        if after == self._scene:
            return
        top = self._step_to_extend(merge_key)
        if top is not None:
            top.after = after
            self._show(after)
            return
        self._pushing = True  # push() runs the step's redo(): that is no move in the history
        try:
            self.undo_stack.push(_SceneEdit(self, self._scene, after, text, merge_key, self.context))
        finally:
            self._pushing = False

    def _step_to_extend(self, merge_key) -> _SceneEdit | None:
        """The undo step `merge_key` is still adding to (a drag, a run of nudges), if it is on top.

        Extended in place rather than by pushing a command for QUndoStack to merge:
        PySide6 keeps every merged command alive, about 0.7 KB per step of a drag.
        As QUndoStack does, a step saved as clean is not extended; nor one whose scene is
        no longer on screen (a lesson page came after it).
        """
        stack = self.undo_stack
        if merge_key is None or stack.index() != stack.count() or stack.index() == stack.cleanIndex():
            return None
        top = stack.command(stack.index() - 1)
        if isinstance(top, _SceneEdit) and top.merge_key == merge_key and top.after is self._scene:
            return top
        return None

    @_one_update
    def load(self, scene: Scene, text: str | None = None) -> None:
        """Replace the whole scene in one undo step (a file, a preset, a lesson step)."""
        self.edit(scene, text or self.tr("Open scene"), None)
        self._set_active(
            QUERY if self._active.kind is Kind.QUERY or not scene.has(self._active) else self._active
        )

    @_one_update
    def show_page(self, scene: Scene) -> None:
        """Show `scene` as a lesson page: no undo step, the history stays as it was, and the page
        counts as unmodified. The next edit starts an undo step of its own."""
        self._last_merge_key = None
        if scene != self._scene:
            self._show(scene)
            self.undo_stack.setClean()
            self._page_index = self.undo_stack.index()
        self._set_active(
            QUERY if self._active.kind is Kind.QUERY or not scene.has(self._active) else self._active
        )

    def set_vector(self, ref: VectorRef, coordinates) -> None:
        self._typed_place(ref, edits.with_vector(self._scene, ref, coordinates))

    def set_coordinate(self, ref: VectorRef, axis: int, x: float) -> None:
        self._typed_place(ref, edits.with_coordinate(self._scene, ref, axis, x))

    def _typed_place(self, ref: VectorRef, after: Scene) -> None:
        moved = after != self._scene
        self._typed_edit(after, self.tr("Edit coordinates"))
        if moved and self._scene.has(ref):
            self.placed.emit(ref)

    def _typed_edit(self, after: Scene, text: str) -> None:
        """An edit typed or ticked in a panel. One that changes nothing — the model refused it (a
        token scene's derived vector, a key causal masking hides) or the value was there already —
        shows the scene again, so the field goes back to what the scene holds."""
        if after == self._scene:
            self._show(self._scene)
        else:
            self.edit(after, text)

    def add_key(self) -> None:
        after = edits.add_key(self._scene)
        if after is not self._scene:
            with self._steps():
                self.edit(after, words.add_key())
                self._set_active(edits.key_ref(after.key_count - 1))
            self.placed.emit(edits.key_ref(after.key_count - 1))

    @_one_update
    def remove_key(self, index: int) -> None:
        after = edits.remove_key(self._scene, index)
        if after is self._scene:
            return
        self.edit(after, self.tr("Remove key"))
        if self._active.kind is not Kind.QUERY:
            self._set_active(edits.key_ref(after.selected_key))

    def set_mask(self, index: int, takes_part: bool) -> None:
        self._typed_edit(edits.with_mask(self._scene, index, takes_part), self.tr("Mask key"))

    def toggle_mask(self, index: int) -> None:
        if 0 <= index < self._scene.key_count:
            self.set_mask(index, not self._scene.mask[index])

    def add_query(self) -> None:
        """Append a query (the interface's limit: UI_MAX_QUERIES) and select it."""
        after = edits.add_query(self._scene)
        if after is not self._scene:
            with self._steps():
                self.edit(after, words.add_query())
                self._set_active(QUERY)
            self.placed.emit(QUERY)

    def remove_query(self, index: int) -> None:
        after = edits.remove_query(self._scene, index)
        if after is not self._scene:
            self.edit(after, self.tr("Remove query"))

    def set_cell_mask(self, query: int, key: int, takes_part: bool) -> None:
        """Let key `key` take part for query `query` alone, or not: one cell of the mask."""
        self.edit(edits.with_mask(self._scene, key, takes_part, query=query), self.tr("Mask one pair"))

    def toggle_cell_mask(self, query: int, key: int) -> None:
        scene = self._scene
        if 0 <= query < scene.query_count and 0 <= key < scene.key_count:
            self.set_cell_mask(query, key, not scene.mask_matrix[query][key])

    def set_causal(self, causal: bool) -> None:
        self.edit(edits.with_causal(self._scene, causal), self.tr("Causal mask"))

    def set_scale(self, scale: float | None) -> None:
        self.edit(edits.with_scale(self._scene, scale), self.tr("Change scale"))

    def set_scoring(self, scoring, multiplier: float | None = None) -> None:
        self.edit(edits.with_scoring(self._scene, scoring, multiplier), self.tr("Change scoring"))

    def set_dropout(self, p: float, seed: int | None = None) -> None:
        self.edit(edits.with_dropout(self._scene, p, seed), self.tr("Change dropout"))

    def set_dimension(self, n: int) -> None:
        self._typed_edit(edits.with_dimension(self._scene, n), self.tr("Change dimension"))

    def scale_query(self, factor: float) -> None:
        self.edit(edits.with_query_scaled(self._scene, factor), words.scale_q())

    def scale_query_from(self, reference, factor: float, merge_key=None) -> None:
        """q = factor·reference; calls that share `merge_key` (one slider drag) are one undo step."""
        self.edit(edits.with_query_scaled_from(self._scene, reference, factor), words.scale_q(), merge_key)

    # ---- selection (not an edit: it does not enter the undo history) ---------

    @_one_update
    def select(self, ref: VectorRef) -> None:
        """Pick a tip: a key or value also becomes the selected key, query_ref(i) the selected
        query (and the active tip is then QUERY, which names the selected query)."""
        if not self._scene.has(ref):
            return
        if ref.kind is Kind.QUERY:
            if ref.index is not None and ref.index != self._scene.selected_query:
                self._show(edits.with_selected_query(self._scene, ref.index))
            ref = QUERY
        elif ref.index != self._scene.selected_key:
            self._show(edits.with_selected_key(self._scene, ref.index))
        self._set_active(ref)

    @_one_update
    def select_pair(self, query: int, key: int) -> None:
        """Make qᵢ and kⱼ the selected pair at once: one new scene, one recompute.

        The active tip stays what it was, except that an active key follows the selection."""
        scene = self._scene
        if not (0 <= query < scene.query_count and 0 <= key < scene.key_count):
            return
        after = edits.with_selected_key(edits.with_selected_query(scene, query), key)
        if after is not scene:
            self._show(after)
        if self._active.kind is Kind.KEY:
            self._set_active(edits.key_ref(key))

    def cycle_active(self, step: int = 1) -> None:
        """Tab order: q, k₁, v₁, k₂, v₂, … (values only where the canvas draws them)."""
        order = [QUERY]
        for i in range(self._scene.key_count):
            order.append(edits.key_ref(i))
            if self._results.plane.shows_all:
                order.append(edits.value_ref(i))
        position = order.index(self._active) if self._active in order else 0
        self.select(order[(position + step) % len(order)])

    # ---- dragging and nudging in the drawn plane ----------------------------

    @property
    def dragging(self) -> bool:
        return self._drag_key is not None

    @property
    def moving(self) -> tuple[VectorRef, ...]:
        """The vectors the drag in progress moves: the tip in hand, or a token's query, key and
        value; none between drags."""
        return self._moving

    @_one_update
    def begin_drag(self, ref: VectorRef) -> None:
        self.select(ref)
        self._begin((self._active,))

    @_one_update
    def begin_token_drag(self, index: int) -> None:
        """Token `index`'s tip taken in the token plane: its q, k and v move as one (if it still is)."""
        if self._has_token(index):
            self._begin((query_ref(index), key_ref(index), value_ref(index)))

    def _has_token(self, index: int) -> bool:  # the plane's pointer may hold a token a preset or undo took
        return self._scene.tokens is not None and 0 <= index < self._scene.tokens.count

    def _begin(self, moving: tuple[VectorRef, ...]) -> None:
        self._drag_key = ("drag", next(self._serial))
        # Lift with the plane of the drag's start, so it cannot turn mid-drag.
        self._drag_plane = self._results.plane
        self._moving = moving
        self._turned = True
        self._queue(NOTHING)

    @_one_update
    def drag_to(self, ref: VectorRef, point, free: bool = False) -> None:
        if self._drag_key is None:
            self.begin_drag(ref)
        self.edit(self._moved(ref, point, self._drag_plane, free), self.tr("Drag"), self._drag_key)

    @_one_update
    def drag_token_to(self, index: int, point, free: bool = False) -> None:
        """Token `index`'s embedding to `point`, on the grid unless `free`; one drag, one undo step."""
        if not self._has_token(index):
            return
        if self._drag_key is None:
            self.begin_token_drag(index)
        self.set_embedding(index, point, self._drag_key, snap=not free)

    @_one_update
    def end_drag(self) -> None:
        ended = self._drag_key is not None
        self._drag_key = None
        self._drag_plane = None
        self._moving = ()
        if ended:
            self._turned = True
            self._queue(NOTHING)

    def nudge(self, ref: VectorRef, dx: float, dy: float) -> None:
        """Move a tip by (dx, dy) in the drawn plane; a run of nudges is one undo step."""
        if not self._scene.has(ref):
            return
        plane = self._results.plane
        x, y = plane.to_plane(self._scene.vector(ref))
        last = self._last_merge_key
        key = last if last is not None and last[:2] == ("nudge", ref) else ("nudge", ref, next(self._serial))
        self.edit(self._moved(ref, (x + dx, y + dy), plane, free=True), self.tr("Move with keys"), key)

    def _moved(self, ref: VectorRef, point, plane, free: bool) -> Scene:
        x, y = point
        snaps = self.snap_enabled and not free and plane.shows_all
        if snaps:
            x, y = edits.snap(x, self.snap_step), edits.snap(y, self.snap_step)
        return edits.with_vector(self._scene, ref, plane.lift((x, y)))

    # ---- internals ------------------------------------------------------------

    def _show(self, scene: Scene) -> None:
        change = scene_change(self._scene, scene)
        self._scene, self._results = scene, compute(scene, self._results, change)
        self._active = self._active if scene.has(self._active) else QUERY
        self._queue(change)

    @contextmanager
    def _steps(self):
        """The steps inside make one update, told when the outermost ends."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0 and self._pending is not None:
                self._tell()

    def _queue(self, change: SceneChange) -> None:
        self._pending = change if self._pending is None else self._pending | change
        if self._depth == 0:
            self._tell()

    def _tell(self) -> None:
        change, self._pending, turned, self._turned = self._pending, None, self._turned, False
        drag = DragState(self._active, self._moving, turned)
        self.updated.emit(Update(self._scene, self._results, change, drag, self._withheld, self._mistake))

    def _index_moved(self, index: int) -> None:
        """Undone past a page, its clean mark goes: redoing to there is the edit before it, not it."""
        page = self._page_index
        if page is None or index >= page:
            return
        self._page_index = None
        if self.undo_stack.cleanIndex() == page:  # not saved since
            self.undo_stack.resetClean()

    def _history_moved(self, context) -> None:
        if not self._pushing:
            self.historyMoved.emit(context)

    def _set_active(self, ref: VectorRef) -> None:
        if ref != self._active:
            self._active = ref
            self._queue(SceneChange(selection=True))
