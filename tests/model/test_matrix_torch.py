"""The Q·Kᵀ matrix against PyTorch's own torch.nn.functional.scaled_dot_product_attention, in float64.

torch is in the test extra (the CPU build, pinned in constraints.txt), so
these tests run wherever the test suite does; they are not skipped.

SDPA gives only the output W·V; with the identity as V it gives W itself.
PyTorch's boolean attn_mask is True where a query may attend, as the app's;
is_causal cannot be combined with a mask, so the causal tests pass the
combined mask, and one test checks is_causal's own triangle (top-left, also
when L ≠ S) against the app's. A row whose keys are all masked is NaN or 0
in PyTorch (it changed between versions) and undefined in the app.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import PRESETS
from qk_explorer.model.scene import Scene, Scoring
from tests.model.matrix_scenes import grid, scenes

F = torch.nn.functional


def sdpa(scene: Scene, values=None, *, is_causal=False) -> np.ndarray:
    q = torch.tensor(scene.queries, dtype=torch.float64)
    k = torch.tensor(scene.keys, dtype=torch.float64)
    v = torch.tensor(scene.values if values is None else values, dtype=torch.float64)
    mask = None if is_causal else torch.tensor(scene.applied_mask)
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=is_causal, scale=scene.scale)
    return out.numpy()


def torch_weights(scene: Scene, **kwargs) -> np.ndarray:
    return sdpa(scene, np.eye(scene.key_count).tolist(), **kwargs)


def assert_matches_torch(scene: Scene, tolerance: float) -> None:
    matrix = compute(scene).matrix
    weights, outputs = torch_weights(scene), sdpa(scene)
    for i in range(scene.query_count):
        if not any(scene.mask_row(i)):
            assert matrix.weights[i] is None and matrix.outputs[i] is None
            assert matrix.undefined[i] is not None
            continue
        assert matrix.weights[i] == pytest.approx(weights[i].tolist(), rel=tolerance, abs=tolerance)
        size = max(1.0, max(abs(x) for v in scene.values for x in v))
        assert matrix.outputs[i] == pytest.approx(outputs[i].tolist(), rel=tolerance, abs=tolerance * size)


@pytest.mark.parametrize("name", [n for n, p in PRESETS.items() if p.scene.scoring is Scoring.DOT])
def test_every_dot_product_preset_matches_pytorch(name):
    assert_matches_torch(PRESETS[name].scene, 1e-12)


def test_the_lessons_weights_from_pytorch():
    weights = torch_weights(PRESETS["several-queries"].scene)
    assert np.round(weights[0], 3).tolist() == [0.330, 0.670]
    assert compute(PRESETS["several-queries"].scene).matrix.weights[0] == pytest.approx(weights[0].tolist())


@pytest.mark.parametrize(("rows", "columns"), [(1, 1), (3, 3), (2, 5), (5, 2), (4, 7)])
def test_causal_is_pytorchs_is_causal(rows, columns):
    rng = np.random.default_rng(rows * 10 + columns)
    scene = make_scene(
        queries=rng.normal(size=(rows, 3)).round(3).tolist(),
        keys=rng.normal(size=(columns, 3)).round(3).tolist(),
        values=rng.normal(size=(columns, 3)).round(3).tolist(),
        causal=True,
    )
    matrix = compute(scene).matrix
    weights = torch_weights(scene, is_causal=True)  # PyTorch's own triangle, not the app's mask
    for i in range(rows):
        assert matrix.weights[i] == pytest.approx(weights[i].tolist(), rel=1e-12, abs=1e-15)
        assert matrix.outputs[i] == pytest.approx(sdpa(scene, is_causal=True)[i].tolist(), abs=1e-12)


def test_scores_and_logits_of_masked_keys_are_pytorchs_before_the_mask():
    scene = make_scene(queries=[(1, 2), (2, -1)], keys=[(1, 0), (0, 1), (3, 1)], mask=[True, True, False])
    q, k = torch.tensor(scene.queries, dtype=torch.float64), torch.tensor(scene.keys, dtype=torch.float64)
    logits = (q @ k.T) * (1 / math.sqrt(2))  # what SDPA adds the mask to
    matrix = compute(scene).matrix
    assert [list(r) for r in matrix.scores] == (q @ k.T).tolist()
    for row, expected in zip(matrix.logits, logits.tolist(), strict=True):
        assert list(row) == pytest.approx(expected, rel=1e-15)


coordinate = st.floats(-10, 10, allow_nan=False).map(lambda x: round(x, 4))


@given(scenes(coordinate))
@settings(max_examples=200, deadline=None)
def test_random_scenes_match_pytorch(scene):
    assert_matches_torch(scene, 1e-9)


@given(scenes(grid | coordinate, dimension=16, largest=10))
@settings(max_examples=100, deadline=None)
def test_scenes_on_the_grid_of_up_to_16_dimensions_match_pytorch(scene):
    assert_matches_torch(scene, 1e-9)
