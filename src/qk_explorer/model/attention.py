"""Scaled dot-product attention for one query (one row of Q·Kᵀ), as PyTorch computes it.

scores = q·kᵢ; logits = scores × scale (1/√d_k unless set); a boolean mask
where True takes part; softmax over the keys that take part; output Σ wᵢ vᵢ.
Cosine scoring replaces the score by cos(q, kᵢ) and the scale by its own
multiplier. Every number stays finite for finite input: softmax subtracts the
largest logit first.

Plain Python floats, not numpy, as in geometry.py: this runs at every step of
a drag (twice when both rules are compared) on at most 16 × 64 numbers, where
numpy's cost per call was most of the work. math.fsum makes every sum
correctly rounded, so a key's score is exactly the pair's q·k, and its cosine
the pair's cos θ (both from vectors.unit). numpy only draws dropout's random
numbers. Tuples are built from lists, tuple([...]), not from generators: on
CPython 3.11 that is markedly faster for a handful of numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from operator import mul

import numpy as np

from .scene import Scene, Scoring
from .undefined import Undefined, Why
from .vectors import unit


@dataclass(frozen=True)
class Dropout:
    """Training-mode dropout on the weights: kept with probability 1 − p, rescaled by 1/(1 − p)."""

    p: float
    seed: int
    kept: tuple[bool, ...]
    weights: tuple[float, ...]
    weight_sum: float
    output: tuple[float, ...]


@dataclass(frozen=True)
class Attention:
    """One scoring rule applied to every key.

    As in PyTorch, every key has a score and a scaled logit, masked ones too (the
    mask comes after scaling); a masked key's weight is 0. A score is None only
    where it has no value: a cosine with a zero vector.
    """

    scoring: Scoring
    d_k: int
    scale: float
    scale_is_default: bool
    scores: tuple[float | None, ...]
    logits: tuple[float | None, ...]
    weights: tuple[float, ...] | None
    weight_sum: float | None
    output: tuple[float, ...] | None
    winner: int | None
    dropout: Dropout | None
    undefined: Undefined | None
    contributions: tuple[tuple[float, ...], ...] | None = None  # wᵢvᵢ for every key

    @property
    def tip_to_tail(self) -> tuple[Step, ...]:
        """Σ wᵢvᵢ built tip to tail from the origin, one step per key with a non-zero weight."""
        if self.contributions is None or self.weights is None:
            return ()
        steps, start = [], (0.0,) * len(self.contributions[0])
        for i, (w, c) in enumerate(zip(self.weights, self.contributions, strict=True)):
            if w > 0.0:
                end = tuple(s + x + 0.0 for s, x in zip(start, c))
                steps.append(Step(i, start, end))
                start = end
        return tuple(steps)


@dataclass(frozen=True)
class Step:
    """One scaled value wᵢvᵢ of the tip-to-tail sum: from `start` to `end`."""

    key: int
    start: tuple[float, ...]
    end: tuple[float, ...]


def default_scale(d_k: int) -> float:
    return 1.0 / math.sqrt(d_k)


def scale_of(scene: Scene, scoring: Scoring) -> tuple[float, bool]:
    """The logits' multiplier under a rule, and whether it is that rule's default."""
    if scoring is Scoring.COSINE:
        return scene.cosine_multiplier, scene.cosine_multiplier == 1.0
    return (default_scale(scene.dimension), True) if scene.scale is None else (scene.scale, False)


def masked_softmax(logits, mask) -> tuple[float, ...] | None:
    """Softmax over the entries where mask is True; 0 elsewhere; None if none take part.

    Entries where mask is False are never read, so they may be None.
    """
    taking_part = [x for x, m in zip(logits, mask) if m]
    if not taking_part:
        return None
    top = max(taking_part)
    exps = [math.exp(x - top) if m else 0.0 for x, m in zip(logits, mask)]
    total = math.fsum(exps)  # at least 1: the largest logit's term is exp(0)
    return tuple([e / total for e in exps])


def attention(scene: Scene, scoring: Scoring | None = None, query: int | None = None) -> Attention:
    """Query number `query`'s row (the selected query's if None) under the mask that applies to it."""
    scoring = scene.scoring if scoring is None else scoring
    row = scene.selected_query if query is None else query
    q, mask, d_k = scene.queries[row], scene.mask_row(row), scene.dimension

    undefined = None
    scale, is_default = scale_of(scene, scoring)
    if scoring is Scoring.COSINE:
        scores, undefined = _cosines(q, scene.keys, mask)
    else:
        # + 0.0 turns −0.0 into 0.0 here and below: no "−0" reaches a panel or a file.
        scores = tuple([math.fsum(map(mul, q, k)) + 0.0 for k in scene.keys])

    if undefined is None and not any(mask):
        undefined = Undefined(Why.ALL_MASKED)

    logits = tuple([None if s is None else s * scale + 0.0 for s in scores])
    if undefined is not None:
        return Attention(
            scoring, d_k, scale, is_default, scores, logits, None, None, None, None, None, undefined
        )

    weights = masked_softmax(logits, mask)
    contributions = tuple([tuple([w * x + 0.0 for x in v]) for w, v in zip(weights, scene.values)])
    return Attention(
        scoring=scoring,
        d_k=d_k,
        scale=scale,
        scale_is_default=is_default,
        scores=scores,
        logits=logits,
        weights=weights,
        weight_sum=math.fsum(weights),
        output=_column_sums(contributions),
        winner=weights.index(max(weights)),  # the first of equal weights, as numpy's argmax
        dropout=dropout_of(scene, weights, row) if scene.dropout_p > 0 else None,
        undefined=None,
        contributions=contributions,
    )


def _cosines(q, keys, mask) -> tuple[tuple[float | None, ...], Undefined | None]:
    """cos(q, kᵢ) for every key, masked ones too; None where a cosine has no value.

    From unit vectors, each computed on its vector rescaled by its largest
    coordinate, so tiny and huge keys give a finite cosine; clipped to [−1, 1].
    """
    q_unit, _ = unit(q)
    if q_unit is None:
        return (None,) * len(keys), Undefined(Why.ZERO_QUERY_COSINE)
    scores, undefined = [], None
    for i, (k, m) in enumerate(zip(keys, mask)):
        k_unit = unit(k)[0]
        if k_unit is None:
            scores.append(None)
            if m and undefined is None:  # the first unmasked zero key is named
                undefined = Undefined(Why.ZERO_KEY_COSINE, i)
        else:
            scores.append(_clipped_cosine(q_unit, k_unit))
    return tuple(scores), undefined


def _clipped_cosine(q_unit, k_unit) -> float:
    return min(1.0, max(-1.0, math.fsum(map(mul, q_unit, k_unit)))) + 0.0


def dropout_of(scene: Scene, weights: tuple[float, ...], row: int) -> Dropout:
    p = scene.dropout_p
    kept = _kept(scene.dropout_seed, scene.query_count, len(weights), p)[row]
    dropped = tuple([w / (1.0 - p) if k else 0.0 for w, k in zip(weights, kept)])
    return Dropout(
        p=p,
        seed=scene.dropout_seed,
        kept=kept,
        weights=dropped,
        weight_sum=math.fsum(dropped),
        output=_column_sums([[d * x for x in v] for d, v in zip(dropped, scene.values)]),
    )


@lru_cache(maxsize=64)
def _kept(seed: int, rows: int, n: int, p: float) -> tuple[tuple[bool, ...], ...]:
    """Which of the n weights of each of `rows` queries dropout keeps: numpy's draws, row after row.

    The first row is what one query's dropout always kept with that seed, so a
    seed keeps what it always kept, and adding a query changes no other row.
    Cached because a drag keeps seed, rows, n and p, and making a Generator
    costs more than the whole rest of attention().
    """
    drawn = np.random.default_rng(seed).random((rows, n)) >= p
    return tuple([tuple(row) for row in drawn.tolist()])


def _column_sums(rows) -> tuple[float, ...]:
    """Σᵢ rowsᵢ, one correctly rounded sum per coordinate."""
    return tuple([math.fsum(column) + 0.0 for column in zip(*rows)])
