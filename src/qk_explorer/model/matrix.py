"""Attention for every query at once: the L×S matrix Q·Kᵀ, its logits and weights, row by row.

Each row is attention() of one query (attention.py), so a row is exactly what
the app shows when that query is selected: the same softmax, cosine rule,
dropout and undefined reasons. Masked pairs have their score and logit too
(PyTorch scores every pair, scales, and only then adds the mask).

Row i is undefined when the mask that applies leaves it no key (its weights and
output are None, never NaN), or under cosine scoring when its query, or one of
the keys it may see, is the zero vector.
"""

from __future__ import annotations

from dataclasses import dataclass

from .attention import Attention, attention
from .scene import Scene, Scoring
from .undefined import Undefined


@dataclass(frozen=True)
class AttentionMatrix:
    scoring: Scoring
    d_k: int
    scale: float
    scale_is_default: bool
    causal: bool
    mask: tuple[tuple[bool, ...], ...]  # the mask that applies, L×S: the scene's and the causal triangle
    scores: tuple[tuple[float | None, ...], ...]  # qᵢ·kⱼ for every pair, masked ones too
    logits: tuple[tuple[float | None, ...], ...]  # scores × scale, masked ones too
    rows: tuple[Attention, ...]  # attention() of each query: weights, output, dropout, reason

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.mask[0])

    @property
    def weights(self) -> tuple[tuple[float, ...] | None, ...]:
        """Each row's softmax weights (0 where masked); None for an undefined row."""
        return tuple([row.weights for row in self.rows])

    @property
    def outputs(self) -> tuple[tuple[float, ...] | None, ...]:
        """Each row's output Σⱼ wᵢⱼ vⱼ; None for an undefined row."""
        return tuple([row.output for row in self.rows])

    @property
    def undefined(self) -> tuple[Undefined | None, ...]:
        return tuple([row.undefined for row in self.rows])


def attention_matrix(
    scene: Scene, scoring: Scoring | None = None, selected: Attention | None = None
) -> AttentionMatrix:
    """Q·Kᵀ, scaled, masked and softmaxed row by row.

    `selected`, the selected query's attention() under the same rule when the
    caller has it already, is used as that row instead of computing it again.
    """
    scoring = scene.scoring if scoring is None else scoring
    rows = []
    for i in range(scene.query_count):
        if i == scene.selected_query and selected is not None and selected.scoring is scoring:
            rows.append(selected)
        else:
            rows.append(attention(scene, scoring, i))
    first = rows[0]
    return AttentionMatrix(
        scoring=scoring,
        d_k=first.d_k,
        scale=first.scale,
        scale_is_default=first.scale_is_default,
        causal=scene.causal,
        mask=scene.applied_mask,
        scores=tuple([row.scores for row in rows]),
        logits=tuple([row.logits for row in rows]),
        rows=tuple(rows),
    )
