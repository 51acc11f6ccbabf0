"""Presentation's stage: every lesson item fits a projector's screen and reads from the back row.

Every step and question (asked, then solved), in English and Spanish, in the
projector and high-contrast themes, at 1280 × 720, 1366 × 768, 1920 × 1080 and
3840 × 2160 at device pixel ratio 2 (a child process under QT_SCALE_FACTOR=2):
each number the step speaks of inside the screen, not clipped, not covered,
digits at least 1/40 of the screen's height; the lesson's words wrapped, at
least 1/50; nothing scrolls (stage_check.py).
"""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.view.stage.type_size import NUMBER_FLOOR, TEXT_FLOOR

from ..helpers import run_at_ratio_2
from . import stage_check
from .stage_check import problems, settle

# ---- every item, every size ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_item_fits_and_reads_from_the_back_row(size, make_window):
    window = make_window(theme="projector")
    found = stage_check.check_every_item(window, size)
    assert found == [], "\n".join(found[:30])


def test_every_item_fits_a_3840_by_2160_screen_at_device_pixel_ratio_2():
    result = run_at_ratio_2("tests.view.lecture_hall.stage_check", "1920x1080", timeout=300)
    assert result["ratio"] == 2.0  # 1920 × 1080 logical pixels: 3840 × 2160 on the screen
    assert result["problems"] == [], "\n".join(result["problems"][:30])


