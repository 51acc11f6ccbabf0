"""A token scene's worked example starts from its tokens: X, then W_Q, W_K, W_V, then Q, K and V.

The PyTorch program derives them with nn.Linear layers whose weight is W itself, the NumPy one as
X @ W.T; both then run the matrix form and print the numbers the app shows. torch is imported here
outright: these tests run wherever the test extra is installed, and never skip.
"""

import contextlib
import io
import sys
import warnings

import numpy as np
import pytest
import torch
from hypothesis import given, settings

from qk_explorer.model import compute
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.token_scene import token_scene
from qk_explorer.text import numbers, token_text
from qk_explorer.text.names import subscript
from qk_explorer.text.worked_example import worked_example
from tests.model.token_scenes import token_scenes

from .snippet_runner import run_pasted
from .snippets import agree_to_last_digit, expected_matrix_output, parse_output

PRESETS = ["learned-projections", "identity-projections", "asymmetric-scores", "causal-tokens"]
_X = [(2, 0), (1, 2), (0, 0), (-1, 1)]
_W = [(1, 0.5), (0, 1), (0.25, -1)]  # d_k = 3, d_model = 2
SCENES = {
    **{name: preset_scene(name) for name in PRESETS},
    "a mask of its own and causal": token_scene(
        ["a", "b", "c", "d"],
        _X,
        _W,
        [(1, 0), (0.5, 1), (0, 2)],
        [(1, 0), (0, 1), (1, 1)],
        mask=[[True] * 4, [True, False, True, True], [True] * 4, [True, True, True, False]],
        causal=True,
        scale=0.5,
    ),
    "a row that sees nothing": token_scene(
        ["a", "b"], _X[:2], _W, _W, _W, mask=[[False, False], [True, True]]
    ),
    "cosine, a zero embedding": token_scene(
        ["a", "b", "zero", "d"], _X, _W, _W, _W, scoring="cosine", cosine_multiplier=2
    ),
    "one token": token_scene(["only"], [(3, -1)], _W, _W, _W),
}


def run(code: str) -> str:
    """What a pasted program prints: run as a script of its own in one shared interpreter."""
    return run_pasted(code, sys.executable)


def run_here(code: str) -> tuple[dict, str]:
    """Run a snippet in this process (torch is imported once); any warning fails."""
    space, out = {}, io.StringIO()
    with warnings.catch_warnings(), contextlib.redirect_stdout(out):
        warnings.simplefilter("error")
        exec(compile(code, "<snippet>", "exec"), space)
    return space, out.getvalue()


def as_rows(vectors) -> list[list[float]]:
    return [list(v) for v in vectors]


# ---- PyTorch ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "lang"), [(name, "en") for name in PRESETS] + [("causal-tokens", "es")])
def test_the_pytorch_program_of_a_preset_runs_and_prints_the_numbers_on_screen(name, lang):
    scene = SCENES[name]
    results = compute(scene)
    code = worked_example("pytorch", scene, results, lang)
    assert parse_output(run(code)) == expected_matrix_output(scene, results, lang)


@pytest.mark.parametrize("name", list(SCENES))
def test_the_pytorch_program_starts_from_the_tokens_through_nn_linear(name):
    scene = SCENES[name]
    results = compute(scene)
    code = worked_example("pytorch", scene, results)
    lines = code.splitlines()
    assert "X = torch.tensor([" in lines
    for matrix, layer in (("W_Q", "to_q"), ("W_K", "to_k"), ("W_V", "to_v")):
        assert f"{layer} = nn.Linear(d_model, d_k, bias=False, dtype=torch.float64)" in lines
        assert f"    {layer}.weight.copy_({matrix})" in lines
    assert "nn.Linear computes x Wᵀ on a row x, so its weight is W_Q itself" in code
    assert not any(line.startswith(("Q = torch.tensor", "K = torch.tensor")) for line in lines)
    calls = [line for line in lines if "F.scaled_dot_product_attention(" in line]
    assert len(calls) == 2
    own_mask = not all(all(row) for row in scene.mask_matrix)
    for call in calls:
        assert ("attn_mask=mask" in call) == own_mask
        assert ("is_causal=True" in call) == (scene.causal and not own_mask)
    space, out = run_here(code)
    assert parse_output(out) == expected_matrix_output(scene, results)
    for got, want in ((space["Q"], scene.queries), (space["K"], scene.keys), (space["V"], scene.values)):
        assert isinstance(got, torch.Tensor) and not got.requires_grad
        assert got.numpy() == pytest.approx(np.asarray(want), rel=1e-15, abs=1e-15), name


@settings(max_examples=40, deadline=None)
@given(token_scenes())
def test_any_token_scenes_pytorch_program_prints_what_the_app_computes(scene):
    results = compute(scene)
    space, out = run_here(worked_example("pytorch", scene, results))
    # A value on an exact rounding tie may round the other way in the last printed digit.
    assert not agree_to_last_digit(parse_output(out), expected_matrix_output(scene, results))
    size = max(1.0, float(np.max(np.abs(scene.queries))))
    assert space["Q"].numpy() == pytest.approx(np.asarray(scene.queries), abs=1e-12 * size)


