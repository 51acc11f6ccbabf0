"""compute(scene) -> Results: every number the app shows, derived exactly once.

compute() derives what every drag step needs (the selected pair, attention
with the scene's rule, the drawn plane). The rest are lazy fields
(functools.cached_property): each is derived on first use and kept, so two
views that show it share one computation, and a step where no view asks for
it does not pay for it. (cached_property writes the instance's __dict__
directly, so it works on a frozen dataclass.)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from . import turning
from .attention import Attention, Dropout, attention
from .change import SceneChange
from .geometry import PairGeometry, pair_geometry
from .matrix import AttentionMatrix, attention_matrix
from .plane import PlaneView, plane_view
from .projections import Projections, projections
from .same_product import SameProductPair, same_product_pair
from .scaling import Scaling, ScalingComparison, compare, follow
from .scene import Scene, Scoring
from .token_plane import square_image, unit_circle


@dataclass(frozen=True)
class Results:
    dimension: int
    pair: PairGeometry  # the selected query against the selected key
    attention: Attention  # the selected query's row, with the scene's scoring rule
    plane: PlaneView
    _scene: Scene = field(repr=False, compare=False)  # for the lazy fields, when they are asked for
    # The matrix of the scene before, when only queries moved since (and which): its other rows.
    _earlier: tuple[AttentionMatrix, frozenset[int]] | None = field(default=None, repr=False, compare=False)

    @cached_property
    def comparison(self) -> Attention:
        """The other rule (dot ↔ cosine), for side-by-side weights.

        A drag step needs it only when both rules are shown, exported or compared.
        """
        return attention(self._scene, other_rule(self.attention.scoring))

    @cached_property
    def matrix(self) -> AttentionMatrix:
        """Every query's row at once (Q·Kᵀ, logits, weights, outputs), with the scene's rule.

        Computed on first use with one query (a drag there never asks for it), with
        the results with several; its selected row is `attention` itself, never
        computed twice; nor are the rows of the queries that did not move since the
        scene before, when that was computed.
        """
        earlier, moved = self._earlier or (None, frozenset())
        return attention_matrix(self._scene, selected=self.attention, earlier=earlier, moved=moved)

    @cached_property
    def projections(self) -> Projections | None:
        """A token scene's B = W_Qᵀ W_K and whether it is an inner product; None without tokens.

        No drag needs it: worked out when a view or the export asks.
        """
        tokens = self._scene.tokens
        return None if tokens is None else projections(tokens)

    @cached_property
    def unit_circle(self) -> np.ndarray | None:
        """Points on {x : xᵀBx = 1} when B is an inner product on 2-D embeddings, else None."""
        p = self.projections
        if p is None or not p.inner_product or self._scene.tokens.d_model != 2:
            return None
        return unit_circle(p.bilinear)

    @cached_property
    def square_images(self) -> dict[str, np.ndarray] | None:
        """The unit square's outline mapped by W_Q and by W_K ("w_q", "w_k"), when both are 2 × 2."""
        tokens = self._scene.tokens
        if tokens is None or tokens.d_model != 2 or tokens.d_k != 2:
            return None
        return {name: square_image(tokens.matrix(name)) for name in ("w_q", "w_k")}

    @property
    def dot_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.DOT else self.comparison

    @property
    def cosine_attention(self) -> Attention:
        return self.attention if self.attention.scoring is Scoring.COSINE else self.comparison

    # ---- lazy fields: derived on first use ---------------------------------------------------

    @cached_property
    def keys_taking_part(self) -> int:
        """How many keys take part in softmax (mask True)."""
        return sum(self._scene.mask)

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

    @cached_property
    def weight_bars(self) -> tuple[float, ...]:
        """Each key's weight bar as a fraction of a full bar (weight 1), with the scene's rule:
        the weight itself, 0 for a masked key, 0 for every key when the weights are undefined."""
        return bar_fractions(self.attention, len(self._scene.keys))

    @cached_property
    def comparison_weight_bars(self) -> tuple[float, ...]:
        """weight_bars for the other rule (computes the comparison)."""
        return bar_fractions(self.comparison, len(self._scene.keys))

    @cached_property
    def dropout_bars(self) -> tuple[float, ...] | None:
        """Each key's weight after dropout over the largest of them, or over 1 when none is larger;
        0 for a dropped or masked key. None when dropout is off or the weights are undefined."""
        dropout = self.attention.dropout
        return None if dropout is None else dropout_bar_fractions(dropout)

    @cached_property
    def output_turn(self) -> int | None:
        """The sign of out × q (out_x q_y − out_y q_x) in the drawn plane: 1 when the output
        lies clockwise of q, −1 counter-clockwise, 0 along q's line (and always in one
        dimension); None when the output is undefined."""
        output = self.attention.output
        if output is None:
            return None
        ox, oy = self.plane.to_plane(output)
        qx, qy = self.plane.to_plane(self._scene.query)
        turn = ox * qy - oy * qx
        return (turn > 0) - (turn < 0)


def other_rule(scoring: Scoring) -> Scoring:
    """The scoring rule a comparison sets beside `scoring`."""
    return Scoring.COSINE if scoring is Scoring.DOT else Scoring.DOT


def bar_fractions(att: Attention, key_count: int) -> tuple[float, ...]:
    """The weights, which already lie in [0, 1] (masked keys 0); all 0 when they are undefined."""
    return (0.0,) * key_count if att.weights is None else att.weights


def dropout_bar_fractions(dropout: Dropout) -> tuple[float, ...]:
    """Weights after dropout may pass 1 (they are divided by 1 − p): scaled so the largest fills the bar."""
    top = max(1.0, *dropout.weights)
    return tuple([w / top for w in dropout.weights])


def compute(scene: Scene, before: Results | None = None, change: SceneChange | None = None) -> Results:
    """Every number of `scene`. `before`, the results of the scene before, and `change`, what
    differs from it, let a query's move work out its own row of the matrix alone."""
    earlier = None if before is None or change is None else _earlier_matrix(before, change)
    matrix = None
    if scene.query_count > 1 and earlier is None:
        # Several queries: the canvas draws every row's output, so the matrix is asked for at every
        # step; the selected row is read from it, not worked out a second time by attention().
        matrix = attention_matrix(scene)
        selected = matrix.row(scene.selected_query)
    else:
        selected = attention(scene)
    results = Results(
        dimension=scene.dimension,
        pair=pair_geometry(scene.query, scene.keys[scene.selected_key], scene.selected_key),
        attention=selected,
        plane=plane_view(scene),
        _scene=scene,
        _earlier=earlier,
    )
    if matrix is not None:  # kept where the lazy field keeps what it works out: the next step finds it
        results.__dict__["matrix"] = replace(matrix, _selected=selected)
    return results


def _earlier_matrix(before: Results, change: SceneChange) -> tuple[AttentionMatrix, frozenset[int]] | None:
    """The matrix `before` has worked out, and the queries that moved, when nothing else did."""
    matrix = before.__dict__.get("matrix")  # only if computed: a cached_property keeps it there
    if matrix is None or change.everything or change.keys_moved or change.values_moved:
        return None
    return matrix, frozenset([ref.index for ref in change.moved if ref.index is not None])
