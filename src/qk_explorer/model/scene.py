"""The scene: one query, its keys and values, and the attention settings.

A Scene is immutable. Every edit is a pure function that returns a new Scene,
so the controller can keep the old one for undo and recompute exactly once.
Edits clamp coordinates to the limits and keep every invariant; they never
raise for input the user can produce.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum

MAX_DIMENSION = 16
UI_MAX_DIMENSION = 8
MAX_KEYS = 64
UI_MAX_KEYS = 16
COORDINATE_LIMIT = 1e6
SCALE_LIMIT = 1e6
MAX_DROPOUT = 0.95

Vector = tuple[float, ...]


class Scoring(StrEnum):
    DOT = "dot"
    COSINE = "cosine"


class Kind(StrEnum):
    QUERY = "query"
    KEY = "key"
    VALUE = "value"


@dataclass(frozen=True)
class VectorRef:
    """Names one vector of a scene: the query, or key/value number `index`."""

    kind: Kind
    index: int = 0


QUERY = VectorRef(Kind.QUERY)


def key_ref(index: int) -> VectorRef:
    return VectorRef(Kind.KEY, index)


def value_ref(index: int) -> VectorRef:
    return VectorRef(Kind.VALUE, index)


@dataclass(frozen=True)
class Scene:
    query: Vector
    keys: tuple[Vector, ...]
    values: tuple[Vector, ...]
    mask: tuple[bool, ...]
    scale: float | None = None  # None: 1/√d_k, as PyTorch does
    scoring: Scoring = Scoring.DOT
    cosine_multiplier: float = 1.0
    selected_key: int = 0
    title: str = ""
    dropout_p: float = 0.0
    dropout_seed: int = 0

    def __post_init__(self) -> None:
        # Programming errors only: user input is validated before a Scene is built.
        n = len(self.query)
        if not 1 <= n <= MAX_DIMENSION:
            raise ValueError(f"dimension {n} outside 1–{MAX_DIMENSION}")
        if not 1 <= len(self.keys) <= MAX_KEYS:
            raise ValueError(f"{len(self.keys)} keys outside 1–{MAX_KEYS}")
        if not len(self.keys) == len(self.values) == len(self.mask):
            raise ValueError("keys, values and mask differ in length")
        for v in (self.query, *self.keys, *self.values):
            _check_vector(v, n)
        if not 0 <= self.selected_key < len(self.keys):
            raise ValueError("selected key out of range")
        if self.scale is not None and not (math.isfinite(self.scale) and abs(self.scale) <= SCALE_LIMIT):
            raise ValueError("scale not finite or beyond the limit")
        if not (math.isfinite(self.cosine_multiplier) and abs(self.cosine_multiplier) <= SCALE_LIMIT):
            raise ValueError("cosine multiplier not finite or beyond the limit")
        if not 0.0 <= self.dropout_p <= MAX_DROPOUT:
            raise ValueError("dropout probability outside [0, 0.95]")

    @property
    def dimension(self) -> int:
        return len(self.query)

    @property
    def key_count(self) -> int:
        return len(self.keys)

    def vector(self, ref: VectorRef) -> Vector:
        if ref.kind is Kind.QUERY:
            return self.query
        if ref.kind is Kind.KEY:
            return self.keys[ref.index]
        return self.values[ref.index]

    def has(self, ref: VectorRef) -> bool:
        return ref.kind is Kind.QUERY or 0 <= ref.index < self.key_count


def _check_vector(v: Vector, n: int) -> None:
    """The checks every vector of a scene passes (for a new scene, and for one vector replaced)."""
    if len(v) != n:
        raise ValueError("vectors of different dimensions")
    if not all(math.isfinite(x) and abs(x) <= COORDINATE_LIMIT for x in v):
        raise ValueError("coordinate not finite or beyond the limit")


def make_scene(
    query,
    keys,
    values=None,
    mask=None,
    **settings,
) -> Scene:
    """Build a Scene from plain sequences; values default to copies of the keys."""
    keys_t = tuple(_vector(k) for k in keys)
    values_t = keys_t if values is None else tuple(_vector(v) for v in values)
    mask_t = (True,) * len(keys_t) if mask is None else tuple(bool(m) for m in mask)
    if "scoring" in settings:
        settings["scoring"] = Scoring(settings["scoring"])
    return Scene(_vector(query), keys_t, values_t, mask_t, **settings)


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
    if not scene.has(ref) or len(coordinates) != scene.dimension:
        return scene
    vector = _vector(coordinates)
    if ref.kind is Kind.QUERY:
        return _with_one_vector(scene, vector, query=vector)
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
    if scene.key_count >= min(limit, MAX_KEYS):
        return scene
    n = scene.dimension
    if key is None:
        key = _fresh_direction(scene)
    key_t = _vector(key) if len(key) == n else (0.0,) * n
    value_t = key_t if value is None or len(value) != n else _vector(value)
    return replace(
        scene,
        keys=(*scene.keys, key_t),
        values=(*scene.values, value_t),
        mask=(*scene.mask, True),
        selected_key=scene.key_count,
    )


def remove_key(scene: Scene, index: int) -> Scene:
    """Remove key `index` and its value; the last remaining key stays."""
    if scene.key_count <= 1 or not 0 <= index < scene.key_count:
        return scene
    selected = scene.selected_key
    if selected > index or selected == scene.key_count - 1:
        selected = max(selected - 1, 0)
    return replace(
        scene,
        keys=_remove_at(scene.keys, index),
        values=_remove_at(scene.values, index),
        mask=_remove_at(scene.mask, index),
        selected_key=min(selected, scene.key_count - 2),
    )


def with_mask(scene: Scene, index: int, takes_part: bool) -> Scene:
    if not 0 <= index < scene.key_count:
        return scene
    return replace(scene, mask=_replace_at(scene.mask, index, bool(takes_part)))


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
    seed = scene.dropout_seed if seed is None else int(seed) % 2**32
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
    if not 1 <= n <= MAX_DIMENSION or n == scene.dimension:
        return scene

    def fit(v: Vector) -> Vector:
        return (*v[:n], *(0.0,) * (n - len(v)))

    return replace(
        scene,
        query=fit(scene.query),
        keys=tuple(fit(k) for k in scene.keys),
        values=tuple(fit(v) for v in scene.values),
    )


def with_title(scene: Scene, title: str) -> Scene:
    return replace(scene, title=title)


def _fresh_direction(scene: Scene) -> Vector:
    """A new key that does not sit on top of an existing one."""
    n = scene.dimension
    candidates = []
    for axis in range(n):
        for sign in (1.0, -1.0):
            v = [0.0] * n
            v[axis] = sign
            candidates.append(tuple(v))
    if n >= 2:
        candidates += [(-1.0, 1.0, *(0.0,) * (n - 2)), (-1.0, -1.0, *(0.0,) * (n - 2))]
        candidates += [(1.0, -1.0, *(0.0,) * (n - 2)), (1.0, 1.0, *(0.0,) * (n - 2))]
    taken = set(scene.keys)
    for c in candidates:
        if c not in taken:
            return c
    return candidates[scene.key_count % len(candidates)]


def _replace_at(items: tuple, index: int, item) -> tuple:
    return (*items[:index], item, *items[index + 1 :])


def _remove_at(items: tuple, index: int) -> tuple:
    return (*items[:index], *items[index + 1 :])
