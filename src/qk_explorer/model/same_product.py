"""Same product, different angle: a second pair whose dot product equals the current pair's.

The rule uses the lesson's two pairs with product 4 as shapes:
  aligned  q′ = (4, 0), k′ = (1, 0)   cos θ′ = 1
  lesson   q′ = (2, 1), k′ = (1, 2)   cos θ′ = 0.8
and takes the one further in angle from the current pair: the lesson shape
when |cos θ| ≥ 0.9 (nearly or exactly aligned), the aligned shape otherwise,
so |cos θ′| always differs from |cos θ| by at least 0.1. The shape is resized
by the same s = √(|p| / 4) on both vectors so its product is p = q·k, and k′
turns round when p < 0 (θ′ = 180° or cos θ′ = −0.8). The lesson's two pairs
are each other's ghost.

There is no ghost when p says everything about the angle: a zero product
(perpendicular vectors, or a zero vector that has no angle at all) and one
dimension, where the sign of p fixes the angle at 0° or 180°.

The ghost lives in the drawn plane: its coordinates are plane coordinates,
and its numbers are the same in any dimension.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from .geometry import PairGeometry, Relation, pair_geometry

LESSON_PRODUCT = 4.0
ALIGNED_SHAPE = ((4.0, 0.0), (1.0, 0.0))
LESSON_SHAPE = ((2.0, 1.0), (1.0, 2.0))
# From this |cos θ| up, the pair is close enough to aligned to get the lesson shape.
NEARLY_ALIGNED = 0.9


class Shape(StrEnum):
    ALIGNED = "aligned"
    LESSON = "lesson"


class NoGhost(StrEnum):
    ZERO_VECTOR = "zero-vector"  # q or k is zero: the product is 0 and there is no angle
    PERPENDICULAR = "perpendicular"  # p = 0 with non-zero vectors: every such pair is at 90°
    ONE_DIMENSION = "one-dimension"  # the sign of p fixes the angle


@dataclass(frozen=True)
class SameProductPair:
    query: tuple[float, float] | None  # q′ in plane coordinates
    key: tuple[float, float] | None  # k′ in plane coordinates
    shape: Shape | None
    geometry: PairGeometry | None  # q′ against k′: dot equals the pair's, the angle differs
    missing: NoGhost | None  # why there is no ghost


def same_product_pair(pair: PairGeometry, dimension: int) -> SameProductPair:
    if dimension == 1:
        return _none(NoGhost.ONE_DIMENSION)
    if pair.cosine is None:
        return _none(NoGhost.ZERO_VECTOR)
    if pair.relation is Relation.RIGHT or pair.dot == 0.0:
        return _none(NoGhost.PERPENDICULAR)
    aligned = abs(pair.cosine) >= NEARLY_ALIGNED
    shape = Shape.LESSON if aligned else Shape.ALIGNED
    (qx, qy), (kx, ky) = LESSON_SHAPE if aligned else ALIGNED_SHAPE
    s = math.sqrt(abs(pair.dot) / LESSON_PRODUCT)
    sign = 1.0 if pair.dot > 0 else -1.0
    q = (s * qx + 0.0, s * qy + 0.0)
    k = (sign * s * kx + 0.0, sign * s * ky + 0.0)
    return SameProductPair(q, k, shape, pair_geometry(q, k), None)


def _none(why: NoGhost) -> SameProductPair:
    return SameProductPair(None, None, None, None, why)
