"""Autosaves that cannot be read: each is read at most once, and the damaged ones may be removed.

An autosave folder can gather many of them (a disk that filled up, a profile copied
from elsewhere). Each was locked and read at every start — a thousand cost seconds —
and said again every time. Now each one found is remembered in the settings by its
name, size and time of change (its mark) and passed over at later starts unless it
changed; only the new ones are said.

They are never removed unasked: an autosave of a newer Q·K Explorer is read by that
version, and a named pipe or a device is not ours. Those that are merely damaged
(not JSON, not an autosave, fields out of range) are offered for removal with a
button in the status bar; it removes only those still as they were when read.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QFile
from PySide6.QtWidgets import QPushButton, QStatusBar

from ...model.safe_paths import printable
from ...model.scene_file import Problem, SceneFileError
from .file_io import FileError
from .settings_file import settings
from .status_note import tell

KEY = "autosave/unreadable"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Unreadable:
    path: str
    why: str  # one line
    damaged: bool  # a regular file no version of the app can read: it may be removed
    mark: str


def unreadable(path: str, error: Exception, mark_: str) -> Unreadable:
    """An autosave that `error` kept from being read."""
    why = str(error) if isinstance(error, FileError | SceneFileError) else repr(error)
    damaged = isinstance(error, SceneFileError) and error.problem is not Problem.FUTURE_VERSION
    return Unreadable(path, printable(why), damaged, mark_)


def mark(path: str) -> str:
    """The file as it is now: its name, size and time of change ("" when it is not there)."""
    try:
        st = os.stat(path)
    except OSError:
        return ""
    return f"{os.path.basename(path)}\t{st.st_size}\t{st.st_mtime_ns}"


def known() -> set[str]:
    """The marks of the autosaves found unreadable before."""
    store = settings()
    value = store.value(KEY, []) if store is not None else []
    value = [value] if isinstance(value, str) else value
    return {m for m in value if isinstance(m, str)} if isinstance(value, list) else set()


def remember(folder: str, before: set[str], found: list[Unreadable]) -> None:
    """Keep the marks of what is still unreadable: those known before that did not change, and
    those found now. (Another folder's marks go: one folder is used at a time.)"""
    still = {m for m in before if mark(os.path.join(folder, m.split("\t")[0])) == m}
    marks = sorted(still | {u.mark for u in found if u.mark})
    store = settings()
    if store is not None and set(marks) != before:
        store.setValue(KEY, marks)


def offer_removal(window, damaged: list[Unreadable]) -> QPushButton | None:
    """A button in the window's status bar that removes the damaged autosaves found, if any."""
    bar = window.findChild(QStatusBar)
    if not damaged or bar is None:
        return None
    label = (
        QCoreApplication.translate("Autosave", "Remove the Damaged Autosave")
        if len(damaged) == 1
        else QCoreApplication.translate("Autosave", "Remove {count} Damaged Autosaves")
    )
    button = QPushButton(label.format(count=len(damaged)))
    button.setObjectName("removeDamagedAutosaves")

    def remove() -> None:
        removed = [u for u in damaged if mark(u.path) == u.mark and QFile.remove(u.path)]
        bar.removeWidget(button)
        button.deleteLater()
        text = (
            QCoreApplication.translate("Autosave", "1 damaged autosave file removed.")
            if len(removed) == 1
            else QCoreApplication.translate("Autosave", "{count} damaged autosave files removed.")
        )
        tell(window, text.format(count=len(removed)), log)

    button.clicked.connect(remove)
    bar.addPermanentWidget(button)
    return button
