"""Random token scenes for the property tests: tokens, W_Q, W_K, W_V and the attention settings.

Not a test module: test_tokens.py, test_projections.py and test_tokens_torch.py draw from it.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from qk_explorer.model.token_scene import token_scene

# Four decimals, as typed; ten at most, so no derived coordinate nears the 10⁶ limit.
entry = st.floats(-10, 10, allow_nan=False).map(lambda x: round(x, 4) + 0.0)
LABELS = ("the", "cat", "sat", "on", "a", "mat", "and", "slept", "here", "too", "el", "gato")


def rows(count: int, width: int):
    return st.lists(st.lists(entry, min_size=width, max_size=width), min_size=count, max_size=count)


@st.composite
def token_scenes(draw, max_tokens: int = 8, max_dimension: int = 6):
    n = draw(st.integers(1, max_tokens))
    d_model, d_k = draw(st.integers(1, max_dimension)), draw(st.integers(1, max_dimension))
    mask = draw(st.lists(st.lists(st.booleans(), min_size=n, max_size=n), min_size=n, max_size=n))
    return token_scene(
        [LABELS[i % len(LABELS)] for i in range(n)],
        draw(rows(n, d_model)),
        draw(rows(d_k, d_model)),
        draw(rows(d_k, d_model)),
        draw(rows(d_k, d_model)),
        mask=mask,
        causal=draw(st.booleans()),
        scale=draw(st.none() | st.sampled_from([0.05, 0.5, 2.0, -1.0])),
        selected_query=draw(st.integers(0, n - 1)),
        selected_key=draw(st.integers(0, n - 1)),
    )


def independent_vectors(embeddings, w) -> list[list[float]]:
    """W xᵢ for every token, one exactly rounded sum per coordinate (no numpy, no BLAS)."""
    return [[math.fsum(a * b for a, b in zip(row, x, strict=True)) for row in w] for x in embeddings]


def array(rows_) -> np.ndarray:
    return np.asarray(rows_, dtype=np.float64)
