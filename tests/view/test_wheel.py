"""A mouse wheel never edits: over a combo box, spin box or slider without the focus it scrolls
the panel around it, in every panel the app builds (lazy ones too) and its dialogs."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSlider, QApplication, QComboBox, QWidget

from qk_explorer.model.presets import preset_scene
from qk_explorer.view.desktop.exporting import PictureSizeDialog
from qk_explorer.view.shell.wheel_guard import editor_under, is_editor

from .helpers import raise_panel

DOWN = QPoint(0, -120)  # one notch towards the user: a scroll area moves down


def wheel(widget: QWidget, delta: QPoint = DOWN) -> None:
    """A wheel notch over the middle of `widget`, as the pointer passing over it gives."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        delta,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def state(editor: QWidget):
    if isinstance(editor, QComboBox):
        return editor.currentIndex()
    if isinstance(editor, QAbstractSlider):
        return editor.value()
    return editor.text()  # a spin box, as it reads


def scroll_areas_around(widget: QWidget) -> list[QAbstractScrollArea]:
    out, parent = [], widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            out.append(parent)
        parent = parent.parentWidget()
    return out


def editors(root: QWidget) -> list[QWidget]:
    return [w for w in root.findChildren(QWidget) if is_editor(w)]


def check_every_editor(root: QWidget, window) -> tuple[int, int]:
    """Wheel over each editor of `root` that lacks the focus; (editors, panels scrolled)."""
    controller = window.controller
    scene, steps = controller.scene, controller.undo_stack.count()
    found = scrolled = 0
    window.canvas.setFocus()
    for editor in editors(root):
        assert not editor.hasFocus()
        found += 1
        around = [a for a in scroll_areas_around(editor) if a.isVisible()]
        for area in around:
            area.verticalScrollBar().setValue(0)
        could_scroll = any(a.verticalScrollBar().maximum() > 0 for a in around) and editor.isVisible()
        before = state(editor)
        wheel(editor)
        name = f"{type(editor).__name__} {editor.objectName()!r} in {type(editor.parentWidget()).__name__}"
        assert state(editor) == before, name
        assert controller.scene == scene and controller.undo_stack.count() == steps, name
        if could_scroll:
            assert any(a.verticalScrollBar().value() > 0 for a in around), name
            scrolled += 1
        # Clicked or tabbed into, it is the user's to change; the wheel never hands it the focus.
        assert editor.focusPolicy() & Qt.FocusPolicy.WheelFocus != Qt.FocusPolicy.WheelFocus, name
    return found, scrolled


def test_a_wheel_over_any_control_without_focus_changes_nothing_and_scrolls_the_panel(make_window):
    window = make_window(preset_scene("learned-projections"), size=(1280, 640))  # tokens: Projections too
    found = scrolled = 0
    for name, dock in window.docks.items():
        window.panel(name)  # built now if it is built lazily
        dock.show()
        dock.raise_()
        QApplication.processEvents()
        more, moved = check_every_editor(window.docks[name], window)
        found, scrolled = found + more, scrolled + moved
    dialog = PictureSizeDialog(window.canvas.viewport().size(), window)
    dialog.show()
    more, _ = check_every_editor(dialog, window)
    dialog.close()
    assert found + more >= 15  # scoring, matrix presets, entries, sliders, dimension …
    assert scrolled >= 3  # the panels too tall for their docks moved instead


def test_with_the_focus_the_wheel_still_edits(make_window, qtbot):
    window = make_window(preset_scene("lesson-attention"))
    panel = raise_panel(window, "attention")
    box = next(b for b in panel.findChildren(QComboBox) if b.isVisible() and b.isEnabled())
    window.activateWindow()
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    before = box.currentIndex()
    wheel(box, QPoint(0, -120) if before == 0 else QPoint(0, 120))
    assert box.currentIndex() != before


def test_a_spin_boxs_own_text_field_passes_the_wheel_on(make_window):
    window = make_window(preset_scene("question-1"))
    spin = window.coordinates.spin(window.controller.active, 0)
    assert editor_under(spin.lineEdit()) is spin
