"""A token's drag in the token plane is a drag like a tip's on the canvas.

Its query, key and value move on the canvas, and its row and column in the matrix, at every
step before the release; the canvas paints the frames from its drag frame, with the three
arrows lifted out of their layers as the arrow in hand is; the panels hold their labels.
"""

from collections import Counter

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsItem, QWidget

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import key_ref, query_ref, value_ref

from ..helpers import on_screen, qt_painting, raise_panel, view_to_viewport
from .test_drag_frame_work import STEPS, Seen, _counting, frames_painted_by, largest_difference

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
CAT = 1  # token 2, "cat", x₂ = (1, 2)


@pytest.fixture
def tokens_window(make_window):
    window = make_window(preset_scene("learned-projections"), size=(1600, 1000))
    window.controller.snap_enabled = False  # every step moves the token
    raise_panel(window, "matrix")
    raise_panel(window, "tokens")
    for _ in range(3):
        QCoreApplication.processEvents()
    return window


def derived(scene, i):
    """q, k and v of token i, from its embedding and the matrices."""
    x = np.asarray(scene.tokens.embeddings[i])
    return [np.asarray(scene.tokens.matrix(name)) @ x for name in ("w_q", "w_k", "w_v")]


def shown(text: str) -> float:
    return float(text.replace("−", "-"))


def press_token(window, token: int):
    """Press on a token's tip in the token plane and take it past the threshold; returns a step(i)
    that moves it on with the button held and a release()."""
    plot = window.panel("tokens").plot
    viewport = plot.viewport()
    start = view_to_viewport(plot, window.controller.scene.tokens.embeddings[token])
    QTest.mousePress(viewport, LEFT, NONE, start)
    QTest.mouseMove(viewport, start + QPoint(6, -6))  # past the drag handler's threshold: a drag
    QCoreApplication.processEvents()
    at = [start]

    def step(i: int) -> None:
        at[0] = start + QPoint(3 + 2 * i, -2 - i)
        QTest.mouseMove(viewport, at[0])
        QCoreApplication.processEvents()

    def release() -> None:
        QTest.mouseRelease(viewport, LEFT, NONE, at[0])
        QCoreApplication.processEvents()

    return step, release


def test_its_q_k_v_on_the_canvas_and_its_row_and_column_move_at_every_step_before_the_release(
    tokens_window,
):
    window = tokens_window
    controller, canvas, matrix = window.controller, window.canvas, window.panel("matrix")
    arrows = [canvas.arrow(ref) for ref in (query_ref(CAT), key_ref(CAT), value_ref(CAT))]
    start = [arrow.tip for arrow in arrows]
    steps = controller.undo_stack.count()
    step, release = press_token(window, CAT)
    for i in range(8):
        step(i)
        assert controller.dragging
        scene = controller.scene
        q, k, v = derived(scene, CAT)
        # What the canvas draws: the arrows' tips at the derived vectors.
        for arrow, vector in zip(arrows, (q, k, v), strict=True):
            assert np.allclose((arrow.tip.x(), arrow.tip.y()), vector)
        # What the matrix shows: row CAT is q's scores against every key, column CAT k's.
        keys, queries = np.asarray(scene.keys), np.asarray(scene.queries)
        row = [shown(matrix.cell_text("scores", CAT, j)) for j in range(4)]
        column = [shown(matrix.cell_text("scores", j, CAT)) for j in range(4)]
        assert np.allclose(row, keys @ q, atol=0.006) and np.allclose(column, queries @ k, atol=0.006)
    assert all(arrow.tip != tip for arrow, tip in zip(arrows, start, strict=True))
    release()
    assert not controller.dragging
    assert controller.undo_stack.count() == steps + 1


def test_the_canvas_paints_its_frames_from_the_drag_frame_with_the_three_arrows_lifted(tokens_window):
    window = tokens_window
    canvas = window.canvas
    viewport = canvas.viewport()
    moving = [canvas.arrow(ref) for ref in (query_ref(CAT), key_ref(CAT), value_ref(CAT))]
    layers = [arrow.parentItem() for arrow in moving]
    in_order = [layer.childItems() for layer in layers]
    standing = [*canvas._keys, *canvas._values]  # the other tokens' keys and values
    drawn = Counter()
    for item in standing:
        if item not in moving:
            item.paint = _counting(item.paint, "standing", drawn)
    frames = frames_painted_by(canvas._drag_frame)
    step, release = press_token(window, CAT)
    step(0)
    assert canvas._drag_frame.active
    assert all(arrow.parentItem() is not layer for arrow, layer in zip(moving, layers, strict=True))
    drawn.clear()
    for i in range(1, STEPS):
        step(i)
        if i % 5 == 4:  # the frames leave on screen what Qt draws of the scene as it stands
            standing = drawn["standing"]
            assert largest_difference(on_screen(viewport), qt_painting(canvas)) <= 3
            drawn["standing"] = standing  # (Qt's painting, for the comparison, draws them all)
    assert frames[True] >= STEPS - 1 and frames[False] == 0
    assert drawn["standing"] == 0  # copied from the pictures of their layers
    release()
    assert not canvas._drag_frame.active
    assert [layer.childItems() for layer in layers] == in_order  # each back in its place
    on_release = on_screen(viewport)
    viewport.repaint()
    assert largest_difference(on_release, on_screen(viewport)) <= 3


