"""Backpropagation through the forward pass of model.py, written out step by step.

The loss is the mean cross-entropy over the scored positions. Each line below
is the chain rule for one line of the forward pass, taken backwards; b × n
rows are summed where a parameter is shared by every position of every
sequence. Tests compare every gradient with PyTorch's autograd (float64).
"""

from __future__ import annotations

import numpy as np

from .model import D_K, Forward, Parameters


def gradients(p: Parameters, f: Forward, targets: np.ndarray, scored: np.ndarray) -> Parameters:
    """∂loss/∂ of every parameter, as Parameters of the same shapes."""
    vocab = p.token_embedding.shape[0]
    # loss = −mean log softmax(logits)[target]: ∂/∂logits = softmax − one-hot, over the scored count.
    d_logits = np.exp(f.logits - f.logits.max(axis=-1, keepdims=True))
    d_logits /= d_logits.sum(axis=-1, keepdims=True)
    np.put_along_axis(
        d_logits, targets[..., None], np.take_along_axis(d_logits, targets[..., None], -1) - 1, -1
    )
    d_logits *= scored[..., None] / np.count_nonzero(scored)

    # logits = h W_Uᵀ
    d_unembedding = _rows(d_logits).T @ _rows(f.h)
    d_h = d_logits @ p.unembedding
    # h = x + o W_Oᵀ: the residual passes d_h to x unchanged
    d_w_o = _rows(d_h).T @ _rows(f.o)
    d_o = d_h @ p.w_o
    # o = w v
    d_weights = d_o @ f.v.transpose(0, 2, 1)
    d_v = f.weights.transpose(0, 2, 1) @ d_o
    # w = softmax(s) along each row; masked entries have w = 0 and so no gradient
    d_scores = f.weights * (d_weights - (d_weights * f.weights).sum(axis=-1, keepdims=True))
    d_scores /= np.sqrt(D_K)  # s = q·k / √d_k
    d_q = d_scores @ f.k
    d_k = d_scores.transpose(0, 2, 1) @ f.q
    # q = x W_Qᵀ, k = x W_Kᵀ, v = x W_Vᵀ
    x = _rows(f.x)
    d_w_q, d_w_k, d_w_v = (_rows(d).T @ x for d in (d_q, d_k, d_v))
    d_x = d_h + d_q @ p.w_q + d_k @ p.w_k + d_v @ p.w_v
    # x = E[t] + P[i]: each row of E gathers the positions holding its symbol
    d_token_embedding = np.eye(vocab)[f.tokens.reshape(-1)].T @ _rows(d_x)
    d_position_embedding = np.zeros_like(p.position_embedding)  # rows past a short sequence: zero
    d_position_embedding[: f.tokens.shape[1]] = d_x.sum(axis=0)
    return Parameters(
        token_embedding=d_token_embedding,
        position_embedding=d_position_embedding,
        w_q=d_w_q,
        w_k=d_w_k,
        w_v=d_w_v,
        w_o=d_w_o,
        unembedding=d_unembedding,
    )


def _rows(a: np.ndarray) -> np.ndarray:
    """A batch b × n × m as b·n rows of m."""
    return a.reshape(-1, a.shape[-1])
