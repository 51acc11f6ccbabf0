"""The numbers export, version 2: the Q·Kᵀ matrix beside the selected query's pair and attention."""

import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.numbers_export import numbers_document, write_numbers
from qk_explorer.model.presets import PRESETS
from qk_explorer.model.scene import with_selected_query


def export(scene) -> dict:
    return json.loads(write_numbers(scene, compute(scene)), parse_constant=_refuse)


def _refuse(name):
    raise AssertionError(f"{name} in the export")


def test_the_design_fields_are_there():
    scene = make_scene(queries=[(1, 2), (2, 1)], keys=[(1, 0), (0, 1)], mask=[[True, True], [True, False]])
    document = export(scene)
    assert (document["format"], document["version"]) == ("qk-explorer-numbers", 2)
    assert document["queries"] == [[1.0, 2.0], [2.0, 1.0]]
    assert (document["selected_query"], document["selected_key"]) == (0, 0)
    for name in ("dimension", "keys", "values", "pair", "attention", "matrix"):
        assert name in document
    assert list(document["matrix"]) == [
        "scoring",
        "d_k",
        "scale",
        "causal",
        "mask",
        "scores",
        "logits",
        "weights",
        "outputs",
        "undefined_reasons",
    ]
    matrix = document["matrix"]
    assert matrix["mask"] == [[True, True], [True, False]]
    assert matrix["scores"] == [[1.0, 2.0], [2.0, 1.0]]
    assert matrix["logits"][1] == [2.0 / math.sqrt(2), 1.0 / math.sqrt(2)]
    assert matrix["weights"][1] == [1.0, 0.0]
    assert matrix["outputs"][1] == [1.0, 0.0]
    assert matrix["weights"][0] == document["attention"]["weights"]
    assert matrix["undefined_reasons"] == [None, None]


def test_pair_and_attention_are_the_selected_query_and_key():
    scene = make_scene(queries=[(1, 2), (2, 1), (3, 0)], keys=[(1, 0), (0, 1)], selected_key=1)
    document = export(with_selected_query(scene, 2))
    assert document["pair"]["dot"] == 0.0  # (3, 0)·(0, 1)
    assert document["query"] == [3.0, 0.0]
    assert document["attention"]["scores"] == [3.0, 0.0]
    assert document["attention"]["weights"] == document["matrix"]["weights"][2]


def test_masked_keys_have_scores_and_logits_and_weight_zero():
    scene = make_scene((1, 2), [(1, 0), (0, 1), (-1, 1)], mask=[True, True, False], scale=0.5)
    document = export(scene)
    attention, matrix = document["attention"], document["matrix"]
    assert attention["scores"] == matrix["scores"][0] == [1.0, 2.0, 1.0]
    assert attention["logits"] == matrix["logits"][0] == [0.5, 1.0, 0.5]
    assert attention["weights"][2] == matrix["weights"][0][2] == 0.0
    assert math.isclose(document["comparison"]["scores"][2], 1 / math.sqrt(10), rel_tol=1e-15)
    # The same numbers the panels show: Results' own, not filled in by the export.
    results = compute(scene)
    assert attention["scores"] == list(results.attention.scores)
    assert attention["logits"] == list(results.attention.logits)


def test_a_row_with_every_key_masked_is_null_with_its_reason():
    scene = make_scene(queries=[(1, 2), (2, 1)], keys=[(1, 0), (0, 1)], mask=[[True, False], [False, False]])
    matrix = export(scene)["matrix"]
    assert matrix["weights"] == [[1.0, 0.0], None]
    assert matrix["outputs"] == [[1.0, 0.0], None]
    assert matrix["undefined_reasons"][0] is None
    assert "every key is masked" in matrix["undefined_reasons"][1]
    assert matrix["scores"][1] == [2.0, 1.0]  # the scores are there all the same
    attention = export(with_selected_query(scene, 1))["attention"]
    assert attention["weights"] is None and "masked" in attention["undefined_reason"]


def test_causal_self_attention_masks_the_later_keys():
    scene = make_scene(queries=[(1, 0), (0, 1), (1, 1)], keys=[(1, 0), (0, 1), (1, 1)], causal=True)
    matrix = export(scene)["matrix"]
    assert matrix["causal"] is True
    assert matrix["mask"] == [[True, False, False], [True, True, False], [True, True, True]]
    assert matrix["weights"][0] == [1.0, 0.0, 0.0]
    assert matrix["scores"][0] == [1.0, 0.0, 1.0]


def test_a_one_query_scene_exports_its_attention_as_the_matrix_row():
    for name, preset in PRESETS.items():
        if preset.scene.query_count != 1:
            continue
        results = compute(preset.scene)
        assert results.matrix.rows == (results.attention,), name
        document = numbers_document(preset.scene, results)
        assert document["matrix"]["weights"] == [document["attention"]["weights"]], name
        assert document["matrix"]["scores"] == [document["attention"]["scores"]], name


coordinate = st.sampled_from([0.0, 1e-300, -2.5, 1.0, 3.0, 1e6, -1e6])


@st.composite
def scenes(draw):
    n, rows, columns = draw(st.integers(1, 4)), draw(st.integers(1, 5)), draw(st.integers(1, 5))
    vectors = st.lists(coordinate, min_size=n, max_size=n)
    mask = draw(
        st.lists(st.lists(st.booleans(), min_size=columns, max_size=columns), min_size=rows, max_size=rows)
    )
    return make_scene(
        queries=draw(st.lists(vectors, min_size=rows, max_size=rows)),
        keys=draw(st.lists(vectors, min_size=columns, max_size=columns)),
        values=draw(st.lists(vectors, min_size=columns, max_size=columns)),
        mask=mask,
        causal=draw(st.booleans()),
        scoring=draw(st.sampled_from(["dot", "cosine"])),
        scale=draw(st.none() | st.sampled_from([1e-6, 0.5, -3.0, 1e6])),
        dropout_p=draw(st.sampled_from([0.0, 0.5])),
        selected_query=draw(st.integers(0, rows - 1)),
    )


@settings(max_examples=150, deadline=None)
@given(scenes())
def test_every_export_is_finite_json_with_a_reason_beside_every_null_row(scene):
    matrix = export(scene)["matrix"]
    for weights, output, reason in zip(
        matrix["weights"], matrix["outputs"], matrix["undefined_reasons"], strict=True
    ):
        assert (weights is None) == (output is None) == (reason is not None)
    for row_scores, row_logits in zip(matrix["scores"], matrix["logits"], strict=True):
        assert all((s is None) == (ell is None) for s, ell in zip(row_scores, row_logits, strict=True))
        if scene.scoring.value == "dot":
            assert None not in row_scores
