"""Magnitude versus direction: q = c·q₀, and what the factor c does to q·k and to the angle.

q₀ is the query as it was when the scaling began. Multiplying q by c multiplies
the product by c (q·k = c·(q₀·k)); the direction survives a positive c, turns
round for a negative c, and disappears at c = 0, where q is the zero vector.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from .geometry import PairGeometry, pair_geometry
from .scene import Scene, Vector, clamp

# How closely q must match c·q₀ (relative to ‖q‖) to count as a multiple of q₀.
MULTIPLE_TOLERANCE = 1e-9


class DirectionChange(StrEnum):
    KEPT = "kept"  # c > 0: same direction, cos θ and θ unchanged
    FLIPPED = "flipped"  # c < 0: opposite direction, cos θ changes sign, θ becomes 180° − θ
    LOST = "lost"  # c = 0: q is the zero vector, no direction and no angle
    NO_ANGLE = "no-angle"  # q₀ or k is the zero vector: there was no angle to begin with


@dataclass(frozen=True)
class Scaling:
    """q = factor · reference."""

    reference: Vector  # q₀
    factor: float  # c


@dataclass(frozen=True)
class ScalingComparison:
    """The pair before scaling (q₀ against k) and after (c·q₀ against k)."""

    factor: float
    reference: PairGeometry
    current: PairGeometry
    change: DirectionChange
    scaling: Scaling  # q₀ and c: what the next scaling step starts from


def start(query) -> Scaling:
    """A fresh scaling from the current q: q₀ = q, c = 1."""
    return Scaling(tuple(float(x) + 0.0 for x in query), 1.0)


def follow(scaling: Scaling | None, query) -> Scaling:
    """The scaling that explains the current q.

    q₀ is kept while q is still a multiple c·q₀ (after a scaling step, an undo,
    a redo, or a typed multiple); c is then read back from q. Any other change
    of q starts afresh from it with c = 1.
    """
    q = np.asarray(query, dtype=np.float64)
    if scaling is None or len(scaling.reference) != len(q):
        return start(query)
    q0 = np.asarray(scaling.reference, dtype=np.float64)
    if not np.any(q0):
        return scaling if not np.any(q) else start(query)
    if _close(q, q0 * scaling.factor):
        return scaling
    # Divided by q₀'s largest coordinate first: q₀·q₀ of a tiny q₀ would underflow to 0.
    peak = float(np.max(np.abs(q0)))
    with np.errstate(over="ignore", invalid="ignore"):
        unit = q0 / peak
        c = float((q / peak) @ unit) / float(unit @ unit)
    if math.isfinite(c) and _close(q, q0 * c):
        return Scaling(scaling.reference, c + 0.0)
    return start(query)


def compare(scaling: Scaling, scene: Scene, current: PairGeometry) -> ScalingComparison:
    """q₀·k and its angle beside the current pair's (q against the selected key k)."""
    index = scene.selected_key
    reference = pair_geometry(scaling.reference, scene.keys[index], index)
    c = scaling.factor
    if reference.cosine is None:
        change = DirectionChange.NO_ANGLE
    elif c > 0:
        change = DirectionChange.KEPT
    elif c < 0:
        change = DirectionChange.FLIPPED
    else:
        change = DirectionChange.LOST
    return ScalingComparison(c, reference, current, change, scaling)


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    b = np.array([clamp(x) for x in b])
    size = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))), 1e-300)
    return float(np.max(np.abs(a - b))) <= MULTIPLE_TOLERANCE * size
