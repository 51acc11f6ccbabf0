"""Where the winner map writes a key's name: out along its region's ray, clear of the arrows' tips."""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF

from qk_explorer.view.attention.winner_map_item import (
    LABEL_CLEARANCE_PX,
    LABEL_TOP_MARGIN_PX,
    WinnerLabelsItem,
)

VIEW = QRectF(0, 0, 600, 500)
BOX = QRectF(0, 0, 40, 24)
CLEARANCE = max(BOX.width(), BOX.height()) / 2 + LABEL_CLEARANCE_PX
INNER = VIEW.adjusted(30, 12 + LABEL_TOP_MARGIN_PX, -30, -22)
place = WinnerLabelsItem._place

pixel = st.floats(0, 600, allow_nan=False)


@given(st.lists(st.tuples(pixel, pixel), max_size=64), pixel, pixel)
@settings(max_examples=150, deadline=None)
def test_a_name_lands_clear_of_every_tip_or_on_its_ray(tips, cx, cy):
    origin = QPointF(300, 250)
    centre = QPointF(cx, cy)
    at = place(origin, centre, VIEW, BOX, np.array(tips, dtype=float).reshape(-1, 2))
    gaps = [math.hypot(at.x() - x, at.y() - y) for x, y in tips]
    on_ray = abs((at.x() - origin.x()) * (cy - origin.y()) - (at.y() - origin.y()) * (cx - origin.x())) < 1e-6
    clear = all(g >= CLEARANCE for g in gaps)
    # Clear of the tips, and within the view (unless it is the region's centre, left as it is);
    # where nothing is clear, out along the ray.
    assert clear or on_ray
    if clear and (at.x(), at.y()) != (cx, cy):
        assert INNER.left() - 1e-6 <= at.x() <= INNER.right() + 1e-6
        assert INNER.top() - 1e-6 <= at.y() <= INNER.bottom() + 1e-6


def test_a_tip_in_the_way_moves_the_name_to_the_side():
    origin, centre = QPointF(300, 250), QPointF(450, 250)
    alone = place(origin, centre, VIEW, BOX)
    assert alone.y() == 250.0 and alone.x() > 450  # out along the ray, towards the edge
    moved = place(origin, centre, VIEW, BOX, np.array([[alone.x(), alone.y()]]))
    assert math.hypot(moved.x() - alone.x(), moved.y() - alone.y()) >= CLEARANCE


def test_a_place_where_another_key_wins_is_passed_over():
    origin, centre = QPointF(300, 250), QPointF(450, 250)
    first = place(origin, centre, VIEW, BOX)
    elsewhere = place(origin, centre, VIEW, BOX, wins=lambda p: p != first)
    assert elsewhere != first
