"""Tokens: where the queries, keys and values of self-attention come from.

A token scene holds n labelled embeddings x₁ … xₙ (dimension d_model) and three
learned matrices: W_Q and W_K (d_k × d_model) and W_V (d_v × d_model). Each
token gives one query, one key and one value, as column vectors:

    qᵢ = W_Q xᵢ,   kᵢ = W_K xᵢ,   vᵢ = W_V xᵢ

PyTorch's nn.Linear (bias=False) computes x Wᵀ on a row x: the same numbers.

The app's scenes have one dimension for queries, keys and values, so a token
scene has d_v = d_k: W_V has as many rows as W_K (docs/design.md, Mathematics).
`derive` is the one place the vectors are worked out; a Scene built from tokens
keeps them beside the tokens (token_scene.py), so every view reads
scene.queries, keys and values as for any scene.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

import numpy as np

from .limits import COORDINATE_LIMIT, MAX_DIMENSION, MAX_QUERIES, Vector

MAX_TOKENS = MAX_QUERIES  # self-attention: L = S = n, and a scene has at most 64 of each
MAX_LABEL = 12
MATRICES = ("w_q", "w_k", "w_v")


def good_label(label) -> bool:
    """A label is a short word: 1–12 characters, not blank, no control or format characters nor
    line or paragraph separators (a newline, U+2028 or a right-to-left override would break the
    one-line labels on the canvas)."""
    return (
        isinstance(label, str)
        and 1 <= len(label) <= MAX_LABEL
        and not label.isspace()
        and all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in label)
    )


def good_entry(x: float) -> bool:
    return math.isfinite(x) and abs(x) <= COORDINATE_LIMIT


@dataclass(frozen=True)
class Tokens:
    labels: tuple[str, ...]
    embeddings: tuple[Vector, ...]  # n rows of d_model
    w_q: tuple[Vector, ...]  # d_k rows of d_model
    w_k: tuple[Vector, ...]  # d_k rows of d_model
    w_v: tuple[Vector, ...]  # d_v = d_k rows of d_model

    def __post_init__(self) -> None:
        # Programming errors only: files are checked field by field before (token_file.py).
        if not 1 <= len(self.embeddings) <= MAX_TOKENS or len(self.labels) != len(self.embeddings):
            raise ValueError("1–64 embeddings, one label each")
        if not all(good_label(label) for label in self.labels):
            raise ValueError("a label is not a short word")
        d_model, d_k = len(self.embeddings[0]), len(self.w_q)
        if not (1 <= d_model <= MAX_DIMENSION and 1 <= d_k <= MAX_DIMENSION):
            raise ValueError("d_model and d_k must lie in 1–16")
        if len(self.w_k) != d_k or len(self.w_v) != d_k:
            raise ValueError("W_Q, W_K and W_V must have d_k rows each")
        for row in (*self.embeddings, *self.w_q, *self.w_k, *self.w_v):
            if len(row) != d_model or not all(good_entry(x) for x in row):
                raise ValueError("a row of another length, or an entry not finite or beyond the limit")

    @property
    def count(self) -> int:
        return len(self.embeddings)

    @property
    def d_model(self) -> int:
        return len(self.embeddings[0])

    @property
    def d_k(self) -> int:
        return len(self.w_q)

    def matrix(self, name: str) -> tuple[Vector, ...]:
        """W_Q, W_K or W_V by its file name ("w_q", "w_k", "w_v")."""
        if name not in MATRICES:
            raise KeyError(name)
        return getattr(self, name)


Derived = tuple[tuple[Vector, ...], tuple[Vector, ...], tuple[Vector, ...]]


def derived_arrays(tokens: Tokens) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Q, K and V with one row per token: X W_Qᵀ, X W_Kᵀ, X W_Vᵀ (row i is W xᵢ)."""
    x = np.asarray(tokens.embeddings, dtype=np.float64)
    return tuple(x @ np.asarray(tokens.matrix(name), dtype=np.float64).T for name in MATRICES)


def fits(arrays) -> bool:
    """Whether every derived coordinate is within the scene's limit (|x| ≤ 10⁶)."""
    return all(bool(np.all(np.abs(a) <= COORDINATE_LIMIT)) for a in arrays)


def as_vectors(arrays) -> Derived:
    """The arrays as a Scene's tuples of floats (+0.0: no negative zeros in a file or on screen)."""
    return tuple(tuple(tuple(row) for row in (a + 0.0).tolist()) for a in arrays)


def derive(tokens: Tokens) -> Derived:
    """The queries, keys and values the tokens give: qᵢ = W_Q xᵢ, kᵢ = W_K xᵢ, vᵢ = W_V xᵢ."""
    return as_vectors(derived_arrays(tokens))


def make_tokens(labels, embeddings, w_q, w_k, w_v) -> Tokens:
    """Tokens from plain sequences (lists of lists, numpy arrays)."""

    def rows(m) -> tuple[Vector, ...]:
        return tuple(tuple(float(x) + 0.0 for x in row) for row in m)

    return Tokens(tuple(labels), rows(embeddings), rows(w_q), rows(w_k), rows(w_v))
