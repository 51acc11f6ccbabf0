"""Keep test runs, the fuzzer and the benchmark away from the user's settings and autosaves."""

from __future__ import annotations

from pathlib import Path


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
