"""The grid and the axes through the origin, drawn from a picture of the view, never left behind."""

from PySide6.QtCore import QPointF
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene

from ..helpers import on_screen


def device_x(canvas, x: float) -> int:
    """The viewport column of plane abscissa x."""
    return canvas.mapFromScene(canvas.getPlotItem().vb.mapViewToScene(QPointF(x, 0.0))).x()


def axis_columns(canvas, y: float) -> set[int]:
    """The viewport columns painted in the axes' colour along the row of plane ordinate y."""
    shot = on_screen(canvas)
    row = canvas.mapFromScene(canvas.getPlotItem().vb.mapViewToScene(QPointF(0.0, y))).y()
    axis = canvas._grid._axis.name()
    return {x for x in range(shot.width()) if shot.pixelColor(x, row).name() == axis}


def test_the_axes_follow_a_view_that_only_moves(make_window):
    window = make_window(make_scene((2.0, 1.0), [(1.0, 0.0)]))
    canvas = window.canvas
    canvas.setFixedSize(canvas.size())  # new numbers in the panels beside it must not resize it
    QTest.qWait(0)
    canvas.viewport().repaint()  # the grid's picture is made for this view
    old_origin = device_x(canvas, 0.0)
    before = canvas.getPlotItem().vb.viewRect()
    # Its mirror image is framed at the same scale, two units to the left: the view only moves.
    window.controller.load(make_scene((-2.0, 1.0), [(-1.0, 0.0)]), "mirror")
    canvas.fit_scene()
    QTest.qWait(0)
    after = canvas.getPlotItem().vb.viewRect()
    assert (after.width(), after.height()) == (before.width(), before.height())
    assert after.left() == before.left() - 2.0
    # Below the origin, the y axis is at x = 0, not where 0 was before.
    columns = axis_columns(canvas, -1.2)
    origin = device_x(canvas, 0.0)
    assert columns & {origin - 1, origin, origin + 1}
    assert not columns & {old_origin - 1, old_origin, old_origin + 1}
