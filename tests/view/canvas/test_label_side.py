"""The output's label, Σwᵢvᵢ, beside its tip on the side with room among the other arrows."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import key_ref, query_ref, value_ref
from qk_explorer.view.canvas.label_side import names_past, roomier_side

from ..helpers import drag

CCW, CW = 1, -1


def sampled_clearance(centre, tips) -> float:
    """Oracle: the least distance from `centre` to 2,001 points along each arrow from the origin."""
    steps = np.linspace(0.0, 1.0, 2001)[:, None]
    return min(float(np.hypot(*(centre - steps * np.asarray(tip)).T).min()) for tip in tips)


def test_the_side_an_arrow_passes_close_to_is_not_taken():
    centres = {CCW: (-0.2, 1.0), CW: (0.6, 0.8)}
    assert roomier_side(centres, np.array([[0.0, 2.0]]), tiebreak=CCW) == CW  # k up the y axis
    assert roomier_side(centres, np.array([[2.0, 2.0]]), tiebreak=CW) == CCW  # along the diagonal


def test_with_no_other_arrow_or_both_sides_alike_the_tiebreak_decides():
    centres = {CCW: (-1.0, 1.0), CW: (1.0, 1.0)}
    for tiebreak in (CCW, CW):
        assert roomier_side(centres, np.zeros((0, 2)), tiebreak) == tiebreak
        mirrored = np.array([[-3.0, 1.0], [3.0, 1.0], [0.0, 0.0]])  # a zero vector is a point
        assert roomier_side(centres, mirrored, tiebreak) == tiebreak


def test_names_sit_past_the_tips_along_their_arrows():
    tips = np.array([[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]])
    pixel = (0.01, 0.02)  # a device pixel, in plane units
    where = names_past(tips, (20.0, 10.0), pixel)  # 20 px past a tip across, 10 px up or down
    assert where == pytest.approx(np.array([[1.2, 0.0], [0.0, 2.2], [0.0, 0.0]]))


def test_names_written_beside_their_tips_sit_a_quarter_turn_from_past_them():
    tips = np.array([[1.0, 0.0], [0.0, 2.0], [0.0, 2.0]])
    pixel = (0.01, 0.02)
    where = names_past(tips, (20.0, 10.0), pixel, sides=np.array([CW, CCW, 0.0]))
    assert where == pytest.approx(np.array([[1.0, -0.2], [-0.2, 2.0], [0.0, 2.2]]))


def test_a_side_that_covers_a_name_is_not_taken_even_with_more_room_from_the_arrows():
    centres = {CCW: (-0.2, 1.0), CW: (0.6, 0.8)}
    tips = np.array([[0.0, 2.0]])  # k up the y axis, close on the counter-clockwise side
    assert roomier_side(centres, tips, tiebreak=CCW) == CW
    names = (np.array([[0.7, 0.9]]), (0.3, 0.2))  # a name where the clockwise label would go
    assert roomier_side(centres, tips, tiebreak=CW, names=names) == CCW
    both = (np.array([[0.7, 0.9], [-0.1, 1.1]]), (0.3, 0.2))  # one on each side: room decides
    assert roomier_side(centres, tips, tiebreak=CCW, names=both) == CW


coordinate = st.floats(-5.0, 5.0, allow_nan=False)
point = st.tuples(coordinate, coordinate)


@settings(max_examples=200, deadline=None)
@given(st.lists(point, min_size=1, max_size=12), point, point)
def test_the_side_taken_is_the_one_further_from_every_arrow(tips, ccw, cw):
    ccw_room, cw_room = (sampled_clearance(np.array(c), tips) for c in (ccw, cw))
    assume(abs(ccw_room - cw_room) > 0.01)  # well apart, beyond the oracle's sampling
    expected = CCW if ccw_room > cw_room else CW
    assert roomier_side({CCW: ccw, CW: cw}, np.array(tips, dtype=float), tiebreak=-expected) == expected


def painted_output_side(window) -> int:
    window.grab()  # paints every item, the output's label among them
    return window.canvas._output.label_side


# One key: the output is its value, wherever q is; q passes close by on one side of it.
Q_ON_THE_RIGHT = make_scene((1.0, 2.0), [(1.0, 0.0)], [(0.5, 1.5)])
Q_ON_THE_LEFT = make_scene((0.0, 2.0), [(1.0, 0.0)], [(0.5, 1.5)])


@pytest.mark.parametrize(
    ("scene", "side"),
    [
        # q = (1, 2) lies along the output (0.33, 0.67): k₂ = (0, 1) passes close by on its left.
        (preset_scene("lesson-attention"), CW),
        # Masked k₃ = (−1, 1) takes no part, but its arrow is drawn: the label keeps clear of k₂.
        (preset_scene("masked-key"), CW),
        (Q_ON_THE_RIGHT, CCW),
        (Q_ON_THE_LEFT, CW),
    ],
)
def test_the_output_label_is_drawn_on_the_side_with_room(make_window, scene, side):
    window = make_window(scene)
    assert window.canvas._output.isVisible()
    assert painted_output_side(window) == side


def test_the_output_label_keeps_clear_of_another_rows_output_and_its_name(make_window):
    """several-queries: o₁ = Σwᵢvᵢ lies along q₁; o₃ = (0.5, 0.5), named beyond its tip, sits just
    clockwise of it, where the label would cover o₃'s name; k₂'s shaft passes on the other side."""
    window = make_window(preset_scene("several-queries"))
    assert window.canvas.row_output(2).isVisible()
    assert painted_output_side(window) == CCW


def test_the_side_follows_q_as_it_is_dragged_across_the_output(make_window):
    window = make_window(Q_ON_THE_RIGHT)
    window.controller.snap_enabled = False
    assert painted_output_side(window) == CCW
    drag(window.canvas, (1.0, 2.0), (0.0, 2.0))  # q passes over the output to its left
    assert window.controller.scene.query == pytest.approx((0.0, 2.0), abs=0.05)
    assert painted_output_side(window) == CW


def test_a_query_on_a_keys_tip_names_itself_beside_it_and_moves_back_once_apart(make_window):
    window = make_window(preset_scene("causal-self-attention"))  # qᵢ = kᵢ: the same positions
    canvas, c = window.canvas, window.controller
    QTest.qWait(0)  # painted: the side is chosen as the label is drawn
    assert all(canvas.arrow(query_ref(i)).label_side != 0 for i in range(4))
    assert all(canvas.arrow(key_ref(j)).label_side == 0 for j in range(4))  # beyond their tips
    c.set_vector(query_ref(3), (2.5, 2.5))
    window.canvas.viewport().repaint()
    assert canvas.arrow(query_ref(3)).label_side == 0


def test_queries_apart_from_the_keys_name_themselves_beyond_their_tips(make_window):
    window = make_window(preset_scene("several-queries"))
    QTest.qWait(0)
    assert [window.canvas.arrow(query_ref(i)).label_side for i in range(3)] == [0, 0, 0]


def test_an_output_on_a_values_tip_names_itself_beside_it(make_window):
    """causal-tokens: token 1 sees itself alone, so o₁ = v₁, and here q₁ too, whose name is
    written beyond that tip; another row's output, on no tip, keeps its name beyond its own."""
    window = make_window(preset_scene("causal-tokens"))
    scene, canvas = window.controller.scene, window.canvas
    window.controller.select_pair(1, 0)  # o₁ is drawn when another query is selected
    outputs = window.controller.results.matrix.outputs
    assert outputs[0] == scene.values[0] and outputs[2] not in (*scene.values, *scene.queries)
    window.grab()
    assert canvas.row_output(0).label_side != 0 and canvas.row_output(2).label_side == 0


