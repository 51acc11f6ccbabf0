"""Mid-drag the attention table paints its changed numbers itself, exactly as its delegate would."""

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.text.numbers import number
from qk_explorer.view.attention.columns import COLUMNS

from ..helpers import on_screen
from ..speed.test_drag_frame_work import largest_difference

LEFT, NO_KEYS = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
SCORE = COLUMNS.index("score")


def attention_window(make_window, theme="light"):
    keys = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.5), (0.5, -1.0), (2.0, 1.0)]
    window = make_window(make_scene((1.0, 2.0), keys, mask=[True, True, False, True, True]), theme=theme)
    window.controller.snap_enabled = False
    assert window.dock_shown("attention")
    return window, window.panel("attention")


class QDrag:
    """q's tip pressed and moved past the drag threshold; move() moves it on, let_go() releases."""

    def __init__(self, window, steps: int = 0):
        self.viewport = window.canvas.viewport()
        self.start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
        QTest.mousePress(self.viewport, LEFT, NO_KEYS, self.start)
        self.move(QPoint(8, 8))
        for i in range(steps):
            self.move(QPoint(10 + 7 * i, 8 - 9 * i))

    def move(self, offset: QPoint) -> None:
        self.at = self.start + offset
        QTest.mouseMove(self.viewport, self.at)
        QCoreApplication.processEvents()

    def let_go(self) -> None:
        QTest.mouseRelease(self.viewport, LEFT, NO_KEYS, self.at)
        QCoreApplication.processEvents()


def score_text(window, row: int) -> str:
    x = window.controller.results.attention.scores[row]
    return "—" if x is None else number(x, "en")


def test_mid_drag_the_numbers_are_painted_without_the_items_and_given_to_them_after(make_window):
    window, panel = attention_window(make_window)
    table = panel.table
    delegate = table.itemDelegateForColumn(SCORE)
    painted = []
    real_paint = delegate.paint
    delegate.paint = lambda *args: painted.append(1) or real_paint(*args)
    drag = QDrag(window, steps=2)
    painted.clear()  # the drag's first frames may give the cells to Qt (a font still settling)
    for i in range(5):
        drag.move(QPoint(10 + 6 * i, 8 - 5 * i))
    # The table shows the scene's numbers, its items still the drag's first ones.
    assert panel.table.cell_text(0, "score") == score_text(window, 0)
    assert table.item(0, SCORE).text() != score_text(window, 0)
    assert painted == []  # no number went through the delegate
    drag.let_go()
    assert [table.item(r, SCORE).text() for r in range(5)] == [score_text(window, r) for r in range(5)]


@pytest.mark.parametrize("theme", ["light", "dark", "high-contrast"])
def test_what_the_table_paints_mid_drag_is_what_qt_paints_from_the_items(make_window, theme):
    window, panel = attention_window(make_window, theme)
    panel.highlight(["scores", "weights"])
    drag = QDrag(window, steps=5)
    table = panel.table
    held = on_screen(table.viewport())
    table.release()
    table.viewport().repaint()  # the same numbers, now from the items, painted by Qt
    assert largest_difference(held, on_screen(table.viewport())) == 0
    drag.let_go()


def test_a_paint_beyond_the_changed_numbers_gives_the_items_their_numbers_first(make_window):
    window, panel = attention_window(make_window)
    drag = QDrag(window, steps=3)
    table = panel.table
    assert table.item(0, SCORE).text() != score_text(window, 0)
    table.viewport().repaint()  # the whole table, as when it is uncovered: Qt paints it
    assert [table.item(r, SCORE).text() for r in range(5)] == [score_text(window, r) for r in range(5)]
    drag.let_go()


def test_a_highlighted_weight_column_shows_its_highlight(make_window):
    window, panel = attention_window(make_window)
    table = panel.table
    panel.highlight(["weights"])
    QCoreApplication.processEvents()
    image = table.viewport().grab().toImage()
    rect = table.visualItemRect(table.item(2, COLUMNS.index("weight")))  # masked: no bar, a "0"
    assert QColor(image.pixel(rect.left() + 2, rect.top() + 2)) == QColor(window.theme.highlight)
