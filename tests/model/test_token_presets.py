"""The token presets: golden numbers worked out by hand from W_Q, W_K, W_V and x₁ … x₄."""

from __future__ import annotations

import json

import pytest

from qk_explorer.model import compute
from qk_explorer.model.numbers_export import numbers_document, write_numbers
from qk_explorer.model.presets import PRESETS
from qk_explorer.model.scene_file import read_scene, write_scene

TOKEN_PRESETS = ("learned-projections", "identity-projections", "asymmetric-scores", "causal-tokens")
X = ((2.0, 0.0), (1.0, 2.0), (0.0, 2.0), (-1.0, 1.0))


@pytest.mark.parametrize("name", TOKEN_PRESETS)
def test_token_presets_have_four_labelled_tokens_and_round_trip(name):
    scene = PRESETS[name].scene
    assert scene.tokens.labels == ("the", "cat", "sat", "down")
    assert scene.tokens.embeddings == X
    assert scene.query_count == scene.key_count == 4
    assert read_scene(write_scene(scene)) == scene


def test_learned_projections():
    scene = PRESETS["learned-projections"].scene
    assert scene.tokens.w_q != scene.tokens.w_k
    # W_Q = [[1, ½], [0, 1]]: q₂ = (1 + 1, 2); W_K = [[1, 0], [½, 1]]: k₂ = (1, ½ + 2)
    assert scene.queries == ((2.0, 0.0), (2.0, 2.0), (1.0, 2.0), (-0.5, 1.0))
    assert scene.keys == ((2.0, 1.0), (1.0, 2.5), (0.0, 2.0), (-1.0, 0.5))
    assert scene.values == ((2.0, 0.0), (1.0, 1.0), (0.0, 1.0), (-1.0, 0.5))
    results = compute(scene)
    assert results.matrix.scores[1] == (6.0, 7.0, 4.0, -1.0)
    assert results.projections.bilinear == ((1.0, 0.0), (1.0, 1.0))
    assert not results.projections.symmetric and not results.projections.inner_product
    assert [round(w, 4) for w in results.matrix.weights[0]] == [0.7595, 0.1847, 0.0449, 0.0109]


def test_identity_projections_score_the_embeddings_themselves():
    results = compute(PRESETS["identity-projections"].scene)
    scores = results.matrix.scores
    assert scores == tuple(tuple(sum(a * b for a, b in zip(x, y, strict=True)) for y in X) for x in X)
    assert all(scores[i][j] == scores[j][i] for i in range(4) for j in range(4))
    assert results.projections.bilinear == ((1.0, 0.0), (0.0, 1.0))
    assert results.projections.symmetric and results.projections.inner_product
    assert results.projections.reason is None


def test_asymmetric_scores_differ_across_the_diagonal():
    scene = PRESETS["asymmetric-scores"].scene
    results = compute(scene)
    scores = results.matrix.scores
    assert (scores[0][1], scores[1][0]) == (-2.0, 6.0)  # "the" for "cat" and "cat" for "the"
    assert results.projections.bilinear == ((1.0, -1.0), (1.0, 1.0))
    assert not results.projections.symmetric
    assert results.projections.reason.english().startswith("B is not symmetric")


def test_causal_tokens_is_learned_projections_with_the_triangle():
    causal, plain = PRESETS["causal-tokens"].scene, PRESETS["learned-projections"].scene
    assert causal.causal and causal.tokens == plain.tokens
    matrix = compute(causal).matrix
    assert matrix.weights[0] == (1.0, 0.0, 0.0, 0.0)
    assert [round(w, 4) for w in matrix.weights[1]] == [0.3302, 0.6698, 0.0, 0.0]
    assert matrix.scores == compute(plain).matrix.scores  # masked pairs keep their scores


@pytest.mark.parametrize("name", TOKEN_PRESETS)
def test_the_export_has_the_derived_vectors_and_the_projections(name):
    scene = PRESETS[name].scene
    results = compute(scene)
    document = json.loads(write_numbers(scene, results))
    assert document["version"] == 2
    assert document["queries"] == [list(q) for q in scene.queries]
    assert document["keys"] == [list(k) for k in scene.keys]
    assert document["values"] == [list(v) for v in scene.values]
    assert document["tokens"] == {"labels": ["the", "cat", "sat", "down"], "embeddings": [list(x) for x in X]}
    p = document["projections"]
    assert set(p) == {"w_q", "w_k", "w_v", "bilinear", "symmetric", "inner_product", "eigenvalues", "reason"}
    assert p["bilinear"] == [list(row) for row in results.projections.bilinear]
    assert p["w_q"] == [list(row) for row in scene.tokens.w_q]
    assert p["symmetric"] is results.projections.symmetric
    assert p["inner_product"] is results.projections.inner_product
    assert (p["reason"] is None) is p["inner_product"]
    assert document["matrix"]["scores"] == [list(row) for row in results.matrix.scores]


def test_a_scene_without_tokens_exports_no_projections():
    scene = PRESETS["several-queries"].scene
    document = numbers_document(scene, compute(scene))
    assert "projections" not in document and "tokens" not in document
