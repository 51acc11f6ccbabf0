"""The geometry of one pair (q, k): product, lengths, angle, projection."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from .undefined import Undefined, Why
from .vectors import clean, unit

# |cos θ| at or below this counts as a right angle: relative to ‖q‖‖k‖, so it
# means the same for tiny and for huge vectors.
RIGHT_ANGLE_TOLERANCE = 1e-9
# 1 − |cos θ| at or below this counts as pointing the same way (0°) or opposite ways (180°):
# rounding leaves (1, 1) against (3, 3) a cosine a hair below 1.
PARALLEL_TOLERANCE = 1e-9


class Relation(StrEnum):
    ACUTE = "acute"
    RIGHT = "right"
    OBTUSE = "obtuse"


class Direction(StrEnum):
    """Parallel vectors: an acute angle of 0° or an obtuse one of 180°, kept apart in words."""

    SAME = "same"
    OPPOSITE = "opposite"


@dataclass(frozen=True)
class PairGeometry:
    """Every quantity of the lesson for q against one key k.

    A field is None when it is undefined; `undefined` then says why. The angle
    family (cosine, angle, relation, Cauchy–Schwarz ratio) needs both vectors
    non-zero; the projection family needs only k non-zero.
    """

    dot: float
    terms: tuple[float, ...]
    norm_q: float
    norm_k: float
    cosine: float | None
    angle_deg: float | None
    relation: Relation | None
    cauchy_schwarz_ratio: float | None
    scalar_projection: float | None
    projection: tuple[float, ...] | None
    perpendicular: tuple[float, ...] | None
    residual: float | None
    undefined: Undefined | None
    direction: Direction | None = None  # None: not parallel, or no angle


def pair_geometry(q, k, key_index: int | None = None) -> PairGeometry:
    # Plain floats, not numpy: for at most 16 coordinates this is several times
    # faster, and math.hypot and math.fsum keep lengths and sums accurate.
    q = tuple(float(x) for x in q)
    k = tuple(float(x) for x in k)
    terms = tuple(a * b + 0.0 for a, b in zip(q, k, strict=True))
    dot = clean(math.fsum(terms))
    q_unit, norm_q = unit(q)
    k_unit, norm_k = unit(k)
    zero_q, zero_k = q_unit is None, k_unit is None

    undefined = None
    if zero_q and zero_k:
        undefined = Undefined(Why.ZERO_BOTH, key_index)
    elif zero_k:
        undefined = Undefined(Why.ZERO_KEY, key_index)
    elif zero_q:
        undefined = Undefined(Why.ZERO_QUERY, key_index)

    cosine = angle = relation = ratio = direction = None
    comp = projection = perpendicular = residual = None
    if not zero_k:
        comp = clean(math.fsum(a * u for a, u in zip(q, k_unit)))
        projection = tuple(clean(comp * u) for u in k_unit)
        perpendicular = tuple(clean(a - p) for a, p in zip(q, projection))
        residual = clean(math.fsum(p * b for p, b in zip(perpendicular, k)))
        if not zero_q:
            cos = math.fsum(a * b for a, b in zip(q_unit, k_unit))
            cosine = clean(min(1.0, max(-1.0, cos)))
            # From the unit vectors, so the size of q and k cannot spoil it, and
            # with atan2, which keeps small angles accurate where acos would not.
            sine = math.hypot(*(a - cos * b for a, b in zip(q_unit, k_unit)))
            angle = clean(math.degrees(math.atan2(sine, cos)))
            relation = _relation(cosine)
            direction = _direction(cosine)
            ratio = abs(cosine)
    return PairGeometry(
        dot=dot,
        terms=terms,
        norm_q=norm_q,
        norm_k=norm_k,
        cosine=cosine,
        angle_deg=angle,
        relation=relation,
        cauchy_schwarz_ratio=ratio,
        scalar_projection=comp,
        projection=projection,
        perpendicular=perpendicular,
        residual=residual,
        undefined=undefined,
        direction=direction,
    )


def _relation(cosine: float) -> Relation:
    if abs(cosine) <= RIGHT_ANGLE_TOLERANCE:
        return Relation.RIGHT
    return Relation.ACUTE if cosine > 0 else Relation.OBTUSE


def _direction(cosine: float) -> Direction | None:
    if 1.0 - abs(cosine) > PARALLEL_TOLERANCE:
        return None
    return Direction.SAME if cosine > 0 else Direction.OPPOSITE
