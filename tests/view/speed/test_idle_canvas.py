"""A canvas left alone stops painting: no layout or range loop keeps it busy."""

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject

from qk_explorer.model.presets import PRESETS, preset_scene


class PaintCounter(QObject):
    def __init__(self):
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event):
        self.count += event.type() == QEvent.Type.Paint
        return False


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("size", [(1280, 800), (900, 700), (1280, 720)])
def test_an_idle_canvas_does_not_repaint(make_window, name, size):
    window = make_window(preset_scene(name), size=size)
    window.canvas.fit_scene()
    for _ in range(5):
        QCoreApplication.processEvents()
    counter = PaintCounter()
    window.canvas.viewport().installEventFilter(counter)
    for _ in range(5):
        QCoreApplication.processEvents()
    assert counter.count == 0
