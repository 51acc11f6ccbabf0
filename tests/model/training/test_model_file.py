"""The model file: written in full, read back bit for bit, refused field by field when wrong."""

from __future__ import annotations

import json

import numpy as np
import pytest

from qk_explorer.model.safe_paths import PathError
from qk_explorer.model.training.model import NAMES
from qk_explorer.model.training.model_file import (
    FIELDS,
    ModelFileError,
    model_document,
    read_model,
    read_model_file,
    trained_model,
    write_model,
)
from qk_explorer.model.training.run import Settings, train

MODEL = trained_model(train(Settings("running-max", 2, 60)))


def test_the_file_holds_every_field_in_order_and_reads_back_bit_for_bit():
    text = write_model(MODEL)
    document = json.loads(text)
    assert tuple(document) == FIELDS
    assert document["format"] == "qk-explorer-model" and document["version"] == 1
    assert (document["task"], document["seed"], document["steps"]) == ("running-max", 2, 60)
    assert (document["vocab"], document["positions"], document["d_model"], document["d_k"]) == (8, 8, 16, 2)
    assert np.array(document["w_q"]).shape == (2, 16)  # d_k rows of d_model, as in a scene file
    assert np.array(document["w_o"]).shape == (16, 2)
    back = read_model(text)
    assert (back.task, back.seed, back.steps, back.accuracy) == (
        MODEL.task,
        MODEL.seed,
        MODEL.steps,
        MODEL.accuracy,
    )
    for name in NAMES:
        assert getattr(back.parameters, name).tobytes() == getattr(MODEL.parameters, name).tobytes()


def test_a_matrix_row_is_one_line():
    lines = write_model(MODEL).splitlines()
    assert len(lines) == 1 + 9 + 7 * 2 + (8 + 8 + 2 + 2 + 2 + 16 + 8) + 1 + 1


def _broken(**change) -> str:
    document = model_document(MODEL)
    document.update(change)
    return json.dumps({k: v for k, v in document.items() if v is not ...})


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "qk-explorer-scene"}, "format"),
        ({"version": 2}, "version"),
        ({"task": "sorting"}, "task"),
        ({"task": ["previous-token"]}, "task"),
        ({"seed": -1}, "seed"),
        ({"seed": 2.5}, "seed"),
        ({"steps": 10**40}, "steps"),
        ({"steps": True}, "steps"),
        ({"vocab": 27}, "vocab"),
        ({"positions": 65}, "positions"),
        ({"d_model": 17}, "d_model"),
        ({"d_k": 3}, "d_k"),
        ({"w_q": [[0.0] * 16]}, "w_q"),
        ({"w_o": [[0.0] * 3] * 16}, "w_o[0]"),
        ({"unembedding": [[1e7] + [0.0] * 15] * 8}, "unembedding[0][0]"),
        ({"token_embedding": [["1"] + [0.0] * 15] * 8}, "token_embedding[0][0]"),
        ({"accuracy": 1.5}, "accuracy"),
        ({"accuracy": ...}, "accuracy: missing"),
        ({"loss": 0.1}, "loss: not a field"),
    ],
)
def test_a_wrong_field_is_refused_naming_it(change, field):
    with pytest.raises(ModelFileError, match=field.replace("[", r"\[").replace("]", r"\]")):
        read_model(_broken(**change))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "not a JSON object"),
        ("{", "not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        ('{"\\ud800": 1}', "text that no file can hold"),
    ],
)
def test_what_is_not_a_model_file_is_refused_in_one_line(text, message):
    with pytest.raises(ModelFileError, match=message) as caught:
        read_model(text)
    assert "\n" not in str(caught.value)


def test_a_nan_entry_is_refused(tmp_path):
    text = write_model(MODEL).replace(str(MODEL.parameters.w_k[1][3]), "NaN", 1)
    with pytest.raises(ModelFileError, match=r"w_k\[1\]\[3\]"):
        read_model(text)


def test_only_a_regular_file_is_read(tmp_path):
    (tmp_path / "m.json").write_text(write_model(MODEL))
    assert read_model_file(str(tmp_path / "m.json")).steps == 60
    with pytest.raises(PathError):
        read_model_file(str(tmp_path))
