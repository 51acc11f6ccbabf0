"""What one step of a drag costs, counted rather than timed: recomputations, repaints, drawn arrows.

A drag of q in a scene of many keys must recompute once per step, repaint the
canvas and the attention table once per step, draw only the arrows that moved
(the others come from their cached pictures), leave the grid alone, repaint
only the table cells whose numbers changed and lay out no panel. Wall-clock
times live in the benchmark (tests/benchmarks).
"""

from collections import Counter
from contextlib import contextmanager

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QRegion
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QFrame, QLabel, QTableWidget, QWidget

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY, key_ref, value_ref
from qk_explorer.view.attention.mask_cell import MaskCellDelegate
from qk_explorer.view.canvas.grid_item import GridItem
from qk_explorer.view.canvas.pair_overlay import KeyLine
from qk_explorer.view.canvas.vector_item import VectorItem, leader
from qk_explorer.view.drag.live_label import LiveLabel

from ..helpers import act, on_screen

STEPS = 20


def many_keys(count: int):
    """Keys around the origin, each with its own value; one in seven masked."""
    keys = [((1 + i % 3) * (-1) ** i, 0.5 * (i % 5) - 1) for i in range(count)]
    values = [(0.3 * (i % 4) - 0.5, 0.2 * (i % 6) - 0.4) for i in range(count)]
    return make_scene((1.5, 1.0), keys, values, [i % 7 != 6 for i in range(count)])


class Seen(QObject):
    """Events of one type on watched widgets: how many per widget, and the paint regions."""

    def __init__(self, event_type, widgets):
        super().__init__()
        self.event_type = event_type
        self.count = Counter()
        self.regions = []
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() == self.event_type:
            self.count[watched] += 1
            if event.type() == QEvent.Type.Paint:
                self.regions.append(QRegion(event.region()))
        return False


def count_item_paints(window) -> Counter:
    """Calls of paint() per item class on the canvas, from now on.

    Each item gets its own counting paint: PySide6 stops seeing a class's paint()
    replaced once the class has painted.
    """
    calls = Counter()
    for item in window.canvas.scene().items():
        if isinstance(item, VectorItem | GridItem | KeyLine):
            item.paint = _counting(item.paint, type(item).__name__, calls)
    return calls


def _counting(paint, name: str, calls: Counter):
    def counting(*args):
        calls[name] += 1
        return paint(*args)

    return counting


def drag_q(window, steps: int) -> None:
    """Press on q's tip and move it `steps` times, letting every step paint, then release."""
    viewport = window.canvas.viewport()
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(8, 8))
    QCoreApplication.processEvents()
    for i in range(steps):
        QTest.mouseMove(viewport, start + QPoint(10 + 3 * i, 8 - 2 * i))
        for _ in range(3):  # the event loop goes idle between two moves of a real mouse
            QCoreApplication.processEvents()
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QCoreApplication.processEvents()


def ready_to_drag(window):
    window.controller.snap_enabled = False  # every step moves q
    for _ in range(3):
        QCoreApplication.processEvents()
    drag_q(window, 2)  # the first frame after showing fills the caches
    return window


@pytest.fixture
def dragging_window(make_window):
    return ready_to_drag(make_window(many_keys(16)))


def test_one_recomputation_per_step(dragging_window, monkeypatch):
    from qk_explorer.view import controller

    computed = []
    real_compute = controller.compute
    monkeypatch.setattr(controller, "compute", lambda *a: computed.append(1) or real_compute(*a))
    drag_q(dragging_window, STEPS)
    assert STEPS <= len(computed) <= STEPS + 2  # the press and the release may add one each


def test_a_step_computes_the_scoring_rule_shown_and_not_the_other(dragging_window, monkeypatch):
    from qk_explorer.model import results

    rules = []
    real_attention = results.attention
    monkeypatch.setattr(results, "attention", lambda scene, *a: rules.append(a) or real_attention(scene, *a))
    drag_q(dragging_window, STEPS)  # the lesson and the attention panel on screen, no comparison
    assert STEPS <= len(rules) <= STEPS + 2
    assert all(a == () for a in rules)  # only compute()'s own rule, never the comparison


