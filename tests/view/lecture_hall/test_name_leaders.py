"""A name the rule for names had to put far from its tip (in a crowd) is tied to it by a thin line:
else the back row cannot tell which of the crowded arrows it names."""

import pytest
from PySide6.QtCore import QLineF, QPointF

from qk_explorer.view.canvas import name_places
from qk_explorer.view.canvas.vector_item import leader

from .stage_check import settle


def test_a_far_name_has_a_leader_from_its_tip_and_a_near_one_none():
    tip = QPointF(100.0, 100.0)
    assert leader(tip, QPointF(130.0, 100.0), (40.0, 20.0), 3.0) is None  # its box half a height away
    line = leader(tip, QPointF(200.0, 100.0), (40.0, 20.0), 3.0)  # four heights away
    assert (line.x1(), line.y1(), line.x2(), line.y2()) == (103.0, 100.0, 177.0, 100.0)
    corner = leader(tip, QPointF(160.0, 160.0), (40.0, 20.0), 0.0)  # to the box's nearest corner
    assert (corner.x2(), corner.y2()) == (140.0, 150.0)


def _far_names(canvas):
    """Each named arrow whose name the rule put farther than LEADER_AFTER of its heights from its
    tip, with the line that should join them, in the viewport's pixels."""
    to_px = canvas._viewbox.childGroup.sceneTransform() * canvas.viewportTransform()
    far = []
    for item, (x0, y0, x1, y1) in canvas.name_boxes().boxes.items():
        if not hasattr(item, "tip"):
            continue
        line = leader(to_px.map(item.tip), QPointF((x0 + x1) / 2, (y0 + y1) / 2), item.name_size(), 0.0)
        if line is not None:
            far.append((item.name_text, line))
    return far


def test_the_crowded_names_of_a_causal_mask_are_drawn_with_their_leaders(presenting, monkeypatch):
    window = presenting((1280, 720), lang="es")
    window.lesson.go_to("causal-mask")
    settle()
    canvas = window.canvas
    drawn = canvas.viewport().grab().toImage()
    far = _far_names(canvas)
    assert len(far) >= 2, far  # the crowd puts names away from their tips
    monkeypatch.setattr(name_places, "LEADER_AFTER", 1e9)
    canvas.scene().update()
    without = canvas.viewport().grab().toImage()
    ratio = drawn.devicePixelRatio()
    for name, line in far:
        # Along the line, away from its ends: the arrows drawn over it may hide a stretch of it.
        points = [line.pointAt(t / 10) for t in range(2, 9)]
        change = max(
            abs(a - b)
            for p in points
            for a, b in zip(
                drawn.pixelColor(round(p.x() * ratio), round(p.y() * ratio)).getRgb(),
                without.pixelColor(round(p.x() * ratio), round(p.y() * ratio)).getRgb(),
            )
        )
        assert change > 40, (name, change)


def _lines_under_their_arrow(canvas) -> list[str]:
    """The far names whose line runs back along their own arrow (within 15°): under its shaft."""
    to_px = canvas._viewbox.childGroup.sceneTransform() * canvas.viewportTransform()
    origin = to_px.map(QPointF(0.0, 0.0))
    under = []
    for item, (x0, y0, x1, y1) in canvas.name_boxes().boxes.items():
        if not hasattr(item, "tip"):
            continue
        tip = to_px.map(item.tip)
        line = leader(tip, QPointF((x0 + x1) / 2, (y0 + y1) / 2), item.name_size(), 0.0)
        if line is None or tip == origin:
            continue
        back = QLineF(tip, origin).angleTo(QLineF(line.p1(), line.p2()))
        if min(back, 360.0 - back) < 15.0:
            under.append(f"{item.name_text} ({min(back, 360.0 - back):.0f}°)")
    return under


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_names_line_runs_back_under_its_own_arrow(presenting, size):
    """A line straight back from the tip would lie under the arrow's own shaft: the name would seem
    to belong to nothing. The self-attention steps crowd eight arrows near the origin (the rule
    used to send q₃ and v₃ there at 1920 × 1080, v₃ at 1366 × 768)."""
    window = presenting(size, lang="es")
    found = []
    for step in range(16, 21):  # steps 17–21
        window.lesson.go_to(step)
        settle()
        under = _lines_under_their_arrow(window.canvas)
        if under:
            found.append(f"step {step + 1}: {', '.join(under)}")
    assert not found, found
