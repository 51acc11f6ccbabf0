"""Pressing, dragging and releasing a tip, handled on the canvas's own widget.

A press on a tip is kept from pyqtgraph's scene: its event handling (a Python
search for hover targets, click and drag events built for every move) cost
more than the whole of a bare pyqtgraph arrow's drag step. Like pyqtgraph, a
press becomes a drag once the pointer has moved MOVE_DISTANCE_PX or been held
for HOLD_S; a press released before that is a click, which selects the vector.
The hold is measured between the events' own timestamps — how long the person
held still, not how long the app took to get to the move — so a busy moment
never turns a click into a drag, and synthetic input replays the same way.
Presses anywhere else go on to pyqtgraph, which pans and zooms.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QTransform

from ...model.scene import VectorRef
from .derived_hint import derived_hint

MOVE_DISTANCE_PX = 5.0  # pyqtgraph's GraphicsScene moveDistance
HOLD_S = 0.5  # pyqtgraph's minDragTime: held this long, any movement drags


class TipDrag:
    def __init__(self, canvas):
        self._canvas = canvas
        self.ref: VectorRef | None = None  # the tip pressed, from press to release
        self.moving = False  # past the press: a drag, no longer a click
        self._press_at = QPointF()
        self._press_time = 0.0
        self._grab_offset = QPointF()
        self._to_plane: QTransform | None = None  # viewport pixels → plane coordinates

    def press(self, event) -> bool:
        """Take a left press on a tip; False leaves the event to pyqtgraph."""
        if event.button() != Qt.MouseButton.LeftButton or self.ref is not None:
            return False
        canvas = self._canvas
        at = event.position()
        ref = canvas.handle_at(canvas.mapToScene(at.toPoint()))
        if ref is None:
            return False
        if canvas.controller.scene.tokens is not None:  # derived from the tokens: a click selects, no drag
            canvas.controller.select(ref)
            canvas.derivedPressed.emit(derived_hint(canvas.controller.scene, ref))
            event.accept()
            return True
        self.ref, self.moving = ref, False
        self._press_at, self._press_time = QPointF(at), event.timestamp() / 1000
        self._to_plane = canvas.viewport_to_plane()
        self._grab_offset = canvas.tip_position(ref) - self._to_plane.map(at)
        event.accept()
        return True

    def move(self, event) -> bool:
        if self.ref is None:
            return False
        if not event.buttons() & Qt.MouseButton.LeftButton:  # the release went elsewhere
            self.release(event, Qt.MouseButton.LeftButton)
            return True
        event.accept()
        at = event.position()
        if not self.moving:
            distance = math.hypot(at.x() - self._press_at.x(), at.y() - self._press_at.y())
            held = event.timestamp() / 1000 - self._press_time >= HOLD_S
            if distance == 0 or (distance < MOVE_DISTANCE_PX and not held):
                return True
            self.moving = True
            self._canvas.controller.begin_drag(self.ref)
        self._drag_to(event)
        return True

    def release(self, event, button=None) -> bool:
        if self.ref is None or (button or event.button()) != Qt.MouseButton.LeftButton:
            return self.ref is not None
        event.accept()
        controller = self._canvas.controller
        if self.moving:
            self._drag_to(event)
            controller.end_drag()
        else:
            controller.select(self.ref)  # a click
        self.ref, self.moving, self._to_plane = None, False, None
        return True

    def cancel(self) -> None:
        """End a drag where it is (the canvas is hidden or closed before the button came up)."""
        if self.ref is not None and self.moving:
            self._canvas.controller.end_drag()
        self.ref, self.moving, self._to_plane = None, False, None

    def view_changed(self) -> None:
        """The view moved or zoomed mid-drag (a wheel turn): map pointer positions afresh."""
        if self.ref is not None:
            self._to_plane = self._canvas.viewport_to_plane()

    def _drag_to(self, event) -> None:
        point = self._to_plane.map(event.position()) + self._grab_offset
        free = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        self._canvas.controller.drag_to(self.ref, (point.x(), point.y()), free)
