"""Token scenes against PyTorch: nn.Linear (no bias) for q, k and v, then scaled_dot_product_attention.

nn.Linear computes x Wᵀ on rows, the app W x on columns: the same numbers. All in float64.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings

from qk_explorer.model import compute
from qk_explorer.model.presets import PRESETS
from qk_explorer.model.tokens import Tokens
from tests.model.token_scenes import token_scenes

F = torch.nn.functional


def linear(weight) -> torch.nn.Linear:
    rows = torch.tensor(weight, dtype=torch.float64)
    layer = torch.nn.Linear(rows.shape[1], rows.shape[0], bias=False, dtype=torch.float64)
    with torch.no_grad():
        layer.weight.copy_(rows)
    return layer


def torch_qkv(tokens: Tokens):
    x = torch.tensor(tokens.embeddings, dtype=torch.float64)
    with torch.no_grad():
        return tuple(linear(w)(x) for w in (tokens.w_q, tokens.w_k, tokens.w_v))


def check(scene, tolerance: float) -> None:
    t = scene.tokens
    q, k, v = torch_qkv(t)
    size = max(1.0, float(max(q.abs().max(), k.abs().max(), v.abs().max())))
    for mine, theirs in ((scene.queries, q), (scene.keys, k), (scene.values, v)):
        assert np.asarray(mine) == pytest.approx(theirs.numpy(), abs=tolerance * size)
    results = compute(scene)
    b = torch.tensor(t.w_q, dtype=torch.float64).T @ torch.tensor(t.w_k, dtype=torch.float64)
    assert np.asarray(results.projections.bilinear) == pytest.approx(b.numpy(), rel=tolerance, abs=tolerance)
    assert np.asarray(results.matrix.scores) == pytest.approx((q @ k.T).numpy(), abs=tolerance * size**2 * 16)
    mask = torch.tensor(scene.applied_mask)
    eye = torch.eye(t.count, dtype=torch.float64)
    weights = F.scaled_dot_product_attention(q, k, eye, attn_mask=mask, scale=scene.scale).numpy()
    outputs = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=scene.scale).numpy()
    for i in range(t.count):
        if not any(scene.mask_row(i)):
            assert results.matrix.weights[i] is None and results.matrix.undefined[i] is not None
            continue
        assert results.matrix.weights[i] == pytest.approx(weights[i].tolist(), rel=tolerance, abs=tolerance)
        assert results.matrix.outputs[i] == pytest.approx(outputs[i].tolist(), abs=tolerance * size)


@pytest.mark.parametrize("name", [n for n, p in PRESETS.items() if p.scene.tokens is not None])
def test_every_token_preset_matches_pytorch(name):
    check(PRESETS[name].scene, 1e-12)


@given(token_scenes())
@settings(max_examples=200, deadline=None)
def test_random_token_scenes_match_pytorch(scene):
    check(scene, 1e-9)


def test_the_causal_token_preset_is_pytorchs_is_causal():
    scene = PRESETS["causal-tokens"].scene
    q, k, v = torch_qkv(scene.tokens)
    expected = F.scaled_dot_product_attention(q, k, v, is_causal=True).numpy()
    outputs = compute(scene).matrix.outputs
    for i in range(scene.query_count):
        assert outputs[i] == pytest.approx(expected[i].tolist(), abs=1e-12)
