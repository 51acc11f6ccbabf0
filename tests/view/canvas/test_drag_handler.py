"""One drag handler for every plot with tips: the canvas and the token plane press, click and drag
through the same code, with one threshold and one pick rule."""

from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtTest import QTest

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, query_ref
from qk_explorer.view.drag.handler import MOVE_DISTANCE_PX, DragHandler

from ..helpers import raise_panel, view_to_viewport

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def through_the_handler(monkeypatch) -> list:
    """The handler that carried each drag step from now on."""
    carried = []
    real = DragHandler._drag_to

    def drag_to(handler, event):
        carried.append(handler)
        real(handler, event)

    monkeypatch.setattr(DragHandler, "_drag_to", drag_to)
    return carried


def wobble_then_drag(viewport, start: QPoint) -> None:
    """A press, a wobble under the threshold (still a click), then a move past it, and a release."""
    QTest.mousePress(viewport, LEFT, NONE, start)
    QTest.mouseMove(viewport, start + QPoint(2, 1))
    QCoreApplication.processEvents()
    QTest.mouseMove(viewport, start + QPoint(round(MOVE_DISTANCE_PX) + 20, 10))
    QCoreApplication.processEvents()
    QTest.mouseRelease(viewport, LEFT, NONE, start + QPoint(round(MOVE_DISTANCE_PX) + 20, 10))
    QCoreApplication.processEvents()


def test_the_canvas_and_the_token_plane_drag_through_one_handler(make_window, monkeypatch):
    carried = through_the_handler(monkeypatch)
    window = make_window(preset_scene("lesson-pair"))
    window.controller.snap_enabled = False
    canvas = window.canvas
    assert isinstance(canvas._tip_drag, DragHandler)
    q = window.controller.scene.query
    wobble_then_drag(canvas.viewport(), view_to_viewport(canvas, q))
    assert window.controller.scene.query != q and window.controller.undo_stack.count() == 1
    assert carried and all(handler is canvas._tip_drag for handler in carried)

    tokens = make_window(preset_scene("learned-projections"))
    tokens.controller.snap_enabled = False
    plot = raise_panel(tokens, "tokens").plot
    assert isinstance(plot._drag, DragHandler)
    carried.clear()
    before = tokens.controller.scene.tokens.embeddings[0]
    wobble_then_drag(plot.viewport(), view_to_viewport(plot, before))
    assert tokens.controller.scene.tokens.embeddings[0] != before
    assert tokens.controller.undo_stack.count() == 1
    assert carried and all(handler is plot._drag for handler in carried)


def test_a_wobble_under_the_threshold_is_a_click_on_both(make_window):
    """Released before the pointer moved MOVE_DISTANCE_PX: a click, on the canvas and the token plane."""
    window = make_window(preset_scene("lesson-pair"))
    canvas, controller = window.canvas, window.controller
    at = view_to_viewport(canvas, controller.scene.keys[0])
    QTest.mousePress(canvas.viewport(), LEFT, NONE, at)
    QTest.mouseMove(canvas.viewport(), at + QPoint(2, 2))
    QTest.mouseRelease(canvas.viewport(), LEFT, NONE, at + QPoint(2, 2))
    assert controller.undo_stack.count() == 0 and controller.active != QUERY

    tokens = make_window(preset_scene("learned-projections"))
    plot = raise_panel(tokens, "tokens").plot
    embeddings = tokens.controller.scene.tokens.embeddings
    at = view_to_viewport(plot, embeddings[1])
    QTest.mousePress(plot.viewport(), LEFT, NONE, at)
    QTest.mouseMove(plot.viewport(), at + QPoint(2, 2))
    QTest.mouseRelease(plot.viewport(), LEFT, NONE, at + QPoint(2, 2))
    assert tokens.controller.scene.tokens.embeddings == embeddings
    assert tokens.controller.undo_stack.count() == 0 and not tokens.controller.dragging
    assert plot.tip_at(at) == 1  # the same pick rule found the token's tip
    assert query_ref(1) not in tokens.controller.moving