def test_the_panels_show_its_numbers_without_laying_themselves_out(tokens_window):
    window = tokens_window
    # (The matrix's grids widen now and then, for a number that needs more room.)
    # (Projections is a tab behind Tokens: the token plane in front is what a token's drag needs.)
    names = [name for name in ("numbers", "projections", "tokens") if window.dock_shown(name)]
    assert names == ["numbers", "tokens"]
    widgets = [w for name in names for w in (window.panel(name), *window.panel(name).findChildren(QWidget))]
    numbers = window.panel("numbers")
    step, release = press_token(window, CAT)
    for i in range(3):  # the drag begins: the live labels hold their size (holding lays out once)
        step(i)
    layouts = Seen(QEvent.Type.LayoutRequest, widgets)
    products = set()
    for i in range(3, 3 + STEPS):
        step(i)
        products.add(numbers.value_text("dot"))
    assert len(products) > STEPS // 2  # the numbers did change
    assert layouts.count.total() == 0
    release()


def test_hiding_the_token_plane_mid_drag_ends_the_drag(tokens_window):
    window = tokens_window
    step, _release = press_token(window, CAT)
    step(0)
    step(1)
    assert window.controller.dragging and window.canvas._drag_frame.active
    window.docks["tokens"].hide()
    QCoreApplication.processEvents()
    assert not window.controller.dragging and not window.canvas._drag_frame.active


def test_the_token_plane_draws_its_arrows_over_pictures_of_its_axes_and_grid(tokens_window):
    window = tokens_window
    plot = window.panel("tokens").plot
    axes = [plot.getPlotItem().getAxis(name) for name in ("left", "bottom")]
    drawn = Counter()
    for axis in axes:
        axis.paint = _counting(axis.paint, "axes", drawn)
    for arrow in plot.arrows:
        arrow.paint = _counting(arrow.paint, "arrows", drawn)
    step, release = press_token(window, CAT)
    step(0)
    drawn.clear()
    for i in range(1, STEPS):
        step(i)
    assert drawn["axes"] == 0 and drawn["arrows"] >= STEPS - 1
    release()
    # What the pictures leave on screen is what the axes draw themselves.
    cached = on_screen(plot.viewport())
    for axis in axes:
        axis.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    plot.viewport().repaint()
    assert largest_difference(cached, on_screen(plot.viewport())) <= 3


def test_the_token_plane_paints_the_token_in_hand_over_pictures_and_they_look_as_qts_own(make_window):
    window = make_window(preset_scene("identity-projections"), size=(1600, 1000))  # B's circle drawn
    window.controller.snap_enabled = False
    raise_panel(window, "tokens")
    QCoreApplication.processEvents()
    plot = window.panel("tokens").plot
    assert plot.circle.isVisible() and plot.circle_name.isVisible()
    drawn = Counter()
    plot.circle.curve.paint = _counting(plot.circle.curve.paint, "circle", drawn)
    for i, arrow in enumerate(plot.arrows):
        arrow.paint = _counting(arrow.paint, "in hand" if i == CAT else "standing", drawn)
    step, release = press_token(window, CAT)
    step(0)
    drawn.clear()
    for i in range(1, STEPS):
        step(i)
    # The circle and the other tokens stand still: pictures, copied; the token in hand is painted.
    assert drawn["circle"] == 0 and drawn["standing"] == 0 and drawn["in hand"] >= STEPS - 1
    # The frames leave on screen what Qt paints of the same scene, item by item.
    assert largest_difference(on_screen(plot.viewport()), qt_painting(plot)) <= 3
    release()
    assert not plot._drag_frame.active
    # On release the names are placed again from where it is now: none lies on its head.
    naming = plot.name_boxes()
    head = naming.heads()[plot.arrows[CAT]]
    for item, (x0, y0, x1, y1) in naming.boxes.items():
        if item is not plot.arrows[CAT]:
            assert x1 <= head[0] or head[2] <= x0 or y1 <= head[1] or head[3] <= y0
