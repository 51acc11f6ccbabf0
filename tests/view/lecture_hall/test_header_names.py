"""Mid-drag, the canvas's header grows (its numbers lengthen, it breaks onto a third line) and the
names standing under it are placed again, clear of it, and pictured so for the rest of the drag."""

from PySide6.QtCore import QCoreApplication, QPoint, QRectF, Qt
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY

from ..helpers import view_to_viewport
from ..speed.test_drag_frame_work import count_item_paints
from .stage_check import settle

# k₂ the highest tip: its name sits just under the header. Dragging q to the left turns q·k₁
# negative, with more digits: on the stage at 1280 × 800 in Spanish the header takes a third line.
KEYS, VALUES = [(1.0, 0.2), (-0.8, 1.1)], [(0.4, 0.9), (-1.2, 0.3)]
STEPS = 24


def _box(box) -> QRectF:
    x0, y0, x1, y1 = box
    return QRectF(x0, y0, x1 - x0, y1 - y0)


def _presented(presenting):
    window = presenting((1280, 800), scene=make_scene((1.5, 0.6), KEYS, VALUES), lang="es")
    window.controller.snap_enabled = False  # every step moves q off the grid: more decimals
    QCoreApplication.processEvents()
    return window


def _drag_left(window, at_each_step) -> None:
    """Press on q and move it leftwards step by step, each step painted, then release."""
    viewport = window.canvas.viewport()
    start = view_to_viewport(window.canvas, (1.5, 0.6))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, STEPS + 1):
        QTest.mouseMove(viewport, start - QPoint(7 + 20 * i, 3))
        settle()
        QCoreApplication.processEvents()  # the drag frame paints the step
        at_each_step(i)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)


def test_a_header_that_grows_mid_drag_never_covers_a_standing_name(presenting):
    window = _presented(presenting)
    canvas = window.canvas
    lines_at_rest = len(canvas._readout.line_texts())
    covered, most_lines = [], lines_at_rest

    def check(i):
        nonlocal most_lines
        header = canvas.header_rect()
        most_lines = max(most_lines, len(canvas._readout.line_texts()))
        for item, box in canvas.name_boxes().boxes.items():
            if item.isVisible() and _box(box).intersects(header):
                covered.append(f"step {i}: {item.name_text!r} under the header ({header.height():.0f} px)")

    _drag_left(window, check)
    assert most_lines > lines_at_rest  # the header did grow mid-drag
    assert covered == []


def test_after_the_names_are_placed_again_the_standing_arrows_come_from_pictures(presenting):
    window = _presented(presenting)
    canvas = window.canvas
    lines_at_rest = len(canvas._readout.line_texts())
    painted = {}

    def count_once_grown(i):
        if not painted and len(canvas._readout.line_texts()) > lines_at_rest:
            QCoreApplication.processEvents()  # the first frame after it pictures the layers anew
            painted.update(step=i, calls=count_item_paints(window))

    _drag_left(window, count_once_grown)
    assert painted, "the header never grew"
    # Each frame paints q and the output, which move; the keys and values stand, pictured.
    assert painted["calls"]["VectorItem"] == 2 * (STEPS - painted["step"])


def test_a_header_over_a_names_halo_alone_hides_nothing_but_over_its_letters_it_does(make_window):
    """What the header is checked against mid-drag: each name's letters where its tip has taken
    it; not its halo, which is the background's colour, as the header's veil is."""
    window = make_window(make_scene((1.5, 0.6), KEYS, VALUES))
    window.controller.snap_enabled = False
    QCoreApplication.processEvents()  # painted: the view brought up to date, the names placed in it
    canvas = window.canvas
    q = canvas.arrow(QUERY)
    x0, y0, x1, _ = canvas.name_boxes().boxes[q]
    halo = q.name_halo()
    assert halo > 0.0
    over_halo = QRectF(x0, y0 - 10.0, x1 - x0, 10.0 + halo - 0.5)
    assert not canvas._names.under(over_halo)
    assert canvas._names.under(over_halo.adjusted(0.0, 0.0, 0.0, 1.0))  # a pixel into the letters
    # In hand, q takes its name along: it is looked for where it is drawn now.
    viewport = canvas.viewport()
    start = view_to_viewport(canvas, (1.5, 0.6))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(-60, 90))
    moved = view_to_viewport(canvas, tuple(window.controller.scene.query)) - start
    assert moved.y() > 40  # far enough that the two places of the name do not meet
    assert not canvas._names.under(over_halo.adjusted(0.0, 0.0, 0.0, 1.0))
    assert canvas._names.under(over_halo.adjusted(0.0, 0.0, 0.0, 1.0).translated(moved.x(), moved.y()))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
