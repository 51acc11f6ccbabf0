"""Attention for every query at once: the L×S matrix Q·Kᵀ, its logits and weights, and the outputs.

All rows are worked out together in numpy arrays (attention_rows.py), each
number exactly the one attention() gives when that query is selected: the same
softmax, cosine rule and undefined reasons. Masked pairs have their score and
logit too (PyTorch scores every pair, scales, and only then adds the mask).
Views that colour or compare cells read the arrays; the nested tuples, and each
row as an Attention (with its dropout and its tip-to-tail steps), are made
when first asked for.

Row i is undefined when the mask that applies leaves it no key (its weights and
output are None, never NaN), or under cosine scoring when its query, or one of
the keys it may see, is the zero vector.

When only some queries moved since an earlier matrix of the same scene's shape
and settings, only their rows are worked out again: the others are its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .attention import Attention, dropout_of, scale_of
from .attention_rows import RowArrays, attention_rows
from .scene import Scene, Scoring
from .undefined import Undefined


@dataclass(frozen=True, eq=False)
class AttentionMatrix:
    scoring: Scoring
    d_k: int
    scale: float
    scale_is_default: bool
    causal: bool
    mask_array: np.ndarray  # the mask that applies, L×S bool: the scene's and the causal triangle
    arrays: RowArrays  # every row's numbers
    _scene: Scene
    _selected: Attention | None  # the selected query's row as attention() gave it, when it was given

    @property
    def shape(self) -> tuple[int, int]:
        return self.mask_array.shape

    # ---- arrays, for the views that compare and colour cells -----------------------------------

    @property
    def score_grid(self) -> tuple[np.ndarray, np.ndarray]:
        """Q·Kᵀ (0 where a score has no value) and where it has one, L×S."""
        return self.arrays.scores, self.arrays.scored

    @property
    def logit_grid(self) -> tuple[np.ndarray, np.ndarray]:
        return self.arrays.logits, self.arrays.scored

    @cached_property
    def weight_grid(self) -> tuple[np.ndarray, np.ndarray]:
        """Each row's weights and, last, their sum, L×(S + 1); and where they have a value."""
        a = self.arrays
        values = np.hstack([a.weights, a.weight_sums[:, None]])
        return values, np.repeat(a.weighed[:, None], values.shape[1], axis=1)

    # ---- the numbers as tuples, made on first use --------------------------------------------------

    @cached_property
    def mask(self) -> tuple[tuple[bool, ...], ...]:
        return tuple(map(tuple, self.mask_array.tolist()))

    @cached_property
    def scores(self) -> tuple[tuple[float | None, ...], ...]:
        """qᵢ·kⱼ for every pair, masked ones too; None where a cosine has no value."""
        return _with_none(self.arrays.scores, self.arrays.scored)

    @cached_property
    def logits(self) -> tuple[tuple[float | None, ...], ...]:
        """scores × scale, masked ones too."""
        return _with_none(self.arrays.logits, self.arrays.scored)

    @cached_property
    def weights(self) -> tuple[tuple[float, ...] | None, ...]:
        """Each row's softmax weights (0 where masked); None for an undefined row."""
        return _rows_or_none(self.arrays.weights, self.undefined)

    @cached_property
    def outputs(self) -> tuple[tuple[float, ...] | None, ...]:
        """Each row's output Σⱼ wᵢⱼ vⱼ; None for an undefined row."""
        return _rows_or_none(self.arrays.outputs, self.undefined)

    @cached_property
    def weight_sums(self) -> tuple[float | None, ...]:
        """Each row's sum of weights (math.fsum's); None for an undefined row."""
        return tuple([None if u else s for s, u in zip(self.arrays.weight_sums.tolist(), self.undefined)])

    @property
    def undefined(self) -> tuple[Undefined | None, ...]:
        return self.arrays.undefined

    @cached_property
    def rows(self) -> tuple[Attention, ...]:
        """attention() of each query: its numbers, winner, dropout and tip-to-tail steps."""
        given, selected = self._selected, self._scene.selected_query
        return tuple([given if i == selected and given else self.row(i) for i in range(self.shape[0])])

    def row(self, i: int) -> Attention:
        """attention() of query i, from its row of the arrays alone."""
        a, scene, undefined = self.arrays, self._scene, self.undefined[i]
        scores = _with_none(a.scores[i : i + 1], a.scored[i : i + 1])[0]
        logits = _with_none(a.logits[i : i + 1], a.scored[i : i + 1])[0]
        common = (self.scoring, self.d_k, self.scale, self.scale_is_default, scores, logits)
        if undefined is not None:
            return Attention(*common, None, None, None, None, None, undefined)
        weights = tuple(a.weights[i].tolist())
        return Attention(
            *common,
            weights=weights,
            weight_sum=float(a.weight_sums[i]),
            output=tuple(a.outputs[i].tolist()),
            winner=weights.index(max(weights)),
            dropout=dropout_of(scene, weights, i) if scene.dropout_p > 0 else None,
            undefined=None,
            contributions=tuple([tuple([w * x + 0.0 for x in v]) for w, v in zip(weights, scene.values)]),
        )


