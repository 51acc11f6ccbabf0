"""The app's settings (QSettings), used only when every file they come from is a regular file.

QSettings reads its files as it is made: the user's <config>/qk-explorer/qk-explorer.conf,
the organisation's qk-explorer.conf beside it, and the same two under each system config
folder (XDG_CONFIG_DIRS). A named pipe at any of those paths blocks it for ever, and a
later write would replace a special file with a regular one. So, before any QSettings is
made, those paths are looked at: when one of them exists and is not a regular file, this
run uses no settings at all — the defaults apply, nothing is read and nothing is written —
and the log says so once (the window's status bar too, through unusable()).
"""

from __future__ import annotations

import logging
import os
import stat

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

from ...model.safe_paths import Kind, PathError, PathProblem, kind

log = logging.getLogger(__name__)

# An organisation no one has: a QSettings made for it shows where QSettings looks (its folder
# and suffix, which the tests move with QSettings.setPath) without a file of ours being opened.
_PROBE = "qk-explorer-settings-location-probe"
_said: set[str] = set()


def candidate_files() -> list[str]:
    """Every file QSettings() reads for this application (most need not exist)."""
    org = QCoreApplication.organizationName() or "Unknown Organization"
    app = QCoreApplication.applicationName()
    probes = [
        QSettings(QSettings.defaultFormat(), scope, _PROBE, _PROBE).fileName()
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope)
    ]
    suffix = os.path.splitext(probes[0])[1]
    folders = [os.path.dirname(os.path.dirname(probe)) for probe in probes]
    folders += QStandardPaths.standardLocations(QStandardPaths.StandardLocation.GenericConfigLocation)[1:]
    names = [os.path.join(org, app + suffix), org + suffix] if app else [org + suffix]
    return [os.path.join(folder, name) for folder in dict.fromkeys(folders) for name in names]


def unusable() -> PathError | None:
    """What keeps the settings from being used: the first of their files that is not a regular file."""
    for path in candidate_files():
        try:
            mode = os.stat(path).st_mode
        except OSError:
            continue  # not there (or not even to be looked at): nothing QSettings can block on
        if stat.S_ISDIR(mode):
            return PathError(PathProblem.FOLDER, path)
        if not stat.S_ISREG(mode):
            return PathError(PathProblem.SPECIAL, path, kind(mode) or Kind.OTHER)
    return None


def settings() -> QSettings | None:
    """The app's QSettings, or None when a file of theirs is not a regular file (said once)."""
    problem = unusable()
    if problem is None:
        return QSettings()
    if problem.path not in _said:
        _said.add(problem.path)
        log.warning("settings not used, the defaults apply and nothing is saved: %s", problem)
    return None
