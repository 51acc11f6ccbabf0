"""A scene file's "tokens" object (version 2): reading it strictly, writing it plainly.

    "tokens": {"labels": ["the", "cat"], "embeddings": [[1, 0], [0, 1]],
               "w_q": [[1, 0], [0, 1]], "w_k": [[0, -1], [1, 0]], "w_v": [[1, 0], [0, 1]]}

n labels and embeddings (1–64, d_model coordinates each, 1–16); W_Q, W_K and W_V
of d_k rows (1–16) of d_model entries; d_v = d_k (tokens.py). Entries obey the
coordinates' limits, and so must every derived query, key and value. With
tokens, a file has no queries, keys or values (scene_file.py refuses them).
Every problem is a SceneFileError naming the field, "tokens.w_k[1]" and so on.
"""

from __future__ import annotations

from .file_fields import Expected, Problem, SceneFileError, number_field, vector_field
from .limits import COORDINATE_LIMIT, MAX_DIMENSION
from .tokens import MATRICES, MAX_LABEL, MAX_TOKENS, Tokens, derived_arrays, fits, good_label

FIELDS = ("labels", "embeddings", *MATRICES)
TOKENS = "tokens"


def tokens_from_document(x) -> Tokens:
    if not isinstance(x, dict):
        raise SceneFileError(Problem.WRONG_TYPE, TOKENS, expected=Expected.TOKENS)
    for name in x:
        if name not in FIELDS:
            raise SceneFileError(Problem.UNKNOWN, f"{TOKENS}.{name}"[:80])
    for name in FIELDS:
        if name not in x:
            raise SceneFileError(Problem.MISSING, f"{TOKENS}.{name}")
    embeddings = _embeddings(x["embeddings"])
    d_model = len(embeddings[0])
    labels = _labels(x["labels"], len(embeddings))
    w_q = _matrix(x["w_q"], "w_q", d_model)
    w_k = _matrix(x["w_k"], "w_k", d_model)
    if len(w_k) != len(w_q):
        raise SceneFileError(Problem.ROW_COUNT, f"{TOKENS}.w_k", len(w_k), len(w_q))
    w_v = _matrix(x["w_v"], "w_v", d_model)
    if len(w_v) != len(w_k):
        raise SceneFileError(Problem.VALUE_ROWS, f"{TOKENS}.w_v", len(w_v), len(w_k))
    tokens = Tokens(labels, embeddings, w_q, w_k, w_v)
    arrays = derived_arrays(tokens)
    if not fits(arrays):
        for name, derived in zip(MATRICES, arrays, strict=True):
            for i, row in enumerate(derived):
                if max(abs(row)) > COORDINATE_LIMIT:
                    raise SceneFileError(
                        Problem.DERIVED_OUT_OF_RANGE, f"{TOKENS}.{name}", i, high=COORDINATE_LIMIT
                    )
    return tokens


def tokens_document(tokens: Tokens, plain) -> dict:
    """The "tokens" object; `plain` writes a row (whole numbers without ".0")."""
    return {
        "labels": list(tokens.labels),
        "embeddings": [plain(x) for x in tokens.embeddings],
        **{name: [plain(row) for row in tokens.matrix(name)] for name in MATRICES},
    }


def _embeddings(x) -> tuple[tuple[float, ...], ...]:
    name = f"{TOKENS}.embeddings"
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.VECTORS)
    if not 1 <= len(x) <= MAX_TOKENS:
        raise SceneFileError(Problem.BAD_COUNT, name, high=MAX_TOKENS)
    first = vector_field(x[0], f"{name}[0]")
    return (first, *(_row(v, f"{name}[{i}]", len(first)) for i, v in enumerate(x[1:], start=1)))


def _labels(x, count: int) -> tuple[str, ...]:
    name = f"{TOKENS}.labels"
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.LABELS)
    for i, label in enumerate(x):
        if type(label) is not str:
            raise SceneFileError(Problem.WRONG_TYPE, f"{name}[{i}]", expected=Expected.TEXT)
        if not good_label(label):
            raise SceneFileError(Problem.BAD_LABEL, f"{name}[{i}]", high=MAX_LABEL)
    if len(x) != count:
        raise SceneFileError(Problem.LABEL_COUNT, name, len(x), count)
    return tuple(x)


def _matrix(x, matrix: str, d_model: int) -> tuple[tuple[float, ...], ...]:
    name = f"{TOKENS}.{matrix}"
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.MATRIX)
    if not 1 <= len(x) <= MAX_DIMENSION:
        raise SceneFileError(Problem.BAD_ROWS, name, high=MAX_DIMENSION)
    return tuple(_row(row, f"{name}[{i}]", d_model) for i, row in enumerate(x))


def _row(x, name: str, d_model: int) -> tuple[float, ...]:
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.NUMBERS)
    if len(x) != d_model:
        raise SceneFileError(Problem.ROW_LENGTH, name, len(x), d_model)
    return tuple(number_field(c, f"{name}[{i}]", COORDINATE_LIMIT) for i, c in enumerate(x))
