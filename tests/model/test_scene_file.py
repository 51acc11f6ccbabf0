"""Scene files: a round trip, and a message naming the field for each kind of bad input."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import make_scene
from qk_explorer.model.presets import PRESETS
from qk_explorer.model.scene_file import Problem, SceneFileError, read_scene, write_scene
from tests.corpus import scene_files


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


@pytest.mark.parametrize("case", scene_files.BAD, ids=str)
def test_every_bad_file_of_the_corpus_names_its_problem(case, tmp_path):
    with pytest.raises(SceneFileError) as caught:
        read_scene(case.path(tmp_path).read_bytes())
    assert caught.value.problem is case.problem
    assert caught.value.field == case.field
    message = str(caught.value)
    assert message and "\n" not in message
    assert case.field in message


@pytest.mark.parametrize("case", scene_files.GOOD, ids=str)
def test_every_good_file_of_the_corpus_reads_and_round_trips(case, tmp_path):
    scene = read_scene(case.path(tmp_path).read_bytes())
    assert read_scene(write_scene(scene)) == scene


def test_every_committed_corpus_file_is_in_the_table():
    listed = {c.name for c in scene_files.ALL}
    assert {p.name for p in scene_files.FOLDER.iterdir()} <= listed


def test_a_number_too_large_for_a_double_is_out_of_range_not_infinite():
    with pytest.raises(SceneFileError) as caught:
        read_scene(b'{"query": [1, 1e400], "keys": [[1, 2]]}')
    assert caught.value.problem is Problem.OUT_OF_RANGE
    assert str(caught.value) == "'query[1]' must lie between -1e+06 and 1e+06"


def test_dropout_out_of_range_names_its_own_range():
    with pytest.raises(SceneFileError) as caught:
        read_scene(b'{"query": [1, 2], "keys": [[1, 2]], "dropout_p": 2}')
    assert (caught.value.low, caught.value.high) == (0.0, 0.95)
    assert str(caught.value) == "'dropout_p' must lie between 0 and 0.95"


def test_a_byte_order_mark_before_the_json_is_read():
    text = '{"query": [2, 1], "keys": [[1, 2]]}'
    assert read_scene(b"\xef\xbb\xbf" + text.encode()) == read_scene(text)
    assert read_scene("\ufeff" + text) == read_scene(text)


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


# ---- what could be read but never written, or not converted -----------------------------------------


def test_an_integer_too_long_to_convert_is_out_of_range_where_it_stands():
    digits = "9" * 5000  # Python's int() refuses more than 4,300 digits
    with pytest.raises(SceneFileError) as caught:
        read_scene(f'{{"query": [1, 2], "keys": [[1, 2]], "selected_key": {digits}}}')
    assert (caught.value.problem, caught.value.field) == (Problem.OUT_OF_RANGE, "selected_key")
    with pytest.raises(SceneFileError) as caught:
        read_autosave(f'{{"format": "qk-explorer-autosave", "version": {digits}, "scene": {{}}}}')
    assert str(caught.value) == (
        "the file has format version 999999…999999 (5000 digits), from a newer Q·K Explorer; "
        "this one reads versions up to 1"
    )


def test_a_lone_surrogate_is_refused_wherever_it_is_and_a_pair_is_fine():
    scene = '{"query": [1], "keys": [[1]], "title": "%s"}'
    with pytest.raises(SceneFileError) as caught:
        read_autosave('{"format": "qk-explorer-autosave", "version": 1, "scene": %s}' % (scene % "\\udfff"))
    assert (caught.value.problem, caught.value.field) == (Problem.BAD_TEXT, "scene.title")
    with pytest.raises(SceneFileError) as caught:
        read_autosave('{"format": "qk-explorer-autosave", "version": 1, "source": "/a/\\ud800.json"}')
    assert caught.value.field == "source"
    assert read_scene(scene % "\\ud83d\\ude00").title == "\U0001f600"  # a pair is one character


@pytest.mark.parametrize(
    "character",
    [
        "\n",
        "\r",
        "\t",
        "\x1b",
        "\x00",
        "\x7f",
        "\x85",
        "\u2028",
        "\u2029",
        "\u202e",
        "\u202a",
        "\u2066",
        "\u200f",
        "\u061c",
    ],
)
def test_a_title_is_one_line_as_written(character):
    """No control character, line or paragraph separator or direction control: the title is shown
    on one line (window title, stage, recovery list) exactly as the file writes it."""
    scene = '{"query": [1], "keys": [[1]], "title": %s}'
    with pytest.raises(SceneFileError) as caught:
        read_scene(scene % json.dumps(f"before{character}after"))
    assert (caught.value.problem, caught.value.field) == (Problem.BAD_TITLE, "title")
    assert str(caught.value) == (
        "'title' must be one line of text: no control characters, line breaks or direction overrides"
    )


@pytest.mark.parametrize(
    "title", ["Atención · انتباه · 注意", "👩‍🔬 q·k", "a\u00adb", "x\u200dy", "  spaced  "]
)
def test_a_title_in_any_script_with_joiners_and_spaces_is_read(title):
    scene = '{"query": [1], "keys": [[1]], "title": %s}'
    assert read_scene(scene % json.dumps(title)).title == title
