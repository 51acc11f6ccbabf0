"""Scene files (*.qkscene.json, format version 2): strict reading, plain writing.

Version 2 holds several queries: "queries" (L rows), "mask" (L×S booleans),
"causal" and "selected_query". Version 1 files ("query", one row of mask) still
open; writing always gives version 2.

Reading never raises anything but SceneFileError, whose problem, field and
detail let the interface say exactly what is wrong in either language.

An autosave file wraps one scene with when it was saved and which of the
user's files it came from:
{"format": "qk-explorer-autosave", "version": 1, "saved_at": "2025-01-31T14:05:09Z",
 "source": "/home/ana/pair.qkscene.json" or null, "scene": {…a scene document…}}
It is read just as strictly: a damaged autosave is never offered back.

Whatever the bytes, reading raises nothing but SceneFileError: an integer
too long for Python to convert (over 4,300 digits) is out of range in the
field that holds it, and text no file can be written with again (a lone
surrogate such as "\\ud800") is refused naming its field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .file_fields import (
    Expected,
    Problem,
    SceneFileError,
    number_field,
    one_line_field,
    text_field,
    vector_field,
    vectors_field,
    whole_field,
)
from .json_literals import HugeInteger, NonFiniteLiteral, field_with_bad_text, integer
from .safe_paths import printable, read_regular
from .scene import MAX_DROPOUT, MAX_DROPOUT_SEED, MAX_QUERIES, SCALE_LIMIT, Scene, Scoring
from .token_file import tokens_document, tokens_from_document
from .tokens import derive

__all__ = ["Autosaved", "Expected", "Problem", "SceneFileError", "read_autosave", "read_scene", "write_scene"]

FORMAT = "qk-explorer-scene"
AUTOSAVE_FORMAT = "qk-explorer-autosave"
VERSION = 2
AUTOSAVE_VERSION = 1  # the wrapper's own version: its scene document carries the scene's
SUFFIX = ".qkscene.json"
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_TITLE = 200
MAX_PATH = 4096

_COMMON_FIELDS = (
    "format",
    "version",
    "title",
    "keys",
    "values",
    "mask",
    "scale",
    "scoring",
    "cosine_multiplier",
    "dropout_p",
    "dropout_seed",
    "selected_key",
)
_FIELDS = {
    1: {*_COMMON_FIELDS, "query"},
    2: {*_COMMON_FIELDS, "queries", "causal", "selected_query", "tokens"},
}


def read_scene(data: bytes | str) -> Scene:
    """Parse and validate a scene file's contents."""
    return scene_from_document(_parse(data))


def read_scene_file(path: str) -> Scene:
    """Read the scene file at `path`: PathError (safe_paths) unless it is a regular file,
    SceneFileError unless it is a good scene."""
    return read_scene(read_regular(path, MAX_FILE_BYTES))


def _parse(data: bytes | str):
    if isinstance(data, bytes):
        if len(data) > MAX_FILE_BYTES:
            raise SceneFileError(Problem.TOO_LARGE, high=MAX_FILE_BYTES)
        try:
            data = data.decode("utf-8-sig")  # a byte order mark (Windows editors write one) is fine
        except UnicodeDecodeError:
            raise SceneFileError(Problem.NOT_UTF8) from None
    elif len(data) > MAX_FILE_BYTES:
        raise SceneFileError(Problem.TOO_LARGE, high=MAX_FILE_BYTES)
    try:
        document = json.loads(data.removeprefix("\ufeff"), parse_constant=NonFiniteLiteral, parse_int=integer)
    except (json.JSONDecodeError, RecursionError) as error:
        raise SceneFileError(Problem.NOT_JSON, found=getattr(error, "lineno", 1)) from None
    bad = field_with_bad_text(document)
    if bad is not None:
        raise SceneFileError(Problem.BAD_TEXT, bad)
    return document


