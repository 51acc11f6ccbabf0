"""Why √d: both histograms on one x-axis, so dividing by √d is seen to narrow the scores."""

import math

import numpy as np
import pytest

from qk_explorer.model import sqrt_dk

from ..helpers import raise_panel


def drawn_extent(bars) -> tuple[float, float]:
    """From the left edge of the first filled bar to the right edge of the last one."""
    edges, counts = bars.getData()
    filled = np.nonzero(counts)[0]
    return float(edges[filled[0]]), float(edges[filled[-1] + 1])


@pytest.mark.parametrize("d", [4, 64, 1024])
def test_both_histograms_share_one_x_axis_and_the_scaled_one_is_narrower(make_window, d):
    panel = raise_panel(make_window(), "sqrt_dk")
    panel.set_d(d)
    raw_axis = panel.raw_plot.getPlotItem().viewRange()[0]
    scaled_axis = panel.scaled_plot.getPlotItem().viewRange()[0]
    assert raw_axis == pytest.approx(scaled_axis)
    raw, scaled = drawn_extent(panel._raw_bars), drawn_extent(panel._scaled_bars)
    for left, right in (raw, scaled):
        assert raw_axis[0] <= left < right <= raw_axis[1]
    # Dividing by √d narrows the spread by √d: the scaled bars take about 1/√d of the raw ones' width.
    ratio = (scaled[1] - scaled[0]) / (raw[1] - raw[0])
    assert 0.5 / math.sqrt(d) < ratio < 2.0 / math.sqrt(d)


def test_at_d_1_dividing_by_one_changes_nothing(make_window):
    panel = raise_panel(make_window(), "sqrt_dk")
    panel.set_d(1)
    assert drawn_extent(panel._raw_bars) == pytest.approx(drawn_extent(panel._scaled_bars))
    sample = sqrt_dk.sampler().sample(1)
    assert np.array_equal(sample.raw_histogram.counts, sample.scaled_histogram.counts)
