"""A trained head is an ordinary scene of tokens: the model's own attention, and everything a scene does."""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest

from qk_explorer.model import compute
from qk_explorer.model.numbers_export import numbers_document
from qk_explorer.model.scene_file import read_scene, write_scene
from qk_explorer.model.training.head_scene import HeadSceneError, head_scene, scene_problem, token_label
from qk_explorer.model.training.model import Parameters, Shape, embed, forward, initial_parameters
from qk_explorer.model.training.run import Settings, train
from qk_explorer.model.training.tasks import TASKS
from qk_explorer.text.worked_example import worked_example
from tests.text.snippets import expected_matrix_output, parse_output

RUN = train(Settings("pointer", 1, 200))
EXAMPLE = TASKS["pointer"].example


def test_labels_name_the_symbol_and_the_position_counted_from_one():
    assert token_label(1, 2) == "B@3"
    scene = head_scene(RUN.final.parameters, EXAMPLE)
    assert scene.tokens.labels == ("A@1", "D@2", "B@3", "C@4", "B@5", "D@6", "F@7", "E@8")


@pytest.mark.parametrize("snapshot", [0, 3, -1])
def test_at_any_snapshot_the_scenes_attention_is_the_models(snapshot):
    p = RUN.snapshots[snapshot].parameters
    scene = head_scene(p, EXAMPLE, title="pointer")
    assert scene.causal and scene.scale is None and scene.title == "pointer"
    assert np.array_equal(np.array(scene.tokens.embeddings), embed(p, np.array(EXAMPLE)))
    for name in ("w_q", "w_k", "w_v"):
        assert np.array_equal(np.array(scene.tokens.matrix(name)), getattr(p, name))
    model = forward(p, np.array([EXAMPLE]))
    results = compute(scene)
    assert np.abs(np.array(results.matrix.weights) - model.weights[0]).max() <= 1e-12
    assert np.abs(np.array(results.matrix.outputs) - model.o[0]).max() <= 1e-12


def test_the_last_query_is_selected_with_the_key_it_weighs_most():
    scene = head_scene(RUN.final.parameters, EXAMPLE)
    assert scene.selected_query == 7
    assert scene.selected_key == 4  # E names the fifth position


def test_it_saves_opens_and_exports_as_any_token_scene():
    scene = head_scene(RUN.final.parameters, EXAMPLE, title="a head")
    assert read_scene(write_scene(scene)) == scene
    document = numbers_document(scene, compute(scene))
    assert document["tokens"]["labels"][0] == "A@1"
    bilinear = RUN.final.parameters.w_q.T @ RUN.final.parameters.w_k
    assert np.abs(np.array(document["projections"]["bilinear"]) - bilinear).max() <= 1e-12


def test_its_worked_example_runs_and_prints_the_numbers_on_screen():
    scene = head_scene(RUN.final.parameters, EXAMPLE)
    results = compute(scene)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(worked_example("numpy", scene, results), "<snippet>", "exec"), {})
    assert parse_output(out.getvalue()) == expected_matrix_output(scene, results)


def test_what_a_scene_cannot_hold_is_refused_naming_the_limit():
    rng = np.random.default_rng(0)
    wide = initial_parameters(Shape(8, 8, 17), rng)
    assert "d_model" in scene_problem(wide, EXAMPLE)
    long = initial_parameters(Shape(8, 65, 4), rng)
    assert "1 to 64 tokens" in scene_problem(long, np.zeros(65, dtype=int))
    huge = Parameters(**{**RUN.final.parameters.arrays(), "w_q": RUN.final.parameters.w_q * 1e7})
    assert "10⁶" in scene_problem(huge, EXAMPLE)
    with pytest.raises(HeadSceneError, match="10⁶"):
        head_scene(huge, EXAMPLE)
    first = embed(RUN.final.parameters, np.array(EXAMPLE[:1]))[0]
    w_q = np.array([np.sign(first) * 9e5, np.zeros_like(first)])  # q₁ = 9·10⁵ Σ|x₁|, past 10⁶
    big = Parameters(**{**RUN.final.parameters.arrays(), "w_q": w_q})
    assert "a query, key or value" in scene_problem(big, EXAMPLE)  # entries fit, W_Q x does not
    assert "symbols" in scene_problem(RUN.final.parameters, [0, 8])
    assert scene_problem(RUN.final.parameters, EXAMPLE) is None


def test_a_chosen_query_is_selected_with_the_key_it_weighs_most():
    p = RUN.final.parameters
    weights = forward(p, np.array([EXAMPLE])).weights[0]
    for query in (0, 3, 7):
        scene = head_scene(p, EXAMPLE, query=query)
        assert scene.selected_query == query and scene.selected_key == int(np.argmax(weights[query]))
    assert head_scene(p, EXAMPLE, query=99).selected_query == len(EXAMPLE) - 1  # past the end: the last
