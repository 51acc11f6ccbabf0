"""What can be wrong with a scene file, and the readers of its fields that say so.

Each reader takes a JSON value and the field's name as the message shows it
("keys[0][1]", "tokens.w_q[2]"), and gives the value checked or raises
SceneFileError naming that field. Shared by the scene's own fields
(scene_file.py) and a token scene's (token_file.py).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from .json_literals import HugeInteger, NonFiniteLiteral
from .scene import COORDINATE_LIMIT, MAX_DIMENSION, MAX_KEYS


class Problem(StrEnum):
    TOO_LARGE = "too-large"
    NOT_UTF8 = "not-utf8"
    NOT_JSON = "not-json"
    NOT_OBJECT = "not-object"
    WRONG_FORMAT = "wrong-format"
    FUTURE_VERSION = "future-version"
    BAD_VERSION = "bad-version"
    MISSING = "missing"
    UNKNOWN = "unknown"
    WRONG_TYPE = "wrong-type"
    NOT_FINITE = "not-finite"
    OUT_OF_RANGE = "out-of-range"
    BAD_DIMENSION = "bad-dimension"
    BAD_COUNT = "bad-count"
    COUNT_MISMATCH = "count-mismatch"
    ROW_MISMATCH = "row-mismatch"
    DIMENSION_MISMATCH = "dimension-mismatch"
    BAD_CHOICE = "bad-choice"
    BAD_TEXT = "bad-text"
    BAD_TITLE = "bad-title"
    # A scene of tokens (token_file.py).
    TOKENS_WITH_VECTORS = "tokens-with-vectors"
    BAD_ROWS = "bad-rows"
    ROW_LENGTH = "row-length"
    ROW_COUNT = "row-count"
    VALUE_ROWS = "value-rows"
    LABEL_COUNT = "label-count"
    BAD_LABEL = "bad-label"
    DERIVED_OUT_OF_RANGE = "derived-out-of-range"


class Expected(StrEnum):
    NUMBER = "a number"
    WHOLE_NUMBER = "a whole number"
    NUMBERS = "a list of numbers"
    VECTORS = "a list of vectors"
    BOOLEANS = "a list of true/false"
    BOOLEAN_ROWS = "a list of rows of true/false"
    BOOLEAN = "true or false"
    TEXT = "text"
    SCORING = '"dot" or "cosine"'
    TOKENS = "an object with labels, embeddings, w_q, w_k and w_v"
    LABELS = "a list of short words"
    MATRIX = "a list of rows of numbers"


_ENGLISH = {
    Problem.TOO_LARGE: "the file is larger than {high} bytes; a scene file is far smaller",
    Problem.NOT_UTF8: "the file is not UTF-8 text",
    Problem.NOT_JSON: "the file is not valid JSON (line {found})",
    Problem.NOT_OBJECT: "the file must hold one JSON object",
    Problem.WRONG_FORMAT: "'format' must be \"qk-explorer-scene\"",
    Problem.FUTURE_VERSION: "the file has format version {found}, from a newer Q·K Explorer; "
    "this one reads versions up to {high:g}",
    Problem.BAD_VERSION: "'version' must be a whole number from 1",
    Problem.MISSING: "the required field '{field}' is missing",
    Problem.UNKNOWN: "unknown field '{field}'",
    Problem.WRONG_TYPE: "'{field}' must be {expected}",
    Problem.NOT_FINITE: "'{field}' must be a finite number (not NaN or infinity)",
    Problem.OUT_OF_RANGE: "'{field}' must lie between {low:g} and {high:g}",
    Problem.BAD_DIMENSION: "'{field}' must have between 1 and {high} coordinates",
    Problem.BAD_COUNT: "'{field}' must hold between 1 and {high} vectors",
    Problem.COUNT_MISMATCH: "'{field}' has {found} entries but the scene has {expected} key(s)",
    Problem.ROW_MISMATCH: "'{field}' must have one row per query: it has {found}, the scene {expected}",
    Problem.DIMENSION_MISMATCH: "'{field}' has {found} coordinates but the query has {expected}",
    Problem.BAD_CHOICE: "'{field}' must be {expected}",
    Problem.BAD_TEXT: "'{field}' holds text that is not valid Unicode (a lone surrogate such as \\ud800)",
    Problem.BAD_TITLE: "'{field}' must be one line of text: no control characters, line breaks "
    "or direction overrides",
    Problem.TOKENS_WITH_VECTORS: "'{field}' cannot stand beside 'tokens': a scene of tokens "
    "derives its queries, keys and values from them",
    Problem.BAD_ROWS: "'{field}' must have between 1 and {high} rows",
    Problem.ROW_LENGTH: "'{field}' has {found} entries but must have {expected}, "
    "as many as the embeddings have coordinates (d_model)",
    Problem.ROW_COUNT: "'{field}' has {found} rows but 'tokens.w_q' has {expected} (d_k)",
    Problem.VALUE_ROWS: "'{field}' has {found} rows but must have as many as 'tokens.w_k', {expected}: "
    "values have the keys' dimension (d_v = d_k)",
    Problem.LABEL_COUNT: "'{field}' has {found} labels but there are {expected} embeddings",
    Problem.BAD_LABEL: "'{field}' must be a short word: 1 to {high:g} characters, not blank, "
    "without control characters or line breaks",
    Problem.DERIVED_OUT_OF_RANGE: "'{field}' times 'tokens.embeddings[{found}]' gives a coordinate "
    "beyond {high:g}, the limit of every query, key and value",
}


@dataclass(frozen=True)
class SceneFileError(Exception):
    """What is wrong with a scene file; str() gives it in English."""

    problem: Problem
    field: str = ""
    found: int | str | None = None
    expected: Expected | int | None = None
    low: float | None = None
    high: float | None = None

    def __str__(self) -> str:
        expected = self.expected.value if isinstance(self.expected, Expected) else self.expected
        return _ENGLISH[self.problem].format(
            field=self.field, found=self.found, expected=expected, low=self.low, high=self.high
        )


def text_field(x, name: str) -> str:
    """A text field: a JSON string (not a NaN literal standing in for one)."""
    if type(x) is not str:
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.TEXT)
    return x


# What would take a one-line text off its line or turn it round: control characters (a newline,
# ESC, NUL), line and paragraph separators, and the bidirectional controls (an RTL override).
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def one_line_field(x, name: str) -> str:
    """A text field shown on one line, as written (a title): text_field, and one_line()."""
    text = text_field(x, name)
    if not one_line(text):
        raise SceneFileError(Problem.BAD_TITLE, name)
    return text


def one_line(text: str) -> bool:
    return all(unicodedata.category(c) not in ("Cc", "Zl", "Zp") and c not in _BIDI_CONTROLS for c in text)


def number_field(x, name: str, limit: float, low: float | None = None) -> float:
    """A finite number from -limit (or `low`) to limit; the error names that range."""
    low = -limit if low is None else low
    if isinstance(x, NonFiniteLiteral):
        raise SceneFileError(Problem.NOT_FINITE, name)
    if isinstance(x, HugeInteger):
        raise SceneFileError(Problem.OUT_OF_RANGE, name, low=low, high=limit)
    if isinstance(x, bool) or not isinstance(x, int | float):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.NUMBER)
    try:
        value = float(x)
    except OverflowError:
        raise SceneFileError(Problem.OUT_OF_RANGE, name, low=low, high=limit) from None
    # NaN and Infinity literals were caught above: an infinite float is a written number
    # too large for a double, such as 1e400.
    if math.isnan(value) or not low <= value <= limit:
        raise SceneFileError(Problem.OUT_OF_RANGE, name, low=low, high=limit)
    return value + 0.0


def whole_field(x, name: str, low: int, high: int) -> int:
    if isinstance(x, HugeInteger):
        raise SceneFileError(Problem.OUT_OF_RANGE, name, low=low, high=high)
    if isinstance(x, bool) or not isinstance(x, int):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.WHOLE_NUMBER)
    if not low <= x <= high:
        raise SceneFileError(Problem.OUT_OF_RANGE, name, low=low, high=high)
    return x


def vector_field(x, name: str, dimension: int | None = None) -> tuple[float, ...]:
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.NUMBERS)
    if dimension is None and not 1 <= len(x) <= MAX_DIMENSION:
        raise SceneFileError(Problem.BAD_DIMENSION, name, high=MAX_DIMENSION)
    if dimension is not None and len(x) != dimension:
        raise SceneFileError(Problem.DIMENSION_MISMATCH, name, len(x), dimension)
    return tuple(number_field(c, f"{name}[{i}]", COORDINATE_LIMIT) for i, c in enumerate(x))


def vectors_field(x, name: str, dimension: int, limit: int = MAX_KEYS) -> tuple[tuple[float, ...], ...]:
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.VECTORS)
    if not 1 <= len(x) <= limit:
        raise SceneFileError(Problem.BAD_COUNT, name, high=limit)
    return tuple(vector_field(v, f"{name}[{i}]", dimension) for i, v in enumerate(x))
