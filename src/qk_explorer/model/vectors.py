"""Numerically careful vector helpers shared by the geometry and attention code.

Lengths are computed on vectors rescaled by their largest coordinate, so a
vector of tiny (even subnormal) or large coordinates keeps a finite, non-zero
length: dividing by it never produces inf or NaN.
"""

from __future__ import annotations

import numpy as np


def as_vector(values) -> np.ndarray:
    return np.asarray(values, dtype=np.float64).reshape(-1)


def is_zero(v: np.ndarray) -> bool:
    return not np.any(v)


def unit_and_length(v: np.ndarray) -> tuple[np.ndarray, float]:
    """Return (v / ‖v‖, ‖v‖) for a non-zero vector, computed without under/overflow."""
    peak = float(np.max(np.abs(v)))
    scaled = v / peak
    scaled_length = float(np.sqrt(np.dot(scaled, scaled)))
    return scaled / scaled_length, peak * scaled_length


def length(v: np.ndarray) -> float:
    if is_zero(v):
        return 0.0
    return unit_and_length(v)[1]


def clean(x: float) -> float:
    """Turn -0.0 into 0.0 so that no '−0' reaches a panel or a file."""
    return float(x) + 0.0
