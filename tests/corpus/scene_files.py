"""The bad-input corpus for scene files: each file under scenes/ and what must be said about it.

A case names its file, the Problem the reader must report and the field it
must name ("" when the problem is the whole file). Good files at the edges of
what is allowed have no problem: they must open. Files too big to commit (50 MB,
10,000 keys, 100,000 brackets) are made by `make` into a test's own folder.

SPECIAL lists what is not a regular file at all — a named pipe, a socket, a
device, a folder, a symlink to a named pipe — made into a test's folder; each
must be refused at once (a FIFO would otherwise block the reader forever),
naming the path, and left where it is.

The same tables drive the model's reader (tests/model/test_scene_file.py,
tests/model/test_special_files.py), the window's File ▸ Open and drag-and-drop
(tests/view/files/test_documents.py), the autosave folder at start-up
(tests/view/files/test_autosave.py) and the command line (tests/cli/test_cli.py,
tests/cli/test_special_files.py).
"""

from __future__ import annotations

import json
import os
import signal
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from qk_explorer.model.safe_paths import PathProblem
from qk_explorer.model.scene_file import Problem

FOLDER = Path(__file__).parent / "scenes"


def _fifty_megabytes() -> bytes:
    return b'{"query": [2, 1], "keys": [[1, 2]], "title": "' + b"x" * (50 * 1024 * 1024) + b'"}'


def _ten_thousand_keys() -> bytes:
    return json.dumps({"query": [2, 1], "keys": [[1, 2]] * 10_000}).encode()


@dataclass(frozen=True)
class Case:
    name: str
    problem: Problem | None  # None: a good file, it must open
    field: str = ""
    make: Callable[[], bytes] | None = None

    def path(self, folder: Path) -> Path:
        """The file on disk: the committed one, or made into `folder`."""
        if self.make is None:
            return FOLDER / self.name
        path = folder / self.name
        if not path.exists():
            path.write_bytes(self.make())
        return path

    def __str__(self) -> str:
        return self.name


