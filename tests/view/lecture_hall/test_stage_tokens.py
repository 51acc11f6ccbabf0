"""Presenting a scene of tokens: the token plane on the stage beside the canvas, dragged there."""

import numpy as np
import pytest
from PySide6.QtCore import QLineF, QPoint, QPointF, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from qk_explorer.model.scene import Kind
from qk_explorer.model.vector_ref import key_ref, query_ref, value_ref

from ..helpers import view_to_viewport
from .stage_check import digit_height, global_rect, problems, settle

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def test_a_token_step_shows_the_plane_beside_the_canvas_and_a_plain_step_does_not(presenting):
    window = presenting((1280, 720))
    stage = window.presentation.stage
    window.lesson.go_to("token-projections")  # step 17
    settle()
    plot = stage.drawing("plane").plot
    assert plot is not None and plot.isVisible()
    assert [item.label for item in plot.arrows] == ["the", "cat", "sat", "down"]
    assert stage.drawings() == [window.canvas, plot]
    canvas, plane = global_rect(window.canvas), global_rect(plot)
    assert not canvas.intersects(plane) and window.rect().contains(plane)
    assert plane.width() >= 400 and plane.height() >= 200
    assert stage.block("matrix_scores").isVisible()  # the matrix the step speaks of stays
    for block in stage.content_widgets()[2:]:
        assert not global_rect(block).intersects(plane)
    assert problems(window, "step 17") == []
    window.lesson.go_to("scale-softmax")  # step 8: a query and keys, no tokens
    settle()
    assert not plot.isVisible() and stage.drawings() == [window.canvas]
    assert problems(window, "step 8") == []
    window.lesson.go_to("token-geometry")  # step 21: B = I, its unit circle dashed
    settle()
    assert plot.isVisible() and plot.circle.isVisible()
    name = plot.circle_name  # the dashed line named on itself: no legend on the stage
    assert name.isVisible() and plot.getPlotItem().vb.viewRect().contains(name.pos())
    assert digit_height(name.textItem.font()) >= window.height() / 40


def _longest_arrow(view, items) -> float:
    """The longest of `items`' arrows drawn in `view`, in its viewport's pixels."""
    to_px = view.getPlotItem().getViewBox().childGroup.sceneTransform() * view.viewportTransform()
    origin = to_px.map(QPointF(0.0, 0.0))
    return max(QLineF(origin, to_px.map(item.tip)).length() for item in items)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_both_drawings_of_a_token_step_are_large_enough_for_the_back_row(presenting, size, lang):
    """The canvas shares the drawing's room with the token plane. Its eight arrows, their names
    and its header need the larger part: with the plane at 42 % of the room, step 20's arrows at
    1366 × 768 were 1/12 of the screen's height, a knot of heads under a header of three lines."""
    window = presenting(size, lang=lang)
    found = []
    for step in range(16, 21):  # steps 17–21
        window.lesson.go_to(step)
        settle()
        QApplication.processEvents()  # the drawings framed as painted
        canvas, plot = window.canvas, window.presentation.stage.drawing("plane").plot
        arrows = [*canvas._arrows.items[Kind.QUERY], *canvas._arrows.items[Kind.KEY]]
        on_canvas, on_plane = _longest_arrow(canvas, arrows), _longest_arrow(plot, plot.arrows)
        if on_canvas < size[1] / 8 or on_plane < size[1] / 12:
            found.append(
                f"step {step + 1}: canvas 1/{size[1] / on_canvas:.1f}, plane 1/{size[1] / on_plane:.1f}"
            )
    assert not found, found


def test_outside_the_lesson_a_token_scene_shows_its_plane_too(presenting):
    window = presenting((1280, 720))
    window.load_preset("asymmetric-scores")
    settle()
    plot = window.presentation.stage.drawing("plane").plot
    assert plot is not None and plot.isVisible()
    assert problems(window, "asymmetric-scores") == []


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_planes_names_and_numbers_read_from_the_back_row(size, presenting):
    window = presenting(size)
    window.lesson.go_to("three-vectors")
    settle()
    plot = window.presentation.stage.drawing("plane").plot
    floor = size[1] / 40
    assert digit_height(plot.name_font()) >= floor and digit_height(plot.tick_font()) >= floor
    for item in plot.arrows:  # the names are drawn in that font
        assert item._font == plot.name_font()
    axis = plot.getPlotItem().getAxis("bottom")
    assert axis.style["tickFont"] == plot.tick_font()


def test_dragging_a_token_on_the_stage_moves_its_derived_arrows(presenting):
    window = presenting((1366, 768))
    window.lesson.go_to("three-vectors")  # step 18: W_V too
    settle()
    controller, canvas = window.controller, window.canvas
    plot = window.presentation.stage.drawing("plane").plot
    refs = (query_ref(1), key_ref(1), value_ref(1))  # "cat"'s q₂, k₂ and v₂
    before = [canvas.tip_position(ref) for ref in refs]
    steps = controller.undo_stack.count()
    viewport = plot.viewport()
    a, b = view_to_viewport(plot, (1, 2)), view_to_viewport(plot, (2, 1))
    pair = (controller.scene.selected_query, controller.scene.selected_key)
    QTest.mouseMove(viewport, a)  # pointing selects nothing: the stage stays as laid out
    assert (controller.scene.selected_query, controller.scene.selected_key) == pair
    QTest.mousePress(viewport, LEFT, NONE, a)
    for k in range(1, 7):
        p = a + (b - a) * (k / 6)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
    mid = [canvas.tip_position(ref) for ref in refs]
    assert all(m != was for m, was in zip(mid, before, strict=True))  # the canvas followed mid-drag
    QTest.mouseRelease(viewport, LEFT, NONE, b)
    scene = controller.scene
    assert scene.tokens.embeddings[1] == (2.0, 1.0)
    x = np.array([2.0, 1.0])
    for ref, name in zip(refs, ("w_q", "w_k", "w_v"), strict=True):
        tip = canvas.tip_position(ref)
        assert (tip.x(), tip.y()) == pytest.approx(tuple(np.asarray(scene.tokens.matrix(name)) @ x))
    assert controller.undo_stack.count() == steps + 1
    assert plot.arrows[1].tip.x() == 2.0 and plot.arrows[1].tip.y() == 1.0
    settle()
    assert problems(window, "after a drag on the plane") == []


def test_the_plane_stays_out_of_a_scene_of_other_than_two_coordinates(presenting):
    from qk_explorer.model.token_scene import token_scene

    window = presenting((1280, 720))
    scene = token_scene(["a", "b"], [(1, 0, 0), (0, 1, 0)], [(1, 0, 0)] * 3, [(1, 0, 0)] * 3, [(1, 0, 0)] * 3)
    window.controller.load(scene, "three coordinates")
    settle()
    stage = window.presentation.stage
    assert not stage.shows("plane")
    assert stage.drawing("plane").plot is None or not stage.drawing("plane").plot.isVisible()
    assert global_rect(window.canvas) != QRect()
