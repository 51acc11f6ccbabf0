"""Every widget takes the application's new type size, also when the high-contrast theme's style
sheet is on or has been.

Without Qt's AA_UseStyleSheetPropagationInWidgetStyles it was not so: under the sheet, Qt hands
each widget the new size in the order of its set of all widgets (an order by address, another in
each process), and a widget whose parent had not got it yet kept the old one. Which panels kept it
changed from run to run, so the same fuzz seed laid the window out otherwise and took another path
(a tip one pixel off, then other events)."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from qk_explorer.model.presets import preset_scene


def widgets_off_their_parents_size(window) -> list[str]:
    """Widgets with no type of their own whose size is not their parent's."""
    off = []
    for widget in window.findChildren(QWidget):
        parent = widget.parentWidget()
        if parent is None or widget.isWindow() or widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            continue
        if widget.font().pointSizeF() != parent.font().pointSizeF():
            off.append(f"{type(widget).__name__} {widget.objectName()!r} in {parent.objectName()!r}")
    return off


def test_zooming_and_switching_to_high_contrast_resize_the_type_of_every_panel(make_window):
    window = make_window(preset_scene("lesson-attention"))
    for name in window.docks:
        window.show_dock(name)
    steps = ("out", "high-contrast", "in", "out", "light", "in", "high-contrast", "projector", "out", "dark")
    for step in steps:
        if step in ("in", "out"):
            window.set_zoom(1.0 if step == "in" else 1 / 1.15)
        else:
            window.set_theme(step)
        QApplication.processEvents()
        assert widgets_off_their_parents_size(window) == [], step
        assert window.font().pointSizeF() == QApplication.font().pointSizeF(), step