def attention_matrix(
    scene: Scene,
    scoring: Scoring | None = None,
    selected: Attention | None = None,
    earlier: AttentionMatrix | None = None,
    moved: frozenset[int] = frozenset(),
) -> AttentionMatrix:
    """Q·Kᵀ, scaled, masked and softmaxed row by row.

    `selected`, the selected query's attention() under the same rule when the
    caller has it already, gives that row instead of working it out again.
    `earlier`, the matrix of a scene that differs from this one only in the
    queries `moved` (their indices), gives every other row as it is.
    """
    scoring = scene.scoring if scoring is None else scoring
    if selected is not None and selected.scoring is not scoring:
        selected = None
    scale, is_default = scale_of(scene, scoring)
    if earlier is not None and earlier.scoring is scoring:
        mask = earlier.mask_array
        arrays = _rows_again(scene, scoring, scale, selected, earlier.arrays, mask, sorted(moved))
    else:
        mask = _mask_array(scene.applied_mask)
        arrays = attention_rows(scene, scoring, scale, range(scene.query_count), mask)
    return AttentionMatrix(
        scoring, scene.dimension, scale, is_default, scene.causal, mask, arrays, scene, selected
    )


def _rows_again(scene, scoring, scale, selected, arrays: RowArrays, mask, rows: list[int]) -> RowArrays:
    """`arrays` with the rows of the queries that moved worked out again: the selected one's
    from `selected` when it is the only one, else in numpy."""
    if not rows:
        return arrays
    if selected is not None and rows == [scene.selected_query]:
        fresh = RowArrays.of_attention(selected, scene.dimension)
    else:
        fresh = attention_rows(scene, scoring, scale, rows, mask[rows])
    return arrays.with_rows(rows, fresh)


def _mask_array(rows: tuple[tuple[bool, ...], ...]) -> np.ndarray:
    """The mask as an L×S array. A tuple of bools is bytes of 0 and 1: read as such, three times
    faster than numpy taking the bools one by one (at 64 × 64)."""
    return np.frombuffer(b"".join(map(bytes, rows)), dtype=bool).reshape(len(rows), -1)


def _with_none(values: np.ndarray, defined: np.ndarray) -> tuple:
    if defined.all():
        return tuple(map(tuple, values.tolist()))
    return tuple(
        tuple([x if ok else None for x, ok in zip(row, oks)])
        for row, oks in zip(values.tolist(), defined.tolist())
    )


def _rows_or_none(values: np.ndarray, undefined) -> tuple:
    return tuple([None if u is not None else tuple(row) for row, u in zip(values.tolist(), undefined)])