def test_the_check_sees_what_it_checks(presenting):
    """The check is not empty: numbers and words are found, and a clipped label is caught."""
    window = presenting((1280, 720))
    window.lesson.go_to("scale-softmax")
    settle()
    stage = window.presentation.stage
    assert len(stage.number_labels()) >= 9 and len(stage.lesson_labels()) >= 3
    assert problems(window, "here") == []
    label = stage.number_labels()[0]
    label.resize(label.width() // 3, label.height())
    assert any("clipped" in p for p in problems(window, "here"))


# ---- what the stage shows ---------------------------------------------------------------------


def test_step_8_shows_every_keys_score_logit_and_weight_with_the_scale_sum_and_output(presenting):
    window = presenting(lang="es")
    window.lesson.go_to("scale-softmax")
    stage = window.presentation.stage
    table = stage.block("attention")
    assert [table.cell_text(k, c) for k in (0, 1) for c in ("score", "logit", "weight")] == [
        "1",
        "0,707",
        "0,33",
        "2",
        "1,414",
        "0,67",
    ]
    summary = table.summary
    assert summary.value_text("scale") == "1/√2 ≈ 0,707"
    assert summary.value_text("sum") == "1"
    assert summary.value_text("output") == "(0,33; 0,67)"
    assert stage.block("title").label.text().startswith("8. Escala")
    # No desktop panel while presenting: the docks are hidden, the stage is the window's middle.
    assert not any(dock.isVisible() for dock in window.findChildren(QDockWidget))
    assert window.centralWidget() is stage and window.canvas.parent() is stage


def test_a_pair_step_shows_the_rows_it_highlights(presenting):
    window = presenting()
    window.lesson.go_to("projection")
    stage = window.presentation.stage
    assert stage.block("pair").ids == ["comp", "proj", "perp", "residual"]
    assert stage.block("pair").value_text("proj") == "(0.8, 1.6)"
    assert stage.block("attention").isHidden() and stage.block("givens").isHidden()


def test_a_question_shows_what_it_gives_then_what_answers_it(presenting):
    window = presenting()
    window.lesson.go_to("question-6")
    stage = window.presentation.stage
    assert not stage.block("givens").isHidden() and stage.block("attention").isHidden()
    assert (
        stage.block("givens").ids == ["q", "k0", "k1"] and stage.block("givens").value_text("k1") == "(0, 1)"
    )
    assert any("Try it." in t for t in stage.block("words").paragraph_texts())
    window.lesson.next()  # reveal
    assert stage.block("givens").isHidden() and not stage.block("attention").isHidden()
    assert stage.block("attention").cell_text(1, "weight") == "0.67"


def test_dot_product_or_cosine_shows_both_rules(presenting):
    window = presenting()
    window.lesson.go_to("dot-vs-cosine")
    stage = window.presentation.stage
    assert not stage.block("attention").isHidden() and not stage.block("compare").isHidden()
    assert stage.block("compare").cell_text(0, "score") == "0.8"
    assert (
        "dot" not in stage.block("pair").ids and "cosine" not in stage.block("pair").ids
    )  # in the tables already


def test_outside_the_lesson_the_essentials_of_numbers_and_attention(presenting):
    window = presenting((1280, 720), scene=preset_scene("four-keys"))
    assert not window.lesson.active
    stage = window.presentation.stage
    assert stage.block("pair").ids == ["dot", "norm_q", "norm_k", "cosine", "angle"]
    assert stage.block("attention").keys == (0, 1, 2, 3)
    assert stage.block("words").isHidden()
    assert problems(window, "four keys") == []


def test_with_several_queries_the_pair_rows_name_the_selected_query(presenting):
    window = presenting((1920, 1080), scene=preset_scene("several-queries"))
    stage = window.presentation.stage
    assert stage.block("pair").name_text("dot") == "q₁·k₁"
    window.controller.select_pair(1, 1)
    assert (
        stage.block("pair").name_text("dot") == "q₂·k₂" and stage.block("pair").name_text("norm_q") == "‖q₂‖"
    )
    assert problems(window, "several queries") == []


@pytest.mark.parametrize("count", [16, 64])
def test_many_keys_show_fewer_rows_not_smaller_type(count, presenting):
    keys = [(float(i % 8) - 3.5, float(i // 8) - 3.5) for i in range(count)]
    window = presenting((1280, 720), scene=make_scene((1, 2), keys))
    stage = window.presentation.stage
    shown = stage.block("attention").keys
    assert 0 < len(shown) < count
    weights = window.controller.results.attention.weights
    best = sorted(range(count), key=lambda i: -weights[i])[: len(shown) - 1]
    assert set(best) <= set(shown) | {window.controller.scene.selected_key}
    more = [
        label.text()
        for label in stage.block("attention").text_labels()
        if label.objectName().startswith("stageMore")
    ]
    assert more == [f"… and {count - len(shown)} more keys, not shown for room"]
    assert problems(window, f"{count} keys") == []


def test_a_question_over_a_scene_of_many_keys_lists_what_fits(presenting):
    window = presenting((1280, 720))
    window.lesson.go_to("question-6")
    keys = [(float(i % 8) - 3.5, float(i // 8) - 3.5) for i in range(64)]
    window.controller.load(make_scene((1, 2), keys))  # the student's own scene, mid-question
    settle()
    givens = window.presentation.stage.block("givens")
    assert 2 < len(givens.ids) < 65 and givens.ids[0] == "q"
    assert problems(window, "64 keys asked") == []


def test_a_drag_while_presenting_moves_the_stage_numbers(presenting):
    from ..helpers import drag

    window = presenting((1366, 768), scene=preset_scene("lesson-attention"))
    window.lesson.go_to("scale-softmax")
    stage = window.presentation.stage
    arranged = []
    stage.arranged.connect(lambda: arranged.append(1))
    drag(window.canvas, (1, 2), (2, 2))
    assert window.controller.scene.query == (2.0, 2.0)
    assert stage.block("attention").cell_text(0, "score") == "2"
    assert stage.block("attention").cell_text(1, "weight") == "0.5"
    assert len(arranged) <= 1  # laid out at most once (at the drag's end), not at every step
    settle()
    assert problems(window, "after a drag") == []


def test_a_number_that_grows_onto_a_second_line_mid_drag_is_given_its_room_then(presenting):
    """The dot product's working breaks onto a second line when its numbers gain decimals: its
    result must not be cut off until the drag ends (it is the number the room is watching)."""
    from ..helpers import view_to_viewport

    keys, values = [(1.0, 0.2), (-0.8, 1.1)], [(0.4, 0.9), (-1.2, 0.3)]
    window = presenting((1920, 1080), scene=make_scene((1.5, 0.6), keys, values), lang="es")
    window.controller.snap_enabled = False  # every step moves q off the grid: more decimals
    viewport = window.canvas.viewport()
    start = view_to_viewport(window.canvas, (1.5, 0.6))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    dot = window.presentation.stage.block("pair")
    cut = []
    for i in range(1, 9):
        QTest.mouseMove(viewport, start + QPoint(7 - 20 * i, 11 * i - 3))
        settle()
        cut += problems(window, f"mid-drag, step {i}")
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    assert dot.isVisible() and cut == []


# ---- type and zoom ------------------------------------------------------------------------------


def test_type_comes_from_the_screen_height_and_zoom_never_goes_below_the_floors(presenting):
    window = presenting((1920, 1080))
    window.lesson.go_to("multiply")
    stage = window.presentation.stage
    digits = stage_check.digit_height(stage.block("pair").number_labels()[0].font())
    assert digits >= 1080 * NUMBER_FLOOR
    window.canvas.setFocus()
    for _ in range(2):
        window.findChild(type(window.menus["view"].menuAction()), "zoomIn").trigger()
    bigger = stage_check.digit_height(stage.block("pair").number_labels()[0].font())
    assert bigger > digits * 1.2
    for _ in range(6):
        window.findChild(type(window.menus["view"].menuAction()), "zoomOut").trigger()
    smallest = stage.block("pair").number_labels()[0].font()
    assert stage_check.digit_height(smallest) >= 1080 * NUMBER_FLOOR
    assert stage_check.capital_height(stage.block("words").text_labels()[0].font()) >= 1080 * TEXT_FLOOR
    window.findChild(type(window.menus["view"].menuAction()), "zoomReset").trigger()
    assert stage_check.digit_height(stage.block("pair").number_labels()[0].font()) == pytest.approx(digits)
    settle()
    assert problems(window, "zoomed") == []


# ---- the leave hint, and leaving ----------------------------------------------------------------


def test_the_leave_hint_sits_in_empty_room_or_not_at_all(presenting):
    window = presenting((1920, 1080))
    hint = window.presentation.hint
    for item in ("question-8", "dot-vs-cosine", "scale-softmax"):
        window.lesson.go_to(item)
        window.presentation.hint.flash()
        settle()
        assert problems(window, item) == []  # the check includes: it covers no content
        if hint.isVisible():
            room = window.presentation.stage.free_rect()
            assert room.contains(hint.geometry())


def test_leaving_puts_the_desktop_back(presenting):
    window = presenting()
    window.lesson.go_to("scores")
    window.presentation.leave()
    assert window.centralWidget() is window.canvas
    assert window.docks["numbers"].isVisible() and window.docks["lesson"].isVisible()
    assert not window.presentation.stage.isVisible()
    window.controller.set_vector(QUERY, (3, 1))  # the hidden stage costs nothing and breaks nothing
    window.presentation.enter()
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowFullScreen)
    QApplication.processEvents()
    assert window.presentation.stage.block("attention").cell_text(0, "score") == "3"
