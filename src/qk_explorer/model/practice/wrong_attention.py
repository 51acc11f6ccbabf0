"""The attention mistakes worked out: the wrong numbers beside the right ones, for every query.

wrong_attention(scene, mistake) computes Q·Kᵀ's logits, weights and outputs
the way the mistake does, beside the right AttentionMatrix; `.row(i)` is one
query's part, what a one-query view shows. Each mistake changes one step:

- not-scaled, scaled-by-dk, scaled-by-sqrt-d-model: the logits are the scores
  times 1, 1/dₖ or 1/√d_model (a token scene's embedding size) instead of 1/√dₖ;
- no-exponential: weights = logits / Σ logits; no-softmax: weights = logits;
- softmax-over-queries: softmax down each column (over the queries that may see
  the key) instead of along each row;
- mask-after-softmax: softmax over every key, the masked weights then set to 0
  and not renormalised;
- keys-not-values: the output sums the keys, Σ wᵢkᵢ;
- no-max-subtracted: e^logit without subtracting the row's largest logit first.

A value the wrong computation cannot give is None with its reason (WrongReason),
never NaN or inf: e^x past the largest float, every e^x rounded to 0, a sum of
logits of 0 to divide by. A mistake that does not apply to the scene (a scaling
under cosine scoring, √d_model without tokens) gives None as a whole.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from ..attention import masked_softmax
from ..matrix import AttentionMatrix, attention_matrix
from ..scene import Scene, Scoring
from ..vectors import clean
from .mistakes import Mistake

_ROUNDING = 1e-12  # relative: a sum this small against its terms is rounding, not a value


class WrongWhy(StrEnum):
    OVERFLOW = "overflow"  # e^logit, or their sum, passes the largest float: inf, then inf/inf = NaN
    UNDERFLOW = "underflow"  # every e^logit rounds to 0: 0/0
    ZERO_TOTAL = "zero-total"  # the logits add up to 0: nothing to divide by
    NO_KEY = "no-key"  # every key is masked for this query, as in the right computation
    RIGHT_UNDEFINED = "right-undefined"  # the row has no value the right way either (a zero vector's cosine)


@dataclass(frozen=True)
class WrongReason:
    why: WrongWhy
    logit: float | None = None  # OVERFLOW, UNDERFLOW: the logit that does it


@dataclass(frozen=True)
class WrongRow:
    logits: tuple[float | None, ...]
    weights: tuple[float, ...] | None
    output: tuple[float, ...] | None
    reason: WrongReason | None

    @property
    def weight_sum(self) -> float | None:
        """What the wrong weights add up to (not 1 for a mask after softmax, or over the queries)."""
        return None if self.weights is None else clean(math.fsum(self.weights))


@dataclass(frozen=True)
class WrongAttention:
    mistake: Mistake
    right: AttentionMatrix
    rows: tuple[WrongRow, ...]

    def row(self, query: int) -> WrongRow:
        return self.rows[query]

    @property
    def weights(self) -> tuple[tuple[float, ...] | None, ...]:
        return tuple(r.weights for r in self.rows)

    @property
    def outputs(self) -> tuple[tuple[float, ...] | None, ...]:
        return tuple(r.output for r in self.rows)


ATTENTION_MISTAKES = (
    Mistake.NOT_SCALED,
    Mistake.SCALED_BY_DK,
    Mistake.SCALED_BY_SQRT_D_MODEL,
    Mistake.NO_EXPONENTIAL,
    Mistake.NO_SOFTMAX,
    Mistake.SOFTMAX_OVER_QUERIES,
    Mistake.MASK_AFTER_SOFTMAX,
    Mistake.KEYS_NOT_VALUES,
    Mistake.NO_MAX_SUBTRACTED,
)


def wrong_attention(scene: Scene, mistake: Mistake, right: AttentionMatrix | None = None):
    """The mistake's numbers for every query of `scene`, or None when it does not apply to it."""
    right = attention_matrix(scene) if right is None else right
    scale = _wrong_scale(scene, mistake)
    if mistake in (Mistake.NOT_SCALED, Mistake.SCALED_BY_DK, Mistake.SCALED_BY_SQRT_D_MODEL):
        if scale is None:
            return None
        rows = [_rescaled(scene, right, i, scale) for i in range(scene.query_count)]
    elif mistake is Mistake.SOFTMAX_OVER_QUERIES:
        rows = _over_queries(scene, right)
    elif mistake in _ROW_RULES:
        rows = [_row(scene, right, i, _ROW_RULES[mistake]) for i in range(scene.query_count)]
    elif mistake is Mistake.KEYS_NOT_VALUES:
        rows = [_keys_summed(scene, right, i) for i in range(scene.query_count)]
    else:
        return None
    return WrongAttention(mistake, right, tuple(rows))


