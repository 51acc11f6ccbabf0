"""Fixtures for tests that drive the real window with mouse and keyboard events."""

import pyqtgraph as pg
import pytest

from qk_explorer.app import build_window
from qk_explorer.model.presets import preset_scene

# pyqtgraph drops mouse moves closer than 10 ms apart; synthetic drags are faster.
pg.setConfigOptions(mouseRateLimit=0)


@pytest.fixture
def make_window(qtbot):
    def make(scene=None, lang="en", theme="light", size=(1280, 800)):
        window = build_window(scene or preset_scene("lesson-pair"), lang=lang, theme=theme)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.canvas.fit_scene()
        return window

    return make


@pytest.fixture
def window(make_window):
    return make_window()
