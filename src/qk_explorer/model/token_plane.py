"""What the token plane draws besides the embeddings: B's unit circle and W's unit square.

When B = W_Qᵀ W_K is an inner product on the embeddings (symmetric, positive
definite: model/projections.py), its unit circle {x : xᵀBx = 1} is an ellipse
whose axes lie along B's eigenvectors, at lengths 1/√λ. With B = I it is the
ordinary unit circle. Each W (d_k × d_model) is shown as what it does to the
plane: the image of the unit square, the parallelogram 0, W e₁, W(e₁ + e₂), W e₂.
Both are drawn in a plane of embeddings, so they exist for d_model = 2 only
(the square also needs d_k = 2, to land in the same plane).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

CIRCLE_POINTS = 180  # enough for a smooth outline at any zoom the plane allows


def unit_circle(bilinear, n: int = CIRCLE_POINTS) -> np.ndarray | None:
    """n points (an (n, 2) array) on {x : xᵀBx = 1}, going once round, the first repeated last;
    None when B is not a symmetric positive definite 2 × 2 matrix.

    The ellipse is parametrised along B's eigenvectors (evenly spread in the angle of the
    circle it is the image of), then each point is rescaled by 1/√(xᵀBx), the form worked out
    exactly: in floating point its terms can cancel by nine orders of magnitude for an
    elongated ellipse, which would leave the points off the curve by more than rounding.
    """
    key = tuple(tuple(float(x) for x in row) for row in np.asarray(bilinear, dtype=np.float64))
    return _unit_circle(key, n)


@lru_cache(maxsize=16)  # a drag of an embedding keeps B: its outline is worked out once
def _unit_circle(b_rows: tuple[tuple[float, ...], ...], n: int) -> np.ndarray | None:
    b = np.asarray(b_rows, dtype=np.float64)
    if b.shape != (2, 2) or n < 3 or not np.all(np.isfinite(b)):
        return None
    values, vectors = np.linalg.eigh((b + b.T) / 2)
    if not values[0] > 0:
        return None
    t = np.linspace(0.0, 2.0 * np.pi, n)
    circle = np.stack([np.cos(t), np.sin(t)], axis=1)
    points = circle / np.sqrt(values) @ vectors.T
    forms = [exact_form(b_rows, x) for x in points.tolist()]
    if not all(f > 0 for f in forms):
        return None
    points = points / np.sqrt([float(f) for f in forms])[:, None]
    points.setflags(write=False)  # shared by every caller of the cache
    return points


def exact_form(b_rows, x) -> Fraction:
    """xᵀBx without rounding (the floats taken as the exact numbers they are)."""
    fx = [Fraction(v) for v in x]
    return sum(
        (Fraction(b_rows[i][j]) * fx[i] * fx[j] for i in range(len(fx)) for j in range(len(fx))),
        Fraction(0),
    )


def square_image(w) -> np.ndarray | None:
    """The unit square's corners mapped by W, as a closed outline: 0, W e₁, W(e₁ + e₂), W e₂, 0
    (a (5, 2) array); None unless W is 2 × 2."""
    m = np.asarray(w, dtype=np.float64)
    if m.shape != (2, 2):
        return None
    corners = np.array([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)])
    return corners @ m.T + 0.0
