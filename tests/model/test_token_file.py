"""Scene files with tokens: what is written, what is read back, and what is refused in one line.

The bad token files are in the corpus (tests/corpus/scene_files.py), which every reader runs.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from qk_explorer.model.scene_file import Problem, SceneFileError, read_scene, write_scene
from qk_explorer.model.token_scene import token_scene
from tests.corpus import scene_files
from tests.model.token_scenes import token_scenes


def test_a_token_scene_is_written_as_its_tokens_without_queries_keys_or_values():
    scene = token_scene(["the", "cat"], [(1, 0), (0, 1.5)], [(1, 0)], [(0, 1)], [(2, 0)], causal=True)
    document = json.loads(write_scene(scene))
    assert "queries" not in document and "keys" not in document and "values" not in document
    assert document["tokens"] == {
        "labels": ["the", "cat"],
        "embeddings": [[1, 0], [0, 1.5]],
        "w_q": [[1, 0]],
        "w_k": [[0, 1]],
        "w_v": [[2, 0]],
    }
    assert list(document)[:4] == ["format", "version", "title", "tokens"]
    assert document["causal"] is True and document["mask"] == [[True, True], [True, True]]


@given(token_scenes())
@settings(max_examples=100, deadline=None)
def test_token_scenes_round_trip(scene):
    read = read_scene(write_scene(scene))
    assert read == scene
    assert read.tokens == scene.tokens and read.queries == scene.queries


def test_the_derived_vectors_of_a_file_are_w_times_x():
    scene = read_scene((scene_files.FOLDER / "good-tokens.json").read_bytes())
    # W_Q = I, W_K turns by 90°: q₃ = (1, 1), k₃ = (−1, 1); W_V = I
    assert scene.queries[2] == (1.0, 1.0) and scene.keys[2] == (-1.0, 1.0) and scene.values[2] == (1.0, 1.0)
    assert scene.tokens.labels == ("the", "cat", "sat") and scene.selected_query == 2


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "tokens-with-queries.json",
            "'queries' cannot stand beside 'tokens': a scene of tokens derives its queries, keys "
            "and values from them",
        ),
        ("tokens-sixty-five.json", "'tokens.embeddings' must hold between 1 and 64 vectors"),
        ("tokens-label-is-number.json", "'tokens.labels[1]' must be text"),
        (
            "tokens-w-q-row-too-short.json",
            "'tokens.w_q[1]' has 1 entries but must have 2, as many as the embeddings have "
            "coordinates (d_model)",
        ),
        ("tokens-w-k-rows-mismatch.json", "'tokens.w_k' has 1 rows but 'tokens.w_q' has 2 (d_k)"),
        (
            "tokens-w-v-rows-mismatch.json",
            "'tokens.w_v' has 3 rows but must have as many as 'tokens.w_k', 2: values have the keys' "
            "dimension (d_v = d_k)",
        ),
        ("tokens-labels-count-mismatch.json", "'tokens.labels' has 2 labels but there are 3 embeddings"),
        (
            "tokens-label-too-long.json",
            "'tokens.labels[0]' must be a short word: 1 to 12 characters, not blank, without "
            "control characters or line breaks",
        ),
        (
            "tokens-label-with-line-separator.json",
            "'tokens.labels[1]' must be a short word: 1 to 12 characters, not blank, without "
            "control characters or line breaks",
        ),
        (
            "tokens-derived-beyond-limit.json",
            "'tokens.w_q' times 'tokens.embeddings[2]' gives a coordinate beyond 1e+06, the limit of "
            "every query, key and value",
        ),
    ],
)
def test_each_token_problem_is_one_line_naming_the_field(name, message):
    with pytest.raises(SceneFileError) as caught:
        read_scene((scene_files.FOLDER / name).read_bytes())
    assert str(caught.value) == message


def test_a_missing_version_with_tokens_is_version_2():
    scene = read_scene(
        '{"tokens": {"labels": ["a"], "embeddings": [[2]], "w_q": [[1]], "w_k": [[3]], "w_v": [[1]]}}'
    )
    assert scene.queries == ((2.0,),) and scene.keys == ((6.0,),)


def test_null_values_beside_tokens_are_refused_too():
    text = (
        '{"version": 2, "values": null, "tokens": {"labels": ["a"], "embeddings": [[2]], '
        '"w_q": [[1]], "w_k": [[3]], "w_v": [[1]]}}'
    )
    with pytest.raises(SceneFileError) as caught:
        read_scene(text)
    assert (caught.value.problem, caught.value.field) == (Problem.TOKENS_WITH_VECTORS, "values")
