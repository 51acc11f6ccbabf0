"""Scene files: a round trip, and a message naming the field for each kind of bad input."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import make_scene
from qk_explorer.model.presets import PRESETS
from qk_explorer.model.scene_file import Problem, SceneFileError, read_scene, write_scene


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips(name):
    scene = PRESETS[name].scene
    assert read_scene(write_scene(scene)) == scene


@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=2))
def test_any_query_round_trips_exactly(q):
    scene = make_scene(q, [(1, 2)], scale=0.25, dropout_p=0.1, dropout_seed=3)
    assert read_scene(write_scene(scene).encode()) == scene


def test_the_design_example_reads():
    text = json.dumps(
        {
            "format": "qk-explorer-scene",
            "version": 1,
            "query": [2, 1],
            "keys": [[1, 2]],
            "values": [[1, 0]],
            "mask": [True],
            "scale": None,
            "scoring": "dot",
            "selected_key": 0,
            "title": "optional",
        }
    )
    scene = read_scene(text)
    assert scene.values == ((1, 0),)
    assert scene.title == "optional"


def test_only_query_and_keys_are_required():
    scene = read_scene('{"query": [1, 2], "keys": [[1, 0], [0, 1]]}')
    assert scene.mask == (True, True)
    assert scene.values == scene.keys


BAD = [
    (b"", Problem.NOT_JSON, ""),
    (b'{"query": [1, 2], "keys": [[1,', Problem.NOT_JSON, ""),
    (b"\xff\xfe\x00garbage", Problem.NOT_UTF8, ""),
    (b"[1, 2]", Problem.NOT_OBJECT, ""),
    (b'{"keys": [[1, 2]]}', Problem.MISSING, "query"),
    (b'{"query": [1, 2]}', Problem.MISSING, "keys"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "colour": 1}', Problem.UNKNOWN, "colour"),
    (b'{"query": "1, 2", "keys": [[1, 2]]}', Problem.WRONG_TYPE, "query"),
    (b'{"query": [1, true], "keys": [[1, 2]]}', Problem.WRONG_TYPE, "query[1]"),
    (b'{"query": [1, NaN], "keys": [[1, 2]]}', Problem.NOT_FINITE, "query[1]"),
    (b'{"query": [1, 2], "keys": [[1, -Infinity]]}', Problem.NOT_FINITE, "keys[0][1]"),
    (b'{"query": [1, 1e400], "keys": [[1, 2]]}', Problem.NOT_FINITE, "query[1]"),
    (b'{"query": [1, 2000000], "keys": [[1, 2]]}', Problem.OUT_OF_RANGE, "query[1]"),
    (b'{"query": [], "keys": [[1, 2]]}', Problem.BAD_DIMENSION, "query"),
    (b'{"query": [1, 2], "keys": []}', Problem.BAD_COUNT, "keys"),
    (b'{"query": [1, 2], "keys": [[1, 2, 3]]}', Problem.DIMENSION_MISMATCH, "keys[0]"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "values": [[1, 2], [3, 4]]}', Problem.COUNT_MISMATCH, "values"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "mask": [true, false]}', Problem.COUNT_MISMATCH, "mask"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "mask": [1]}', Problem.WRONG_TYPE, "mask"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "version": 2}', Problem.FUTURE_VERSION, "version"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "version": "1"}', Problem.BAD_VERSION, "version"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "format": "other"}', Problem.WRONG_FORMAT, "format"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "scoring": "max"}', Problem.BAD_CHOICE, "scoring"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "selected_key": 3}', Problem.OUT_OF_RANGE, "selected_key"),
    (b'{"query": [1, 2], "keys": [[1, 2]], "scale": "big"}', Problem.WRONG_TYPE, "scale"),
]


@pytest.mark.parametrize(("data", "problem", "field"), BAD)
def test_bad_files_name_the_problem(data, problem, field):
    with pytest.raises(SceneFileError) as caught:
        read_scene(data)
    assert caught.value.problem is problem
    assert caught.value.field == field
    assert str(caught.value)


def test_too_many_keys_and_too_large_files():
    many = json.dumps({"query": [1, 2], "keys": [[1, 2]] * 10_000})
    with pytest.raises(SceneFileError) as caught:
        read_scene(many)
    assert caught.value.problem is Problem.BAD_COUNT
    with pytest.raises(SceneFileError) as caught:
        read_scene(b" " * (50 * 1024 * 1024))
    assert caught.value.problem is Problem.TOO_LARGE


def test_deep_nesting_is_not_a_crash():
    with pytest.raises(SceneFileError):
        read_scene("[" * 100_000)


# ---- autosave files -------------------------------------------------------------------------

from qk_explorer.model.scene_file import read_autosave, write_autosave  # noqa: E402


def test_an_autosave_round_trips_with_its_time_and_source():
    scene = make_scene((2, 1), [(1, 2), (-1, 0.5)], mask=[True, False], title="mine")
    text = write_autosave(scene, "2025-01-31T14:05:09Z", "/home/ana/pair.qkscene.json")
    saved = read_autosave(text.encode())
    assert saved.scene == scene
    assert saved.saved_at == "2025-01-31T14:05:09Z"
    assert saved.source == "/home/ana/pair.qkscene.json"
    assert read_autosave(write_autosave(scene, "t")).source is None


@pytest.mark.parametrize(
    ("document", "problem", "field"),
    [
        ({"format": "qk-explorer-scene", "version": 1, "scene": {}}, Problem.WRONG_FORMAT, "format"),
        ({"format": "qk-explorer-autosave", "version": 9, "scene": {}}, Problem.FUTURE_VERSION, "version"),
        ({"format": "qk-explorer-autosave", "version": 1}, Problem.MISSING, "scene"),
        ({"format": "qk-explorer-autosave", "version": 1, "scene": {}, "x": 1}, Problem.UNKNOWN, "x"),
        (
            {"format": "qk-explorer-autosave", "version": 1, "source": 3, "scene": {}},
            Problem.WRONG_TYPE,
            "source",
        ),
        (
            {"format": "qk-explorer-autosave", "version": 1, "scene": {"query": [1], "keys": [[1, 2]]}},
            Problem.DIMENSION_MISMATCH,
            "keys[0]",
        ),
    ],
)
def test_a_damaged_autosave_is_rejected(document, problem, field):
    with pytest.raises(SceneFileError) as caught:
        read_autosave(json.dumps(document))
    assert caught.value.problem is problem
    assert caught.value.field == field
