"""The scene: the queries, their keys and values, the mask and the attention settings.

A scene has L queries (one row of Q each) over S keys and values: one query is
the lesson's q·K, several are its Q·Kᵀ. The mask is L×S booleans, True where
query i may attend to key j (PyTorch's boolean attn_mask); `causal` is PyTorch's
is_causal (query i sees keys j ≤ i, top-left aligned as torch.ones(L, S).tril()).
The mask that applies is both together. `scene.query` and `scene.mask` are the
selected query and the mask that applies to it, so a one-query scene reads
exactly as a scene did before there were several.

A Scene is immutable. Every edit is a pure function that returns a new Scene,
so the controller can keep the old one for undo and recompute exactly once.
Edits clamp coordinates to the limits and keep every invariant; they never
raise for input the user can produce.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

# The limits live in limits.py (the tokens keep them too); imported from here everywhere else.
from .limits import (  # noqa: F401
    COORDINATE_LIMIT,
    MAX_DIMENSION,
    MAX_DROPOUT,
    MAX_DROPOUT_SEED,
    MAX_KEYS,
    MAX_QUERIES,
    SCALE_LIMIT,
    UI_MAX_DIMENSION,
    UI_MAX_KEYS,
    UI_MAX_QUERIES,
    Vector,
)

# Re-exported: the vectors are still named "from .scene import key_ref" everywhere.
from .vector_ref import QUERY, Kind, VectorRef, key_ref, query_ref, value_ref  # noqa: F401
from .vectors import fresh_direction

if TYPE_CHECKING:
    from .tokens import Tokens


class Scoring(StrEnum):
    DOT = "dot"
    COSINE = "cosine"


@dataclass(frozen=True)
class Scene:
    queries: tuple[Vector, ...]
    keys: tuple[Vector, ...]
    values: tuple[Vector, ...]
    mask_matrix: tuple[tuple[bool, ...], ...]  # L×S as set, True = takes part; causal comes on top
    scale: float | None = None  # None: 1/√d_k, as PyTorch does
    scoring: Scoring = Scoring.DOT
    cosine_multiplier: float = 1.0
    selected_key: int = 0
    title: str = ""
    dropout_p: float = 0.0
    dropout_seed: int = 0
    causal: bool = False
    selected_query: int = 0
    # A token scene: the queries, keys and values are W_Q xᵢ, W_K xᵢ, W_V xᵢ (tokens.py), kept
    # beside the tokens so that every view reads them as for any scene. Edit it with token_scene.py.
    tokens: Tokens | None = None

    def __post_init__(self) -> None:
        # Programming errors only: user input is validated before a Scene is built.
        if not 1 <= len(self.queries) <= MAX_QUERIES:
            raise ValueError(f"{len(self.queries)} queries outside 1–{MAX_QUERIES}")
        n = len(self.queries[0])
        if not 1 <= n <= MAX_DIMENSION:
            raise ValueError(f"dimension {n} outside 1–{MAX_DIMENSION}")
        if not 1 <= len(self.keys) <= MAX_KEYS:
            raise ValueError(f"{len(self.keys)} keys outside 1–{MAX_KEYS}")
        if len(self.keys) != len(self.values):
            raise ValueError("keys and values differ in length")
        if len(self.mask_matrix) != len(self.queries) or any(
            len(row) != len(self.keys) for row in self.mask_matrix
        ):
            raise ValueError("the mask is not one row per query and one entry per key")
        for v in (*self.queries, *self.keys, *self.values):
            _check_vector(v, n)
        if not 0 <= self.selected_key < len(self.keys):
            raise ValueError("selected key out of range")
        if not 0 <= self.selected_query < len(self.queries):
            raise ValueError("selected query out of range")
        if self.scale is not None and not (math.isfinite(self.scale) and abs(self.scale) <= SCALE_LIMIT):
            raise ValueError("scale not finite or beyond the limit")
        if not (math.isfinite(self.cosine_multiplier) and abs(self.cosine_multiplier) <= SCALE_LIMIT):
            raise ValueError("cosine multiplier not finite or beyond the limit")
        if not 0.0 <= self.dropout_p <= MAX_DROPOUT:
            raise ValueError("dropout probability outside [0, 0.95]")
        t = self.tokens
        if t is not None and (t.count, t.count, t.d_k) != (len(self.queries), len(self.keys), n):
            raise ValueError("the tokens do not give these queries and keys")

    @property
    def query(self) -> Vector:
        """The selected query: the q that the pair, the canvas and `attention` speak of."""
        return self.queries[self.selected_query]

    @property
    def mask(self) -> tuple[bool, ...]:
        """The mask that applies to the selected query: one entry per key."""
        if not self.causal:  # views read this for every key at every step: one call, no copy
            return self.mask_matrix[self.selected_query]
        return self.mask_row(self.selected_query)

    def mask_row(self, query: int) -> tuple[bool, ...]:
        """The mask that applies to query `query`: its row of the mask and, if causal, keys j ≤ query."""
        row = self.mask_matrix[query]
        if not self.causal:
            return row
        return tuple([m and j <= query for j, m in enumerate(row)])

    @property
    def applied_mask(self) -> tuple[tuple[bool, ...], ...]:
        """The mask that applies, L×S: the mask and the causal triangle together."""
        if not self.causal:
            return self.mask_matrix
        return tuple([self.mask_row(i) for i in range(len(self.queries))])

    @property
    def dimension(self) -> int:
        return len(self.queries[0])

    @property
    def key_count(self) -> int:
        return len(self.keys)

    @property
    def query_count(self) -> int:
        return len(self.queries)

    def query_index(self, ref: VectorRef) -> int:
        """Which query a query reference names: QUERY is the selected one."""
        return self.selected_query if ref.index is None else ref.index

    def vector(self, ref: VectorRef) -> Vector:
        if ref.kind is Kind.QUERY:
            return self.queries[self.query_index(ref)]
        if ref.kind is Kind.KEY:
            return self.keys[ref.index]
        return self.values[ref.index]

    def has(self, ref: VectorRef) -> bool:
        if ref.kind is Kind.QUERY:
            return ref.index is None or 0 <= ref.index < len(self.queries)
        return ref.index is not None and 0 <= ref.index < self.key_count


def _check_vector(v: Vector, n: int) -> None:
    """The checks every vector of a scene passes (for a new scene, and for one vector replaced)."""
    if len(v) != n:
        raise ValueError("vectors of different dimensions")
    if not all(math.isfinite(x) and abs(x) <= COORDINATE_LIMIT for x in v):
        raise ValueError("coordinate not finite or beyond the limit")


def make_scene(
    query=None,
    keys=None,
    values=None,
    mask=None,
    *,
    queries=None,
    **settings,
) -> Scene:
    """Build a Scene from plain sequences; values default to copies of the keys.

    One query (`query`) or several (`queries`). `mask` is one entry per key (for
    every query alike) or one row per query; None lets every query see every key.
    """
    if (query is None) == (queries is None):
        raise TypeError("give either query or queries")
    if keys is None:
        raise TypeError("keys are required")
    queries_t = (_vector(query),) if queries is None else tuple(_vector(q) for q in queries)
    keys_t = tuple(_vector(k) for k in keys)
    values_t = keys_t if values is None else tuple(_vector(v) for v in values)
    if mask is None:
        rows = ((True,) * len(keys_t),) * len(queries_t)
    elif all(isinstance(m, list | tuple) for m in mask) and len(mask) > 0:
        rows = tuple(tuple(bool(m) for m in row) for row in mask)
    else:
        rows = (tuple(bool(m) for m in mask),) * len(queries_t)
    if "scoring" in settings:
        settings["scoring"] = Scoring(settings["scoring"])
    if "causal" in settings:
        settings["causal"] = bool(settings["causal"])
    return Scene(queries_t, keys_t, values_t, rows, **settings)


def _vector(values) -> Vector:
    return tuple(clamp(float(x)) for x in values)


def clamp(x: float) -> float:
    if not math.isfinite(x):
        return 0.0 if math.isnan(x) else math.copysign(COORDINATE_LIMIT, x)
    return min(max(x, -COORDINATE_LIMIT), COORDINATE_LIMIT) + 0.0


def snap(x: float, step: float) -> float:
    """Round to the nearest multiple of step (a step of 0 leaves x as it is)."""
    if step <= 0:
        return clamp(x)
    return clamp(round(x / step) * step)


# ---- edits -----------------------------------------------------------------


def with_vector(scene: Scene, ref: VectorRef, coordinates) -> Scene:
    """Replace one vector; coordinates are clamped to the limits."""
    if scene.tokens is not None or not scene.has(ref) or len(coordinates) != scene.dimension:
        return scene  # a token scene's vectors are derived: edit its tokens (token_scene.py)
    vector = _vector(coordinates)
    if ref.kind is Kind.QUERY:
        queries = _replace_at(scene.queries, scene.query_index(ref), vector)
        return _with_one_vector(scene, vector, queries=queries)
    if ref.kind is Kind.KEY:
        return _with_one_vector(scene, vector, keys=_replace_at(scene.keys, ref.index, vector))
    return _with_one_vector(scene, vector, values=_replace_at(scene.values, ref.index, vector))


def _with_one_vector(scene: Scene, vector: Vector, **change) -> Scene:
    """replace(scene, **change) for a change of that one vector, checking only the vector.

    The rest of the scene passed every check when it was built and is the same
    objects. A drag makes one of these at every step, and dataclasses.replace
    with the whole scene checked again was most of the step's edit.
    """
    _check_vector(vector, scene.dimension)
    edited = object.__new__(Scene)
    edited.__dict__.update(scene.__dict__, **change)  # frozen: its __setattr__ refuses
    return edited


def with_coordinate(scene: Scene, ref: VectorRef, axis: int, x: float) -> Scene:
    if not scene.has(ref) or not 0 <= axis < scene.dimension:
        return scene
    coordinates = list(scene.vector(ref))
    coordinates[axis] = x
    return with_vector(scene, ref, coordinates)


def add_key(scene: Scene, key=None, value=None, limit: int = UI_MAX_KEYS) -> Scene:
    """Append a key (and its value) unless the scene already has `limit` keys."""
    if scene.tokens is not None or scene.key_count >= min(limit, MAX_KEYS):
        return scene  # a token scene gains a key with a token (token_scene.add_token)
    n = scene.dimension
    if key is None:
        key = fresh_direction(scene.dimension, scene.keys)
    key_t = _vector(key) if len(key) == n else (0.0,) * n
    value_t = key_t if value is None or len(value) != n else _vector(value)
    return replace(
        scene,
        keys=(*scene.keys, key_t),
        values=(*scene.values, value_t),
        mask_matrix=tuple([(*row, True) for row in scene.mask_matrix]),
        selected_key=scene.key_count,
    )


def remove_key(scene: Scene, index: int) -> Scene:
    """Remove key `index` and its value; the last remaining key stays."""
    if scene.tokens is not None or scene.key_count <= 1 or not 0 <= index < scene.key_count:
        return scene
    return replace(
        scene,
        keys=_remove_at(scene.keys, index),
        values=_remove_at(scene.values, index),
        mask_matrix=tuple([_remove_at(row, index) for row in scene.mask_matrix]),
        selected_key=_selected_after_removal(scene.selected_key, index, scene.key_count),
    )


def add_query(scene: Scene, query=None, limit: int = UI_MAX_QUERIES) -> Scene:
    """Append a query and select it, unless the scene already has `limit` queries.

    Its row of the mask is the selected query's, so a key masked for every
    query stays masked for the new one too.
    """
    if scene.tokens is not None or scene.query_count >= min(limit, MAX_QUERIES):
        return scene
    n = scene.dimension
    if query is None:
        query = fresh_direction(n, scene.queries)
    query_t = _vector(query) if len(query) == n else (0.0,) * n
    return replace(
        scene,
        queries=(*scene.queries, query_t),
        mask_matrix=(*scene.mask_matrix, scene.mask_matrix[scene.selected_query]),
        selected_query=scene.query_count,
    )


def remove_query(scene: Scene, index: int) -> Scene:
    """Remove query `index` and its row of the mask; the last remaining query stays."""
    if scene.tokens is not None or scene.query_count <= 1 or not 0 <= index < scene.query_count:
        return scene
    return replace(
        scene,
        queries=_remove_at(scene.queries, index),
        mask_matrix=_remove_at(scene.mask_matrix, index),
        selected_query=_selected_after_removal(scene.selected_query, index, scene.query_count),
    )


def with_mask(scene: Scene, index: int, takes_part: bool, query: int | None = None) -> Scene:
    """Let key `index` take part or not: for query `query`, or for every query (its column) if None."""
    if not 0 <= index < scene.key_count:
        return scene
    if query is None:
        rows = tuple([_replace_at(row, index, bool(takes_part)) for row in scene.mask_matrix])
    elif 0 <= query < scene.query_count:
        row = _replace_at(scene.mask_matrix[query], index, bool(takes_part))
        rows = _replace_at(scene.mask_matrix, query, row)
    else:
        return scene
    return replace(scene, mask_matrix=rows)


def with_causal(scene: Scene, causal: bool) -> Scene:
    """Turn the causal mask on or off (query i sees keys j ≤ i, as PyTorch's is_causal)."""
    if bool(causal) == scene.causal:
        return scene
    return replace(scene, causal=bool(causal))


def with_selected_query(scene: Scene, index: int) -> Scene:
    if not 0 <= index < scene.query_count or index == scene.selected_query:
        return scene
    return replace(scene, selected_query=index)


def with_selected_key(scene: Scene, index: int) -> Scene:
    if not 0 <= index < scene.key_count or index == scene.selected_key:
        return scene
    return replace(scene, selected_key=index)


def with_scale(scene: Scene, scale: float | None) -> Scene:
    if scale is not None and not (math.isfinite(scale) and abs(scale) <= SCALE_LIMIT):
        return scene
    return replace(scene, scale=None if scale is None else float(scale) + 0.0)


def with_scoring(scene: Scene, scoring: Scoring | str, multiplier: float | None = None) -> Scene:
    multiplier = scene.cosine_multiplier if multiplier is None else multiplier
    if not (math.isfinite(multiplier) and abs(multiplier) <= SCALE_LIMIT):
        return scene
    return replace(scene, scoring=Scoring(scoring), cosine_multiplier=float(multiplier) + 0.0)


def with_dropout(scene: Scene, p: float, seed: int | None = None) -> Scene:
    if not (math.isfinite(p) and 0.0 <= p <= MAX_DROPOUT):
        return scene
    seed = scene.dropout_seed if seed is None else int(seed) % (MAX_DROPOUT_SEED + 1)
    return replace(scene, dropout_p=float(p), dropout_seed=seed)


def with_query_scaled(scene: Scene, factor: float) -> Scene:
    """Multiply q by a real factor (negative and zero included)."""
    if not math.isfinite(factor):
        return scene
    return with_vector(scene, QUERY, [factor * x for x in scene.query])


def with_query_scaled_from(scene: Scene, reference, factor: float) -> Scene:
    """q = c·q₀ for a reference q₀ (q as it was when scaling began) and any real c.

    Zero and negative factors are allowed. A factor so large that a coordinate
    would pass the limit is reduced until it fits, so q keeps q₀'s direction.
    """
    if len(reference) != scene.dimension or not math.isfinite(factor):
        return scene
    reference = _vector(reference)
    peak = max(abs(x) for x in reference)
    if peak * abs(factor) > COORDINATE_LIMIT:
        factor = math.copysign(COORDINATE_LIMIT / peak, factor)
    return with_vector(scene, QUERY, [factor * x for x in reference])


def with_dimension(scene: Scene, n: int) -> Scene:
    """Change every vector's dimension: new coordinates are 0, dropped ones are lost."""
    if scene.tokens is not None or not 1 <= n <= MAX_DIMENSION or n == scene.dimension:
        return scene  # a token scene's dimension is d_k, the rows of its matrices

    def fit(v: Vector) -> Vector:
        return (*v[:n], *(0.0,) * (n - len(v)))

    return replace(
        scene,
        queries=tuple(fit(q) for q in scene.queries),
        keys=tuple(fit(k) for k in scene.keys),
        values=tuple(fit(v) for v in scene.values),
    )


def with_title(scene: Scene, title: str) -> Scene:
    return replace(scene, title=title)


def _replace_at(items: tuple, index: int, item) -> tuple:
    return (*items[:index], item, *items[index + 1 :])


def _selected_after_removal(selected: int, index: int, count: int) -> int:
    """Which of `count` items stays selected once item `index` is gone (the same one where it can)."""
    if selected > index or selected == count - 1:
        selected = max(selected - 1, 0)
    return min(selected, count - 2)


def _remove_at(items: tuple, index: int) -> tuple:
    return (*items[:index], *items[index + 1 :])