P = Problem
BAD = [
    Case("empty.json", P.NOT_JSON),
    Case("only-whitespace.json", P.NOT_JSON),
    Case("truncated.json", P.NOT_JSON),
    Case("nul-bytes.json", P.NOT_JSON),
    Case("binary-garbage.json", P.NOT_UTF8),
    Case("invalid-utf8.json", P.NOT_UTF8),
    Case("utf16.json", P.NOT_UTF8),
    Case("not-an-object-list.json", P.NOT_OBJECT),
    Case("not-an-object-string.json", P.NOT_OBJECT),
    Case("not-an-object-number.json", P.NOT_OBJECT),
    Case("not-an-object-null.json", P.NOT_OBJECT),
    Case("missing-query.json", P.MISSING, "query"),
    Case("missing-keys.json", P.MISSING, "keys"),
    Case("extra-field.json", P.UNKNOWN, "colour"),
    Case("query-is-text.json", P.WRONG_TYPE, "query"),
    Case("query-is-object.json", P.WRONG_TYPE, "query"),
    Case("coordinate-is-true.json", P.WRONG_TYPE, "query[1]"),
    Case("coordinate-is-text.json", P.WRONG_TYPE, "keys[0][1]"),
    Case("coordinate-is-null.json", P.WRONG_TYPE, "query[1]"),
    Case("keys-is-number.json", P.WRONG_TYPE, "keys"),
    Case("key-is-number.json", P.WRONG_TYPE, "keys[0]"),
    Case("mask-of-numbers.json", P.WRONG_TYPE, "mask"),
    Case("scale-is-text.json", P.WRONG_TYPE, "scale"),
    Case("title-is-number.json", P.WRONG_TYPE, "title"),
    Case("selected-key-fraction.json", P.WRONG_TYPE, "selected_key"),
    Case("scoring-unknown.json", P.BAD_CHOICE, "scoring"),
    Case("scoring-is-list.json", P.BAD_CHOICE, "scoring"),
    Case("selected-key-beyond.json", P.OUT_OF_RANGE, "selected_key"),
    Case("selected-key-negative.json", P.OUT_OF_RANGE, "selected_key"),
    Case("dropout-above-limit.json", P.OUT_OF_RANGE, "dropout_p"),
    Case("dropout-seed-negative.json", P.OUT_OF_RANGE, "dropout_seed"),
    Case("version-zero.json", P.BAD_VERSION, "version"),
    Case("version-text.json", P.BAD_VERSION, "version"),
    Case("version-fraction.json", P.BAD_VERSION, "version"),
    Case("future-version.json", P.FUTURE_VERSION, "version"),
    Case("far-future-version.json", P.FUTURE_VERSION, "version"),
    Case("other-format.json", P.WRONG_FORMAT, "format"),
    Case("nan-literal.json", P.NOT_FINITE, "query[1]"),
    Case("infinity-literal.json", P.NOT_FINITE, "keys[0][1]"),
    Case("minus-infinity-literal.json", P.NOT_FINITE, "values[0][0]"),
    Case("nan-scale.json", P.NOT_FINITE, "scale"),
    Case("overflowing-1e400.json", P.OUT_OF_RANGE, "query[1]"),
    Case("overflowing-integer.json", P.OUT_OF_RANGE, "query[1]"),
    Case("beyond-limit.json", P.OUT_OF_RANGE, "query[1]"),
    Case("beyond-limit-negative.json", P.OUT_OF_RANGE, "keys[0][0]"),
    Case("scale-beyond-limit.json", P.OUT_OF_RANGE, "scale"),
    Case("no-coordinates.json", P.BAD_DIMENSION, "query"),
    Case("seventeen-coordinates.json", P.BAD_DIMENSION, "query"),
    Case("no-keys.json", P.BAD_COUNT, "keys"),
    Case("sixty-five-keys.json", P.BAD_COUNT, "keys"),
    Case("key-of-other-dimension.json", P.DIMENSION_MISMATCH, "keys[0]"),
    Case("value-of-other-dimension.json", P.DIMENSION_MISMATCH, "values[1]"),
    Case("values-count-mismatch.json", P.COUNT_MISMATCH, "values"),
    Case("mask-count-mismatch.json", P.COUNT_MISMATCH, "mask"),
    # Version 2: several queries, an L×S mask, causal and the selected query.
    Case("v2-mask-too-few-rows.json", P.ROW_MISMATCH, "mask"),
    Case("v2-mask-row-too-short.json", P.COUNT_MISMATCH, "mask[0]"),
    Case("v2-mask-of-one-row-unwrapped.json", P.WRONG_TYPE, "mask[0]"),
    Case("v2-mask-row-of-numbers.json", P.WRONG_TYPE, "mask[1]"),
    Case("v2-mask-is-text.json", P.WRONG_TYPE, "mask"),
    Case("v2-sixty-five-queries.json", P.BAD_COUNT, "queries"),
    Case("v2-no-queries.json", P.BAD_COUNT, "queries"),
    Case("v2-queries-is-number.json", P.WRONG_TYPE, "queries"),
    Case("v2-query-of-other-dimension.json", P.DIMENSION_MISMATCH, "queries[1]"),
    Case("v2-causal-is-text.json", P.WRONG_TYPE, "causal"),
    Case("v2-causal-is-number.json", P.WRONG_TYPE, "causal"),
    Case("v2-selected-query-beyond.json", P.OUT_OF_RANGE, "selected_query"),
    Case("v2-selected-query-negative.json", P.OUT_OF_RANGE, "selected_query"),
    Case("v2-with-version-1-query.json", P.UNKNOWN, "query"),
    Case("v2-missing-queries.json", P.MISSING, "queries"),
    Case("v1-with-causal.json", P.UNKNOWN, "causal"),
    # Integers too long for int() (over 4,300 digits): out of range where they stand.
    Case("huge-integer-coordinate.json", P.OUT_OF_RANGE, "query[0]"),
    Case("huge-negative-integer-key.json", P.OUT_OF_RANGE, "keys[0][1]"),
    Case("huge-integer-dropout-seed.json", P.OUT_OF_RANGE, "dropout_seed"),
    Case("huge-integer-version.json", P.FUTURE_VERSION, "version"),
    # Text that could be read but never written again (a lone surrogate), anywhere.
    Case("lone-surrogate-title.json", P.BAD_TEXT, "title"),
    Case("lone-surrogate-in-scoring.json", P.BAD_TEXT, "scoring"),
    Case("lone-surrogate-field-name.json", P.BAD_TEXT, "\\udc80"),
    Case("title-is-nan-literal.json", P.WRONG_TYPE, "title"),
    # A title is one line as written: no control character, line break or direction override.
    Case("title-with-newline.json", P.BAD_TITLE, "title"),
    Case("title-with-escape.json", P.BAD_TITLE, "title"),
    Case("title-with-right-to-left-override.json", P.BAD_TITLE, "title"),
    Case("title-with-nul.json", P.BAD_TITLE, "title"),
    Case("title-with-line-separator.json", P.BAD_TITLE, "title"),
    # Control characters in a field's name: escaped, so the message stays one line.
    Case("newline-in-field-name.json", P.UNKNOWN, "colour\\nred"),
    Case("nul-in-field-name.json", P.UNKNOWN, "a\\x00b"),
    # A scene of tokens: q, k and v derived from embeddings and W_Q, W_K, W_V, never given beside them.
    Case("tokens-with-queries.json", P.TOKENS_WITH_VECTORS, "queries"),
    Case("tokens-with-values.json", P.TOKENS_WITH_VECTORS, "values"),
    Case("tokens-sixty-five.json", P.BAD_COUNT, "tokens.embeddings"),
    Case("tokens-no-embeddings.json", P.BAD_COUNT, "tokens.embeddings"),
    Case("tokens-label-is-number.json", P.WRONG_TYPE, "tokens.labels[1]"),
    Case("tokens-label-too-long.json", P.BAD_LABEL, "tokens.labels[0]"),
    Case("tokens-label-with-newline.json", P.BAD_LABEL, "tokens.labels[1]"),
    Case("tokens-label-with-line-separator.json", P.BAD_LABEL, "tokens.labels[1]"),
    Case("tokens-label-with-paragraph-separator.json", P.BAD_LABEL, "tokens.labels[1]"),
    Case("tokens-label-empty.json", P.BAD_LABEL, "tokens.labels[2]"),
    Case("tokens-labels-count-mismatch.json", P.LABEL_COUNT, "tokens.labels"),
    Case("tokens-labels-is-text.json", P.WRONG_TYPE, "tokens.labels"),
    Case("tokens-w-q-row-too-short.json", P.ROW_LENGTH, "tokens.w_q[1]"),
    Case("tokens-w-k-rows-mismatch.json", P.ROW_COUNT, "tokens.w_k"),
    Case("tokens-w-v-rows-mismatch.json", P.VALUE_ROWS, "tokens.w_v"),
    Case("tokens-embedding-of-other-dimension.json", P.ROW_LENGTH, "tokens.embeddings[2]"),
    Case("tokens-missing-w-v.json", P.MISSING, "tokens.w_v"),
    Case("tokens-unknown-field.json", P.UNKNOWN, "tokens.bias"),
    Case("tokens-is-list.json", P.WRONG_TYPE, "tokens"),
    Case("tokens-w-q-is-number.json", P.WRONG_TYPE, "tokens.w_q"),
    Case("tokens-w-q-seventeen-rows.json", P.BAD_ROWS, "tokens.w_q"),
    Case("tokens-entry-nan.json", P.NOT_FINITE, "tokens.w_k[0][1]"),
    Case("tokens-entry-beyond-limit.json", P.OUT_OF_RANGE, "tokens.embeddings[0][0]"),
    Case("tokens-derived-beyond-limit.json", P.DERIVED_OUT_OF_RANGE, "tokens.w_q"),
    Case("tokens-mask-rows-mismatch.json", P.ROW_MISMATCH, "mask"),
    Case("tokens-selected-query-beyond.json", P.OUT_OF_RANGE, "selected_query"),
    Case("v1-with-tokens.json", P.UNKNOWN, "tokens"),
    # Made by the test, not committed.
    Case("ten-thousand-keys.json", P.BAD_COUNT, "keys", _ten_thousand_keys),
    Case("fifty-megabytes.json", P.TOO_LARGE, "", _fifty_megabytes),
    Case("deep-nesting.json", P.NOT_JSON, "", lambda: b"[" * 100_000),
    Case(
        "deep-nesting-in-field.json",
        P.NOT_JSON,
        "",
        lambda: b'{"query": ' + b"[" * 100_000 + b"]" * 100_000 + b', "keys": [[1, 2]]}',
    ),
]

