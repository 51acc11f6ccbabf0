"""While a key's drag moves every other row's output, the canvas draws them as one path, nameless.

On release each output is its own arrow again, with its name: a drag there and back leaves the
canvas as it was, to the pixel. Mid-drag the frames are what Qt paints of the scene as it stands.
"""

from collections import Counter

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.scene import key_ref

from ..helpers import on_screen, qt_painting
from ..speed.test_drag_frame_work import _counting, channels, largest_difference

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def grid_scene(size: int):
    """`size` queries, keys and values; the keys apart from each other on the snapping grid (0.5),
    the rest off it."""
    keys = [(0.5 * (i % 8) - 2.0, 0.5 * (i // 8) - 2.0) for i in range(size)]
    queries = [(0.5 * (i % 7) - 1.25, 0.5 * (i % 5) - 0.75) for i in range(size)]
    values = [(0.5 * (i % 4) - 0.75, 0.5 * (i % 6) - 1.25) for i in range(size)]
    return make_scene(None, keys, values, queries=queries)


def like_qts_painting(canvas) -> bool:
    """Whether the canvas on screen is what Qt paints of its scene as it stands: no channel apart
    by more than 3, but where dozens of translucent arrows of one layer cross (a 64 × 64 scene's
    values near the origin), whose picture rounds a few pixels its own way (≤ 16 of them, by ≤ 8)."""
    apart = np.abs(channels(on_screen(canvas.viewport())) - channels(qt_painting(canvas)))
    return apart.max() <= 8 and np.count_nonzero(apart.reshape(len(apart), -1, 4).max(axis=2) > 3) <= 16


def outputs_of(canvas):
    return [canvas.row_output(i) for i in range(canvas.controller.scene.query_count)]


@pytest.fixture(params=[8, 64], ids=["8x8", "64x64"])
def several(make_window, request):
    window = make_window(grid_scene(request.param))
    canvas = window.canvas
    canvas.controller.select(key_ref(0))  # k₁ is active before the drag as after it
    for _ in range(3):
        QCoreApplication.processEvents()
    return canvas


def test_mid_drag_the_outputs_are_one_path_without_names_and_on_release_as_they_were(several):
    canvas = several
    viewport = canvas.viewport()
    before, scene = on_screen(viewport), canvas.controller.scene
    named = [(o.isVisible(), o.label) for o in outputs_of(canvas)]
    assert sum(bool(shown and label) for shown, label in named) >= 3  # names to hide and bring back
    painted = Counter()
    for item in outputs_of(canvas):
        item.paint = _counting(item.paint, "one by one", painted)
    bulk = canvas._row_outputs.bulk
    bulk.paint = _counting(bulk.paint, "as one", painted)
    start = canvas.mapFromScene(canvas.tip_scene_position(key_ref(0)))
    QTest.mousePress(viewport, LEFT, NONE, start)
    for i in range(1, 7):
        QTest.mouseMove(viewport, start + QPoint(9 * i, -6 * i))
        QCoreApplication.processEvents()
        assert canvas.controller.dragging
        assert not any(o.isVisible() for o in outputs_of(canvas))
        # What the frames leave on screen is Qt's own painting of the scene as it stands.
        assert like_qts_painting(canvas)
    assert painted["one by one"] == 0 and painted["as one"] >= 6
    QTest.mouseMove(viewport, start)  # back where it was taken: the same point of the grid
    QTest.mouseRelease(viewport, LEFT, NONE, start)
    QCoreApplication.processEvents()
    assert not canvas.controller.dragging and not bulk.isVisible()
    assert canvas.controller.scene == scene
    assert [(o.isVisible(), o.label) for o in outputs_of(canvas)] == named
    assert largest_difference(on_screen(viewport), before) == 0
