"""Seeded scenes of 1, 8 and 64 keys for the benchmark, with one query or several."""

from __future__ import annotations

import numpy as np

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene


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


def token_scene():
    """Four tokens, W_Q ≠ W_K (the preset learned-projections): each token's drag moves a query,
    a key and a value, and a row and a column of the matrix."""
    return preset_scene("learned-projections")
