"""compute(scene) -> Results: every number the app shows, derived exactly once."""

from __future__ import annotations

from dataclasses import dataclass

from .attention import Attention, attention
from .geometry import PairGeometry, pair_geometry
from .plane import PlaneView, plane_view
from .scene import Scene, Scoring


@dataclass(frozen=True)
class Results:
    dimension: int
    pair: PairGeometry  # q against the selected key
    attention: Attention  # with the scene's scoring rule
    comparison: Attention  # the other rule (dot ↔ cosine), for side-by-side weights
    plane: PlaneView

    @property
    def dot_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.DOT else self.comparison

    @property
    def cosine_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.COSINE else self.comparison


def compute(scene: Scene) -> Results:
    other = Scoring.COSINE if scene.scoring is Scoring.DOT else Scoring.DOT
    return Results(
        dimension=scene.dimension,
        pair=pair_geometry(scene.query, scene.keys[scene.selected_key], scene.selected_key),
        attention=attention(scene),
        comparison=attention(scene, other),
        plane=plane_view(scene),
    )
