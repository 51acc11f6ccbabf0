"""Attention for many queries at once, in numpy arrays: each row the numbers attention() gives.

The same steps as attention.py, on whole arrays: scores Q·Kᵀ (or cosines),
logits × scale, softmax over each row's keys that take part with its largest
logit subtracted, weights, their sum and the outputs W·V. Every number is the
one attention() computes for that query, to the bit: each product and
quotient is the same IEEE operation, every sum is math.fsum's (exact_sums.py),
and the exponentials are math.exp's (exact_exp.py). Where a number has no value (a
cosine with the zero vector, the weights of an undefined row) the arrays hold
0 and a mask says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

import numpy as np

from .attention import Attention
from .exact_exp import exact_exp
from .exact_sums import exact_products
from .scene import Scene, Scoring
from .undefined import Undefined, Why
from .vectors import unit

_ARRAYS = ("scores", "scored", "logits", "weights", "weight_sums", "outputs")


@dataclass(frozen=True, eq=False)
class RowArrays:
    """Rows of the matrix, one per query asked for; S keys, dimension d."""

    scores: np.ndarray  # (rows, S), 0 where a score has no value
    scored: np.ndarray  # (rows, S) bool: the score (and its logit) has a value
    logits: np.ndarray  # (rows, S)
    weights: np.ndarray  # (rows, S), 0 where masked and in an undefined row
    weight_sums: np.ndarray  # (rows,), 0 in an undefined row
    outputs: np.ndarray  # (rows, d), 0 in an undefined row
    undefined: tuple[Undefined | None, ...]  # why a row has no weights, or None

    def __post_init__(self) -> None:
        for name in _ARRAYS:  # shared by every view of these results, and by later matrices
            getattr(self, name).flags.writeable = False

    @property
    def weighed(self) -> np.ndarray:
        """(rows,) bool: the row has weights and an output."""
        return np.array([u is None for u in self.undefined], dtype=bool)

    @classmethod
    def of_attention(cls, a: Attention, dimension: int) -> RowArrays:
        """The one row of an Attention (attention()'s numbers, as they are)."""
        scored = np.array([[s is not None for s in a.scores]], dtype=bool)
        no_weights = a.weights is None
        return cls(
            scores=np.array([[0.0 if s is None else s for s in a.scores]]),
            scored=scored,
            logits=np.array([[0.0 if x is None else x for x in a.logits]]),
            weights=np.zeros((1, len(a.scores))) if no_weights else np.array([a.weights]),
            weight_sums=np.array([0.0 if no_weights else a.weight_sum]),
            outputs=np.zeros((1, dimension)) if no_weights else np.array([a.output]),
            undefined=(a.undefined,),
        )

    def with_rows(self, rows: list[int], fresh: RowArrays) -> RowArrays:
        """These arrays with rows `rows` taken from `fresh` (one row of it for each, in order)."""
        arrays = {}
        for name in _ARRAYS:
            arrays[name] = getattr(self, name).copy()
            arrays[name][rows] = getattr(fresh, name)
        undefined = list(self.undefined)
        for i, why in zip(rows, fresh.undefined, strict=True):
            undefined[i] = why
        return RowArrays(**arrays, undefined=tuple(undefined))


def attention_rows(scene: Scene, scoring: Scoring, scale: float, rows, mask: np.ndarray) -> RowArrays:
    """Queries `rows` (indices) of the scene under the rule `scoring`, its logits `scale` times
    the scores; `mask` is their rows of the mask that applies, (len(rows), S) bool."""
    if scoring is Scoring.COSINE:
        scores, scored, undefined = _cosines(scene, rows, mask)
        logits = np.where(scored, scores * scale + 0.0, 0.0)
        weighed = np.array([u is None for u in undefined], dtype=bool)
    else:
        queries = scene.queries if len(rows) == scene.query_count else [scene.queries[i] for i in rows]
        scores = exact_products(_array(queries), _array(scene.keys).T)
        scores += 0.0
        scored, logits = np.ones(mask.shape, dtype=bool), scores * scale + 0.0
        weighed = mask.any(axis=1)
        undefined = [None if w else Undefined(Why.ALL_MASKED) for w in weighed.tolist()]
    weights = _softmax(logits, mask & weighed[:, None])
    # The weights' sums and the outputs in one go: W times the values with a column of ones first.
    values = _array(scene.values)
    sums = exact_products(weights, np.hstack([np.ones((len(values), 1)), values]))
    return RowArrays(scores, scored, logits, weights, sums[:, 0], sums[:, 1:] + 0.0, tuple(undefined))


def _cosines(scene: Scene, rows, mask: np.ndarray):
    """cos(qᵢ, kⱼ) from unit vectors (vectors.unit, as attention() takes them), clipped to
    [−1, 1]; which have a value; each row's reason when it has no weights."""
    n = scene.dimension
    key_units = [unit(k)[0] for k in scene.keys]
    zero_key = np.array([u is None for u in key_units], dtype=bool)
    query_units = [unit(scene.queries[i])[0] for i in rows]
    zero_query = np.array([u is None for u in query_units], dtype=bool)
    cosines = exact_products(_stacked(query_units, n), _stacked(key_units, n).T)
    scored = ~zero_query[:, None] & ~zero_key[None, :]
    undefined = []
    for row, zero in zip(mask, zero_query, strict=True):
        seen_zero = row & zero_key  # the first unmasked zero key is named
        if zero:
            undefined.append(Undefined(Why.ZERO_QUERY_COSINE))
        elif seen_zero.any():
            undefined.append(Undefined(Why.ZERO_KEY_COSINE, int(np.argmax(seen_zero))))
        else:
            undefined.append(None if row.any() else Undefined(Why.ALL_MASKED))
    return np.where(scored, np.clip(cosines, -1.0, 1.0) + 0.0, 0.0), scored, undefined


def _array(rows) -> np.ndarray:
    """Tuples of floats of one length as the rows of an array (numpy reads a flat run faster)."""
    return np.fromiter(chain.from_iterable(rows), np.float64, len(rows) * len(rows[0])).reshape(len(rows), -1)


def _stacked(units, n: int) -> np.ndarray:
    """Unit vectors as rows, the zero vector's row 0."""
    return np.array([(0.0,) * n if u is None else u for u in units], dtype=np.float64).reshape(len(units), n)


def _softmax(logits: np.ndarray, taking_part: np.ndarray) -> np.ndarray:
    """Each row's softmax over its entries that take part, 0 elsewhere and in rows with none."""
    if taking_part.all():
        exps = exact_exp((logits - logits.max(axis=1, keepdims=True)).ravel()).reshape(logits.shape)
    else:
        top = np.where(taking_part, logits, -np.inf).max(axis=1, keepdims=True)
        exps = np.zeros(logits.shape)  # a row with none has −∞ at the top, and nothing read
        exps[taking_part] = exact_exp((logits - top)[taking_part])
    totals = exact_products(exps, np.ones((exps.shape[1], 1)))  # at least 1 (exp(0)), or 0: none
    return exps / np.maximum(totals, 1.0)
