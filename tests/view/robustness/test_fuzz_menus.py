"""A button with a menu in a fuzz run: its menu opens in a loop of its own that waits for a choice
(the menu bar's » in a narrow window), so the fuzzer closes it as a person would, and the run goes
on. Before, a long run stopped there for good."""

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMenu, QToolButton

from qk_explorer.model.presets import preset_scene
from tests.fuzz.fuzzer import Fuzzer


def test_clicking_the_menu_bars_extension_opens_its_menu_and_the_run_goes_on(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es", theme="projector", size=(500, 400))
    window.set_zoom(3.0)  # the largest type in a narrow window: the menus no longer fit the bar
    QApplication.processEvents()
    button = window.menuBar().findChild(QToolButton, "qt_menubar_ext_button")
    assert button is not None and button.isVisible()  # a window too narrow for its menus
    opened, rescued = [], []
    button.menu().aboutToShow.connect(lambda: opened.append(True))
    # Were the fuzzer to leave the menu open, the click would never return: close it after a while.
    rescue = QTimer(singleShot=True, interval=3000)
    rescue.timeout.connect(
        lambda: button.menu().isVisible() and (rescued.append(True), button.menu().close())
    )
    rescue.start()
    Fuzzer(window, seed=0)._operate(button)
    rescue.stop()
    assert opened
    assert not rescued
    assert not any(isinstance(w, QMenu) and w.isVisible() for w in QApplication.topLevelWidgets())
