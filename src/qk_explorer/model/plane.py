"""Where the canvas draws: the plane of the scene.

Two-dimensional scenes are drawn as they are. One-dimensional scenes lie on
the horizontal axis. For n > 2 the canvas shows the plane spanned by q and the
selected key: lengths, the angle and the projection are exact there.

The basis depends only on the plane, not on where q and k lie inside it, so
dragging a tip within the plane never turns the picture under the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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
        v = np.asarray(vector, dtype=np.float64)
        e1, e2 = (np.asarray(e) for e in self.basis)
        return float(v @ e1) + 0.0, float(v @ e2) + 0.0

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
    q = np.asarray(scene.query, dtype=np.float64)
    k = np.asarray(scene.keys[scene.selected_key], dtype=np.float64)
    e1, e2 = _plane_basis(q, k)
    return PlaneView(n, (tuple(e1.tolist()), tuple(e2.tolist())), False)


def _plane_basis(q: np.ndarray, k: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = len(q)
    spanning = _orthonormal_span([q, k])
    # Complete a degenerate span (a line or a point) with standard axes.
    for axis in np.eye(n):
        if len(spanning) == 2:
            break
        spanning = _orthonormal_span([*spanning, axis])
    projector = sum(np.outer(e, e) for e in spanning)
    # Pick the basis from the plane alone: the images of the standard axes
    # with the largest shadows, in a fixed order and orientation.
    shadows = projector @ np.eye(n)
    # Rounded, so that near-ties always fall to the lower axis whatever the rounding noise.
    order = np.argsort(-np.round(np.linalg.norm(shadows, axis=0), 9), kind="stable")
    first = shadows[:, order[0]]
    e1 = first / np.linalg.norm(first)
    for j in order[1:]:
        rest = shadows[:, j] - (shadows[:, j] @ e1) * e1
        size = np.linalg.norm(rest)
        if size > _PARALLEL:
            return e1, rest / size
    raise AssertionError("a plane always has two independent shadows")


def _orthonormal_span(vectors) -> list[np.ndarray]:
    basis: list[np.ndarray] = []
    for v in vectors:
        v = np.asarray(v, dtype=np.float64)
        peak = np.max(np.abs(v)) if v.size else 0.0
        if peak == 0:
            continue
        w = v / peak
        for e in basis:
            w = w - (w @ e) * e
        size = np.linalg.norm(w)
        if size > _PARALLEL * max(1.0, np.linalg.norm(v / peak)):
            basis.append(w / size)
    return basis
