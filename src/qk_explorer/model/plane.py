"""Where the canvas draws: the plane of the scene.

Two-dimensional scenes are drawn as they are. One-dimensional scenes lie on
the horizontal axis. For n > 2 the canvas shows the plane spanned by q and the
selected key: lengths, the angle and the projection are exact there.

The basis depends only on the plane, not on where q and k lie inside it, so
dragging a tip within the plane never turns the picture under the pointer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import mul

from .scene import Scene

_PARALLEL = 1e-12


@dataclass(frozen=True)
class PlaneView:
    dimension: int
    basis: tuple[tuple[float, ...], tuple[float, ...]]  # orthonormal, each of length n
    shows_all: bool  # True: every vector lies in the plane (n ≤ 2)

    def to_plane(self, vector) -> tuple[float, float]:
        if self.shows_all:
            # The standard axes: the products with them are the (finite) coordinates themselves, exactly.
            x, y = (*vector, 0.0) if self.dimension == 1 else vector
            return float(x) + 0.0, float(y) + 0.0
        e1, e2 = self.basis
        return _dot(vector, e1) + 0.0, _dot(vector, e2) + 0.0

    def lift(self, point) -> tuple[float, ...]:
        """The n-dimensional vector at plane coordinates (a, b)."""
        a, b = point
        a, b = float(a), float(b)
        if self.shows_all:
            # The standard axes: a·e1 + b·e2 is (a, b), or (a,) in one dimension.
            return (a + 0.0, b + 0.0)[: self.dimension]
        # Plain floats: the same products and sums, coordinate by coordinate, as numpy's
        # a·e1 + b·e2, without its cost per call for a handful of numbers.
        e1, e2 = self.basis
        return tuple(a * x + b * y + 0.0 for x, y in zip(e1, e2))


# Scenes of one and two dimensions are drawn on the standard axes: one plane each, made once.
_FLAT = {1: PlaneView(1, ((1.0,), (0.0,)), True), 2: PlaneView(2, ((1.0, 0.0), (0.0, 1.0)), True)}


def plane_view(scene: Scene) -> PlaneView:
    n = scene.dimension
    if n <= 2:
        return _FLAT[n]
    return PlaneView(n, _plane_basis(scene.query, scene.keys[scene.selected_key], n), False)


# Plain floats, not numpy, as in geometry.py: on two vectors of at most 16 coordinates numpy's
# cost per call was most of the work, and math.fsum and math.hypot keep the sums accurate.


def _plane_basis(q, k, n: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    spanning = _orthonormal_span([q, k])
    # Complete a degenerate span (a line or a point) with standard axes.
    for axis in range(n):
        if len(spanning) == 2:
            break
        spanning = _orthonormal_span([*spanning, tuple([float(j == axis) for j in range(n)])])
    # Pick the basis from the plane alone: the images of the standard axes with the largest
    # shadows, in a fixed order and orientation. Axis j's shadow is Σₑ eⱼ·e, of length √Σₑ eⱼ².
    a, b = spanning
    sizes = [math.hypot(x, y) for x, y in zip(a, b)]
    # Rounded, so that near-ties always fall to the lower axis whatever the rounding noise.
    order = sorted(range(n), key=lambda j: -round(sizes[j], 9))  # sorted() is stable
    e1 = _unit(_shadow(a, b, order[0]))
    for j in order[1:]:
        shadow = _shadow(a, b, j)
        along = _dot(shadow, e1)
        rest = [s - along * e for s, e in zip(shadow, e1)]
        if math.hypot(*rest) < 0.5 * math.hypot(*shadow):
            # Most of the shadow cancelled: the rest still leans on e1 by the rounding of what
            # was taken away. Taken away once more, it is square to e1 (Kahan: twice is enough).
            along = _dot(rest, e1)
            rest = [s - along * e for s, e in zip(rest, e1)]
        if math.hypot(*rest) > _PARALLEL:
            return e1, _unit(rest)
    raise AssertionError("a plane always has two independent shadows")


def _orthonormal_span(vectors) -> list[tuple[float, ...]]:
    basis: list[tuple[float, ...]] = []
    for v in vectors:
        peak = max(map(abs, v), default=0.0)
        if peak == 0:
            continue
        w = [x / peak for x in v]
        length = math.hypot(*w)
        for e in basis:
            along = _dot(w, e)
            w = [x - along * y for x, y in zip(w, e)]
        if math.hypot(*w) > _PARALLEL * max(1.0, length):
            basis.append(_unit(w))
    return basis


def _shadow(a, b, j: int) -> list[float]:
    """The image of standard axis j under the projection onto span(a, b) (orthonormal)."""
    return [a[j] * x + b[j] * y for x, y in zip(a, b)]


def _dot(u, v) -> float:
    return math.fsum(map(mul, u, v))


def _unit(v) -> tuple[float, ...]:
    size = math.hypot(*v)
    return tuple([x / size + 0.0 for x in v])
