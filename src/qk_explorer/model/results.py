"""compute(scene) -> Results: every number the app shows, derived exactly once."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .attention import Attention, attention
from .geometry import PairGeometry, pair_geometry
from .matrix import AttentionMatrix, attention_matrix
from .plane import PlaneView, plane_view
from .scene import Scene, Scoring


@dataclass(frozen=True)
class Results:
    dimension: int
    pair: PairGeometry  # the selected query against the selected key
    attention: Attention  # the selected query's row, with the scene's scoring rule
    plane: PlaneView
    _scene: Scene = field(repr=False, compare=False)  # for the comparison, when it is asked for

    @cached_property
    def comparison(self) -> Attention:
        """The other rule (dot ↔ cosine), for side-by-side weights.

        Computed on first use, not by compute(): a drag step needs it only when
        both rules are shown, exported or compared. (cached_property writes the
        instance's __dict__ directly, so it works on a frozen dataclass.)
        """
        return attention(self._scene, other_rule(self.attention.scoring))

    @cached_property
    def matrix(self) -> AttentionMatrix:
        """Every query's row at once (Q·Kᵀ, logits, weights, outputs), with the scene's rule.

        Computed on first use: a drag in a one-query scene never asks for it, and
        its selected row is `attention` itself, not computed again.
        """
        return attention_matrix(self._scene, selected=self.attention)

    @property
    def dot_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.DOT else self.comparison

    @property
    def cosine_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.COSINE else self.comparison


def other_rule(scoring: Scoring) -> Scoring:
    """The scoring rule a comparison sets beside `scoring`."""
    return Scoring.COSINE if scoring is Scoring.DOT else Scoring.DOT


def compute(scene: Scene) -> Results:
    return Results(
        dimension=scene.dimension,
        pair=pair_geometry(scene.query, scene.keys[scene.selected_key], scene.selected_key),
        attention=attention(scene),
        plane=plane_view(scene),
        _scene=scene,
    )
