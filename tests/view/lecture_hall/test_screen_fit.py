"""The window fits its screen: the first start, a remembered size and a remembered dock layout."""

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QTabBar

from qk_explorer import cli
from qk_explorer.app import show_window
from qk_explorer.model.presets import preset_scene
from qk_explorer.view.desktop import preferences
from qk_explorer.view.shell import screen_fit
from qk_explorer.window import build_window

LAPTOP = QRect(0, 0, 1366, 740)  # 1366 × 768 less a task bar


@pytest.fixture
def small_screen(monkeypatch):
    monkeypatch.setattr(screen_fit, "available_geometry", lambda window: QRect(LAPTOP))
    return LAPTOP


@pytest.fixture
def start(qtbot):
    """Start as a user would: remembered settings, no --size."""
    made = []
    font, palette = QApplication.font(), QApplication.palette()

    def run(theme="projector", preset="lesson-attention"):
        window = build_window(preset_scene(preset), lang="es", theme=theme, remember=True)
        made.append(window)
        qtbot.addWidget(window)
        show_window(window, cli.parse([]))
        qtbot.waitExposed(window)
        QApplication.processEvents()
        return window

    yield run
    for window in made:
        window.translations.load("en")
    QApplication.setFont(font)
    QApplication.setPalette(palette)


def inside(window, room: QRect) -> bool:
    return room.contains(window.frameGeometry())


def test_the_first_start_fits_a_small_screen(start, small_screen):
    window = start()
    assert inside(window, small_screen)
    # The canvas's x-axis and the dock tabs are on screen: the whole window is.
    assert window.height() <= small_screen.height()
    bottom_of_canvas = window.canvas.mapTo(window, window.canvas.rect().bottomLeft()).y()
    assert bottom_of_canvas < window.height()


def test_a_size_and_docks_remembered_from_a_big_monitor_are_clamped(qtbot, small_screen):
    big = build_window(preset_scene("lesson-attention"), lang="es", theme="projector")
    qtbot.addWidget(big)
    big.setGeometry(40, 60, 2400, 1300)  # as it was left on a 2560 × 1440 monitor
    big.show()
    for name, width in (("lesson", 900), ("numbers", 1000)):
        big.resizeDocks([big.docks[name]], [width], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    assert big.docks["lesson"].width() + big.docks["numbers"].width() > 1800
    geometry, state = big.geometry(), big.saveState(preferences.STATE_VERSION)

    # What Preferences.restore() gives the next start: that geometry and that dock layout.
    window = build_window(preset_scene("lesson-attention"), lang="es", theme="projector")
    qtbot.addWidget(window)
    window.setGeometry(geometry)
    window.restoreState(state, preferences.STATE_VERSION)
    show_window(window, cli.parse([]))
    QApplication.processEvents()
    assert inside(window, small_screen)
    # The drawing keeps a usable share of the width; the docks are still there.
    assert window.canvas.width() >= 0.4 * window.width()
    assert window.docks["lesson"].isVisible() and window.docks["numbers"].isVisible()
    assert window.docks["lesson"].width() > 150 and window.docks["numbers"].width() > 150


def test_an_explicit_size_is_kept(qtbot, small_screen):
    window = build_window(preset_scene("lesson-pair"), lang="en", theme="light")
    qtbot.addWidget(window)
    show_window(window, cli.parse(["--size", "1600x1000"]))
    assert (window.width(), window.height()) == (1600, 1000)  # a screenshot's size is asked for


def test_dock_tab_titles_are_never_cut_short(start, small_screen):
    window = start(theme="projector")
    bars = [bar for bar in window.findChildren(QTabBar) if bar.count()]
    assert bars
    for bar in bars:
        assert bar.elideMode() == Qt.TextElideMode.ElideNone
        titles = [bar.tabText(i) for i in range(bar.count())]
        assert "Atención" in titles or "Coordenadas" in titles
