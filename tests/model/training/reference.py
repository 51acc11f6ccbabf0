"""The head's forward pass written again in PyTorch, from the formulas of docs/formats.md alone.

The tests hold the numpy model (model/training/) to it: its loss, its attention and,
through autograd, every gradient.
"""

from __future__ import annotations

import numpy as np
import torch

from qk_explorer.model.training.model import NAMES, Parameters


def tensors(p: Parameters) -> dict[str, torch.Tensor]:
    return {name: torch.tensor(a, dtype=torch.float64, requires_grad=True) for name, a in p.arrays().items()}


def forward(t: dict[str, torch.Tensor], tokens: np.ndarray):
    """logits (b × n × V) and weights (b × n × n) of the head on a batch of sequences."""
    tokens = torch.as_tensor(tokens)
    n = tokens.shape[1]
    x = t["token_embedding"][tokens] + t["position_embedding"][:n]
    q, k, v = x @ t["w_q"].T, x @ t["w_k"].T, x @ t["w_v"].T
    scores = (q @ k.transpose(1, 2)) / q.shape[-1] ** 0.5
    causal = torch.ones(n, n, dtype=torch.bool).tril()
    weights = torch.softmax(scores.masked_fill(~causal, float("-inf")), dim=-1)
    h = x + (weights @ v) @ t["w_o"].T
    return h @ t["unembedding"].T, weights


def loss(t: dict[str, torch.Tensor], tokens, targets, scored) -> torch.Tensor:
    logits, _ = forward(t, tokens)
    scored = torch.as_tensor(scored)
    return torch.nn.functional.cross_entropy(logits[scored], torch.as_tensor(targets)[scored])


def gradients(p: Parameters, tokens, targets, scored) -> tuple[float, dict[str, np.ndarray]]:
    t = tensors(p)
    value = loss(t, tokens, targets, scored)
    value.backward()
    return float(value.detach()), {name: t[name].grad.numpy() for name in NAMES}
