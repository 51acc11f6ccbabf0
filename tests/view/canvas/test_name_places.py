"""The one rule for names (canvas/name_places.py, naming.py): each name takes the first free
place round its point, the most important first; none covers another, the header, θ or an
arrow head; names of arrows ending on one tip are written once, as a list."""

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref, value_ref
from qk_explorer.view.canvas.name_places import head_box, place

from ..helpers import drag

SIZE = (30.0, 20.0)
NONE = np.zeros((0, 4))


def one(point=(100.0, 100.0), direction=(1.0, 0.0), taken=NONE, shafts=NONE, optional=None):
    offsets, boxes, _ = place(
        np.array([point]),
        np.array([direction]),
        np.array([SIZE]),
        np.array([10.0]),
        taken,
        shafts,
        (0.0, 0.0, 400.0, 400.0),
        optional,
    )
    return offsets[0], boxes[0]


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_alone_a_name_is_written_beyond_its_tip_along_the_arrow():
    offset, _ = one(direction=(0.0, -1.0))  # an arrow pointing up the screen
    assert offset[0] == pytest.approx(0.0) and offset[1] == pytest.approx(-(10.0 + SIZE[1] / 2))


def test_a_place_already_taken_is_passed_over_for_the_next_free_one():
    _, beyond = one()
    offset, box = one(taken=np.array([beyond]))
    assert not overlap(box, beyond) and offset[0] > 0  # turned away, still ahead of the tip


def test_of_the_free_places_one_that_crosses_no_shaft_is_preferred():
    _, beyond = one()
    shaft = np.array(
        [[beyond[0] - 20, (beyond[1] + beyond[3]) / 2, beyond[2] + 20, (beyond[1] + beyond[3]) / 2]]
    )
    _, box = one(shafts=shaft)
    assert not (box[1] < shaft[0, 1] < box[3] and box[0] < beyond[2] and beyond[0] < box[2])


def test_a_name_stays_inside_the_drawing():
    _, box = one(point=(395.0, 200.0))
    assert box[2] <= 400.0


def test_an_optional_name_with_no_free_place_is_not_written_and_a_needed_one_is():
    everything = np.array([[0.0, 0.0, 400.0, 400.0]])
    _, box = one(taken=everything, optional=np.array([True]))
    assert np.isnan(box).all()
    _, box = one(taken=everything, optional=np.array([False]))
    assert not np.isnan(box).any()


def test_an_arrow_heads_box_holds_its_three_corners():
    box = head_box((10.0, 0.0), (1.0, 0.0), 10.0)
    assert box.tolist() == pytest.approx([0.0, -4.2, 10.0, 4.2])


# ---- on the canvas -------------------------------------------------------------------------


def boxes_clear(canvas) -> list[str]:
    """Every pair of names that overlap, or a name over the header, θ or an arrow head."""
    canvas.getPlotItem().getViewBox().prepareForPaint()
    names = canvas.name_boxes()
    to_px = canvas.getPlotItem().getViewBox().childGroup.sceneTransform() * canvas.viewportTransform()
    theta = canvas._pair.angle_label_rect(to_px)
    fixed = [
        (h.left(), h.top(), h.right(), h.bottom()) for h in (canvas.header_rect(), theta) if not h.isEmpty()
    ]
    fixed += [head for item, head in names.heads().items()]
    found = []
    shown = list(names.boxes.items())
    for i, (item, box) in enumerate(shown):
        found += [f"{item.name_text} on {o.name_text}" for o, other in shown[i + 1 :] if overlap(box, other)]
        own = names.heads().get(item)
        found += [f"{item.name_text} on {f}" for f in fixed if f != own and overlap(box, f)]
    return found


@pytest.mark.parametrize(
    "name", ["causal-self-attention", "padding-mask", "several-queries", "learned-projections"]
)
def test_on_the_desktop_no_name_sits_on_another_the_header_or_an_arrow_head(make_window, name):
    window = make_window(preset_scene(name), theme="projector")
    QApplication.processEvents()
    assert len(window.canvas.name_boxes().boxes) >= 3
    assert boxes_clear(window.canvas) == []


def test_arrows_ending_on_one_tip_write_their_names_once_as_a_list(make_window):
    scene = make_scene((2, 1), [(1, 0), (0, 1)], values=[(1, 0), (3, 3)])  # v₁ = k₁
    window = make_window(scene)
    QApplication.processEvents()
    canvas = window.canvas
    assert canvas.arrow(key_ref(0)).name_text == "k₁ = v₁"
    assert canvas.arrow(value_ref(0)).name_text == ""
    assert canvas.arrow(value_ref(1)).name_text == "v₂"


def test_an_arrow_dragged_off_a_shared_tip_takes_its_own_name_and_the_list_comes_apart(make_window):
    window = make_window(preset_scene("causal-self-attention"))  # qᵢ = kᵢ = vᵢ, q₂ selected
    QApplication.processEvents()
    canvas = window.canvas
    assert canvas.arrow(QUERY).name_text == "q₂ = k₂ = v₂" and canvas.arrow(key_ref(1)).name_text == ""
    drag(canvas, window.controller.scene.query, (3, 2))
    QApplication.processEvents()
    assert canvas.arrow(QUERY).name_text == "q₂" and canvas.arrow(key_ref(1)).name_text == "k₂ = v₂"
    assert boxes_clear(canvas) == []


def test_names_are_placed_again_when_the_view_zooms(make_window):
    window = make_window(preset_scene("lesson-attention"))
    QApplication.processEvents()
    before = dict(window.canvas.name_boxes().boxes)
    window.canvas.getPlotItem().getViewBox().scaleBy((0.5, 0.5))
    window.canvas.getPlotItem().getViewBox().prepareForPaint()
    assert window.canvas.name_boxes().boxes != before
    assert boxes_clear(window.canvas) == []


def test_a_picture_taken_straight_after_a_change_has_its_names_placed(make_window):
    # The names are placed before a paint: an export drawn before the screen is painted again
    # places them first, as the screen will.
    from qk_explorer.view.desktop.exporting import render_canvas

    window = make_window(preset_scene("lesson-attention"))
    QApplication.processEvents()
    q = window.canvas._query
    before = q._offset
    window.controller.set_coordinate(QUERY, 0, -2.5)  # q turns: its name goes elsewhere
    render_canvas(window.canvas, 600)
    drawn = q._offset
    window.canvas.name_boxes()  # placed now, if they were still due
    assert drawn == q._offset != before
