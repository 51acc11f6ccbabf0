"""A trained head as an ordinary scene of tokens: one sequence, its embeddings and W_Q, W_K, W_V.

Token i of the sequence is labelled with its symbol and its position counted
from 1 as the canvas counts queries ("B@3": symbol B at the third position,
row 2 of P). Its embedding is the model's xᵢ = E[tᵢ] + P[i]; the scene's
queries, keys and values are W_Q xᵢ, W_K xᵢ, W_V xᵢ, causal, scaled by 1/√d_k:
the attention the model computes on that sequence, so the matrix, B = W_Qᵀ W_K,
saving and every export work on it as on any scene of tokens.
"""

from __future__ import annotations

import string

import numpy as np

from ..limits import COORDINATE_LIMIT, MAX_DIMENSION
from ..scene import Scene
from ..token_scene import token_scene
from ..tokens import MAX_TOKENS
from .model import Parameters, embed, forward

SYMBOLS = string.ascii_uppercase  # symbol s is the letter of index s: a vocabulary of at most 26


class HeadSceneError(ValueError):
    """A head or a sequence that a scene cannot hold; the message says which limit."""


def symbol_name(s: int) -> str:
    return SYMBOLS[s]


def token_label(symbol: int, position: int) -> str:
    """ "B@3": symbol 1 at position 2 (counted from 0 in the model, from 1 on screen)."""
    return f"{symbol_name(symbol)}@{position + 1}"


def scene_problem(p: Parameters, tokens) -> str | None:
    """Why the head on this sequence cannot be a scene (the scene's limits), or None."""
    shape = p.shape
    tokens = np.asarray(tokens)
    if tokens.ndim != 1 or not 1 <= tokens.size <= min(shape.positions, MAX_TOKENS):
        return f"a sequence of 1 to {min(shape.positions, MAX_TOKENS)} tokens is needed, not {tokens.size}"
    if not 1 <= shape.d_model <= MAX_DIMENSION:
        return f"d_model must lie in 1–{MAX_DIMENSION}, not {shape.d_model}"
    if shape.vocab > len(SYMBOLS) or tokens.min() < 0 or tokens.max() >= shape.vocab:
        return f"symbols must lie in 0–{min(shape.vocab, len(SYMBOLS)) - 1}"
    x = embed(p, tokens)
    derived = [x @ w.T for w in (p.w_q, p.w_k, p.w_v)]
    for name, a in (("the embeddings", x), *zip(("W_Q", "W_K", "W_V"), (p.w_q, p.w_k, p.w_v))):
        if not np.all(np.abs(a) <= COORDINATE_LIMIT):
            return f"{name} pass the scene's limit of 10⁶"
    if not all(np.all(np.abs(a) <= COORDINATE_LIMIT) for a in derived):
        return "a query, key or value passes the scene's limit of 10⁶"
    return None


def head_scene(p: Parameters, tokens, title: str = "", query: int | None = None) -> Scene:
    """The head on one sequence as a causal scene of tokens; HeadSceneError past the scene's limits.

    Query `query` is selected (the last token's when None or past the end), with the key it
    weighs most."""
    problem = scene_problem(p, tokens)
    if problem is not None:
        raise HeadSceneError(problem)
    tokens = np.asarray(tokens)
    last = tokens.size - 1 if query is None or not 0 <= query < tokens.size else query
    weights = forward(p, tokens[None]).weights[0]
    return token_scene(
        [token_label(int(s), i) for i, s in enumerate(tokens)],
        embed(p, tokens),
        p.w_q,
        p.w_k,
        p.w_v,
        causal=True,
        title=title,
        selected_query=last,
        selected_key=int(np.argmax(weights[last])),
    )
