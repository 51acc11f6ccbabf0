"""Shared test setup: Qt offscreen, settings and autosaves in a temporary folder."""

import os

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# ./test.sh runs with this profile (--hypothesis-profile=ci). On a loaded, shared machine making
# the inputs is slow and a single example can take long: the "too slow" health check and the
# deadline then measure the machine, not the code. The examples are the same and as many.
# Built on "default" by name: where the CI variable is set, hypothesis has its own "ci" profile
# (derandomised, no database) and a profile without a parent would inherit from it.
settings.register_profile(
    "ci",
    parent=settings.get_profile("default"),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def pytest_configure(config):
    from tests.isolation import isolate_for_this_process

    isolate_for_this_process("qk-explorer-tests")


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", help="also run the long fuzz and soak runs")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="long run: use --long")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fresh_settings_and_autosave_folder(tmp_path, monkeypatch):
    """Every test starts with no remembered settings and its own empty autosave folder."""
    from PySide6.QtCore import QSettings

    from qk_explorer.view.desktop import autosave

    QSettings().clear()
    monkeypatch.setattr(autosave, "default_folder", lambda: str(tmp_path / "autosave"))
    from qk_explorer.text import numbers

    numbers.set_point_always(False)  # the decimal separator follows the language unless a test says
