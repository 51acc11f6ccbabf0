"""The mistakes an answer can be diagnosed as, and the wrong numbers each gives for one pair (q, k).

A mistake is one wrong step in the computation the question asks for. The
attention mistakes (scaling, softmax, the mask, the values) are worked out for
every query at once in wrong_attention.py; the ones here act on one pair.
Each function gives what the mistake makes of the pair, beside what pair_geometry
gives: one value, or several when the slip can happen in several places (a lost
sign: in any one term), or none when the mistake cannot happen (a zero length).
"""

from __future__ import annotations

import math
from enum import StrEnum

from ..vectors import clean


class Mistake(StrEnum):
    ADDED_NOT_MULTIPLIED = "added-not-multiplied"  # Σ(qᵢ + kᵢ)
    SIGN_SLIP = "sign-slip"  # one term's sign lost
    ONE_LENGTH_ONLY = "one-length-only"  # cos θ = q·k / ‖k‖ (or / ‖q‖)
    DOT_FOR_COSINE = "dot-for-cosine"  # cos θ = q·k
    SCALED_DOT_FOR_COSINE = "scaled-dot-for-cosine"  # the cosine logit taken as q·k / √dₖ
    DIVIDED_BY_LENGTH_NOT_SQUARED = "divided-by-length-not-squared"  # proj = (q·k / ‖k‖) k
    DIVIDED_BY_SQUARED_LENGTH = "divided-by-squared-length"  # comp = q·k / ‖k‖²
    DOT_FOR_PROJECTION = "dot-for-projection"  # comp = q·k
    PROJECTED_THE_WRONG_WAY = "projected-the-wrong-way"  # k projected onto q
    NOT_SCALED = "not-scaled"  # logits = scores
    SCALED_BY_DK = "scaled-by-dk"  # logits = scores / dₖ
    SCALED_BY_SQRT_D_MODEL = "scaled-by-sqrt-d-model"  # logits = scores / √d_model (tokens)
    NO_EXPONENTIAL = "no-exponential"  # weights = logits / Σ logits
    NO_SOFTMAX = "no-softmax"  # weights = the logits (or the scores) themselves
    NO_MAX_SUBTRACTED = "no-max-subtracted"  # e^logit without subtracting the row's maximum
    SOFTMAX_OVER_QUERIES = "softmax-over-queries"  # down each column instead of along each row
    MASK_AFTER_SOFTMAX = "mask-after-softmax"  # masked weights zeroed, not renormalised
    KEYS_NOT_VALUES = "keys-not-values"  # output = Σ wᵢkᵢ
    ZERO_VECTOR_ANGLE = "zero-vector-angle"  # an angle given for a zero vector
    SYMMETRIC_ASSUMED = "symmetric-assumed"  # score(i → j) taken for score(j → i)


def _dot(q, k) -> float:
    return clean(math.fsum(a * b for a, b in zip(q, k, strict=True)))


def _length(v) -> float:
    return math.hypot(*v)


def added(q, k) -> tuple[float, ...]:
    """Σ(qᵢ + kᵢ): each pair of coordinates added, not multiplied."""
    return (clean(math.fsum(a + b for a, b in zip(q, k, strict=True))),)


def sign_slips(q, k) -> tuple[tuple[int, float], ...]:
    """q·k with the sign of one term lost, for each term that has a sign to lose:
    (the term's coordinate, counted from 1; the sum it gives)."""
    dot = _dot(q, k)
    return tuple(
        (n + 1, clean(dot - 2 * a * b)) for n, (a, b) in enumerate(zip(q, k, strict=True)) if a * b != 0
    )


def one_length_only(q, k) -> tuple[float, ...]:
    """q·k over one length only: ‖k‖'s, then ‖q‖'s (none for a zero vector)."""
    dot = _dot(q, k)
    return tuple(clean(dot / n) for n in (_length(k), _length(q)) if n > 0)


def product(q, k) -> tuple[float, ...]:
    """q·k itself, given where the cosine or the projection's length divides it."""
    return (_dot(q, k),)


def scaled_dot_for_cosine(q, k) -> tuple[float, ...]:
    """The scaled dot-product logit q·k / √dₖ, given where the cosine logit is asked."""
    return (clean(_dot(q, k) / math.sqrt(len(q))),)


def divided_by_length_not_squared(q, k) -> tuple[tuple[float, ...], ...]:
    """(q·k / ‖k‖) k: the signed length times k, which keeps k's own length in it."""
    n = _length(k)
    return () if n == 0 else (tuple(clean(_dot(q, k) / n * x) for x in k),)


def divided_by_squared_length(q, k) -> tuple[float, ...]:
    """q·k / ‖k‖²: the projection's factor, given for its signed length."""
    n = _length(k)
    return () if n == 0 else (clean(_dot(q, k) / n**2),)


def projected_the_wrong_way(q, k) -> tuple[tuple[float, ...], ...]:
    """(q·k / ‖q‖²) q: k projected onto q's line instead of q onto k's."""
    n = _length(q)
    return () if n == 0 else (tuple(clean(_dot(q, k) / n**2 * x) for x in q),)
