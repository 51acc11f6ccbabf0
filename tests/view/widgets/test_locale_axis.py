"""An axis's tick labels stand apart whatever their type and the axis's length, and where
pyqtgraph's own spacing already leaves them room it is kept.

The labels are measured as the axis would draw them (its draw specs; lecture_hall/tick_check.py).
"""

import itertools

import pyqtgraph as pg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QApplication

from qk_explorer.view.widgets.axes import LocaleAxis, _coarser, locale_axes

from ..lecture_hall.tick_check import crowded, drawn_labels


@pytest.fixture
def plot(qtbot):
    widget = pg.PlotWidget(axisItems=locale_axes())
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def show(plot, width: int, points: float, x_range, lang: str) -> LocaleAxis:
    """The plot `width` pixels wide showing `x_range`, its ticks in `points`-point type."""
    plot.resize(width, 300)
    font = QFont()
    font.setPointSizeF(points)
    for name in ("left", "bottom"):
        axis = plot.getPlotItem().getAxis(name)
        axis.setStyle(tickFont=font)
        axis.set_language(lang)
    # Room for the labels across the axes, as the canvas gives them (a label cut is not drawn).
    metrics = QFontMetricsF(font)
    plot.getPlotItem().getAxis("left").setWidth(round(metrics.horizontalAdvance("−0000.0") + 14))
    plot.getPlotItem().getAxis("bottom").setHeight(round(metrics.height() + 14))
    QApplication.processEvents()  # the new size and the axes' room reach the layout
    plot.setXRange(*x_range, padding=0)
    plot.setYRange(-1, 1, padding=0)
    plot.getPlotItem().getViewBox().prepareForPaint()
    return plot.getPlotItem().getAxis("bottom")


def test_large_type_on_a_narrow_axis_is_labelled_more_coarsely(plot):
    """The 4K projector's case: type for 2160 lines on a canvas 1200 pixels wide."""
    axis = show(plot, 1200, 40, (-0.95, 1.95), "es")
    texts = [text for text, _rect in drawn_labels(axis)]
    assert texts == ["−0,5", "0", "0,5", "1", "1,5"]
    assert crowded(axis, "here") == []


def test_a_finer_level_is_labelled_only_while_its_labels_stand_apart(plot):
    """pyqtgraph would add the units between −5, 0 and 5 here (they fill little of the axis),
    a few pixels from each other; the token plane's case on a 1280 × 720 stage."""
    axis = show(plot, 760, 16, (-8.55, 9.55), "es")
    assert [text for text, _rect in drawn_labels(axis)] == ["−5", "0", "5"]
    assert crowded(axis, "here") == []


def test_no_two_labels_meet_at_any_length_type_range_or_language(plot):
    """And an axis long enough for forty digits still carries at least two labels."""
    found = []
    for width, points, x_range, lang in itertools.product(
        (160, 420, 900, 1900),
        (8, 16, 28, 48),
        ((-0.95, 1.95), (-12.5, 12.5), (0.0, 0.0031), (-3e3, 4e3)),
        ("en", "es"),
    ):
        axis = show(plot, width, points, x_range, lang)
        found += crowded(axis, f"{width} px, {points} pt, {x_range}, {lang}")
        digits = axis.geometry().width() / QFontMetricsF(axis.style["tickFont"]).horizontalAdvance("0")
        assert digits < 40 or len(drawn_labels(axis)) >= 2, (width, points, x_range, lang)
    assert found == [], "\n".join(found[:20])


@pytest.mark.parametrize("width", [300, 600, 1000])
def test_pyqtgraph_spacing_is_kept_where_its_labels_fit(plot, width):
    axis = show(plot, width, 9, (-0.95, 1.95), "en")
    low, high = axis.range
    assert axis.tickSpacing(low, high, width) == pg.AxisItem.tickSpacing(axis, low, high, width)


def test_coarser_spacings_go_one_two_five():
    steps = [0.1]
    for _ in range(6):
        steps.append(_coarser(steps[-1]))
    assert steps == pytest.approx([0.1, 0.2, 0.5, 1, 2, 5, 10])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    width=st.integers(300, 2400),
    points=st.floats(7, 60),
    low=st.floats(-50, 50),
    length=st.floats(0.01, 100),
    lang=st.sampled_from(["en", "es"]),
)
def test_no_two_labels_meet_on_any_axis(plot, width, points, low, length, lang):
    axis = show(plot, width, points, (low, low + length), lang)
    assert crowded(axis, "here") == []
