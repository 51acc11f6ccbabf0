"""Reading and writing files the user owns, safely.

Writes go through QSaveFile: the text lands in a temporary file that replaces
the target only once everything is written, so a failure half-way leaves the
old file intact. Reads refuse anything larger than a scene file can be before
loading it into memory.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QFile, QFileInfo, QIODevice, QSaveFile

from ..model.scene_file import MAX_FILE_BYTES


class FileError(Exception):
    """A file could not be read or written; the message names the file and the cause."""


def write_bytes(path: str, data: bytes) -> None:
    target = QSaveFile(path)
    if not target.open(QIODevice.OpenModeFlag.WriteOnly):
        raise FileError(f"{path}: {target.errorString()}")
    written = target.write(data)
    if written != len(data):
        message = target.errorString()
        target.cancelWriting()
        raise FileError(f"{path}: {message}")
    if not target.commit():
        raise FileError(f"{path}: {target.errorString()}")


def write_text(path: str, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def read_bytes(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes; a file past `limit` reads as limit + 1 bytes, for the caller to reject."""
    info = QFileInfo(path)
    if not info.exists():
        raise FileError(QCoreApplication.translate("FileIO", "{path}: no such file").format(path=path))
    if info.isDir():
        raise FileError(
            QCoreApplication.translate("FileIO", "{path} is a folder, not a file").format(path=path)
        )
    source = QFile(path)
    if not source.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileError(source.errorString())
    try:
        return bytes(source.read(limit + 1).data())
    finally:
        source.close()
