"""Shared test setup: Qt offscreen, settings and autosaves in a temporary folder."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_configure(config):
    import tempfile

    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

    # Never read or write the real user's settings and autosaves.
    QStandardPaths.setTestModeEnabled(True)
    folder = tempfile.mkdtemp(prefix="qk-settings-")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, folder)
    QCoreApplication.setOrganizationName("qk-explorer-tests")
    QCoreApplication.setApplicationName("qk-explorer-tests")


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", help="also run the long fuzz and soak runs")


def pytest_collection_modifyitems(config, items):
    import pytest

    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="long run: use --long")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)
