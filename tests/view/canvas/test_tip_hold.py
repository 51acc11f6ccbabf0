"""A press held still on a tip becomes a drag after HOLD_S, timed by the events themselves: how long
the person held, never how long the app took to get to the next event."""

import time

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from qk_explorer.model.scene import key_ref
from qk_explorer.view.drag.handler import HOLD_S

from ..helpers import view_to_viewport

LEFT, NO_KEYS = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def send(viewport, kind, at: QPoint, timestamp_ms: int, buttons) -> None:
    event = QMouseEvent(kind, QPointF(at), QPointF(viewport.mapToGlobal(at)), LEFT, buttons, NO_KEYS)
    event.setTimestamp(timestamp_ms)
    QApplication.sendEvent(viewport, event)


def press_nudge_release(canvas, tip, held_ms: int) -> None:
    """Press on `tip`, then a 2-pixel nudge `held_ms` later by the events' clock, then release."""
    viewport, at = canvas.viewport(), view_to_viewport(canvas, tip)
    start = 10_000_000
    send(viewport, QEvent.Type.MouseButtonPress, at, start, LEFT)
    send(viewport, QEvent.Type.MouseMove, at + QPoint(2, 1), start + held_ms, LEFT)
    send(
        viewport,
        QEvent.Type.MouseButtonRelease,
        at + QPoint(2, 1),
        start + held_ms + 1,
        Qt.MouseButton.NoButton,
    )


def test_a_busy_app_does_not_turn_a_click_into_a_drag(window, monkeypatch):
    controller = window.controller
    controller.snap_enabled = False  # a 2-pixel drag would otherwise snap back to where it was
    steps = controller.undo_stack.count()
    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])

    real_send = QApplication.sendEvent

    def slow(receiver, event):  # the app takes 5 s over each event (a loaded machine)
        clock[0] += 5.0
        return real_send(receiver, event)

    monkeypatch.setattr(QApplication, "sendEvent", staticmethod(slow))
    press_nudge_release(window.canvas, (1, 2), held_ms=3)
    assert controller.active == key_ref(0)  # a click: it selects
    assert controller.scene.keys[0] == (1.0, 2.0)
    assert controller.undo_stack.count() == steps


def test_a_tip_held_still_then_nudged_is_dragged(window):
    controller = window.controller
    controller.snap_enabled = False
    steps = controller.undo_stack.count()
    press_nudge_release(window.canvas, (1, 2), held_ms=round(HOLD_S * 1000) + 100)
    assert controller.scene.keys[0] != (1.0, 2.0)
    assert controller.undo_stack.count() == steps + 1
