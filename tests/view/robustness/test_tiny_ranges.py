"""Plots of vanishingly small numbers: every range keeps a span pyqtgraph can put ticks on."""

import pytest

from qk_explorer.model.scene_file import read_scene
from qk_explorer.view.widgets.plot_axes import MIN_SPAN, spanning

from ..helpers import raise_panel

TINY = '{"query": [2, 1], "keys": [[5e-324, 0]]}'  # ‖q‖‖k‖ ≈ 1e-323, a subnormal


def test_a_range_narrower_than_the_minimum_is_widened_about_its_middle():
    assert spanning(-1.0, 1.0) == (-1.0, 1.0)
    assert spanning(-1e-323, 1e-323) == (-MIN_SPAN / 2, MIN_SPAN / 2)
    low, high = spanning(3.0, 3.0)
    assert (low + high) / 2 == 3.0 and high - low >= MIN_SPAN
    assert spanning(0.0, 1e-200, least=1.0) == (-0.5, 0.5)


def test_the_angle_plot_of_a_subnormal_pair_paints(make_window, qtbot):
    window = make_window(read_scene(TINY))
    with qtbot.capture_exceptions() as exceptions:
        panel = raise_panel(window, "angle_plot")
        panel.plot.grab()  # the axis works out its ticks as it paints
    assert [repr(e[1]) for e in exceptions] == []
    low, high = panel.plot.getPlotItem().vb.viewRange()[1]
    assert low < 0 < high and high - low >= MIN_SPAN * 0.99
    left = panel.plot.getPlotItem().getAxis("left")
    assert left.tickValues(low, high, 200)  # pyqtgraph divided by a tick step of 0 here
    assert panel.current_point() == pytest.approx((-26.565051177, 0), abs=1e-6)


def test_the_plot_comes_back_to_scale_after_the_tiny_pair(make_window, qtbot):
    window = make_window(read_scene(TINY))
    panel = raise_panel(window, "angle_plot")
    window.controller.load(read_scene('{"query": [2, 1], "keys": [[1, 2]]}'), "normal")
    low, high = panel.plot.getPlotItem().vb.viewRange()[1]
    assert (low, high) == pytest.approx((-5 * 1.18, 5 * 1.18))