# ---- NumPy --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(SCENES))
def test_the_numpy_program_starts_from_the_tokens_and_prints_the_numbers_on_screen(name, lang):
    scene = SCENES[name]
    results = compute(scene)
    code = worked_example("numpy", scene, results, lang)
    lines = code.splitlines()
    assert {"X = np.array([", "Q = X @ W_Q.T", "K = X @ W_K.T", "V = X @ W_V.T"} <= set(lines)
    space, out = run_here(code)
    assert parse_output(out) == expected_matrix_output(scene, results, lang)
    # The model derives the vectors with the same product: the same numbers, to the last bit.
    assert space["Q"].tolist() == as_rows(scene.queries)
    assert space["K"].tolist() == as_rows(scene.keys)
    assert space["V"].tolist() == as_rows(scene.values)


def test_a_preset_runs_as_a_program_of_its_own():
    scene = SCENES["learned-projections"]
    results = compute(scene)
    printed = parse_output(run(worked_example("numpy", scene, results)))
    assert printed == expected_matrix_output(scene, results)


@settings(max_examples=60, deadline=None)
@given(token_scenes())
def test_any_token_scenes_numpy_program_prints_what_the_app_computes(scene):
    results = compute(scene)
    space, out = run_here(worked_example("numpy", scene, results))
    assert not agree_to_last_digit(parse_output(out), expected_matrix_output(scene, results))
    assert space["Q"].tolist() == as_rows(scene.queries)


# ---- labels --------------------------------------------------------------------------------------


def test_each_embedding_carries_its_label_and_no_label_can_become_code():
    labels = ["the", 'say "hi"', "a;import os", "#\\"]
    scene = token_scene(labels, _X, _W, _W, _W, title="t")
    for kind in ("numpy", "pytorch"):
        code = worked_example(kind, scene, compute(scene))
        assert "    [2, 0],  # x₁: the" in code.splitlines()
        assert "# x₃: a;import os" in code
        _, out = run_here(code)
        assert parse_output(out) == expected_matrix_output(scene, compute(scene))
    # A line or paragraph separator, which some editors break a line at, never gets into a label.
    for separator in ("\u2028", "\u2029"):
        with pytest.raises(ValueError):
            token_scene(["a", f"b{separator}import os", "c", "d"], _X, _W, _W, _W)


# ---- Markdown and LaTeX ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(SCENES))
def test_markdown_starts_from_the_tokens_their_projections_and_b(name, lang):
    scene = SCENES[name]
    results = compute(scene)
    tokens, p = scene.tokens, results.projections
    text = worked_example("markdown", scene, results, lang)
    first = text.index("**Vectors.**" if lang == "en" else "**Vectores.**")
    start = text[:first]  # the tokens come before the vectors they give
    for i, (x, label) in enumerate(zip(tokens.embeddings, tokens.labels, strict=True)):
        assert f"x{subscript(i + 1)} “{label}” = {numbers.vector(x, lang)}" in start
    for symbol, name_ in (("W_Q", "w_q"), ("W_K", "w_k"), ("W_V", "w_v")):
        assert f"{symbol} = {token_text.matrix(tokens.matrix(name_), lang)}" in start
    assert f"**B = W_Qᵀ W_K** = {token_text.matrix(p.bilinear, lang)}." in start
    symmetric = {"en": "Symmetric: ", "es": "Simétrica: "}[lang] + token_text.yes_no(p.symmetric, lang)
    assert symmetric in start
    assert token_text.inner_product(p.inner_product, p.reason, lang) in start


@pytest.mark.parametrize("lang", ["en", "es"])
def test_latex_writes_x_the_three_matrices_and_b_with_the_models_numbers(lang):
    scene = SCENES["asymmetric-scores"]
    results = compute(scene)
    tex = worked_example("latex", scene, results, lang)

    def bmatrix(rows):
        write = lambda x: numbers.number(x, lang).replace(numbers.MINUS, "-").replace(",", "{,}")  # noqa: E731
        inside = " \\\\ ".join(" & ".join(map(write, r)) for r in rows)
        return "\\begin{bmatrix} " + inside + " \\end{bmatrix}"

    tokens = scene.tokens
    assert f"X &= {bmatrix(tokens.embeddings)}" in tex
    w_q, w_k, w_v = map(bmatrix, (tokens.w_q, tokens.w_k, tokens.w_v))
    assert f"W_Q &= {w_q},\\quad W_K = {w_k},\\quad W_V = {w_v}" in tex
    assert f"B = W_Q^\\top W_K &= {bmatrix(results.projections.bilinear)}" in tex
    assert not results.projections.symmetric
    assert token_text.reason(results.projections.reason, lang) in tex  # why B is no inner product
    assert tex.index("X &=") < tex.index("S = QK^\\top")


def test_one_token_too_starts_from_its_token():
    scene = SCENES["one token"]
    results = compute(scene)
    assert "x₁ “only” = (3, −1)" in worked_example("markdown", scene, results)
    assert "X &= \\begin{bmatrix} 3 & -1 \\end{bmatrix}" in worked_example("latex", scene, results)
    assert "Q = X @ W_Q.T" in worked_example("numpy", scene, results)
