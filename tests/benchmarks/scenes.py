"""Seeded scenes of 1, 8 and 64 keys for the benchmark, with one query or several, and of tokens."""

from __future__ import annotations

import numpy as np

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.token_scene import token_scene as scene_of_tokens


def scene_with_keys(count: int, queries: int = 1):
    """`count` keys round the origin; with `queries` > 1 as many queries, the first the
    one-query scene's q, the matrix's rows."""
    if queries > 1:
        one = scene_with_keys(count)
        rng = np.random.default_rng(1000 + queries)
        angles = np.linspace(0.3, 2 * np.pi + 0.3, queries, endpoint=False)
        radii = rng.uniform(1.0, 2.5, queries)
        rows = np.column_stack([radii * np.cos(angles), radii * np.sin(angles)]).round(2)
        return make_scene(None, one.keys, one.values, one.mask, queries=[one.query, *rows[1:]])
    if count == 1:
        return preset_scene("lesson-pair")
    rng = np.random.default_rng(count)
    angles = np.linspace(0, 2 * np.pi, count, endpoint=False) + rng.uniform(0, 0.3, count)
    radii = rng.uniform(1.0, 3.0, count)
    keys = np.column_stack([radii * np.cos(angles), radii * np.sin(angles)])
    values = rng.uniform(-2, 2, (count, 2))
    mask = [i % 7 != 6 for i in range(count)]
    return make_scene((1.5, 1.0), keys.round(2), values.round(2), mask)


def token_scene(count: int = 4):
    """`count` tokens built as the preset learned-projections (four tokens, W_Q ≠ W_K): its
    words at its places first, then seeded ones round them on the 0.01 grid. Each token's drag
    moves a query, a key and a value, and a row and a column of the matrix."""
    preset = preset_scene("learned-projections")
    if count == 4:
        return preset
    t = preset.tokens
    rng = np.random.default_rng(count)
    angles = rng.uniform(0, 2 * np.pi, count)
    radii = rng.uniform(0.5, 2.5, count)
    extra = np.column_stack([radii * np.cos(angles), radii * np.sin(angles)]).round(2)
    embeddings = [*t.embeddings, *map(tuple, extra.tolist())][:count]
    labels = [*t.labels, *(f"w{i + 1}" for i in range(len(t.labels), count))][:count]
    return scene_of_tokens(labels, embeddings, t.w_q, t.w_k, t.w_v, selected_key=min(1, count - 1))


def scene_with_dimension(queries: int, keys: int, n: int):
    """`queries` × `keys` vectors of dimension n on the 0.01 grid, seeded: the matrix's timing."""
    rng = np.random.default_rng(queries * 1000 + keys * 10 + n)
    q, k, v = (rng.uniform(-3, 3, (rows, n)).round(2) for rows in (queries, keys, keys))
    return make_scene(None, k.tolist(), v.tolist(), queries=q.tolist())
