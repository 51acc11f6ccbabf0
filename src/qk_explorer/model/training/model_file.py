"""The model file: every parameter of a trained head, and the task, seed and steps that reproduce it.

    {"format": "qk-explorer-model", "version": 1, "task": "previous-token", "seed": 3,
     "steps": 400, "vocab": 8, "positions": 8, "d_model": 16, "d_k": 2,
     "token_embedding": [[…16…] × 8], "position_embedding": [[…16…] × 8],
     "w_q": [[…16…] × 2], "w_k": …, "w_v": …, "w_o": [[…2…] × 16],
     "unembedding": [[…16…] × 8], "accuracy": 1.0}

Matrices are lists of rows, in the orientation of model.py (W_Q: d_k rows of
d_model, as in a scene file). docs/formats.md documents the forward pass, so
the predictions can be recomputed from the file alone. Reading is strict: any
problem is a ModelFileError naming the field.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

import numpy as np

from ..json_literals import HugeInteger, NonFiniteLiteral, field_with_bad_text, integer
from ..limits import COORDINATE_LIMIT, MAX_DIMENSION, MAX_QUERIES
from ..safe_paths import printable, read_regular
from .head_scene import SYMBOLS
from .model import D_K, NAMES, Parameters, Shape, sizes
from .run import MAX_SEED, MAX_STEPS, Run
from .tasks import TASKS

FORMAT = "qk-explorer-model"
VERSION = 1
MAX_FILE_BYTES = 4 * 1024 * 1024
FIELDS = (
    "format",
    "version",
    "task",
    "seed",
    "steps",
    "vocab",
    "positions",
    "d_model",
    "d_k",
    *NAMES,
    "accuracy",
)


class ModelFileError(Exception):
    """A model file that cannot be read; str() is one line naming the field."""


@dataclass(frozen=True)
class TrainedModel:
    task: str
    seed: int
    steps: int
    parameters: Parameters
    accuracy: float  # on fresh sequences of the task (run.evaluate)


def trained_model(run: Run) -> TrainedModel:
    s = run.settings
    return TrainedModel(s.task, s.seed, run.steps, run.final.parameters, run.evaluation.accuracy)


def model_document(m: TrainedModel) -> dict:
    shape = m.parameters.shape
    return {
        "format": FORMAT,
        "version": VERSION,
        "task": m.task,
        "seed": m.seed,
        "steps": m.steps,
        "vocab": shape.vocab,
        "positions": shape.positions,
        "d_model": shape.d_model,
        "d_k": D_K,
        **{name: a.tolist() for name, a in m.parameters.arrays().items()},
        "accuracy": m.accuracy,
    }


def write_model(m: TrainedModel) -> str:
    """The file's text, a matrix row to a line, in full double precision (each number reads back
    to the same float)."""

    def value(x) -> str:
        if isinstance(x, list):
            rows = ",\n".join(f"  {json.dumps(row, allow_nan=False)}" for row in x)
            return f"[\n{rows}\n ]"
        return json.dumps(x, allow_nan=False)

    fields = ",\n".join(f" {json.dumps(name)}: {value(x)}" for name, x in model_document(m).items())
    return f"{{\n{fields}\n}}\n"


def read_model_file(path: str) -> TrainedModel:
    """PathError (safe_paths) unless a regular file, ModelFileError unless a good model."""
    return read_model(read_regular(path, MAX_FILE_BYTES))


def read_model(data: bytes | str) -> TrainedModel:
    if len(data) > MAX_FILE_BYTES:
        raise ModelFileError(f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
        document = json.loads(text, parse_constant=NonFiniteLiteral, parse_int=integer)
    except UnicodeDecodeError:
        raise ModelFileError("not UTF-8 text") from None
    except (json.JSONDecodeError, RecursionError) as error:
        raise ModelFileError(f"not JSON (line {getattr(error, 'lineno', 1)})") from None
    if field_with_bad_text(document) is not None:
        raise ModelFileError(f"{field_with_bad_text(document)}: text that no file can hold")
    return model_from_document(document)


def model_from_document(document) -> TrainedModel:
    if not isinstance(document, dict):
        raise ModelFileError("not a JSON object")
    for name in document:
        if name not in FIELDS:
            raise ModelFileError(f"{printable(name)[:60]}: not a field of a model file")
    for name in FIELDS:
        if name not in document:
            raise ModelFileError(f"{name}: missing")
    if document["format"] != FORMAT:
        raise ModelFileError(f'format: must be "{FORMAT}"')
    if _whole(document, "version", 1, 1 << 30) != VERSION:
        raise ModelFileError(f"version: only version {VERSION} can be read")
    task = document["task"]
    if not isinstance(task, str) or task not in TASKS:
        raise ModelFileError(f"task: must be one of {', '.join(TASKS)}")
    vocab = _whole(document, "vocab", 1, len(SYMBOLS))
    positions = _whole(document, "positions", 1, MAX_QUERIES)
    d_model = _whole(document, "d_model", 1, MAX_DIMENSION)
    _whole(document, "d_k", D_K, D_K)
    shape = Shape(vocab, positions, d_model)
    parameters = Parameters(**{name: _matrix(document, name, *size) for name, size in sizes(shape).items()})
    accuracy = document["accuracy"]
    if not _number(accuracy) or not 0 <= accuracy <= 1:
        raise ModelFileError("accuracy: must be a number from 0 to 1")
    return TrainedModel(
        task,
        _whole(document, "seed", 0, MAX_SEED),
        _whole(document, "steps", 0, MAX_STEPS),
        parameters,
        float(accuracy),
    )


def _number(x) -> bool:
    return type(x) in (int, float) and math.isfinite(x)


def _whole(document: dict, name: str, low: int, high: int) -> int:
    x = document[name]
    if isinstance(x, HugeInteger) or type(x) is not int or not low <= x <= high:
        raise ModelFileError(f"{name}: must be a whole number from {low} to {high}")
    return x


def _matrix(document: dict, name: str, rows: int, columns: int) -> np.ndarray:
    x = document[name]
    if not isinstance(x, list) or len(x) != rows:
        raise ModelFileError(f"{name}: must be a list of {rows} rows")
    for i, row in enumerate(x):
        if not isinstance(row, list) or len(row) != columns:
            raise ModelFileError(f"{name}[{i}]: must be a row of {columns} numbers")
        for j, entry in enumerate(row):
            if not _number(entry) or abs(entry) > COORDINATE_LIMIT:
                raise ModelFileError(f"{name}[{i}][{j}]: must be a finite number within ±10⁶")
    return np.array(x, dtype=np.float64)