def scene_from_document(document) -> Scene:
    if not isinstance(document, dict):
        raise SceneFileError(Problem.NOT_OBJECT)
    for name in document:
        if name not in _FIELDS[1] | _FIELDS[2]:
            raise SceneFileError(Problem.UNKNOWN, printable(name)[:60])
    if "format" in document and document["format"] != FORMAT:
        raise SceneFileError(Problem.WRONG_FORMAT, "format")
    if "version" in document:
        version = _version(document, VERSION)
    else:
        version = 2 if "queries" in document or "tokens" in document else 1
    for name in document:
        if name not in _FIELDS[version]:  # "query" in version 2, "causal" in version 1 …
            raise SceneFileError(Problem.UNKNOWN, printable(name))
    tokens = None
    if "tokens" in document:
        for name in ("queries", "keys", "values"):  # derived from the tokens, never given
            if name in document:
                raise SceneFileError(Problem.TOKENS_WITH_VECTORS, name)
        tokens = tokens_from_document(document["tokens"])
        queries, keys, values = derive(tokens)
    else:
        queries, keys, values = _vectors(document, version)
    count = len(keys)
    if version >= 2:
        mask = _mask_rows(document.get("mask"), len(queries), count)
    else:
        mask = (_mask(document.get("mask"), "mask", count),)
    causal = document.get("causal", False)
    if not isinstance(causal, bool):
        raise SceneFileError(Problem.WRONG_TYPE, "causal", expected=Expected.BOOLEAN)
    selected_query = whole_field(document.get("selected_query", 0), "selected_query", 0, len(queries) - 1)
    scale = document.get("scale")
    if scale is not None:
        scale = number_field(scale, "scale", SCALE_LIMIT)
    scoring = document.get("scoring", "dot")
    if scoring not in ("dot", "cosine"):
        raise SceneFileError(Problem.BAD_CHOICE, "scoring", expected=Expected.SCORING)
    multiplier = number_field(document.get("cosine_multiplier", 1.0), "cosine_multiplier", SCALE_LIMIT)
    dropout_p = number_field(document.get("dropout_p", 0.0), "dropout_p", MAX_DROPOUT, low=0.0)
    seed = whole_field(document.get("dropout_seed", 0), "dropout_seed", 0, MAX_DROPOUT_SEED)
    selected = whole_field(document.get("selected_key", 0), "selected_key", 0, count - 1)
    title = document.get("title", "")
    if title is None:
        title = ""
    one_line_field(title, "title")
    return Scene(
        queries=queries,
        keys=keys,
        values=values,
        mask_matrix=mask,
        scale=scale,
        scoring=Scoring(scoring),
        cosine_multiplier=multiplier,
        selected_key=selected,
        title=title[:MAX_TITLE],
        dropout_p=dropout_p,
        dropout_seed=seed,
        causal=causal,
        selected_query=selected_query,
        tokens=tokens,
    )


def _vectors(document: dict, version: int):
    """The queries, keys and values a scene without tokens gives explicitly."""
    plural = "queries" if version >= 2 else "query"
    for required in (plural, "keys"):
        if required not in document:
            raise SceneFileError(Problem.MISSING, required)
    queries = _queries(document["queries"]) if version >= 2 else (vector_field(document["query"], "query"),)
    n = len(queries[0])
    keys = vectors_field(document["keys"], "keys", n)
    values = keys if document.get("values") is None else vectors_field(document["values"], "values", n)
    if len(values) != len(keys):
        raise SceneFileError(Problem.COUNT_MISMATCH, "values", len(values), len(keys))
    return queries, keys, values


def scene_document(scene: Scene) -> dict:
    document = {"format": FORMAT, "version": VERSION, "title": scene.title}
    if scene.tokens is None:
        vectors = {"queries": scene.queries, "keys": scene.keys, "values": scene.values}
        document |= {name: [_plain(v) for v in rows] for name, rows in vectors.items()}
    else:  # its queries, keys and values are derived: the file holds what they come from
        document["tokens"] = tokens_document(scene.tokens, _plain)
    document |= {
        "mask": [list(row) for row in scene.mask_matrix],
        "causal": scene.causal,
        "scale": scene.scale,
        "scoring": scene.scoring.value,
        "selected_query": scene.selected_query,
        "selected_key": scene.selected_key,
    }
    if scene.cosine_multiplier != 1.0:
        document["cosine_multiplier"] = scene.cosine_multiplier
    if scene.dropout_p:
        document["dropout_p"] = scene.dropout_p
        document["dropout_seed"] = scene.dropout_seed
    return document


