"""Which side of an arrow's tip leaves its label clear of the other arrows.

A label drawn beside a tip (the output's, Σwᵢvᵢ, which often lies along q)
covers whatever arrow passes close by on that side. Of the two places it can
take, the one further from every other arrow (a segment from the origin to its
tip) is the one with room. An arrow whose name is written beyond its tip counts
as far as the end of that name.
"""

from __future__ import annotations

import numpy as np

SIDES = (1, -1)  # counter-clockwise, clockwise: as VectorItem.label_side gives them


def roomier_side(centres: dict[int, tuple[float, float]], tips: np.ndarray, tiebreak: int) -> int:
    """The side in `centres` (the label's centre on either side, in plane coordinates) whose
    centre lies further from every arrow from the origin to one of `tips` (an (n, 2) array);
    `tiebreak` when both lie as far."""
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


def past_names(tips: np.ndarray, reach_px: float, pixel: tuple[float, float]) -> np.ndarray:
    """Each tip moved out along its arrow by `reach_px` device pixels, where the arrow's name
    ends (`pixel`: one device pixel's width and height in plane units)."""
    pw, ph = pixel
    length = np.hypot(tips[:, 0] / pw, tips[:, 1] / ph)  # in device pixels
    return tips * (1.0 + reach_px / np.where(length > 0.0, length, np.inf))[:, None]
