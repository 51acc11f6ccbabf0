"""Scenes of tokens: built from tokens, and edited through them.

A token scene is self-attention: each of the n tokens gives one query, one key
and one value (L = S = n), derived by tokens.derive. Its mask, causal flag and
attention settings are a scene's as always. The derived vectors are never
edited one by one (scene.with_vector refuses); an edit of an embedding, an entry
of W_Q, W_K or W_V, or a label gives new tokens and derives the vectors again.

Edits never raise for input the user can produce. A value is clamped to ±10⁶,
and when the vectors it would give pass that limit (a product of two large
numbers) it is moved back towards the value it had, along the line between
them, just far enough: each of these edits changes one embedding or one entry,
and the derived vectors are linear in it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .scene import COORDINATE_LIMIT, UI_MAX_QUERIES, Scene, clamp, make_scene
from .tokens import MATRICES, MAX_TOKENS, Tokens, as_vectors, derived_arrays, fits, good_label, make_tokens


def token_scene(labels, embeddings, w_q, w_k, w_v, **settings) -> Scene:
    """A self-attention scene of tokens (settings as make_scene's: mask, causal, scale, title …).

    ValueError when a derived coordinate passes 10⁶: files check that before (token_file.py).
    """
    tokens = make_tokens(labels, embeddings, w_q, w_k, w_v)
    arrays = derived_arrays(tokens)
    if not fits(arrays):
        raise ValueError("a derived coordinate passes the limit")
    queries, keys, values = as_vectors(arrays)
    scene = make_scene(queries=queries, keys=keys, values=values, **settings)
    return replace(scene, tokens=tokens)


def with_tokens(scene: Scene, tokens: Tokens) -> Scene:
    """The scene with other tokens of the same count and d_k, its vectors derived again.

    Refused (the scene unchanged) when a derived coordinate would pass the limit.
    """
    arrays = derived_arrays(tokens)
    if scene.tokens is None or tokens.count != scene.query_count or not fits(arrays):
        return scene
    queries, keys, values = as_vectors(arrays)
    return replace(scene, tokens=tokens, queries=queries, keys=keys, values=values)


def with_embedding(scene: Scene, index: int, embedding) -> Scene:
    """Move token `index`'s embedding xᵢ (its qᵢ, kᵢ and vᵢ follow)."""
    tokens = scene.tokens
    if tokens is None or not 0 <= index < tokens.count or len(embedding) != tokens.d_model:
        return scene
    row = tuple(clamp(float(x)) for x in embedding)
    return _within_limits(scene, replace(tokens, embeddings=_replace_at(tokens.embeddings, index, row)))


def with_embedding_coordinate(scene: Scene, index: int, axis: int, x: float) -> Scene:
    tokens = scene.tokens
    if tokens is None or not 0 <= index < tokens.count or not 0 <= axis < tokens.d_model:
        return scene
    return with_embedding(scene, index, _replace_at(tokens.embeddings[index], axis, x))


def with_projection_entry(scene: Scene, name: str, row: int, column: int, x: float) -> Scene:
    """Set entry (row, column) of W_Q, W_K or W_V ("w_q", "w_k", "w_v")."""
    tokens = scene.tokens
    if tokens is None or name not in MATRICES:
        return scene
    matrix = tokens.matrix(name)
    if not (0 <= row < tokens.d_k and 0 <= column < tokens.d_model):
        return scene
    edited = _replace_at(matrix, row, _replace_at(matrix[row], column, clamp(float(x))))
    return _within_limits(scene, replace(tokens, **{name: edited}))


def with_label(scene: Scene, index: int, label: str) -> Scene:
    tokens = scene.tokens
    if tokens is None or not 0 <= index < tokens.count or not good_label(label):
        return scene
    return replace(scene, tokens=replace(tokens, labels=_replace_at(tokens.labels, index, label)))


def add_token(scene: Scene, label: str, embedding=None, limit: int = UI_MAX_QUERIES) -> Scene:
    """Append a token (a zero embedding unless given) and select its query and key.

    It may attend to every token and every token may attend to it (causal still applies).
    """
    tokens = scene.tokens
    if tokens is None or tokens.count >= min(limit, MAX_TOKENS) or not good_label(label):
        return scene
    embedding = (0.0,) * tokens.d_model if embedding is None else embedding
    if len(embedding) != tokens.d_model:
        return scene
    row = tuple(clamp(float(x)) for x in embedding)
    grown = replace(tokens, labels=(*tokens.labels, label), embeddings=(*tokens.embeddings, row))
    arrays = derived_arrays(grown)
    if not fits(arrays):
        return scene
    queries, keys, values = as_vectors(arrays)
    mask = (*(tuple([*r, True]) for r in scene.mask_matrix), (True,) * grown.count)
    return replace(
        scene,
        tokens=grown,
        queries=queries,
        keys=keys,
        values=values,
        mask_matrix=mask,
        selected_query=tokens.count,
        selected_key=tokens.count,
    )


def remove_token(scene: Scene, index: int) -> Scene:
    """Remove token `index` with its query, key, value, row and column of the mask; one stays."""
    tokens = scene.tokens
    if tokens is None or tokens.count <= 1 or not 0 <= index < tokens.count:
        return scene
    kept = [i for i in range(tokens.count) if i != index]
    shrunk = replace(
        tokens,
        labels=tuple(tokens.labels[i] for i in kept),
        embeddings=tuple(tokens.embeddings[i] for i in kept),
    )

    def after(selected: int) -> int:
        return selected - 1 if selected > index or selected == tokens.count - 1 else selected

    return replace(
        scene,
        tokens=shrunk,
        queries=tuple(scene.queries[i] for i in kept),
        keys=tuple(scene.keys[i] for i in kept),
        values=tuple(scene.values[i] for i in kept),
        mask_matrix=tuple(tuple(scene.mask_matrix[i][j] for j in kept) for i in kept),
        selected_query=after(scene.selected_query),
        selected_key=after(scene.selected_key),
    )


def _within_limits(scene: Scene, edited: Tokens) -> Scene:
    """`edited` (one embedding or one entry changed), or as far towards it as the limit allows."""
    arrays = derived_arrays(edited)
    if not fits(arrays):
        s = _largest_step(scene, arrays)
        edited = _towards(scene.tokens, edited, s)
        arrays = derived_arrays(edited)
        if not fits(arrays):  # rounding at the very edge: keep the scene as it was
            return scene
    queries, keys, values = as_vectors(arrays)
    return replace(scene, tokens=edited, queries=queries, keys=keys, values=values)


def _largest_step(scene: Scene, arrays) -> float:
    """The largest s in [0, 1] with every coordinate of now + s·(edited − now) within the limit."""
    now = np.concatenate([np.asarray(v, dtype=np.float64) for v in (scene.queries, scene.keys, scene.values)])
    delta = np.concatenate(arrays) - now
    moving = delta != 0
    room = COORDINATE_LIMIT - np.sign(delta[moving]) * now[moving]
    s = float(np.min(np.maximum(room, 0.0) / np.abs(delta[moving])))
    return min(max(s * (1 - 1e-12), 0.0), 1.0)  # a hair inside, so rounding cannot push it over


def _towards(before: Tokens, after: Tokens, s: float) -> Tokens:
    def mix(a, b):
        if a == b:
            return a
        return tuple(
            tuple(x if x == y else x + s * (y - x) + 0.0 for x, y in zip(ra, rb, strict=True))
            for ra, rb in zip(a, b, strict=True)
        )

    return replace(
        after,
        embeddings=mix(before.embeddings, after.embeddings),
        **{name: mix(before.matrix(name), after.matrix(name)) for name in MATRICES},
    )


def _replace_at(items: tuple, index: int, item) -> tuple:
    return (*items[:index], item, *items[index + 1 :])