def test_a_value_on_a_keys_tip_names_itself_beside_it(make_window):
    """causal-tokens: W_K and W_V give "down" the same key and value, k₄ = v₄; the others differ."""
    window = make_window(preset_scene("causal-tokens"))
    scene, canvas = window.controller.scene, window.canvas
    assert scene.values[3] == scene.keys[3] and scene.values[1] not in scene.keys
    window.grab()
    assert canvas.arrow(value_ref(3)).label_side != 0 and canvas.arrow(value_ref(1)).label_side == 0
    assert canvas.arrow(key_ref(3)).label_side == 0  # the key keeps its name beyond the tip


def test_a_query_a_value_and_an_output_on_one_tip_each_name_themselves_in_their_own_place(make_window):
    """causal-tokens: W_Q and W_V both keep "the" = (2, 0) where it is, and token 1 sees itself
    alone, so q₁ = v₁ = o₁: q₁'s name beyond the tip, v₁'s clockwise beside it, o₁'s the other side."""
    window = make_window(preset_scene("causal-tokens"))
    scene, canvas = window.controller.scene, window.canvas
    window.controller.select_pair(1, 0)  # o₁ is drawn when another query is selected
    assert scene.queries[0] == scene.values[0] == window.controller.results.matrix.outputs[0]
    window.grab()
    assert canvas.arrow(query_ref(0)).label_side == 0
    assert canvas.arrow(value_ref(0)).label_side == CW
    assert canvas.row_output(0).label_side == CCW
    window.controller.drag_token_to(0, (2.0, 1.0))  # "the" moved: q₁ and v₁ apart again
    window.controller.end_drag()
    assert window.controller.scene.queries[0] != window.controller.scene.values[0]
    window.grab()
    assert canvas.arrow(value_ref(0)).label_side == 0


def test_where_four_arrows_end_on_one_tip_three_names_take_three_places_and_the_output_none(make_window):
    """causal-self-attention: q₁ = k₁ = v₁, and row 1 sees its own key alone, so o₁ too."""
    window = make_window(preset_scene("causal-self-attention"))
    scene, canvas = window.controller.scene, window.canvas
    assert scene.selected_query != 0 and window.controller.results.matrix.outputs[0] == scene.keys[0]
    window.grab()
    query, value = canvas.arrow(query_ref(0)).label_side, canvas.arrow(value_ref(0)).label_side
    assert canvas.arrow(key_ref(0)).label_side == 0 and query != 0 and value == -query
    assert canvas.row_output(0).isVisible() and canvas.row_output(0).label == ""
