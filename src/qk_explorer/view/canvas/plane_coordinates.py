"""Where a vector's tip is drawn: its coordinates in the plane the canvas shows.

In two dimensions they are the vector's own; in one, on the x axis; in more, the plane
turns with q (model/plane.py) and gives each vector's coordinates in it.
"""

from __future__ import annotations

import numpy as np


def plane_point(plane, vector) -> tuple[float, float]:
    """Where a vector's tip is drawn: its coordinates in the plane the canvas shows."""
    n = len(vector)
    if n == 2:
        return (vector[0], vector[1])
    if n == 1:
        return (vector[0], 0.0)
    return plane.to_plane(vector)


def plane_points(plane, vectors) -> np.ndarray:
    """plane_point of each vector, as an (n, 2) array."""
    if vectors and len(vectors[0]) == 2:
        return np.array(vectors, dtype=float)
    return np.array([plane_point(plane, v) for v in vectors], dtype=float).reshape(-1, 2)
