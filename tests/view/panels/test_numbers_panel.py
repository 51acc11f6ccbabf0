"""The numbers panel: names beside their values, or above them in a dock too narrow for both."""

import pytest
from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette, QTextDocument

from qk_explorer.model.presets import preset_scene

from ..helpers import raise_panel


def settle():
    for _ in range(3):
        QCoreApplication.processEvents()


def test_a_narrow_dock_puts_each_value_under_its_name_and_a_wide_one_beside_it(make_window):
    window = make_window(preset_scene("lesson-pair"))
    dock, panel = window.docks["numbers"], window.panel("numbers")
    settle()
    assert not panel.stacked
    name, value = panel._names["dot"], panel._values["dot"]
    assert value.geometry().left() > name.geometry().right()  # beside

    window.resizeDocks([dock], [170], Qt.Orientation.Horizontal)
    settle()
    assert panel.stacked
    assert value.geometry().top() >= name.geometry().bottom()  # under
    assert dock.widget().horizontalScrollBar().maximum() == 0  # nothing off the edge
    assert panel.value_text("dot") == "2(1) + 1(2) = 4"

    window.resizeDocks([dock], [420], Qt.Orientation.Horizontal)
    settle()
    assert not panel.stacked
    assert value.geometry().left() > name.geometry().right()


def test_presenting_on_a_small_screen_keeps_every_value_in_sight(make_window):
    window = make_window(preset_scene("lesson-pair"), size=(800, 600))
    window.presentation.enter()
    settle()
    panel = window.panel("numbers")
    assert window.docks["numbers"].widget().horizontalScrollBar().maximum() == 0
    viewport = window.docks["numbers"].widget().viewport()
    for value in panel._values.values():
        if value.isVisible():
            right = value.mapTo(viewport, value.rect().topRight()).x()
            assert right <= viewport.width()
    window.presentation.leave()


def leading_bar_gap(html: str, font, shift: float) -> int:
    """How much lighter the column between the two strokes of the first ‖ is than the darker
    stroke, with the label's text drawn `shift` pixels right (0 or less: one grey block)."""
    doc = QTextDocument()
    doc.setDefaultFont(font)
    doc.setDocumentMargin(0)
    doc.setHtml(html)
    size = doc.size().toSize()
    image = QImage(size.width() + 4, size.height(), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(1 + shift, 0)
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Text, QColor("black"))
    doc.documentLayout().draw(painter, _context(palette, QRectF(0, 0, size.width(), size.height())))
    painter.end()

    def inked(x):  # grey ink: the bars; the coloured name is the vector's
        pixels = [image.pixelColor(x, y) for y in range(image.height())]
        grey = [c for c in pixels if c.red() < 230 and max(c.getRgb()[:3]) - min(c.getRgb()[:3]) < 40]
        coloured = any(max(c.getRgb()[:3]) - min(c.getRgb()[:3]) >= 60 for c in pixels)
        return bool(grey), coloured

    columns = []
    for x in range(image.width()):
        grey, coloured = inked(x)
        if coloured:
            break
        if grey or columns:
            columns.append(x)
    rows = [y for y in range(image.height()) if image.pixelColor(columns[0] + 1, y).red() < 230]
    middle = (rows[0] + rows[-1]) // 2 if rows else image.height() // 2
    profile = [min(image.pixelColor(x, y).red() for y in (middle - 1, middle, middle + 1)) for x in columns]
    best = -255
    for a in range(len(profile)):
        for b in range(a + 2, len(profile)):
            best = max(best, max(profile[a + 1 : b]) - max(profile[a], profile[b]))
    return best


def _context(palette, clip):
    from PySide6.QtGui import QAbstractTextDocumentLayout

    context = QAbstractTextDocumentLayout.PaintContext()
    context.palette = palette
    context.clip = clip
    return context


@pytest.mark.parametrize("panel_name", ["numbers", "magnitude"])
def test_the_double_bars_of_a_length_stay_two_lines_wherever_they_fall(make_window, panel_name):
    # At the usual 12-pixel type the two strokes of ‖ smeared into one grey block in front
    # of ‖q‖ and ‖k₁‖: draw the label's own text at every eighth of a pixel and look.
    window = make_window(preset_scene("lesson-pair"))
    panel = raise_panel(window, panel_name)
    label = panel._names["norm_q"]
    assert "‖" in label.text()
    for eighth in range(8):
        gap = leading_bar_gap(label.text(), label.font(), eighth / 8)
        assert gap >= 60, (eighth, gap)


def test_the_lessons_exact_forms_stand_before_the_decimals(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es")
    panel = window.numbers
    assert panel.value_text("norm_q") == "√5 ≈ 2,236" and panel.value_text("norm_k") == "√5 ≈ 2,236"
    assert panel.value_text("comp") == "4/√5 ≈ 1,789"
    assert panel.value_text("proj") == "(4/5)·k₁ = (0,8; 1,6)"
    assert panel.value_text("cosine") == "0,8"  # already exact: no form beside it

    window = make_window(preset_scene("same-dot-aligned"))  # q = (4, 0), k = (1, 0): nothing to add
    assert [window.numbers.value_text(r) for r in ("norm_q", "norm_k", "comp", "proj")] == [
        "4",
        "1",
        "4",
        "4·k₁ = (4, 0)",
    ]
