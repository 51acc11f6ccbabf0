"""Ready-made matrices for W_Q, W_K and W_V: identity, rotation, scaling, shear, random.

Each gives d_k rows of d_model entries, the shape of the matrix it replaces. The
transformations act in the plane of the first two coordinates and leave the
others as the identity does, so they read the same for any d_model; a matrix
with fewer than two rows or columns keeps the part that fits. Random entries are
drawn from a seed (standard normal) and rounded to two decimals, so that they
can be read off the grid and typed back.
"""

from __future__ import annotations

import math
from enum import StrEnum

import numpy as np

from .limits import Vector


class MatrixPreset(StrEnum):
    IDENTITY = "identity"
    ROTATION = "rotation"  # parameter: θ in degrees, anticlockwise
    SCALING = "scaling"  # parameter: the factor s
    SHEAR = "shear"  # parameter: the shear k (x₁ gains k·x₂)
    RANDOM = "random"  # parameter: the seed


DEFAULT_PARAMETER = {
    MatrixPreset.IDENTITY: 0.0,
    MatrixPreset.ROTATION: 30.0,
    MatrixPreset.SCALING: 2.0,
    MatrixPreset.SHEAR: 1.0,
    MatrixPreset.RANDOM: 0.0,
}


def preset_matrix(preset: MatrixPreset, d_k: int, d_model: int, parameter: float = 0.0) -> tuple[Vector, ...]:
    """The preset's d_k × d_model matrix, as a Tokens matrix (tuples of floats, no −0)."""
    if preset is MatrixPreset.RANDOM:
        rng = np.random.default_rng(abs(int(parameter)))
        m = np.round(rng.standard_normal((d_k, d_model)), 2)
    else:
        square = np.eye(max(d_k, d_model, 2))
        if preset is MatrixPreset.ROTATION:
            c, s = math.cos(math.radians(parameter)), math.sin(math.radians(parameter))
            square[:2, :2] = [[c, -s], [s, c]]
        elif preset is MatrixPreset.SCALING:
            square *= parameter
        elif preset is MatrixPreset.SHEAR:
            square[0, 1] = parameter
        m = np.round(square[:d_k, :d_model], 12)  # cos 90° is 6e-17: show it as the 0 it means
    return tuple(tuple(float(x) + 0.0 for x in row) for row in m)