def test_a_step_draws_the_moving_arrows_only_and_never_the_grid_or_ks_line(dragging_window):
    window = dragging_window
    with q_dragged(window) as step:  # the first frame draws the standing items into pictures
        counted_paints = count_item_paints(window)
        for i in range(STEPS):
            step(i)
        # q and the output move; 16 keys, 16 values, the grid and k's line stand still.
        assert counted_paints["VectorItem"] == 2 * STEPS
        assert counted_paints["GridItem"] == 0
        assert counted_paints["KeyLine"] == 0


def test_the_canvas_and_the_table_repaint_once_per_step_and_spare_the_check_boxes(make_window, monkeypatch):
    boxes = Counter()  # check boxes painted, by row (counted from before the window is made:
    paint_box = MaskCellDelegate.paint  # PySide looks a delegate's paint up once)

    def counted(delegate, painter, option, index):
        boxes[index.row()] += 1
        paint_box(delegate, painter, option, index)

    monkeypatch.setattr(MaskCellDelegate, "paint", counted)
    window = ready_to_drag(make_window(many_keys(16)))
    table = window.findChild(QTableWidget, "attentionTable")
    assert window.dock_shown("attention") and table.rowCount() > 1
    boxes.clear()
    paints = Seen(QEvent.Type.Paint, [window.canvas.viewport(), table.viewport()])
    drag_q(window, STEPS)
    assert STEPS <= paints.count[window.canvas.viewport()] <= STEPS + 3
    assert STEPS <= paints.count[table.viewport()] <= STEPS + 3
    # Only the cells whose numbers changed are repainted, not the check boxes between them.
    painted = sum(boxes.values())
    assert painted <= table.rowCount()
    table.viewport().grab()  # (a whole paint of the table is counted: the count can see them)
    assert sum(boxes.values()) > painted


def test_the_panels_show_new_numbers_without_laying_themselves_out(dragging_window):
    window = dragging_window
    shown = [name for name in ("numbers", "attention", "lesson") if window.dock_shown(name)]
    assert shown == ["numbers", "attention", "lesson"]
    widgets = [w for name in shown for w in (window.panel(name), *window.panel(name).findChildren(QWidget))]
    numbers = window.panel("numbers")
    viewport = window.canvas.viewport()
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(8, 8))  # the drag begins: the live labels hold their size
    for _ in range(3):  # (holding lays the panels out once)
        QCoreApplication.processEvents()
    layouts = Seen(QEvent.Type.LayoutRequest, widgets)  # what a new text's size asks for
    shown_products = set()
    for i in range(STEPS):
        QTest.mouseMove(viewport, start + QPoint(10 + 3 * i, 8 - 2 * i))
        QCoreApplication.processEvents()
        shown_products.add(numbers.value_text("dot"))
    assert len(shown_products) > STEPS // 2  # the numbers did change
    assert layouts.count.total() == 0
    # The lesson's paragraph of numbers is drawn from its runs of text: QLabel, which would
    # parse its HTML into a document at every step, still holds the text of the drag's start.
    paragraph = window.panel("lesson").findChild(LiveLabel, "lessonParagraph0")
    assert QLabel.text(paragraph) != paragraph.text()
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QCoreApplication.processEvents()
    # Once the drag is over, the labels size as usual again.
    assert not any(label.held for label in window.findChildren(LiveLabel))


def test_a_drag_step_neither_looks_for_hover_targets_nor_places_the_maps_names_again(
    dragging_window, monkeypatch
):
    window = dragging_window
    act(window, "winnerMap").trigger()
    QCoreApplication.processEvents()
    labels = window.attention.winner_labels
    assert labels.labels()  # the regions carry names to place
    calls = Counter()
    scene = window.canvas.scene()
    search = scene.itemsNearEvent
    monkeypatch.setattr(scene, "itemsNearEvent", lambda *a, **k: calls.update(["near"]) or search(*a, **k))
    place = labels._place
    monkeypatch.setattr(labels, "_place", lambda *a, **k: calls.update(["place"]) or place(*a, **k))
    drag_q(window, STEPS)
    # Only the moves before the drag starts and the release look for what is under the pointer;
    # the names stay where they were.
    assert calls["near"] <= 3
    assert calls["place"] == 0


