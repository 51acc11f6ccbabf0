"""compute(scene) -> Results: every number the app shows, derived exactly once.

compute() derives what every drag step needs (the selected pair, attention
with the scene's rule, the drawn plane). The rest are lazy fields
(functools.cached_property): each is derived on first use and kept, so two
views that show it share one computation, and a step where no view asks for
it does not pay for it. (cached_property writes the instance's __dict__
directly, so it works on a frozen dataclass.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from . import turning
from .attention import Attention, attention
from .geometry import PairGeometry, pair_geometry
from .plane import PlaneView, plane_view
from .same_product import SameProductPair, same_product_pair
from .scaling import Scaling, ScalingComparison, compare, follow
from .scene import Scene, Scoring


@dataclass(frozen=True)
class Results:
    dimension: int
    pair: PairGeometry  # q against the selected key
    attention: Attention  # with the scene's scoring rule
    plane: PlaneView
    _scene: Scene = field(repr=False, compare=False)  # for the lazy fields, when they are asked for

    @cached_property
    def comparison(self) -> Attention:
        """The other rule (dot ↔ cosine), for side-by-side weights.

        A drag step needs it only when both rules are shown, exported or compared.
        """
        return attention(self._scene, other_rule(self.attention.scoring))

    @property
    def dot_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.DOT else self.comparison

    @property
    def cosine_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.COSINE else self.comparison

    # ---- lazy fields: derived on first use ---------------------------------------------------

    @cached_property
    def same_product(self) -> SameProductPair:
        """A second pair with the same q·k at another angle, in plane coordinates, or why there is none."""
        return same_product_pair(self.pair, self.dimension)

    @cached_property
    def product_curve(self) -> turning.ProductCurve:
        """q·k = ‖q‖‖k‖cos θ as the selected key turns round at its length, and the pair's point on it."""
        scene = self._scene
        return turning.product_curve(self.pair, self.plane, scene.query, scene.keys[scene.selected_key])

    def scaling_from(self, previous: Scaling | None) -> ScalingComparison:
        """The pair before scaling (q₀ against k) and now (q = c·q₀ against k).

        q₀ is not part of the scene: it is where the user began scaling, so it comes
        in as `previous` (None: begin now). It is kept while q is still a multiple of
        it, and c is read back from q; the comparison's `scaling` is what to pass next.
        """
        scene = self._scene
        return compare(follow(previous, scene.query), scene, self.pair)


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
