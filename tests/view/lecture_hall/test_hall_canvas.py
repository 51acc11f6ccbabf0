"""The drawing on the stage reads from the back row and no name sits on another.

Every lesson step and question (asked, then solved) and every preset, in English and
Spanish, in the projector and high-contrast themes, at 1280 × 720, 1366 × 768, 1920 × 1080
and 3840 × 2160 at device pixel ratio 2 (a child process under QT_SCALE_FACTOR=2): the
canvas's tick numbers and names at least 1/50 of the screen's height, its header 1/40; no two
names, the header, θ or an arrow head on each other, on the canvas and the token plane
(canvas_check.py, from the boxes the name rule placed).
"""

import pytest

from qk_explorer.view.canvas.room import room_scale, tick_font
from qk_explorer.view.theme import PROJECTOR

from ..helpers import run_at_ratio_2
from . import canvas_check
from .stage_check import settle


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_state_draws_for_the_back_row_with_names_apart(size, make_window):
    window = make_window(theme="projector")
    found = canvas_check.check_every_state(window, size)
    assert found == [], "\n".join(found[:30])


def test_every_state_on_a_3840_by_2160_screen_at_device_pixel_ratio_2():
    result = run_at_ratio_2("tests.view.lecture_hall.canvas_check", "1920x1080")
    assert result["ratio"] == 2.0
    assert result["problems"] == [], "\n".join(result["problems"][:30])


def test_the_check_sees_what_it_checks(presenting):
    """Names, ticks and the header are measured, and a name pushed onto another is caught."""
    window = presenting((1280, 720), lang="es")
    window.lesson.go_to("padding-mask")
    settle()
    assert canvas_check.canvas_problems(window, "here") == []
    naming = window.canvas.name_boxes()
    assert len(naming.boxes) >= 6 and len(naming.heads()) >= 6
    first, second = list(naming.boxes)[:2]
    naming.boxes[second] = naming.boxes[first]
    assert any(
        "overlap" in p for p in canvas_check._drawing_problems(window.canvas, naming, 720, 1.0, "here", {})
    )


@pytest.mark.parametrize("height", [720, 768, 1080, 2160])
def test_the_drawing_grows_with_the_screen_and_the_ticks_reach_a_fiftieth(height):
    scale = room_scale(PROJECTOR, height)
    assert canvas_check.digits(tick_font(PROJECTOR.zoomed(scale))) >= height / 50
    assert scale == pytest.approx(room_scale(PROJECTOR, 720) * height / 720, rel=0.08)


def test_the_drawing_on_the_desktop_keeps_its_size(make_window):
    window = make_window(theme="projector")
    assert window.theme.zoom == 1.0
    ticks = window.canvas.getPlotItem().getAxis("bottom").style["tickFont"]
    assert ticks.pointSizeF() == pytest.approx(tick_font(PROJECTOR).pointSizeF())


def test_the_drawing_follows_the_screen_and_a_theme_change(presenting):
    window = presenting((1280, 720))
    small = window.theme.stroke_px
    window.resize(1920, 1080)
    settle()
    assert window.theme.stroke_px == pytest.approx(small * 1.5, rel=0.08)
    window.set_theme("high-contrast")
    ticks = window.canvas.getPlotItem().getAxis("bottom").style["tickFont"]
    assert canvas_check.digits(ticks) >= 1080 / 50
