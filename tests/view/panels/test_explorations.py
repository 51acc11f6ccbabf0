"""Scale q, the same-product ghost, the product-angle plot and the √d panel, driven as a person would."""

import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionSlider

from qk_explorer.model import sqrt_dk
from qk_explorer.model.presets import preset_scene
from qk_explorer.text import numbers
from qk_explorer.text.numbers import MINUS
from qk_explorer.view.explorations.magnitude_panel import SLIDER_STEPS_PER_UNIT
from qk_explorer.view.shell.main_window import MainWindow

from ..helpers import drag, raise_panel, type_into, view_to_viewport


@pytest.fixture(autouse=True)
def english_afterwards():
    """A Spanish window's translators stay installed until it is deleted: leave English behind."""
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow):
            widget.translations.load("en")


def slider_handle(slider) -> QPoint:
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    rect = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, slider
    )
    return rect.center()


def slider_parts(slider) -> tuple[QRect, QRect]:
    """The slider's groove and handle."""
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    groove = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, slider
    )
    handle = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, slider
    )
    return groove, handle


def slider_point(slider, value) -> QPoint:
    """Where the handle's centre sits when the slider shows `value`."""
    groove, handle = slider_parts(slider)
    span = groove.width() - handle.width()
    x = QStyle.sliderPositionFromValue(slider.minimum(), slider.maximum(), value, span)
    return QPoint(groove.x() + x + handle.width() // 2, handle.center().y())


def slider_pixel(slider) -> int:
    """How many of the slider's steps one pixel of its travel covers, at most."""
    groove, handle = slider_parts(slider)
    return math.ceil((slider.maximum() - slider.minimum()) / (groove.width() - handle.width()))


def drag_slider(slider, value, steps=10):
    start = slider_handle(slider)
    end = slider_point(slider, value)
    QTest.mousePress(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, steps + 1):
        p = start + (end - start) * (i / steps)
        QTest.mouseMove(slider, QPoint(round(p.x()), round(p.y())))
    QTest.mouseRelease(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


# ---- magnitude versus direction --------------------------------------------------------------


def test_dragging_the_slider_scales_q_in_one_undo_step(make_window):
    window = make_window(preset_scene("lesson-pair"))
    panel = raise_panel(window, "magnitude")
    seen = []
    window.controller.updated.connect(lambda update: seen.append(update.scene.query))
    drag_slider(panel._slider, 200)
    scene = window.controller.scene
    # Where a pointer lets go is as exact as one pixel of the slider's travel.
    assert panel.factor == pytest.approx(2, abs=slider_pixel(panel._slider) / SLIDER_STEPS_PER_UNIT)
    c = panel.factor
    assert scene.query == pytest.approx((2 * c, c))
    assert len(set(seen)) >= 3  # it moved with the pointer
    assert window.controller.undo_stack.count() == 1
    assert panel.text("before", "dot") == "4"
    assert panel.text("now", "cosine") == "0.8" == panel.text("before", "cosine")
    window.controller.undo_stack.undo()
    assert window.controller.scene.query == (2, 1)
    assert panel.factor == 1


def test_typed_factors_scale_flip_and_lose_the_direction(make_window):
    window = make_window(preset_scene("lesson-pair"))
    panel = raise_panel(window, "magnitude")
    type_into(panel._spin, "2")
    assert window.controller.scene.query == (4, 2)
    assert panel.text("now", "dot") == "8 = 2 × 4"
    assert panel.text("now", "cosine") == "0.8"
    assert "keeps its direction" in panel.verdict_text()
    type_into(panel._spin, "-1")
    assert window.controller.scene.query == (-2, -1)
    assert panel.text("now", "dot") == f"{MINUS}4 = ({MINUS}1) × 4"
    assert panel.text("now", "cosine") == f"{MINUS}0.8"
    assert panel.text("now", "angle") == "143.13°"
    assert "opposite way" in panel.verdict_text()
    type_into(panel._spin, "0")
    assert window.controller.scene.query == (0, 0)
    assert panel.text("now", "cosine") == "undefined"
    assert "zero vector" in panel.verdict_text()
    # q₀ remembers the direction that q = 0 lost.
    type_into(panel._spin, "3")
    assert window.controller.scene.query == (6, 3)
    assert panel.text("before", "q") == "(2, 1)"
    assert window.controller.undo_stack.count() == 4


def test_moving_q_another_way_starts_a_new_scaling(make_window):
    window = make_window(preset_scene("lesson-pair"))
    panel = raise_panel(window, "magnitude")
    type_into(panel._spin, "2")
    window.canvas.fit_scene()
    drag(window.canvas, (4, 2), (3, 0))
    assert panel.reference == (3, 0)
    assert panel.factor == 1
    assert panel._spin.value() == 1
    type_into(panel._spin, "-2")
    assert window.controller.scene.query == (-6, 0)


def test_arrow_keys_on_the_slider_are_one_undo_step(make_window):
    window = make_window(preset_scene("lesson-pair"))
    panel = raise_panel(window, "magnitude")
    panel._slider.setFocus()
    for _ in range(5):
        QTest.keyClick(panel._slider, Qt.Key.Key_Right)
    assert window.controller.scene.query == pytest.approx((3, 1.5))
    assert window.controller.undo_stack.count() == 1


def test_spanish_factor(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es")
    panel = raise_panel(window, "magnitude")
    type_into(panel._spin, "-0,5")
    assert window.controller.scene.query == (-1, -0.5)
    assert panel.text("now", "dot") == f"{MINUS}2 = ({MINUS}0,5) × 4"
    assert panel.text("now", "cosine") == f"{MINUS}0,8"


# ---- same product, different angle ------------------------------------------------------------


def ghost_action(window):
    return next(a for a in window.actions() if a.objectName() == "showSameProduct")


def pixels_near(window, point):
    image = window.canvas.grab().toImage()
    p = view_to_viewport(window.canvas, point)
    return [image.pixelColor(p.x() + dx, p.y() + dy).name() for dx in range(-3, 4) for dy in range(-3, 4)]


def test_question_5_shows_the_lessons_pair_as_a_ghost(make_window):
    window = make_window(preset_scene("question-5"))
    window.lesson.reveal(True)  # open, the question keeps the ghost back: its angle is asked
    ghost = window.explorations.same_product
    before = pixels_near(window, (1.0, 0.5))  # halfway along q′ = (2, 1)
    ghost_action(window).trigger()
    assert ghost.shown and ghost.isVisible()
    assert ghost.ghost.query == pytest.approx((2, 1)) and ghost.ghost.key == pytest.approx((1, 2))
    assert ghost.caption == "same product: q′·k′ = 4, θ′ = 36.87°"
    assert window.panel("magnitude").ghost_check.isChecked()
    assert pixels_near(window, (1.0, 0.5)) != before  # something is drawn there now
    window.panel("magnitude").ghost_check.setChecked(False)
    assert not ghost_action(window).isChecked() and not ghost.isVisible()


def test_the_lessons_pair_gets_the_aligned_ghost_and_the_view_fits_it(make_window):
    window = make_window(preset_scene("lesson-pair"))
    ghost_action(window).trigger()
    assert window.explorations.same_product.ghost.query == (4, 0)
    assert window.explorations.same_product.caption == "same product: q′·k′ = 4, θ′ = 0°"
    window.load_preset("lesson-pair")
    x_range, _ = window.canvas.getPlotItem().vb.viewRange()
    assert x_range[1] > 4
    text = window.panel("magnitude").ghost_text()
    assert "q′ = (4, 0)" in text and "θ′ = 0°" in text


def test_the_ghost_follows_a_drag_and_says_when_there_is_none(make_window):
    window = make_window(preset_scene("lesson-pair"))
    raise_panel(window, "magnitude")
    ghost_action(window).trigger()
    drag(window.canvas, (1, 2), (-1, 2))  # k ⟂ q
    assert window.explorations.same_product.ghost.query is None
    assert window.explorations.same_product.caption == ""
    assert "always means 90°" in window.panel("magnitude").ghost_text()
    drag(window.canvas, (-1, 2), (3, 0))
    assert window.explorations.same_product.ghost.geometry.dot == pytest.approx(6)


# ---- product versus angle ------------------------------------------------------------------------


def test_the_plot_marks_the_current_pair_and_follows_a_drag(make_window):
    window = make_window(preset_scene("lesson-pair"))
    panel = raise_panel(window, "angle_plot")
    assert panel.current_point() == pytest.approx((36.8698976, 4))
    items = list(panel.plot.getPlotItem().items)
    points = []
    window.controller.updated.connect(lambda _update: points.append(panel.current_point()))
    drag(window.canvas, (1, 2), (1, -2), steps=8)
    assert len(set(points)) >= 3
    assert panel.current_point() == pytest.approx((-90, 0), abs=1e-9)
    assert list(panel.plot.getPlotItem().items) == items  # updated in place, nothing added
    x, y = panel.curve_data()
    assert y.max() == pytest.approx(5) and y[np.flatnonzero(x == 180)[0]] == pytest.approx(-5)


def test_the_plot_for_question_1(make_window):
    window = make_window(preset_scene("question-1"))
    window.lesson.reveal(True)  # a question's own scene opens it: revealed, it shows its numbers
    panel = raise_panel(window, "angle_plot")
    angle, product = panel.current_point()
    assert abs(angle) == pytest.approx(117.8125, abs=1e-3) and product == -8
    assert "117.81°" in panel._readout.text() and f"{MINUS}8" in panel._readout.text()


def test_the_plot_says_there_is_no_angle_for_a_zero_query(make_window):
    window = make_window(preset_scene("question-7"))
    window.lesson.reveal(True)  # a question's own scene opens it: revealed, it shows its numbers
    panel = raise_panel(window, "angle_plot")
    assert panel.current_point() is None
    assert "zero vector" in panel._readout.text()


def test_hidden_panels_are_not_drawn_during_a_drag(make_window):
    window = make_window(preset_scene("lesson-pair"))
    assert not window.dock_shown("angle_plot") and not window.dock_shown("magnitude")
    panel = window.panel("angle_plot")
    before = panel.current_point()
    drag(window.canvas, (1, 2), (1, -2), steps=6)
    assert panel.current_point() == before
    raise_panel(window, "angle_plot")
    assert panel.current_point() == pytest.approx((-90, 0), abs=1e-9)


def test_the_exploration_panels_are_built_only_when_first_opened(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es", theme="dark")
    for name in ("magnitude", "angle_plot", "sqrt_dk"):
        assert window.panels.get(name) is None  # nothing built, themed or drawn at start-up
    drag(window.canvas, (1, 2), (2, 1), steps=4)
    raise_panel(window, "angle_plot")
    panel = window.panels.get("angle_plot")
    assert panel is not None and window.dock_shown("angle_plot")
    # Built late, it shows the scene as it is now (k dragged onto q: 0°, q·k = 5), in the window's language.
    assert panel.current_point() == pytest.approx((0.0, 5.0), abs=1e-9)
    assert "gira alrededor del origen" in panel._caption.text() and "2,236" in panel._caption.text()
    assert window.panels.get("magnitude") is None


# ---- why 1/√d ----------------------------------------------------------------------------------


def test_the_sqrt_panel_is_closed_until_asked_for(make_window):
    window = make_window()
    assert not window.docks["sqrt_dk"].isVisible()
    assert window.panel("sqrt_dk")._sampler is None


def test_the_sqrt_panel_shows_variances_and_saturation(make_window):
    window = make_window()
    panel = raise_panel(window, "sqrt_dk")
    assert panel.d == 64
    type_into(panel._d_spin, "1024")
    sampler = sqrt_dk.sampler()
    sample = sampler.sample(1024)
    texts = panel.texts()
    assert "(d = 1024)" in texts["raw"]
    assert numbers.number(sample.raw_variance) in texts["raw"]  # the rule: three places, no trailing zeros
    assert numbers.number(sample.scaled_variance) in texts["scaled"]
    assert abs(sample.raw_variance - 1024) < 100 and abs(sample.scaled_variance - 1) < 0.1
    assert panel.marker_values() == pytest.approx(sampler.largest_weight(1024, 8))
    assert panel.marker_values()[0] > 0.9
    assert panel._slider.value() == 100
    type_into(panel._keys_spin, "2")
    assert panel.marker_values() == pytest.approx(sampler.largest_weight(1024, 2))
    x, _ = panel._scaled_curve.getData()
    assert len(x) == len(sqrt_dk.D_GRID)


def test_dragging_the_d_slider(make_window):
    window = make_window()
    panel = raise_panel(window, "sqrt_dk")
    seen = []
    original = panel._update_d

    def spy(force=False):
        original(force)
        seen.append(panel.d)

    panel._update_d = spy
    drag_slider(panel._slider, 20, steps=12)  # d = 4
    assert panel.d == 4 and panel._d_spin.value() == 4
    assert len(set(seen)) >= 4
    assert "(d = 4)" in panel.texts()["raw"]


def test_the_sqrt_panel_in_spanish_is_not_cut_off(make_window):
    from ..test_translations import cut_off_widgets

    window = make_window(lang="es")
    panel = raise_panel(window, "sqrt_dk")
    QTest.qWait(0)
    assert "varianza" in panel.texts()["raw"]
    cut = [c for c in cut_off_widgets(window) if not c.startswith("QLabel: 'proj") and "proj" not in c]
    assert cut == []


def test_the_same_product_pair_is_worked_out_once_a_step(make_window, monkeypatch):
    """The magnitude panel and the canvas's ghost both show it: they share Results.same_product."""
    from qk_explorer.model import results as results_module

    window = make_window(preset_scene("lesson-pair"))
    panel = raise_panel(window, "magnitude")
    ghost_action(window).trigger()
    asked, steps = [], []
    real = results_module.same_product_pair
    monkeypatch.setattr(results_module, "same_product_pair", lambda p, n: asked.append(p) or real(p, n))
    # A step of the drag; its beginning and its end are updates too, with no new scene.
    window.controller.updated.connect(lambda u: u.drag.turned or steps.append(u.results))
    drag(window.canvas, (1, 2), (3, 1), steps=8)
    assert len(steps) >= 4  # (snapping to the grid may merge a few steps)
    assert len(asked) == len(steps)  # once a step, though two views show it
    assert all(pair is results.pair for pair, results in zip(asked, steps))
    ghost = window.controller.results.same_product
    assert window.explorations.same_product.ghost is ghost
    assert panel.ghost_text().startswith("Same product, different angle: q′ = (")
    # Shown again (a language change does this), nothing is worked out anew.
    before = len(asked)
    window.explorations.same_product.set_language("en")
    panel.retranslate()
    assert len(asked) == before
