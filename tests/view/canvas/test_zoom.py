"""The global zoom (Ctrl +, Ctrl −, Ctrl 0) makes text and strokes bigger everywhere, for the back row."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.view import theme as themes


def sizes(window):
    canvas = window.canvas
    axis = canvas.getPlotItem().getAxis("bottom")
    spin = window.coordinates.spin(QUERY, 0)
    return {
        "arrow": canvas._query._width,
        "label": canvas._query._font.pointSizeF(),
        "pair": canvas._pair._width,
        "grid axis": canvas._grid._axis_width,
        "axis pen": axis.pen().widthF(),
        "ticks": axis.style["tickFont"].pointSizeF(),
        "panel text": window.numbers._values["dot"].font().pointSizeF(),
        "table text": spin.font().pointSizeF(),
        "table row": window.coordinates._table.rowHeight(0),
    }


def ink(window, colour: str) -> int:
    """How many pixels of the canvas are drawn in `colour` (the arrow and its label)."""
    QApplication.processEvents()
    image = window.canvas.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    target = QColor(colour)
    bgr = np.array([target.blue(), target.green(), target.red()])
    return int((np.abs(pixels[..., :3].astype(int) - bgr).sum(axis=2) < 30).sum())


def test_ctrl_plus_and_ctrl_zero_scale_everything_and_come_back(make_window):
    window = make_window(preset_scene("lesson-pair"), theme="light")
    window.activateWindow()
    QApplication.processEvents()
    window.canvas.setFocus()
    before, ink_before = sizes(window), ink(window, themes.LIGHT.query)
    for _ in range(3):
        QTest.keyClick(window.canvas, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    after = sizes(window)
    factor = 1.15**3
    for name in ("arrow", "label", "pair", "panel text", "table text"):
        assert after[name] == pytest.approx(before[name] * factor, rel=0.02), name
    for name in ("grid axis", "axis pen", "ticks", "table row"):
        assert after[name] > before[name] * 1.2, name
    assert ink(window, themes.LIGHT.query) > ink_before * 1.5  # thicker q, bigger head and label

    QTest.keyClick(window.canvas, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert sizes(window) == before

    QTest.keyClick(window.canvas, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert sizes(window)["label"] == pytest.approx(before["label"] / 1.15, rel=0.02)


def test_fonts_are_scaled_once_not_twice(make_window):
    # A projector theme's labels are its font scale times the normal ones, not its square.
    light = make_window(theme="light").canvas._query._font.pointSizeF()
    projector = make_window(theme="projector").canvas._query._font.pointSizeF()
    assert projector == pytest.approx(light * themes.PROJECTOR.font_scale, rel=0.01)


def test_wheel_zooms_do_not_lay_out_the_axes_hidden_titles(make_window, monkeypatch):
    window = make_window(preset_scene("lesson-pair"))
    laid_out = []
    for side in ("left", "bottom", "top", "right"):
        label = window.canvas.getPlotItem().getAxis(side).label
        monkeypatch.setattr(label, "setHtml", lambda html, s=side: laid_out.append(s))
    viewport = window.canvas.viewport()
    centre = viewport.rect().center()
    span = window.canvas.getPlotItem().vb.viewRange()[0]
    for step in (120, 120, -120):
        event = QWheelEvent(
            QPointF(centre),
            QPointF(viewport.mapToGlobal(centre)),
            QPoint(0, 0),
            QPoint(0, step),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(viewport, event)
        QApplication.processEvents()
    assert window.canvas.getPlotItem().vb.viewRange()[0] != span  # the view did zoom
    assert laid_out == []
