"""Moving through the panels with the keyboard, a ring in the theme's text colour shows where the
focus is — in every theme, the projector's and high contrast's included."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QScrollArea

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.view import theme as themes
from qk_explorer.view.shell.focus_ring import FocusRing


def activate(window):
    window.activateWindow()
    QApplication.processEvents()
    assert window.isActiveWindow()


def ring_pixels(window, widget, colour: str) -> int:
    """Pixels of `colour` on the window's own picture, along the top edge of `widget` and just
    outside it (where a ring is drawn, within its parent)."""
    picture = window.grab().toImage()
    wanted = QColor(colour).rgb()
    x = widget.width() // 2
    found = 0
    for y in range(-5, 5):
        point = widget.mapTo(window, QPoint(x, y))
        if widget.parentWidget().rect().contains(widget.mapToParent(QPoint(x, y))):
            found += picture.pixel(point) == wanted
    return found


@pytest.mark.parametrize("theme", ["light", "dark", "projector", "high-contrast"])
def test_ctrl_tab_and_tab_through_the_panels_show_a_ring(make_window, theme):
    window = make_window(preset_scene("lesson-pair"), theme=theme)
    ink = themes.THEMES[theme].foreground
    activate(window)
    window.canvas.setFocus()
    QTest.keyClick(window.canvas, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)  # out of the drawing
    seen = []
    for _ in range(4):
        focus = QApplication.focusWidget()
        assert focus is not window.canvas
        if focus.isVisible() and isinstance(focus, (QScrollArea, QAbstractSpinBox)):
            seen.append(type(focus).__name__)
            assert ring_pixels(window, focus, ink) >= 2, (theme, type(focus).__name__)
        QTest.keyClick(focus, Qt.Key.Key_Tab)
    assert "QScrollArea" in seen and "NumberSpin" in seen


def test_no_ring_after_a_click_nor_around_the_drawing(make_window):
    window = make_window(preset_scene("lesson-pair"), theme="projector")
    ring = window.findChild(FocusRing)
    activate(window)
    window.canvas.setFocus()
    assert ring.target is None  # the drawing marks the tip the keys move
    spin = window.coordinates.spin(window.controller.active, 0)
    QTest.mouseClick(spin.lineEdit(), Qt.MouseButton.LeftButton)
    assert spin.hasFocus() and ring.target is None  # the pointer shows where a click went
    QTest.keyClick(spin, Qt.Key.Key_Tab)
    assert ring.target is QApplication.focusWidget() and all(bar.isVisible() for bar in ring.bars())


def test_the_ring_follows_its_control_and_outlives_a_rebuilt_panel(make_window):
    window = make_window(preset_scene("lesson-pair"), theme="high-contrast")
    ring = window.findChild(FocusRing)
    activate(window)
    spin = window.coordinates.spin(QUERY, 1)
    spin.setFocus()
    assert ring.target is spin
    window.controller.set_dimension(3)  # the table is built anew: its boxes and the ring's bars go
    QApplication.processEvents()
    QTest.keyClick(window.coordinates.spin(QUERY, 0), Qt.Key.Key_Tab)
    target = ring.target
    assert target is not None and all(bar.parentWidget() is target.parentWidget() for bar in ring.bars())
