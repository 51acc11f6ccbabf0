"""Seeded scenes of 1, 8 and 64 keys for the benchmark."""

from __future__ import annotations

import numpy as np

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene


def scene_with_keys(count: int):
    if count == 1:
        return preset_scene("lesson-pair")
    rng = np.random.default_rng(count)
    angles = np.linspace(0, 2 * np.pi, count, endpoint=False) + rng.uniform(0, 0.3, count)
    radii = rng.uniform(1.0, 3.0, count)
    keys = np.column_stack([radii * np.cos(angles), radii * np.sin(angles)])
    values = rng.uniform(-2, 2, (count, 2))
    mask = [i % 7 != 6 for i in range(count)]
    return make_scene((1.5, 1.0), keys.round(2), values.round(2), mask)
