"""The canvas's tick numbers never run into each other on the stage, at any screen.

Every lesson step and question (asked, then solved), in English and Spanish, presenting at
1280 × 720, 1366 × 768, 1920 × 1080 and 3840 × 2160: at device pixel ratio 1 (a 4K projector
without scaling puts the largest type on the narrowest canvas) and 2 (a child process under
QT_SCALE_FACTOR=2, the same screens at half the logical size). The labels are measured as the
axes would draw them (tick_check.py).
"""

import pytest

from ..helpers import run_at_ratio_2
from . import tick_check
from .stage_check import settle


@pytest.mark.parametrize("size", tick_check.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_item_draws_its_tick_numbers_apart(size, make_window):
    window = make_window(theme="projector")
    found = tick_check.check_every_item(window, size)
    assert found == [], "\n".join(found[:30])


def test_every_item_draws_its_tick_numbers_apart_at_device_pixel_ratio_2():
    halves = [f"{w // 2}x{h // 2}" for w, h in tick_check.SIZES]
    result = run_at_ratio_2("tests.view.lecture_hall.tick_check", *halves, timeout=1200)
    assert result["ratio"] == 2.0
    assert result["problems"] == [], "\n".join(result["problems"][:30])


def test_the_check_sees_labels_run_together(presenting):
    """A question on a 4K screen at ratio 1 draws its ticks apart, and the check measures them:
    squeezed into a quarter of the room, the same labels are reported."""
    window = presenting((3840, 2160), lang="es")
    window.lesson.go_to("question-6")  # item 27: a narrow canvas beside the question
    settle()
    axis = window.canvas.getPlotItem().getAxis("bottom")
    assert len(tick_check.drawn_labels(axis)) >= 4
    assert tick_check.tick_problems(window, "here") == []
    axis.setTickSpacing(major=0.1, minor=0.05)  # pyqtgraph labels its given major level, however dense
    assert tick_check.crowded(axis, "here")
