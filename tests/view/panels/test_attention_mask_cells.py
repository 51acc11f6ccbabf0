"""The attention table's mask column: a check box in each row, painted, with no widget per row."""

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref
from qk_explorer.view.attention.columns import COLUMNS

from ..helpers import act
from .test_attention_panel import panel_of

MASK = COLUMNS.index("mask")
LEFT = Qt.MouseButton.LeftButton


def scene_of_keys(count: int):
    keys = [(1 + i % 3, 0.25 * (i % 7) - 0.75) for i in range(count)]
    return make_scene((1.0, 0.5), keys, keys, [i % 5 != 4 for i in range(count)])


def test_sixty_four_keys_make_no_more_widgets_in_the_table_than_two(make_window):
    widgets = {}
    for count in (2, 64):
        table = panel_of(make_window(scene_of_keys(count))).table
        assert table.rowCount() == count
        widgets[count] = len(table.findChildren(QWidget))
    assert widgets[64] == widgets[2]


def test_a_click_on_a_box_masks_its_key_without_selecting_the_row_and_undo_brings_it_back(make_window):
    window = make_window(scene_of_keys(6))
    table = panel_of(window).table
    window.controller.select(QUERY)
    QTest.mouseClick(table.viewport(), LEFT, pos=table.mask_rect(1).center())
    assert window.controller.scene.mask == (True, False, True, True, False, True)
    assert not table.mask_checked(1) and table.cell_text(1, "mask") == ""
    assert table.selected_row() is None and window.controller.active == QUERY
    QTest.mouseClick(table.viewport(), LEFT, pos=table.mask_rect(4).center())
    assert table.mask_checked(4) and window.controller.scene.mask[4]
    act(window, "undo").trigger()
    assert window.controller.scene.mask == (True, False, True, True, False, True)
    assert not table.mask_checked(4)


def test_a_click_beside_the_box_selects_the_row_and_leaves_the_mask(make_window):
    window = make_window(scene_of_keys(6))
    table = panel_of(window).table
    cell = table.visualRect(table.model().index(2, MASK))
    beside = cell.topLeft() + (table.mask_rect(2).topLeft() - cell.topLeft()) / 2  # left of the box
    QTest.mouseClick(table.viewport(), LEFT, pos=beside)
    assert window.controller.active == key_ref(2) and table.selected_row() == 2
    assert window.controller.scene.mask == (True, True, True, True, False, True)


def test_space_flips_the_current_rows_mask(make_window):
    window = make_window(scene_of_keys(6))
    table = panel_of(window).table
    QTest.mouseClick(table.viewport(), LEFT, pos=table.visualRect(table.model().index(3, 0)).center())
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Space)
    assert not window.controller.scene.mask[3] and not table.mask_checked(3)
    QTest.keyClick(table, Qt.Key.Key_Space)
    assert window.controller.scene.mask[3] and table.mask_checked(3)


def test_each_box_tells_a_screen_reader_its_key_and_whether_it_takes_part(make_window):
    window = make_window(preset_scene("lesson-attention"), lang="es")
    table = panel_of(window).table
    window.controller.set_mask(1, False)
    QCoreApplication.processEvents()
    reader = QAccessible.queryAccessibleInterface(table)
    for row, checked in ((0, True), (1, False)):
        at = table.viewport().mapToGlobal(table.mask_rect(row).center())
        cell = reader.childAt(at.x(), at.y())
        assert cell.text(QAccessible.Text.Name) == f"k{'₁₂'[row]} participa"
        assert bool(cell.state().checked) == checked
        assert cell.state().checkable
