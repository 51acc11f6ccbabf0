"""Keep test runs, the fuzzer and the benchmark away from the user's settings and autosaves."""

from __future__ import annotations

import tempfile
from pathlib import Path

_FOLDERS: dict[str, tempfile.TemporaryDirectory] = {}


def isolate_for_this_process(name: str) -> None:
    """Settings and autosaves in a temporary folder of this process's own, removed when it ends
    (a folder left at each run piles up in the machine's temporary folder)."""
    if name not in _FOLDERS:
        _FOLDERS[name] = tempfile.TemporaryDirectory(prefix=f"{name}-")
    isolate(Path(_FOLDERS[name].name), name)


def remove_folders() -> None:
    """For a process that ends with os._exit, which leaves the folders' finalizers unrun."""
    for folder in _FOLDERS.values():
        folder.cleanup()


def isolate(folder: Path, name: str) -> None:
    """Settings and autosaves go under `folder`; `name` is the application name they use."""
    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

    from qk_explorer.view.desktop import autosave

    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder / "settings"))
    QCoreApplication.setOrganizationName(name)
    QCoreApplication.setApplicationName(name)
    autosave.default_folder = lambda: str(folder / "autosave")