def write_scene(scene: Scene) -> str:
    return json.dumps(scene_document(scene), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


@dataclass(frozen=True)
class Autosaved:
    """A scene kept safe by autosave, with when and where from."""

    scene: Scene
    saved_at: str  # ISO 8601, UTC
    source: str | None  # the user's own file the scene was opened from, if any


def write_autosave(scene: Scene, saved_at: str, source: str | None = None) -> str:
    document = {
        "format": AUTOSAVE_FORMAT,
        "version": AUTOSAVE_VERSION,
        "saved_at": saved_at,
        "source": source,
        "scene": scene_document(scene),
    }
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def read_autosave(data: bytes | str) -> Autosaved:
    """Parse and validate an autosave file; SceneFileError names what is wrong."""
    document = _parse(data)
    if not isinstance(document, dict):
        raise SceneFileError(Problem.NOT_OBJECT)
    for name in document:
        if name not in ("format", "version", "saved_at", "source", "scene"):
            raise SceneFileError(Problem.UNKNOWN, printable(name)[:60])
    if document.get("format") != AUTOSAVE_FORMAT:
        raise SceneFileError(Problem.WRONG_FORMAT, "format")
    _version(document, AUTOSAVE_VERSION)
    if "scene" not in document:
        raise SceneFileError(Problem.MISSING, "scene")
    saved_at = document.get("saved_at", "")
    if len(text_field(saved_at, "saved_at")) > 64:
        raise SceneFileError(Problem.WRONG_TYPE, "saved_at", expected=Expected.TEXT)
    source = document.get("source")
    if source is not None and len(text_field(source, "source")) > MAX_PATH:
        raise SceneFileError(Problem.WRONG_TYPE, "source", expected=Expected.TEXT)
    return Autosaved(scene_from_document(document["scene"]), saved_at, source or None)


def _version(document: dict, newest: int) -> int:
    version = document.get("version")
    if isinstance(version, HugeInteger) and not version.negative:
        raise SceneFileError(Problem.FUTURE_VERSION, "version", found=version.text, high=newest)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SceneFileError(Problem.BAD_VERSION, "version")
    if version > newest:
        raise SceneFileError(Problem.FUTURE_VERSION, "version", found=version, high=newest)
    return version


def _queries(x) -> tuple[tuple[float, ...], ...]:
    """Version 2's queries: the first sets the dimension, as version 1's query did."""
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, "queries", expected=Expected.VECTORS)
    if not 1 <= len(x) <= MAX_QUERIES:
        raise SceneFileError(Problem.BAD_COUNT, "queries", high=MAX_QUERIES)
    first = vector_field(x[0], "queries[0]")
    return (first, *(vector_field(v, f"queries[{i}]", len(first)) for i, v in enumerate(x[1:], start=1)))


def _mask(x, name: str, count: int) -> tuple[bool, ...]:
    if x is None:
        return (True,) * count
    if not isinstance(x, list) or not all(isinstance(m, bool) for m in x):
        raise SceneFileError(Problem.WRONG_TYPE, name, expected=Expected.BOOLEANS)
    if len(x) != count:
        raise SceneFileError(Problem.COUNT_MISMATCH, name, len(x), count)
    return tuple(x)


def _mask_rows(x, rows: int, count: int) -> tuple[tuple[bool, ...], ...]:
    """Version 2's mask: one row of `count` booleans for each of `rows` queries."""
    if x is None:
        return ((True,) * count,) * rows
    if not isinstance(x, list):
        raise SceneFileError(Problem.WRONG_TYPE, "mask", expected=Expected.BOOLEAN_ROWS)
    for i, row in enumerate(x):
        if not isinstance(row, list) or not all(isinstance(m, bool) for m in row):
            raise SceneFileError(Problem.WRONG_TYPE, f"mask[{i}]", expected=Expected.BOOLEANS)
    if len(x) != rows:
        raise SceneFileError(Problem.ROW_MISMATCH, "mask", len(x), rows)
    return tuple(_mask(row, f"mask[{i}]", count) for i, row in enumerate(x))


def _plain(vector) -> list[float | int]:
    return [int(x) if float(x).is_integer() and abs(x) < 2**53 else x for x in vector]
