"""Which paths the app reads and writes: regular files only, nothing that blocks or gets replaced.

Reading a named pipe (FIFO) waits for a writer that never comes, a device can
stream without end, and an atomic save renames a new file over whatever is at
the path — a FIFO, a device node or a socket would be replaced by a regular
file. So:

- read_regular(path) reads only a regular file (symlinks followed), checked
  with os.stat before opening and with os.fstat after, and opened with
  O_NONBLOCK so that nothing can block even if the path changes in between;
- writable_target(path) is the one answer to "may I write here": a new path
  in an existing folder, or a regular file; a symlink to a regular file
  gives the file it points to, so the atomic save happens there and the link
  stays. Anything else is refused, and nothing is touched. So is a name
  that is not UTF-8 (bytes Python holds as lone surrogates): Qt, which writes
  the file, names files in UTF-8 and would write under another name.

Every refusal is a PathError whose str() is one line naming the path, with
control characters escaped (printable). Only the standard library is used.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from enum import StrEnum


class PathProblem(StrEnum):
    MISSING = "missing"  # nothing at the path
    FOLDER = "folder"  # a directory where a file is wanted
    SPECIAL = "special"  # a FIFO, socket or device: detail says which
    NO_FOLDER = "no-folder"  # writing: the folder to write in does not exist
    NOT_UTF8 = "not-utf8"  # writing: a name whose bytes are not UTF-8 (Qt would write another name)
    OS_ERROR = "os-error"  # what the system refused, in its own words (detail)


class Kind(StrEnum):
    """What a special file is."""

    FIFO = "a named pipe (FIFO)"
    SOCKET = "a socket"
    DEVICE = "a device"
    OTHER = "not a regular file"


_ENGLISH = {
    PathProblem.MISSING: "{path}: no such file",
    PathProblem.FOLDER: "{path} is a folder, not a file",
    PathProblem.SPECIAL: "{path} is {detail}; only regular files are read or written",
    PathProblem.NO_FOLDER: "{path}: the folder {detail} does not exist",
    PathProblem.NOT_UTF8: "{path}: the name is not valid UTF-8; choose a name in UTF-8",
    PathProblem.OS_ERROR: "{path}: {detail}",
}


@dataclass(frozen=True)
class PathError(Exception):
    """A path that may not be read or written; str() is one English line naming it."""

    problem: PathProblem
    path: str
    detail: str = ""  # a Kind for SPECIAL, the folder for NO_FOLDER, the system's words for OS_ERROR

    def __str__(self) -> str:
        return _ENGLISH[self.problem].format(path=printable(self.path), detail=printable(self.detail))


def printable(text: str) -> str:
    """`text` on one line: control characters, line separators and lone surrogates escaped
    (a newline becomes \\n, a NUL \\x00), everything printable kept as it is."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else _escape(c) for c in text)


def _escape(c: str) -> str:
    special = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if c in special:
        return special[c]
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def kind(mode: int) -> Kind:
    if stat.S_ISFIFO(mode):
        return Kind.FIFO
    if stat.S_ISSOCK(mode):
        return Kind.SOCKET
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Kind.DEVICE
    return Kind.OTHER


def os_error(path: str, error: OSError) -> PathError:
    """An OSError about `path` as a PathError: no such file, a folder, or the system's words."""
    if error.errno == errno.ENOENT:
        return PathError(PathProblem.MISSING, path)
    if error.errno == errno.EISDIR:
        return PathError(PathProblem.FOLDER, path)
    return PathError(PathProblem.OS_ERROR, path, error.strerror or str(error))


def _refuse_unless_regular(path: str, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise PathError(PathProblem.FOLDER, path)
    if not stat.S_ISREG(mode):
        raise PathError(PathProblem.SPECIAL, path, kind(mode))


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_READ_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def read_regular(path: str, limit: int) -> bytes:
    """The bytes of the regular file at `path` (symlinks followed); past `limit` it reads
    limit + 1 bytes, for the caller to refuse. Anything else raises PathError at once."""
    path = os.fspath(path)
    try:
        _refuse_unless_regular(path, os.stat(path).st_mode)
        fd = os.open(path, _READ_FLAGS)
    except OSError as error:
        raise os_error(path, error) from None
    try:
        _refuse_unless_regular(path, os.fstat(fd).st_mode)  # it may have changed since the stat
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise os_error(path, error) from None
    finally:
        os.close(fd)


def writable_target(path: str) -> str:
    """The one check before any write: where to write `path` atomically, or PathError.

    A new path (its folder must exist) or a regular file is written as it is; a symlink
    gives its final target, judged the same way. A folder, a FIFO, a socket or a device is
    refused, and so is a path the system will not even look at (a name too long, a loop),
    and a name that is not UTF-8, as the file it resolves to.
    """
    path = os.fspath(path)
    _refuse_unless_utf8(path, path)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return _new_file(path, path)
    except OSError as error:
        raise os_error(path, error) from None
    if not stat.S_ISLNK(mode):
        _refuse_unless_regular(path, mode)
        return path
    target = os.path.realpath(path)
    _refuse_unless_utf8(path, target)
    try:
        _refuse_unless_regular(path, os.stat(target).st_mode)
    except FileNotFoundError:
        return _new_file(path, target)  # a link to nothing yet: the file is made where it points
    except OSError as error:
        raise os_error(path, error) from None
    return target


def is_utf8_name(path: str) -> bool:
    """Whether the bytes the system has for `path` are its UTF-8 encoding: what Qt writes under."""
    try:
        return os.fsencode(path) == path.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: a byte that is not UTF-8, carried through
        return False


def _refuse_unless_utf8(path: str, name: str) -> None:
    if not is_utf8_name(name):
        raise PathError(PathProblem.NOT_UTF8, path)


def _new_file(path: str, target: str) -> str:
    folder = os.path.dirname(os.path.abspath(target))
    try:
        mode = os.stat(folder).st_mode
    except FileNotFoundError:
        raise PathError(PathProblem.NO_FOLDER, path, folder) from None
    except OSError as error:
        raise os_error(path, error) from None
    if not stat.S_ISDIR(mode):
        raise PathError(PathProblem.NO_FOLDER, path, folder)
    return target
