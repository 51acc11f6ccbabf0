"""Fixtures for tests that drive the real window with mouse and keyboard events."""

import pyqtgraph as pg
import pytest

from qk_explorer.model.presets import preset_scene
from qk_explorer.window import build_window

# pyqtgraph drops mouse moves closer than 10 ms apart; synthetic drags are faster.
pg.setConfigOptions(mouseRateLimit=0)


@pytest.fixture(autouse=True)
def _windows_close_without_asking(monkeypatch):
    """A window closing at a test's end must not stop to ask about unsaved changes (a modal box).

    Tests of that question replace the answer with their own.
    """
    from qk_explorer.view.desktop import documents

    monkeypatch.setattr(documents, "ask_save_changes", lambda parent, name: documents.Choice.DISCARD)


@pytest.fixture
def make_window(qtbot):
    made = []

    def make(scene=None, lang="en", theme="light", size=(1280, 800)):
        window = build_window(scene or preset_scene("lesson-pair"), lang=lang, theme=theme)
        made.append(window)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.canvas.fit_scene()
        return window

    yield make
    # Translators are installed application-wide: a Spanish window must not outlive its test.
    for window in made:
        window.translations.load("en")


@pytest.fixture
def start_remembered(qtbot):
    """Start the app as a user would (settings remembered); windows leave English installed behind them."""
    from PySide6.QtWidgets import QApplication

    made = []
    font, palette = QApplication.font(), QApplication.palette()

    def start(lang=None, theme=None):
        window = build_window(preset_scene("lesson-pair"), lang=lang, theme=theme, remember=True)
        made.append(window)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    yield start
    # Fonts, colours and translators are application-wide: put them back for the next test.
    for window in made:
        window.translations.load("en")
    QApplication.setFont(font)
    QApplication.setPalette(palette)


@pytest.fixture
def window(make_window):
    return make_window()


@pytest.fixture(autouse=True)
def _delete_closed_windows():
    """Windows closed at the end of a test are deleted before the next one starts.

    pytest-qt closes them with deleteLater(), which only runs when an event loop
    gets to it; leftover windows would slow every later test and leak state.
    """
    yield
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