def test_a_drag_step_repaints_a_few_rectangles_apart_not_their_bounds(dragging_window):
    # The readout at the top and q's construction below it are repainted apart: their bounding
    # rectangle, copied three times a frame (the pictures), is most of the canvas.
    window = dragging_window
    viewport = window.canvas.viewport()
    with q_dragged(window) as step:
        seen = Seen(QEvent.Type.Paint, [viewport])
        for i in range(STEPS):
            step(i)
        regions = list(seen.regions)
    assert len(regions) == STEPS
    readout = window.canvas.header_rect().toAlignedRect()
    for region in regions:
        assert 2 <= region.rectCount() <= 4
        # No rectangle reaches from the readout down into the drawing: they are repainted apart.
        assert not any(r.intersects(readout) and r.bottom() > readout.bottom() + 8 for r in region)
        assert area(region) < 0.7 * area(QRegion(region.boundingRect()))


def names_region(canvas) -> QRegion:
    """Where the canvas's names are, in the viewport's pixels (each box a few pixels wider), an
    arrow's by its tip as it is now (mid-drag a name keeps its place by its tip), with the rectangle
    from a far name to its tip, where its leader runs."""
    to_px = canvas._viewbox.childGroup.sceneTransform() * canvas.viewportTransform()
    region = QRegion()
    for item, (x0, y0, x1, y1) in canvas.name_boxes().boxes.items():
        box = QRectF(x0, y0, x1 - x0, y1 - y0)
        if getattr(item, "_offset", None) is not None:
            tip = to_px.map(item.tip)
            box.moveCenter(tip + QPointF(*item._offset))
            if leader(tip, box.center(), (box.width(), box.height()), 0.0) is not None:
                # (a rectangle of no size would unite as none)
                box = box.united(QRectF(tip.x(), tip.y(), 1.0, 1.0))
        region = region.united(QRegion(box.toAlignedRect().adjusted(-3, -3, 4, 4)))
    return region


def area(region: QRegion) -> int:
    return sum(r.width() * r.height() for r in region)


@contextmanager
def q_dragged(window):
    """Press on q's tip and move it past the drag threshold; yields a step(i) that moves it on."""
    with tip_dragged(window, QUERY) as step:
        yield step


@contextmanager
def tip_dragged(window, ref):
    """Press on the tip of `ref`, move it past the drag threshold and yield a step(i) that moves it
    on; release it at the end."""
    viewport = window.canvas.viewport()
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(ref))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(8, 8))
    QCoreApplication.processEvents()
    assert window.controller.dragging and window.controller.active == ref
    at = [start]

    def step(i: int, offset: QPoint | None = None) -> None:
        at[0] = start + (QPoint(10 + 3 * i, 8 - 2 * i) if offset is None else offset)
        QTest.mouseMove(viewport, at[0])
        QCoreApplication.processEvents()

    yield step
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at[0])
    QCoreApplication.processEvents()


def grabbable(canvas, kind: str):
    """q, or a key or a value whose tip is its own to grab (with 16 keys some tips sit close)."""
    if kind == "q":
        return QUERY
    make_ref = key_ref if kind == "key" else value_ref
    return next(r for r in map(make_ref, range(16)) if canvas.handle_at(canvas.tip_scene_position(r)) == r)


def frames_painted_by(frame) -> Counter:
    """How many paint events of the canvas the drag frame took (True) or left to Qt (False)."""
    taken = Counter()
    paint = frame.paint

    def counting(event) -> bool:
        painted = paint(event)
        taken[painted] += 1
        return painted

    frame.paint = counting
    return taken


