"""Which side of an arrow's tip leaves its label clear of the other arrows.

A label drawn beside a tip (the output's, Σwᵢvᵢ, which often lies along q)
covers whatever arrow passes close by on that side. Of the two places it can
take, the one further from every other arrow (a segment from the origin to its
tip) is the one with room. Covering a name written beyond another tip is worse
than crossing an arrow: a label over a line can still be read, two over each
other cannot. So the side that covers fewer names comes first.
"""

from __future__ import annotations

import numpy as np

COUNTER_CLOCKWISE, CLOCKWISE = 1, -1  # as VectorItem.label_side gives them
SIDES = (COUNTER_CLOCKWISE, CLOCKWISE)


def roomier_side(centres: dict[int, tuple[float, float]], tips: np.ndarray, tiebreak: int, names=None) -> int:
    """The side in `centres` (the label's centre on either side, in plane coordinates) whose
    label covers fewer `names` — (their centres, an (n, 2) array; the half width and height
    within which a label's centre covers one) — then whose centre lies further from every arrow
    from the origin to one of `tips` (an (n, 2) array); `tiebreak` when both are alike."""
    if names is not None and len(names[0]):
        (nx, ny), (hx, hy) = names[0].T, names[1]
        ccw, cw = (
            int(np.count_nonzero((np.abs(nx - centres[side][0]) < hx) & (np.abs(ny - centres[side][1]) < hy)))
            for side in SIDES
        )
        if ccw != cw:
            return SIDES[0] if ccw < cw else SIDES[1]
    if len(tips) == 0:
        return tiebreak
    # Plain ufuncs, not numpy's Python-level helpers: this runs at every step of a drag.
    x, y = tips[:, 0], tips[:, 1]
    cx = np.array([[centres[side][0]] for side in SIDES])  # (2, 1)
    cy = np.array([[centres[side][1]] for side in SIDES])
    squared = x * x + y * y
    along = (cx * x + cy * y) / np.where(squared > 0.0, squared, 1.0)  # (2, n): to the nearest point
    np.minimum(np.maximum(along, 0.0, out=along), 1.0, out=along)
    dx, dy = cx - along * x, cy - along * y
    ccw, cw = (float(d) for d in np.minimum.reduce(dx * dx + dy * dy, axis=1))  # squared clearances
    if abs(ccw - cw) <= 1e-12 * max(ccw, cw):
        return tiebreak
    return SIDES[0] if ccw > cw else SIDES[1]


def names_past(
    tips: np.ndarray, reach: tuple[float, float], pixel: tuple[float, float], sides: np.ndarray | None = None
) -> np.ndarray:
    """The centres of the names written at `tips`, each `reach` device pixels (along x, along
    y) from its tip: past it in its arrow's direction, or where `sides` (one per tip) says +1/−1,
    beside it (counter-)clockwise, as VectorItem writes them (`pixel`: one device pixel's width
    and height in plane units)."""
    pw, ph = pixel
    vx, vy = tips[:, 0] / pw, tips[:, 1] / ph  # in device pixels, y up
    length = np.hypot(vx, vy)
    length[length == 0.0] = np.inf  # a zero vector: its name sits on its ring, left out here
    ux, uy = vx / length, vy / length
    if sides is not None:  # beside: a quarter turn, counter-clockwise for +1
        beyond = sides == 0
        ux, uy = np.where(beyond, ux, -uy * sides), np.where(beyond, uy, ux * sides)
    return tips + np.stack([ux * reach[0] * pw, uy * reach[1] * ph], axis=1)
