"""Where a token scene's Q, K and V come from, in the Markdown and LaTeX worked examples.

Before the matrix tables (matrix_tables.py) a token scene shows its tokens: the embeddings
xᵢ with their labels, the learned matrices W_Q, W_K and W_V with what they make
(qᵢ = W_Q xᵢ …), and B = W_Qᵀ W_K, the bilinear form the scores are — symmetric or not,
an inner product on the tokens or not and why (text.token_text says it as the panel does).
"""

from __future__ import annotations

from ...model.projections import Projections
from ...model.results import Results
from ...model.scene import Scene
from .. import numbers, token_text
from ..names import subscript
from .phrases import words
from .shared import one_line

_MATRICES = (("W_Q", "w_q"), ("W_K", "w_k"), ("W_V", "w_v"))


def markdown_tokens(scene: Scene, results: Results, lang: str) -> list[str]:
    w, tokens, p = words(lang), scene.tokens, results.projections
    embeddings = [
        f"x{subscript(i + 1)} “{one_line(label)}” = {numbers.vector(x, lang)}"
        for i, (x, label) in enumerate(zip(tokens.embeddings, tokens.labels, strict=True))
    ]
    matrices = [f"{symbol} = {token_text.matrix(tokens.matrix(name), lang)}" for symbol, name in _MATRICES]
    return [
        f"**{w['tokens_heading']}.** " + ", ".join(embeddings) + f" (d_model = {tokens.d_model})",
        "",
        f"**{w['projections_heading']}.** "
        + ", ".join(matrices)
        + f" (d_k = {tokens.d_k}). "
        + w["projections_sentence"],
        "",
        f"**B = W_Qᵀ W_K** = {token_text.matrix(p.bilinear, lang)}. {_what_b_is(p, lang)}",
        "",
    ]


def latex_tokens(scene: Scene, results: Results, grid) -> list[str]:
    """The align* lines X = …, W_Q = …, W_K = …, W_V = …, B = W_Qᵀ W_K = … (`grid` writes a matrix)."""
    tokens, p = scene.tokens, results.projections
    w_q, w_k, w_v = (grid(tokens.matrix(name)) for name in ("w_q", "w_k", "w_v"))
    return [
        f"X &= {grid(tokens.embeddings)}\\\\",
        f"W_Q &= {w_q},\\quad W_K = {w_k},\\quad W_V = {w_v}\\\\",
        "Q &= XW_Q^\\top,\\quad K = XW_K^\\top,\\quad V = XW_V^\\top\\\\",
        f"B = W_Q^\\top W_K &= {grid(p.bilinear)}\\\\",
    ]


def latex_comments(scene: Scene, results: Results, lang: str) -> list[str]:
    """The tokens' labels (row by row of X) and what B is, as LaTeX comments."""
    w, tokens = words(lang), scene.tokens
    labels = ", ".join(f"x{subscript(i + 1)} “{one_line(label)}”" for i, label in enumerate(tokens.labels))
    return [f"% {w['tokens_heading']}: {labels}", f"% {_what_b_is(results.projections, lang)}"]


def _what_b_is(p: Projections, lang: str) -> str:
    """The score as xᵢᵀ B xⱼ, and whether B is symmetric and an inner product (and why not)."""
    return words(lang)["bilinear_sentence"].format(
        symmetric=token_text.yes_no(p.symmetric, lang),
        inner=token_text.inner_product(p.inner_product, p.reason, lang),
    )
