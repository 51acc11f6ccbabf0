"""What differs between two scenes, so that views redraw only what changed.

The controller works this out once for every new scene and hands it to every
view with the results; no view keeps its own copy of "what I drew last" to
compare against.
"""

from __future__ import annotations

from dataclasses import dataclass

from .scene import QUERY, Kind, Scene, VectorRef, key_ref, query_ref, value_ref


@dataclass(frozen=True)
class SceneChange:
    """moved: the vectors whose coordinates changed, when nothing else did. A query is named
    by its index (query_ref(i)); QUERY is there too when the selected query's coordinates
    differ (it moved, or the selection went to a query elsewhere), for views that draw it.
    settings: anything else about the numbers changed (a query or key added or removed, any
    row of the mask, causal masking, the scale, the scoring rule, dropout, the dimension) —
    views redraw in full.
    selection: the selected query or key changed. restyled: the theme or the language changed.
    tokens: a token scene's embeddings or W_Q, W_K, W_V changed (its moved vectors are in `moved`;
    B = W_Qᵀ W_K may change with no vector moving). projections: W_Q, W_K or W_V among them (so B
    too); a token's drag moves an embedding alone. Tokens added, removed, relabelled, or a
    scene of tokens replaced by one without (or back) are settings.
    """

    moved: frozenset[VectorRef] = frozenset()
    settings: bool = False
    selection: bool = False
    restyled: bool = False
    tokens: bool = False
    projections: bool = False

    def __or__(self, other: SceneChange) -> SceneChange:
        """Both changes at once: what a view must redraw after two scenes in a row."""
        return SceneChange(
            moved=self.moved | other.moved,
            settings=self.settings or other.settings,
            selection=self.selection or other.selection,
            restyled=self.restyled or other.restyled,
            tokens=self.tokens or other.tokens,
            projections=self.projections or other.projections,
        )

    @property
    def everything(self) -> bool:
        return self.settings or self.restyled

    def touches(self, *refs: VectorRef) -> bool:
        """Whether any of `refs` moved, or the change is bigger than moved vectors."""
        return self.everything or any(ref in self.moved for ref in refs)

    @property
    def queries_moved(self) -> bool:
        return self.everything or any(ref.kind is Kind.QUERY for ref in self.moved)

    @property
    def keys_moved(self) -> bool:
        return self.everything or any(ref.kind is Kind.KEY for ref in self.moved)

    @property
    def values_moved(self) -> bool:
        return self.everything or any(ref.kind is Kind.VALUE for ref in self.moved)


EVERYTHING = SceneChange(settings=True, selection=True, restyled=True)
NOTHING = SceneChange()


def scene_change(before: Scene | None, after: Scene) -> SceneChange:
    """The change from `before` to `after` (everything when there was no scene before)."""
    if before is None:
        return EVERYTHING
    if before is after:
        return NOTHING
    shape_same = (
        before.key_count == after.key_count
        and before.query_count == after.query_count
        and before.dimension == after.dimension
        and (before.mask_matrix is after.mask_matrix or before.mask_matrix == after.mask_matrix)
        and before.causal == after.causal
        and before.scale == after.scale
        and before.scoring == after.scoring
        and before.cosine_multiplier == after.cosine_multiplier
        and before.dropout_p == after.dropout_p
        and before.dropout_seed == after.dropout_seed
        and _same_token_shape(before, after)
    )
    selection = before.selected_key != after.selected_key or before.selected_query != after.selected_query
    if not shape_same:
        return SceneChange(settings=True, selection=selection)
    moved = set()
    if before.query != after.query:
        moved.add(QUERY)
    # An edit of one vector keeps the other tuples as they were: `is` settles most of them.
    if before.queries is not after.queries:
        moved.update(query_ref(i) for i, (a, b) in enumerate(zip(before.queries, after.queries)) if a != b)
    if before.keys is not after.keys:
        moved.update(key_ref(i) for i, (a, b) in enumerate(zip(before.keys, after.keys)) if a != b)
    if before.values is not after.values:
        moved.update(value_ref(i) for i, (a, b) in enumerate(zip(before.values, after.values)) if a != b)
    tokens = before.tokens is not after.tokens and before.tokens != after.tokens
    projections = tokens and _projections_differ(before.tokens, after.tokens)
    return SceneChange(moved=frozenset(moved), selection=selection, tokens=tokens, projections=projections)


def _projections_differ(a, b) -> bool:
    return any(getattr(a, name) != getattr(b, name) for name in ("w_q", "w_k", "w_v"))


def _same_token_shape(before: Scene, after: Scene) -> bool:
    """Both without tokens, or both with the same labels and matrices of the same shape."""
    a, b = before.tokens, after.tokens
    if a is None or b is None:
        return a is b
    return a.labels == b.labels and (a.d_model, a.d_k) == (b.d_model, b.d_k)
