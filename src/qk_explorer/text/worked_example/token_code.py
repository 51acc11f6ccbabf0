"""Where a token scene's Q, K and V come from: the first lines of its NumPy or PyTorch program.

A token scene's program starts from the tokens, not from the vectors they give:
X holds one embedding xᵢ per row (its label in a comment), W_Q, W_K and W_V are
the learned matrices, and Q, K, V have one row per token, row i being
qᵢ = W_Q xᵢ (and so on) — X @ W_Q.T in NumPy. PyTorch works them out with
nn.Linear(d_model, d_k, bias=False) layers whose weight is W_Q itself, since
nn.Linear computes x Wᵀ on a row x. The rest of the program is the matrix
form's (matrix_code.py), which takes Q, K and V from here.
"""

from __future__ import annotations

from ...model.tokens import Tokens
from ..names import subscript
from .phrases import words
from .shared import one_line
from .snippet import py_matrix, py_vector

_MATRICES = (("W_Q", "w_q", "q"), ("W_K", "w_k", "k"), ("W_V", "w_v", "v"))


def _embeddings(tokens: Tokens, lang: str, make: str, dtype: str) -> list[str]:
    """X = make([...], dtype=...) with one embedding a line and its token's label beside it."""
    comment = words(lang)["tokens_comment"].format(n=tokens.count, d_model=tokens.d_model)
    rows = [
        f"    {py_vector(x)},  # x{subscript(i + 1)}: {one_line(label)}"
        for i, (x, label) in enumerate(zip(tokens.embeddings, tokens.labels, strict=True))
    ]
    return [f"# {comment}", f"X = {make}([", *rows, f"], dtype={dtype})"]


def _projections(tokens: Tokens, lang: str, make: str, dtype: str) -> list[str]:
    w = words(lang)
    lines = []
    for symbol, name, vector in _MATRICES:
        shape = w["projection_comment"].format(
            d_k=tokens.d_k, d_model=tokens.d_model, vector=vector, matrix=symbol
        )
        lines.append(f"{symbol} = {make}({py_matrix(tokens.matrix(name))}, dtype={dtype})  # {shape}")
    return [*lines, f"# {w['d_v_comment']}"]


def numpy_tokens(tokens: Tokens, lang: str) -> list[str]:
    """Lines that define X, W_Q, W_K, W_V and then Q, K and V with NumPy."""
    return [
        *_embeddings(tokens, lang, "np.array", "float"),
        *_projections(tokens, lang, "np.array", "float"),
        f"# {words(lang)['numpy_rows_comment']}",
        "Q = X @ W_Q.T",
        "K = X @ W_K.T",
        "V = X @ W_V.T",
    ]


def torch_tokens(tokens: Tokens, lang: str) -> list[str]:
    """Lines that define X, W_Q, W_K, W_V and then Q, K and V through nn.Linear layers."""
    w = words(lang)
    layer = "nn.Linear(d_model, d_k, bias=False, dtype=torch.float64)"
    return [
        *_embeddings(tokens, lang, "torch.tensor", "torch.float64"),
        *_projections(tokens, lang, "torch.tensor", "torch.float64"),
        f"d_model, d_k = {tokens.d_model}, {tokens.d_k}",
        f"# {w['linear_comment']}",
        f"to_q = {layer}",
        f"to_k = {layer}",
        f"to_v = {layer}",
        f"with torch.no_grad():  # {w['no_grad_comment']}",
        "    to_q.weight.copy_(W_Q)",
        "    to_k.weight.copy_(W_K)",
        "    to_v.weight.copy_(W_V)",
        f"    # {w['torch_rows_comment']}",
        "    Q, K, V = to_q(X), to_k(X), to_v(X)",
    ]