GOOD = [
    Case("good-minimal.json", None),
    Case("good-at-the-limits.json", None),
    Case("good-sixteen-dimensions.json", None),
    Case("good-one-dimension.json", None),
    Case("good-byte-order-mark.json", None),
    Case("good-all-masked.json", None),
    Case("good-tiny-numbers.json", None),
    Case("good-design-example-version-2.json", None),
    Case("good-sixty-four-queries-causal.json", None),
    Case("good-version-2-without-version.json", None),
    Case("good-tokens.json", None),
    Case("good-tokens-causal-without-version.json", None),
    Case("good-tokens-wide.json", None),
    Case("good-dropout-seed-beyond-31-bits.json", None),  # the seed a 32-bit spin box could not show
    Case("good-title-in-many-scripts.json", None),
]

ALL = BAD + GOOD


def committed_paths() -> list[Path]:
    """Every committed corpus file (the fuzzer opens copies of them)."""
    return [FOLDER / c.name for c in ALL if c.make is None]


# ---- not regular files --------------------------------------------------------------------------


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    os.mknod(path, stat.S_IFSOCK | 0o600)  # a socket's inode, as a bound server leaves it


def _device(path: Path) -> None:
    path.symlink_to("/dev/zero")  # a character device that never ends


def _folder(path: Path) -> None:
    path.mkdir()


def _link_to_fifo(path: Path) -> None:
    target = path.with_name(path.name + ".fifo")
    os.mkfifo(target)
    path.symlink_to(target.name)


@dataclass(frozen=True)
class Special:
    name: str
    make: Callable[[Path], None]
    problem: PathProblem

    def path(self, folder: Path, name: str | None = None) -> Path:
        """Made in `folder`, as `name` if given."""
        path = folder / (name or self.name)
        self.make(path)
        return path

    def __str__(self) -> str:
        return self.name


SPECIAL = [
    Special("fifo.json", _fifo, PathProblem.SPECIAL),
    Special("socket.json", _socket, PathProblem.SPECIAL),
    Special("device.json", _device, PathProblem.SPECIAL),
    Special("folder.json", _folder, PathProblem.FOLDER),
    Special("link-to-fifo.json", _link_to_fifo, PathProblem.SPECIAL),
]


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail with TimeoutError if the block takes longer (a blocked open is interrupted: SIGALRM)."""

    def interrupt(_signum, _frame):
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
