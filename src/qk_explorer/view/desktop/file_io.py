"""Reading and writing files the user owns, safely.

Only regular files are read or written (model/safe_paths.py): a named pipe,
a socket, a device or a folder is refused at once, with one line naming it,
before anything is opened or touched. Reads refuse anything larger than a
scene file can be before loading it into memory.

Writes go through QSaveFile: the text lands in a temporary file that replaces
the target only once everything is written, so a failure half-way leaves the
old file intact. A symlink to a regular file is followed, and the file it
points to is replaced atomically; the link stays.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QIODevice, QSaveFile

from ...model.safe_paths import Kind, PathError, PathProblem, printable, read_regular, writable_target
from ...model.scene_file import MAX_FILE_BYTES

log = logging.getLogger(__name__)


class FileError(Exception):
    """A file could not be read or written; the message is one line naming the file and the cause."""


def path_message(error: PathError) -> str:
    """A PathError in the interface's language, on one line."""
    kinds = {
        Kind.FIFO: QCoreApplication.translate("FileIO", "a named pipe (FIFO)"),
        Kind.SOCKET: QCoreApplication.translate("FileIO", "a socket"),
        Kind.DEVICE: QCoreApplication.translate("FileIO", "a device"),
        Kind.OTHER: QCoreApplication.translate("FileIO", "not a regular file"),
    }
    texts = {
        PathProblem.MISSING: QCoreApplication.translate("FileIO", "{path}: no such file"),
        PathProblem.FOLDER: QCoreApplication.translate("FileIO", "{path} is a folder, not a file"),
        PathProblem.SPECIAL: QCoreApplication.translate(
            "FileIO", "{path} is {kind}; only regular files are read or written"
        ),
        PathProblem.NO_FOLDER: QCoreApplication.translate(
            "FileIO", "{path}: the folder {folder} does not exist"
        ),
        PathProblem.NOT_UTF8: QCoreApplication.translate(
            "FileIO", "{path}: the name is not valid UTF-8; choose a name in UTF-8"
        ),
    }
    path = printable(error.path)
    if error.problem is PathProblem.OS_ERROR:
        return f"{path}: {printable(error.detail)}"
    detail = printable(error.detail)
    return texts[error.problem].format(path=path, kind=kinds.get(error.detail, detail), folder=detail)


def write_bytes(path: str, data: bytes) -> None:
    """Write `data` to `path` atomically; FileError (one line, naming `path`) if it may not or cannot."""
    try:
        target_path = writable_target(path)
    except PathError as error:
        raise FileError(path_message(error)) from None
    target = QSaveFile(target_path)
    name = printable(path)
    if not target.open(QIODevice.OpenModeFlag.WriteOnly):
        raise FileError(f"{name}: {target.errorString()}")
    written = target.write(data)
    if written != len(data):
        message = target.errorString()
        target.cancelWriting()
        raise FileError(f"{name}: {message}")
    if not target.commit():
        raise FileError(f"{name}: {target.errorString()}")


def write_text(path: str, text: str) -> None:
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate: readers refuse them, so it is a bug
        raise FileError(f"{printable(path)}: {printable(str(error))}") from None
    write_bytes(path, data)


def read_bytes(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The regular file's bytes; a file past `limit` reads as limit + 1 bytes, for the caller to reject."""
    try:
        return read_regular(path, limit)
    except PathError as error:
        raise FileError(path_message(error)) from None


def failure_text(path: str, error: Exception) -> str:
    """What went wrong writing `path`, on one line: a FileError's own words, else the error's
    kind and text (a write path turns every error into a message, never a traceback). An error
    nobody foresaw also goes to the log with its traceback, for whoever fixes it."""
    if isinstance(error, FileError):
        return str(error)
    log.error("writing %s failed", printable(path), exc_info=error)
    return f"{printable(path)}: {printable(f'{type(error).__name__}: {error}')}"
