"""Numerically careful vector helpers shared by the geometry, attention and winner-map code.

Lengths are computed on vectors rescaled by their largest coordinate, so a
vector of tiny (even subnormal) or large coordinates keeps a finite, non-zero
length: dividing by it never produces inf or NaN. `unit` works on plain
floats (geometry and attention, at every step of a drag), the rest on numpy
arrays (the winner map).
"""

from __future__ import annotations

import math

import numpy as np


def unit(v) -> tuple[tuple[float, ...] | None, float]:
    """(v/‖v‖, ‖v‖) in plain floats, or (None, 0) for the zero vector.

    Dividing by the largest coordinate first keeps the direction exact even
    for subnormal coordinates, where ‖v‖ itself has lost its precision.
    """
    peak = max(map(abs, v))
    if peak == 0.0:
        return None, 0.0
    scaled = [x / peak for x in v]
    size = math.hypot(*scaled)
    return tuple([x / size for x in scaled]), peak * size  # a list first: faster than a generator


def is_zero(v: np.ndarray) -> bool:
    return not np.any(v)


def unit_and_length(v: np.ndarray) -> tuple[np.ndarray, float]:
    """Return (v / ‖v‖, ‖v‖) for a non-zero vector, computed without under/overflow."""
    peak = float(np.max(np.abs(v)))
    scaled = v / peak
    scaled_length = float(np.sqrt(np.dot(scaled, scaled)))
    return scaled / scaled_length, peak * scaled_length


def clean(x: float) -> float:
    """Turn -0.0 into 0.0 so that no '−0' reaches a panel or a file."""
    return float(x) + 0.0


def fresh_direction(n: int, taken) -> tuple[float, ...]:
    """A new vector of dimension n that does not sit on top of one of `taken` (for a new key or query)."""
    candidates = []
    for axis in range(n):
        for sign in (1.0, -1.0):
            v = [0.0] * n
            v[axis] = sign
            candidates.append(tuple(v))
    if n >= 2:
        candidates += [(-1.0, 1.0, *(0.0,) * (n - 2)), (-1.0, -1.0, *(0.0,) * (n - 2))]
        candidates += [(1.0, -1.0, *(0.0,) * (n - 2)), (1.0, 1.0, *(0.0,) * (n - 2))]
    occupied = set(taken)
    for c in candidates:
        if c not in occupied:
            return c
    return candidates[len(taken) % len(candidates)]