def _wrong_scale(scene: Scene, mistake: Mistake) -> float | None:
    if scene.scoring is not Scoring.DOT:
        return None  # cosine scoring has a multiplier of its own, not √dₖ
    if mistake is Mistake.NOT_SCALED:
        return 1.0
    if mistake is Mistake.SCALED_BY_DK:
        return 1.0 / scene.dimension
    if mistake is Mistake.SCALED_BY_SQRT_D_MODEL and scene.tokens is not None:
        return 1.0 / math.sqrt(scene.tokens.d_model)
    return None


def _sums(weights, vectors) -> tuple[float, ...]:
    return tuple(clean(math.fsum(w * v[c] for w, v in zip(weights, vectors))) for c in range(len(vectors[0])))


def _finish(scene: Scene, logits, weights, reason=None, vectors=None) -> WrongRow:
    if weights is None:
        return WrongRow(tuple(logits), None, None, reason)
    weights = tuple(clean(w) for w in weights)
    return WrongRow(tuple(logits), weights, _sums(weights, vectors or scene.values), None)


def _undefined_right(right: AttentionMatrix, i: int) -> WrongRow | None:
    """The row the right way has no weights: a zero vector's cosine, or every key masked."""
    row = right.rows[i]
    if row.weights is not None:
        return None
    if any(m for m in right.mask[i]):
        return WrongRow(right.logits[i], None, None, WrongReason(WrongWhy.RIGHT_UNDEFINED))
    return WrongRow(right.logits[i], None, None, WrongReason(WrongWhy.NO_KEY))


def _rescaled(scene: Scene, right: AttentionMatrix, i: int, scale: float) -> WrongRow:
    logits = [clean(s * scale) for s in right.scores[i]]
    weights = masked_softmax(logits, right.mask[i])
    return _finish(scene, logits, weights, None if weights else WrongReason(WrongWhy.NO_KEY))


def _keys_summed(scene: Scene, right: AttentionMatrix, i: int) -> WrongRow:
    undefined = _undefined_right(right, i)
    if undefined is not None:
        return undefined
    return _finish(scene, right.logits[i], right.rows[i].weights, vectors=scene.keys)


def _row(scene: Scene, right: AttentionMatrix, i: int, rule) -> WrongRow:
    logits = right.logits[i]
    if rule is _mask_after:  # softmax over every key: a masked one without a logit spoils it too
        if any(x is None for x in logits):
            return WrongRow(logits, None, None, WrongReason(WrongWhy.RIGHT_UNDEFINED))
    elif (undefined := _undefined_right(right, i)) is not None:
        return undefined
    weights, reason = rule(logits, right.mask[i])
    return _finish(scene, logits, weights, reason)


def _no_exponential(logits, mask):
    """logits / Σ logits; a sum that is 0 but for rounding (of 1 + 7 − 2 − 6, each scaled) is 0."""
    taking_part = [x for x, m in zip(logits, mask) if m]
    total = math.fsum(taking_part)
    if abs(total) <= _ROUNDING * math.fsum(map(abs, taking_part)):
        return None, WrongReason(WrongWhy.ZERO_TOTAL)
    return [x / total if m else 0.0 for x, m in zip(logits, mask)], None


def _no_softmax(logits, mask):
    return [x if m else 0.0 for x, m in zip(logits, mask)], None


def _mask_after(logits, mask):
    every = masked_softmax(logits, [True] * len(logits))
    return [w if m else 0.0 for w, m in zip(every, mask)], None


def _no_max(logits, mask):
    top = max(x for x, m in zip(logits, mask) if m)
    try:  # e^x of one logit past ≈ 709.78, or the sum of several, is no float
        exps = [math.exp(x) if m else 0.0 for x, m in zip(logits, mask)]
        total = math.fsum(exps)
    except OverflowError:
        return None, WrongReason(WrongWhy.OVERFLOW, top)
    if total == 0.0:
        return None, WrongReason(WrongWhy.UNDERFLOW, top)
    return [e / total for e in exps], None


_ROW_RULES = {
    Mistake.NO_EXPONENTIAL: _no_exponential,
    Mistake.NO_SOFTMAX: _no_softmax,
    Mistake.MASK_AFTER_SOFTMAX: _mask_after,
    Mistake.NO_MAX_SUBTRACTED: _no_max,
}


def _over_queries(scene: Scene, right: AttentionMatrix) -> list[WrongRow]:
    """Softmax down each column, over the queries that may see that key (the right logits)."""
    rows_n, cols_n = right.shape
    columns = []
    for j in range(cols_n):
        logits = [right.logits[i][j] for i in range(rows_n)]
        mask = [right.mask[i][j] and logits[i] is not None for i in range(rows_n)]
        columns.append(masked_softmax(logits, mask) or (0.0,) * rows_n)
    rows = []
    for i in range(rows_n):
        undefined = _undefined_right(right, i)
        weights = [columns[j][i] for j in range(cols_n)]
        rows.append(undefined or _finish(scene, right.logits[i], weights))
    return rows
