"""A coordinate typed past the edge of the view brings its tip into view, as adding a key does;
one typed within the view leaves the view as it is."""

from PySide6.QtCore import QPointF

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref

from ..helpers import type_into


def test_a_typed_coordinate_out_of_view_is_brought_into_view(make_window):
    window = make_window(preset_scene("lesson-pair"))
    canvas = window.canvas
    assert not canvas.getPlotItem().vb.viewRect().contains(QPointF(40, 1))  # far right of the view
    type_into(window.coordinates.spin(QUERY, 0), "40")
    assert window.controller.scene.query == (40, 1)
    assert canvas.getPlotItem().vb.viewRect().contains(canvas.tip_position(QUERY))
    type_into(window.coordinates.spin(key_ref(0), 1), "-30")
    assert canvas.getPlotItem().vb.viewRect().contains(canvas.tip_position(key_ref(0)))


def test_a_typed_coordinate_within_view_keeps_the_view(make_window):
    window = make_window(preset_scene("lesson-pair"))
    vb = window.canvas.getPlotItem().vb
    before = vb.viewRect()
    type_into(window.coordinates.spin(QUERY, 0), "1.5")
    assert window.controller.scene.query == (1.5, 1)
    assert vb.viewRect() == before
