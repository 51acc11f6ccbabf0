"""The geometry of one pair (q, k): product, lengths, angle, projection."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from .undefined import Undefined, Why
from .vectors import clean, is_zero, length, unit_and_length

# |cos θ| at or below this counts as a right angle: relative to ‖q‖‖k‖, so it
# means the same for tiny and for huge vectors.
RIGHT_ANGLE_TOLERANCE = 1e-9


class Relation(StrEnum):
    ACUTE = "acute"
    RIGHT = "right"
    OBTUSE = "obtuse"


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


def pair_geometry(q, k, key_index: int | None = None) -> PairGeometry:
    q = np.asarray(q, dtype=np.float64)
    k = np.asarray(k, dtype=np.float64)
    terms = q * k
    dot = clean(np.sum(terms))
    zero_q, zero_k = is_zero(q), is_zero(k)

    undefined = None
    if zero_q and zero_k:
        undefined = Undefined(Why.ZERO_BOTH, key_index)
    elif zero_k:
        undefined = Undefined(Why.ZERO_KEY, key_index)
    elif zero_q:
        undefined = Undefined(Why.ZERO_QUERY, key_index)

    cosine = angle = relation = ratio = None
    comp = projection = perpendicular = residual = None
    if not zero_k:
        k_unit, _ = unit_and_length(k)
        comp = clean(np.dot(q, k_unit))
        proj = comp * k_unit
        perp = q - proj
        projection = _tuple(proj)
        perpendicular = _tuple(perp)
        residual = clean(np.dot(perp, k))
        if not zero_q:
            q_unit, _ = unit_and_length(q)
            cosine = clean(min(1.0, max(-1.0, float(np.dot(q_unit, k_unit)))))
            # atan2 keeps small angles accurate where acos would not.
            angle = clean(math.degrees(math.atan2(length(perp), comp)))
            relation = _relation(cosine)
            ratio = abs(cosine)
    return PairGeometry(
        dot=dot,
        terms=_tuple(terms),
        norm_q=length(q),
        norm_k=length(k),
        cosine=cosine,
        angle_deg=angle,
        relation=relation,
        cauchy_schwarz_ratio=ratio,
        scalar_projection=comp,
        projection=projection,
        perpendicular=perpendicular,
        residual=residual,
        undefined=undefined,
    )


def _relation(cosine: float) -> Relation:
    if abs(cosine) <= RIGHT_ANGLE_TOLERANCE:
        return Relation.RIGHT
    return Relation.ACUTE if cosine > 0 else Relation.OBTUSE


def _tuple(v: np.ndarray) -> tuple[float, ...]:
    return tuple(float(x) + 0.0 for x in v)
