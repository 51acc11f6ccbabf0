"""Pressing, dragging and releasing a tip: one handler for every plot that has tips to drag.

The canvas and the token plane each give it their tips (where each is on screen) and what to
do as a drag begins, moves and ends; the rules are the same on both:

- one pick rule: a press takes the nearest tip within GRAB_RADIUS_PX (times the zoom), the
  tip drawn last (on top) when two are as near; a press elsewhere goes on to pyqtgraph, which
  pans and zooms;
- one threshold: as in pyqtgraph, a press becomes a drag once the pointer has moved
  MOVE_DISTANCE_PX or been held for HOLD_S; released before that it is a click. The hold is
  measured between the events' own timestamps — how long the person held still, not how
  long the app took to get to the move — so a busy moment never turns a click into a drag,
  and synthetic input replays the same way;
- the tip keeps its place under the pointer: the grip (tip − pointer) is kept from the press.

A press is kept from pyqtgraph's scene: its event handling (a Python search for hover
targets, click and drag events built for every move) cost more than the whole of a bare
pyqtgraph arrow's drag step.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QTransform

GRAB_RADIUS_PX = 16.0
MOVE_DISTANCE_PX = 5.0  # pyqtgraph's GraphicsScene moveDistance
HOLD_S = 0.5  # pyqtgraph's minDragTime: held this long, any movement drags


@dataclass
class Host:
    """What a plot tells the handler. `tips()`: every tip that can be taken, (target, where it is
    in viewport pixels), in the order drawn; `to_plane()`: viewport pixels → plane coordinates;
    `draggable(target)`: False for a tip that only a click may take (a token scene's derived
    arrow: `refused(target)` says why); `began`, `moved(target, (x, y), free)`, `ended()`,
    `clicked(target)`: the drag's course, told to the controller."""

    tips: Callable[[], list[tuple[Any, QPointF]]]
    to_plane: Callable[[], QTransform]
    began: Callable[[Any], None]
    moved: Callable[[Any, tuple[float, float], bool], None]
    ended: Callable[[], None]
    clicked: Callable[[Any], None]
    draggable: Callable[[Any], bool] = lambda _target: True
    refused: Callable[[Any], None] = lambda _target: None
    zoom: Callable[[], float] = lambda: 1.0


class DragHandler:
    def __init__(self, host: Host):
        self._host = host
        self.target: Any = None  # the tip pressed, from press to release
        self.moving = False  # past the threshold: a drag, no longer a click
        self._press_at = QPointF()
        self._press_time = 0.0
        self._grip = QPointF()
        self._to_plane: QTransform | None = None  # viewport pixels → plane coordinates

    def pick(self, at: QPointF):
        """The tip nearest `at` (viewport pixels) within reach, or None."""
        best, reach = None, GRAB_RADIUS_PX * max(1.0, self._host.zoom())
        for target, tip in self._host.tips():
            distance = math.hypot(tip.x() - at.x(), tip.y() - at.y())
            if distance <= reach:  # ties go to the tip drawn later, over the other
                best, reach = target, distance
        return best

    def press(self, event) -> bool:
        """Take a left press on a tip; False leaves the event to pyqtgraph."""
        if event.button() != Qt.MouseButton.LeftButton or self.target is not None:
            return False
        at = event.position()
        target = self.pick(at)
        if target is None:
            return False
        event.accept()
        if not self._host.draggable(target):
            self._host.clicked(target)
            self._host.refused(target)
            return True
        self.target, self.moving = target, False
        self._press_at, self._press_time = QPointF(at), event.timestamp() / 1000
        self._to_plane = self._host.to_plane()
        tip = dict(self._host.tips())[target]
        self._grip = self._to_plane.map(tip) - self._to_plane.map(at)
        return True

    def move(self, event) -> bool:
        if self.target is None:
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
            self._host.began(self.target)
        self._drag_to(event)
        return True

    def release(self, event, button=None) -> bool:
        if self.target is None or (button or event.button()) != Qt.MouseButton.LeftButton:
            return self.target is not None
        event.accept()
        target, moving = self.target, self.moving
        if moving:
            self._drag_to(event)
        self.target, self.moving, self._to_plane = None, False, None
        if moving:
            self._host.ended()
        else:
            self._host.clicked(target)
        return True

    def cancel(self) -> None:
        """End a drag where it is (the plot is hidden or closed before the button came up)."""
        moving = self.target is not None and self.moving
        self.target, self.moving, self._to_plane = None, False, None
        if moving:
            self._host.ended()

    def view_changed(self) -> None:
        """The view moved or zoomed mid-drag (a wheel turn): map pointer positions afresh."""
        if self.target is not None:
            self._to_plane = self._host.to_plane()

    def _drag_to(self, event) -> None:
        point = self._to_plane.map(event.position()) + self._grip
        free = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        self._host.moved(self.target, (point.x(), point.y()), free)
