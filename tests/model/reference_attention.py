"""The numpy attention() that the plain-float one replaced, kept as an oracle for the tests.

Copied unchanged in its arithmetic from src/qk_explorer/model/attention.py as it was
before the rewrite (with vectors.is_zero and unit_and_length inlined, so it stays
as it was whatever happens to them). It builds the same Attention and Dropout
dataclasses, so the tests compare every field. One change since: masked keys are
scored as PyTorch scores them (only an unmasked zero key makes a cosine row undefined).
"""

from __future__ import annotations

import math

import numpy as np

from qk_explorer.model.attention import Attention, Dropout, Step
from qk_explorer.model.scene import Scene, Scoring
from qk_explorer.model.undefined import Undefined, Why


def reference_attention(scene: Scene, scoring: Scoring | None = None) -> Attention:
    scoring = scene.scoring if scoring is None else scoring
    q = np.asarray(scene.query, dtype=np.float64)
    keys = np.asarray(scene.keys, dtype=np.float64)
    values = np.asarray(scene.values, dtype=np.float64)
    mask = np.asarray(scene.mask, dtype=bool)
    d_k = scene.dimension

    defined = np.ones(len(scene.keys), dtype=bool)  # masked keys are scored too, as PyTorch does
    if scoring is Scoring.COSINE:
        scale, is_default = scene.cosine_multiplier, scene.cosine_multiplier == 1.0
        scores, defined, undefined = _cosines(q, keys, mask)
    else:
        is_default = scene.scale is None
        scale = 1.0 / math.sqrt(d_k) if is_default else scene.scale
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

    weights = _masked_softmax(logits, mask)
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


def _masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray | None:
    if not mask.any():
        return None
    shifted = np.where(mask, logits - np.max(logits[mask]), -np.inf)
    exps = np.exp(shifted)
    return exps / np.sum(exps)


def _cosines(q, keys, mask) -> tuple[np.ndarray, np.ndarray, Undefined | None]:
    cosines = np.zeros(len(keys))
    if not np.any(q):
        return cosines, np.zeros(len(keys), dtype=bool), Undefined(Why.ZERO_QUERY_COSINE)
    undefined = None
    peak = float(np.max(np.abs(q)))
    scaled_q = q / peak
    q_unit = scaled_q / float(np.sqrt(np.dot(scaled_q, scaled_q)))
    peaks = np.max(np.abs(keys), axis=1)
    defined = peaks != 0
    zero = mask & ~defined
    if zero.any():
        undefined = Undefined(Why.ZERO_KEY_COSINE, int(np.argmax(zero)))
    rows = np.flatnonzero(defined)
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
    return tuple((np.asarray(x, dtype=np.float64) + 0.0).tolist())


def reference_tip_to_tail(a: Attention) -> tuple[Step, ...]:
    """Attention.tip_to_tail as it was, in numpy."""
    if a.contributions is None or a.weights is None:
        return ()
    steps, start = [], np.zeros(len(a.contributions[0]))
    for i, (w, c) in enumerate(zip(a.weights, a.contributions, strict=True)):
        if w > 0.0:
            end = start + np.asarray(c)
            steps.append(Step(i, _floats(start), _floats(end)))
            start = end
    return tuple(steps)
