"""A token scene's arrows are derived: a press on one moves nothing and says why."""

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QStatusBar

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref

from ..helpers import drag


def hover(canvas, at: QPoint) -> None:
    """A mouse move with no button held (QTest's own moves the cursor, which offscreen Qt ignores)."""
    viewport = canvas.viewport()
    none = Qt.MouseButton.NoButton
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(at),
        QPointF(viewport.mapToGlobal(at)),
        none,
        none,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(viewport, event)


def test_a_drag_on_a_derived_arrow_moves_nothing_and_shows_the_hint(make_window):
    window = make_window(preset_scene("learned-projections"))
    canvas, c = window.canvas, window.controller
    before, steps = c.scene, c.undo_stack.count()
    QApplication.processEvents()  # the token plane's dock has opened under the canvas: laid out
    view = canvas.getPlotItem().vb.viewRange()
    tip = c.scene.keys[1]
    drag(canvas, tip, (tip[0] + 1, tip[1] - 1))
    assert c.scene.tokens == before.tokens and c.scene.keys == before.keys
    assert c.undo_stack.count() == steps
    assert canvas.getPlotItem().vb.viewRange() == view  # nor did the press pan the view
    assert c.scene.selected_key == 1  # the press picked k₂ as a click does
    message = window.findChild(QStatusBar).currentMessage()
    assert message.startswith("k₂ = W_K x₂ comes from the token") and "W_K" in message


def test_hovering_a_derived_arrow_says_why_in_a_tooltip(make_window):
    window = make_window(preset_scene("learned-projections"))
    canvas = window.canvas
    hover(canvas, canvas.mapFromScene(canvas.tip_scene_position(QUERY)))
    assert "W_Q" in canvas.viewport().toolTip() and "cannot be dragged" in canvas.viewport().toolTip()
    hover(canvas, QPoint(5, 5))
    assert canvas.viewport().toolTip() == ""


def test_a_plain_scene_still_drags_and_has_no_hint(window):
    canvas, c = window.canvas, window.controller
    drag(canvas, c.scene.keys[0], (3.0, 1.0))
    assert c.scene.keys[0] == (3.0, 1.0)
    hover(canvas, canvas.mapFromScene(canvas.tip_scene_position(key_ref(0))))
    assert canvas.viewport().toolTip() == ""