@pytest.mark.parametrize("kind", ["q", "key", "value"])
def test_the_arrow_in_hand_is_painted_over_pictures_of_what_stands_still(dragging_window, kind):
    """q, a key or a value: the canvas paints every frame of the drag itself, from pictures of the
    layers and the moving items. No standing arrow and no axis is drawn at a step (with 16 keys and
    16 values, 32 arrows a step before), what the frames leave on screen is what Qt paints, and on
    release the arrow goes back to its place."""
    window = dragging_window
    act(window, "winnerMap").trigger()  # a key's drag then repaints the whole map at every step
    QCoreApplication.processEvents()
    canvas = window.canvas
    viewport = canvas.viewport()
    ref = grabbable(canvas, kind)
    dragged = canvas.arrow(ref)
    layer = dragged.parentItem()
    in_order = layer.childItems()
    drawn = Counter()
    for item in (canvas._query, *canvas._keys, *canvas._values):
        item.paint = _counting(item.paint, "dragged" if item is dragged else "standing", drawn)
    for name in ("left", "bottom"):  # their ticks reach into the plot, which the map fills
        axis = canvas.getPlotItem().getAxis(name)
        axis.paint = _counting(axis.paint, "axes", drawn)
    frames = frames_painted_by(canvas._drag_frame)
    with tip_dragged(window, ref) as step:
        drawn.clear()
        print("CLEARED")
        for i in range(STEPS):
            step(i)
            print("step", i)
            if i % 5 == 4:
                # The frames leave on screen what a whole frame draws: nothing left behind.
                assert largest_difference(on_screen(viewport), viewport.grab().toImage()) <= 3
        step(0, QPoint(-150, 120))  # a long jump, far from where the arrow was drawn last
        step(0, QPoint(60, -40))
        assert largest_difference(on_screen(viewport), viewport.grab().toImage()) <= 3
        assert drawn["standing"] == 0
        assert drawn["axes"] == 0
        assert drawn["dragged"] >= STEPS
        assert frames[True] >= STEPS and frames[False] == 0
        act(window, "winnerMap").trigger()  # mid-drag the grid's layer changes, and the drag sees it
        QCoreApplication.processEvents()
        during = viewport.grab().toImage()
        placed_during = names_region(canvas)
    assert not canvas._drag_frame.active
    assert dragged.parentItem() is layer and layer.childItems() == in_order
    # Qt paints the canvas again: what its frames leave on screen is a whole frame of its own.
    on_release = on_screen(viewport)
    viewport.repaint()
    assert largest_difference(on_release, on_screen(viewport)) <= 3
    # In hand the arrow was drawn over the others of its layer; back in its place, the pixels
    # differ only where it lies, and where names were placed again on release.
    after = viewport.grab().toImage()
    where = canvas.mapFromScene(dragged.sceneBoundingRect()).boundingRect().adjusted(-3, -3, 3, 3)
    far = QRegion(viewport.rect()).subtracted(QRegion(where))
    far = far.subtracted(placed_during).subtracted(names_region(canvas))
    assert largest_difference(masked(during, far), masked(after, far)) <= 3


def test_a_frame_blends_a_picture_only_where_it_has_something_and_fills_no_background(dragging_window):
    """Blending a transparent pixel changes nothing, so a picture above the first is blended only
    in the tiles where something is drawn on it; the first picture covers the viewport, so Qt does
    not fill the viewport's background under it at every step."""
    window = dragging_window
    viewport = window.canvas.viewport()
    assert not viewport.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    with q_dragged(window) as step:
        step(0)
        assert viewport.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        _, *above = [entry for entry in window.canvas._drag_frame._plan if not isinstance(entry, list)]
        assert above, "the keys stand in a picture of their own, above q's construction"
        for picture in above:
            image = picture.pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32)
            assert np.count_nonzero(alpha(image)) > 0
            painter = QPainter(image)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
            for r in picture.drawn:
                painter.fillRect(r, Qt.GlobalColor.black)
            painter.end()
            assert np.count_nonzero(alpha(image)) == 0  # nothing drawn where it is not blended
            assert area(picture.drawn) < 0.5 * area(QRegion(viewport.rect()))
    assert not viewport.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)


def test_a_keys_drag_makes_a_coarse_map_at_each_step_and_the_full_one_on_release(dragging_window):
    window = dragging_window
    act(window, "winnerMap").trigger()
    QCoreApplication.processEvents()
    canvas, winner_map = window.canvas, window.attention.winner_map
    full = winner_map.last_map.winner.shape
    made = winner_map.computations
    with q_dragged(window) as step:  # the keys stand still: the map is not made again
        for i in range(3):
            step(i)
        assert winner_map.computations == made
    with tip_dragged(window, grabbable(canvas, "key")) as step:
        for i in range(3):
            step(i)
        assert winner_map.computations >= made + 3
        assert max(winner_map.last_map.winner.shape) == max(full) // 4
    assert winner_map.last_map.winner.shape == full


def test_an_overlay_shown_mid_drag_is_painted_from_the_next_step_on(dragging_window):
    window = dragging_window
    viewport = window.canvas.viewport()
    chain = window.attention.tip_to_tail
    drawn = Counter()
    chain.paint = _counting(chain.paint, "chain", drawn)
    with q_dragged(window) as step:
        step(0)
        assert not chain.isVisible()  # hidden as the pictures were made
        act(window, "tipToTail").trigger()
        step(1)
        step(2)
        assert drawn["chain"] >= 2
        assert largest_difference(on_screen(viewport), viewport.grab().toImage()) <= 3


