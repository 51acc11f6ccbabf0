"""Where each arrow's name goes when several arrows end on one tip.

An arrow writes its short name beyond its tip. Where a key, a query, a value and a row's
output end on the same point (self-attention gives qᵢ = kᵢ, a token's W_V may agree with
its W_Q or W_K, a row that attends to one key alone gives that key's value) their names
would be written one over the other. So each takes a place of its own, in a fixed order:
the key's beyond the tip, then the query's, the value's and the output's, each the first
of its places still free. Beside the tip, the first name takes the side with more room
among the arrows, the next the other side. Every arrow there works this out alike, from
the scene alone, so each knows where the others went.
"""

from __future__ import annotations

import math

from .label_side import COUNTER_CLOCKWISE, roomier_side
from .plane_coordinates import plane_point, plane_points

BEYOND = 0  # as VectorItem.label_side gives it; beside: COUNTER_CLOCKWISE, CLOCKWISE (label_side)
_ROOMIER, _OTHER = "roomier side", "other side"
_PLACES = {  # in the order the names take them
    "key": (BEYOND,),
    "query": (BEYOND, _ROOMIER),
    "value": (BEYOND, _ROOMIER, _OTHER),
    "output": (BEYOND, _ROOMIER, _OTHER),
}
_BESIDE = 0.25  # how far beside a tip, in plane units, the room is measured: about a name's


def name_place(kind: str, scene, vector, plane) -> int | None:
    """Where the name of an arrow of `kind` ("query", "key", "value" or "output") to `vector`
    goes among those of the scene's other arrows ending there: BEYOND the tip, or beside it
    (COUNTER_CLOCKWISE, CLOCKWISE); None when no place is left (an output under three names).
    The one query of a scene keeps its name beyond a key's tip, where it passes in a drag."""
    there = {
        other
        for other, vectors in (("key", scene.keys), ("query", scene.queries), ("value", scene.values))
        if other != kind and vector in vectors
    }
    if kind == "query" and scene.query_count == 1:
        there.discard("key")
    taken = set()
    for each, places in _PLACES.items():
        if each == kind or each in there:
            place = next((p for p in places if p not in taken), None)
            if each == kind:
                break
            taken.add(place)
    if place is None or place == BEYOND:
        return place
    others = [v for v in (*scene.queries, *scene.keys, *scene.values) if v != vector]  # not those on it
    side = _roomier_side(plane_point(plane, vector), plane_points(plane, others))
    return side if place == _ROOMIER else -side


def _roomier_side(tip, tips) -> int:
    """The side of the arrow to `tip` further from the arrows to `tips`, a little way beside it."""
    x, y = tip
    length = math.hypot(x, y)
    if length == 0.0:
        return COUNTER_CLOCKWISE
    nx, ny = -y / length * _BESIDE, x / length * _BESIDE  # a quarter turn counter-clockwise
    centres = {COUNTER_CLOCKWISE: (x + nx, y + ny), -COUNTER_CLOCKWISE: (x - nx, y - ny)}
    return roomier_side(centres, tips, tiebreak=COUNTER_CLOCKWISE)
