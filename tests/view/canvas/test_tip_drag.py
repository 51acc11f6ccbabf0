"""Pressing on a tip: a click selects, a drag moves it, and neither goes through pyqtgraph's scene."""

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY, key_ref

from ..helpers import drag, view_to_viewport

LEFT, NO_KEYS = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def scene_moves(canvas) -> list:
    """pyqtgraph's scene announces every mouse move it handles."""
    moves = []
    canvas.scene().sigMouseMoved.connect(lambda *_: moves.append(1))
    return moves


def test_a_tip_drag_leaves_pyqtgraphs_scene_alone_and_a_drag_elsewhere_pans(window):
    canvas = window.canvas
    moves = scene_moves(canvas)
    drag(canvas, (2, 1), (3, 0.5))
    assert window.controller.scene.query == (3.0, 0.5)
    assert moves == []
    before = canvas.getPlotItem().vb.viewRect()
    drag(canvas, (0.3, 2.8), (0.8, 2.3))  # nothing there: the view pans
    assert moves
    assert canvas.getPlotItem().vb.viewRect() != before
    assert window.controller.scene.query == (3.0, 0.5)


def test_a_click_on_a_tip_selects_it_and_edits_nothing(window):
    canvas, controller = window.canvas, window.controller
    at = view_to_viewport(canvas, (1, 2))
    steps = controller.undo_stack.count()
    QTest.mousePress(canvas.viewport(), LEFT, NO_KEYS, at)
    QTest.mouseMove(canvas.viewport(), at + QPoint(2, 1))  # a hand's wobble is still a click
    QTest.mouseRelease(canvas.viewport(), LEFT, NO_KEYS, at + QPoint(2, 1))
    assert controller.active == key_ref(0)
    assert controller.scene.keys[0] == (1.0, 2.0)
    assert controller.undo_stack.count() == steps
    assert not controller.dragging


def test_a_click_that_selects_a_key_renders_the_window_once(make_window, monkeypatch):
    """Selecting k₂ makes it the selected key and the tip in hand: one update, one render of the
    canvas and of every panel on screen (not one for the scene and one for the tip)."""
    window = make_window(make_scene((2, 1), [(1, 2), (3, -1)]))
    canvas, controller = window.canvas, window.controller
    assert controller.active == QUERY
    renders = []
    for view in (window, canvas, window.numbers):
        real = view.render
        counted = lambda update, real=real, v=view: (renders.append(v), real(update))  # noqa: E731
        monkeypatch.setattr(view, "render", counted)
    at = view_to_viewport(canvas, (3, -1))
    QTest.mousePress(canvas.viewport(), LEFT, NO_KEYS, at)
    QTest.mouseRelease(canvas.viewport(), LEFT, NO_KEYS, at)
    assert controller.active == key_ref(1) and controller.scene.selected_key == 1
    assert renders == [window, canvas, window.numbers]


def test_the_tip_keeps_its_place_under_the_pointer(make_window):
    window = make_window()
    window.controller.snap_enabled = False
    canvas = window.canvas
    grabbed = view_to_viewport(canvas, (2, 1)) + QPoint(3, -2)  # a little off the tip's centre
    QTest.mousePress(canvas.viewport(), LEFT, NO_KEYS, grabbed)
    QTest.mouseMove(canvas.viewport(), grabbed + QPoint(40, 0))
    QTest.mouseRelease(canvas.viewport(), LEFT, NO_KEYS, grabbed + QPoint(40, 0))
    x, y = window.controller.scene.query
    tip = view_to_viewport(canvas, (x, y))
    expected = view_to_viewport(canvas, (2, 1)) + QPoint(40, 0)
    assert abs(tip.x() - expected.x()) <= 1 and abs(tip.y() - expected.y()) <= 1


def test_a_drag_whose_release_went_elsewhere_ends_at_the_next_move(window):
    canvas, controller = window.canvas, window.controller
    at = view_to_viewport(canvas, (2, 1))
    QTest.mousePress(canvas.viewport(), LEFT, NO_KEYS, at)
    QTest.mouseMove(canvas.viewport(), at + QPoint(30, 0))
    assert controller.dragging and controller.active == QUERY
    # The button came up outside the window: the next move arrives with no button held.
    position = QPointF(at + QPoint(40, 0))
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        position,
        canvas.viewport().mapToGlobal(position),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        NO_KEYS,
    )
    QCoreApplication.sendEvent(canvas.viewport(), move)
    assert not controller.dragging
    moved = controller.scene.query
    QTest.mouseMove(canvas.viewport(), at + QPoint(80, 0))  # hovering moves nothing
    assert controller.scene.query == moved


def test_closing_the_window_mid_drag_ends_the_drag(make_window):
    from qk_explorer.model import make_scene

    keys = [(1 + i % 3, 0.25 * (i % 7) - 0.75) for i in range(12)]
    window = make_window(make_scene((1.0, 0.5), keys, keys, [True] * 12))
    canvas, controller = window.canvas, window.controller
    at = canvas.mapFromScene(canvas.tip_scene_position(QUERY))
    QTest.mousePress(canvas.viewport(), LEFT, NO_KEYS, at)
    for step in range(1, 6):
        QTest.mouseMove(canvas.viewport(), at + QPoint(8 + 6 * step, 8 - 5 * step))
        QCoreApplication.processEvents()
    assert controller.dragging
    controller.undo_stack.setClean()
    window.close()  # the fixtures then delete it, which once crashed mid-drag
    assert not controller.dragging