def test_q_a_key_and_a_value_are_dragged_through_one_and_the_same_frame(dragging_window):
    window = dragging_window
    canvas = window.canvas
    viewport = canvas.viewport()
    frame = canvas._drag_frame
    frames = frames_painted_by(frame)
    for kind in ("q", "key", "value"):
        frames.clear()
        with tip_dragged(window, grabbable(canvas, kind)) as step:
            assert canvas._drag_frame is frame and frame.active
            for i in range(5):
                step(i)
            assert frames[True] >= 5 and frames[False] == 0
        assert not frame.active and frames[False] >= 1
        # Painted by Qt after the release: what is on screen is what a whole frame of Qt's leaves.
        on_release = on_screen(viewport)
        viewport.repaint()
        assert largest_difference(on_release, on_screen(viewport)) <= 3


def masked(image: QImage, keep: QRegion) -> QImage:
    """The image with everything outside `keep` painted black."""
    out = QImage(image.size(), QImage.Format.Format_RGB32)
    out.fill(0)
    painter = QPainter(out)
    painter.setClipRegion(keep)
    painter.drawImage(0, 0, image)
    painter.end()
    return out


def largest_difference(a: QImage, b: QImage) -> int:
    """The largest difference of one colour channel between two pictures of the same size."""
    assert a.size() == b.size()
    return int(np.abs(channels(a) - channels(b)).max())


def alpha(image: QImage) -> np.ndarray:
    """An ARGB32 picture's alpha channel (memory order B, G, R, A)."""
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, 3 : image.width() * 4 : 4]


def channels(image: QImage) -> np.ndarray:
    """A picture's colour channels as integers, one row of pixels a row (4 channels a pixel)."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].astype(int)


def test_once_settled_a_step_of_q_asks_nothing_of_the_standing_arrows(dragging_window):
    canvas = dragging_window.canvas
    asked = Counter()
    for item in (*canvas._keys, *canvas._values):
        item.set_points = _counting(item.set_points, "set_points", asked)
    drag_q(dragging_window, STEPS)
    # The press makes q the active arrow, which every arrow is told once; no step tells them more.
    assert asked["set_points"] <= len(canvas._keys) + len(canvas._values)


def test_a_step_of_q_leaves_the_attention_controls_as_they_are(dragging_window, monkeypatch):
    window = dragging_window
    controls = window.panel("attention").controls
    synced = []
    real = controls.show_settings
    monkeypatch.setattr(controls, "show_settings", lambda *args: synced.append(1) or real(*args))
    drag_q(window, STEPS)
    assert len(synced) <= 1  # at most once, when the drag begins
    # A setting changed mid-drag (a shortcut pressed while dragging) still reaches the controls.
    viewport = window.canvas.viewport()
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(8, 8))
    QCoreApplication.processEvents()
    window.controller.set_scale(0.25)
    QCoreApplication.processEvents()
    assert controls.findChild(QCheckBox, "customScale").isChecked()
    assert controls.findChild(QAbstractSpinBox, "scale").value() == 0.25
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)


def test_a_new_number_repaints_its_label_alone_not_the_boxes_behind_it(dragging_window):
    window = dragging_window
    numbers = window.panel("numbers")
    rows = [frame for frame in numbers.findChildren(QFrame) if frame.objectName().startswith("row_")]
    lesson = window.panel("lesson")
    boxes = [lesson.findChild(QWidget, name) for name in ("lessonBody", "lessonText")]
    paragraphs = [label for label in lesson.findChildren(QLabel) if label.objectName() == "lessonParagraph0"]
    assert rows and all(boxes) and paragraphs
    with q_dragged(window) as step:
        paints = Seen(QEvent.Type.Paint, [numbers, *rows, *boxes, *paragraphs])
        values = Seen(QEvent.Type.Paint, numbers.findChildren(LiveLabel))
        for i in range(STEPS):
            step(i)
        behind = sum(paints.count[w] for w in (numbers, *rows, *boxes))
        drawn = sum(values.count.values())
    assert drawn >= STEPS  # the values changed and were painted
    # Nothing under them, but for a text now and then that needs other room (its panel is laid
    # out again); painted through, the panel and the rows would be some 200 paints.
    assert behind <= 3, {w.objectName(): paints.count[w] for w in (numbers, *rows, *boxes) if paints.count[w]}
