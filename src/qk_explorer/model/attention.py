"""Scaled dot-product attention for one query, as PyTorch computes it.

scores = q·kᵢ; logits = scores × scale (1/√d_k unless set); a boolean mask
where True takes part; softmax over the keys that take part; output Σ wᵢ vᵢ.
Cosine scoring replaces the score by cos(q, kᵢ) and the scale by its own
multiplier. Every number stays finite for finite input: softmax subtracts the
largest logit first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .scene import Scene, Scoring
from .undefined import Undefined, Why
from .vectors import is_zero, unit_and_length


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
    """One scoring rule applied to every key. Masked keys have score and logit None, weight 0."""

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
        steps, start = [], np.zeros(len(self.contributions[0]))
        for i, (w, c) in enumerate(zip(self.weights, self.contributions, strict=True)):
            if w > 0.0:
                end = start + np.asarray(c)
                steps.append(Step(i, _floats(start), _floats(end)))
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


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray | None:
    """Softmax over the entries where mask is True; 0 elsewhere; None if none take part."""
    if not mask.any():
        return None
    shifted = np.where(mask, logits - np.max(logits[mask]), -np.inf)
    exps = np.exp(shifted)
    return exps / np.sum(exps)


def attention(scene: Scene, scoring: Scoring | None = None) -> Attention:
    scoring = scene.scoring if scoring is None else scoring
    q = np.asarray(scene.query, dtype=np.float64)
    keys = np.asarray(scene.keys, dtype=np.float64)
    values = np.asarray(scene.values, dtype=np.float64)
    mask = np.asarray(scene.mask, dtype=bool)
    d_k = scene.dimension

    defined = mask
    if scoring is Scoring.COSINE:
        scale, is_default = scene.cosine_multiplier, scene.cosine_multiplier == 1.0
        scores, defined, undefined = _cosines(q, keys, mask)
    else:
        is_default = scene.scale is None
        scale = default_scale(d_k) if is_default else scene.scale
        scores, undefined = keys @ q, None

    if undefined is None and not mask.any():
        undefined = Undefined(Why.ALL_MASKED)

    logits = scores * scale
    score_list = _masked_list(scores, defined)
    logit_list = _masked_list(logits, defined)
    if undefined is not None:
        return Attention(
            scoring, d_k, scale, is_default, score_list, logit_list, None, None, None, None, None, undefined
        )

    weights = masked_softmax(logits, mask)
    output = weights @ values
    winner = int(np.argmax(weights))
    dropout = _dropout(scene, weights, values) if scene.dropout_p > 0 else None
    return Attention(
        scoring=scoring,
        d_k=d_k,
        scale=scale,
        scale_is_default=is_default,
        scores=score_list,
        logits=logit_list,
        weights=_floats(weights),
        weight_sum=float(np.sum(weights)),
        output=_floats(output),
        winner=winner,
        dropout=dropout,
        undefined=None,
        contributions=tuple(map(tuple, (weights[:, None] * values + 0.0).tolist())),
    )


def _cosines(q, keys, mask) -> tuple[np.ndarray, np.ndarray, Undefined | None]:
    """Cosines of the unmasked keys; `defined` is False where a cosine is masked or has no value."""
    cosines = np.zeros(len(keys))
    if is_zero(q):
        return cosines, np.zeros(len(keys), dtype=bool), Undefined(Why.ZERO_QUERY_COSINE)
    defined = mask.copy()
    undefined = None
    q_unit, _ = unit_and_length(q)
    peaks = np.max(np.abs(keys), axis=1)
    zero = mask & (peaks == 0)
    if zero.any():
        defined = mask & ~zero
        undefined = Undefined(Why.ZERO_KEY_COSINE, int(np.argmax(zero)))
    rows = np.flatnonzero(defined)
    # Rescaled rows keep tiny and huge keys finite, as unit_and_length does.
    scaled = keys[rows] / peaks[rows, None]
    cosines[rows] = np.clip((scaled @ q_unit) / np.sqrt(np.sum(scaled * scaled, axis=1)), -1.0, 1.0)
    return cosines, defined, undefined


def _dropout(scene: Scene, weights: np.ndarray, values: np.ndarray) -> Dropout:
    p = scene.dropout_p
    rng = np.random.default_rng(scene.dropout_seed)
    kept = rng.random(len(weights)) >= p
    dropped = np.where(kept, weights / (1.0 - p), 0.0)
    return Dropout(
        p=p,
        seed=scene.dropout_seed,
        kept=tuple(bool(x) for x in kept),
        weights=_floats(dropped),
        weight_sum=float(np.sum(dropped)),
        output=_floats(dropped @ values),
    )


def _masked_list(x: np.ndarray, mask: np.ndarray) -> tuple[float | None, ...]:
    return tuple(v if m else None for v, m in zip(_floats(x), mask.tolist(), strict=True))


def _floats(x: np.ndarray) -> tuple[float, ...]:
    # + 0.0 turns −0.0 into 0.0; tolist() makes Python floats in one go (per element, the
    # conversion was most of compute() with many keys).
    return tuple((np.asarray(x, dtype=np.float64) + 0.0).tolist())
