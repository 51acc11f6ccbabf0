"""The Q·Kᵀ matrix panel, driven with real mouse and key events on its grids' viewports."""

import csv
import io
import math

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref, query_ref
from qk_explorer.view import theme as themes
from qk_explorer.view import words
from qk_explorer.view.matrix.content import query_name

from ..helpers import act, on_screen, raise_panel, view_to_viewport

CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def several(make_window):
    window = make_window(preset_scene("several-queries"), size=(1600, 1000))
    return window, raise_panel(window, "matrix")


def point_at(grid, i, j) -> QPoint:
    return grid.cell_rect(i, j).center()


def hover(grid, i, j) -> None:
    QTest.mouseMove(grid.viewport(), point_at(grid, i, j))


def leave(panel) -> None:
    """The pointer leaves the grids: Qt sends their common parent a Leave event."""
    QApplication.sendEvent(panel.grids_area, QEvent(QEvent.Type.Leave))


def column(panel, grid, j):
    return [panel.cell_text(grid, i, j) for i in range(panel.cells[grid].shape[0])]


def test_the_panel_opens_by_itself_for_several_queries_and_shows_every_number(several):
    window, panel = several
    assert window.dock_shown("matrix")
    m = window.controller.results.matrix
    assert column(panel, "scores", 0) == ["1", "2", "1"]  # q₁, q₂, q₃ against k₁ = (1, 0)
    assert column(panel, "logits", 1) == ["1.41", "0.71", "0.71"]
    assert column(panel, "weights", 0) == ["0.33", "0.67", "0.5"]
    assert column(panel, "weights", 2) == ["1", "1", "1"]  # Σ of every row
    assert panel.cell_text("outputs", 0, 0) == "(0.33, 0.67)"
    grid = panel.grids["weights"]
    assert grid.row_labels == ["q₁", "q₂", "q₃"] and grid.column_labels == ["k₁", "k₂", "Σ"]
    assert "columns do not" in panel.notes.text()
    assert m.shape == (3, 2)


def test_hover_shows_the_pair_on_the_canvas_and_in_numbers_and_leaving_returns(several):
    window, panel = several
    c = window.controller
    hover(panel.grids["logits"], 2, 1)  # q₃ = (1, 1) against k₂ = (0, 1)
    assert (c.scene.selected_query, c.scene.selected_key) == (2, 1)
    assert window.numbers.value_text("q") == "(1, 1)"
    assert window.numbers.value_text("dot") == "1(0) + 1(1) = 1"
    assert window.canvas.tip_position(QUERY) == QPointF(1, 1)
    assert "q₃·k₂ = 1" in window.canvas.readout_text()
    for grid in panel.grids.values():
        assert grid.selected[0] == 2
    hover(panel.grids["scores"], 1, 0)
    assert (c.scene.selected_query, c.scene.selected_key) == (1, 0)
    leave(panel)
    assert (c.scene.selected_query, c.scene.selected_key) == (0, 0)
    assert window.canvas.tip_position(QUERY) == QPointF(1, 2)
    assert c.undo_stack.count() == 0  # pointing is not an edit


def test_click_pins_and_esc_releases(several):
    window, panel = several
    c, grid = window.controller, panel.grids["weights"]
    QTest.mouseClick(grid.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, point_at(grid, 1, 1))
    assert panel.pinned_label.isVisible() and "q₂·k₂" in panel.pinned_label.text()
    assert "Esc" in panel.pinned_label.text()
    hover(panel.grids["scores"], 2, 0)
    assert (c.scene.selected_query, c.scene.selected_key) == (2, 0)
    leave(panel)
    assert (c.scene.selected_query, c.scene.selected_key) == (1, 1)  # back to the pinned pair
    QTest.keyClick(grid, Qt.Key.Key_Escape)
    assert not panel.pinned_label.isVisible()
    assert (c.scene.selected_query, c.scene.selected_key) == (0, 0)  # as before the pin
    assert c.undo_stack.count() == 0


def test_a_selection_made_elsewhere_forgets_the_pin(several):
    window, panel = several
    grid = panel.grids["scores"]
    QTest.mouseClick(grid.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, point_at(grid, 2, 1))
    leave(panel)
    window.controller.select(key_ref(0))
    assert not panel.pinned_label.isVisible()
    assert window.controller.scene.selected_key == 0


def test_ctrl_click_masks_one_pair_and_undo_restores(several):
    window, panel = several
    c, grid = window.controller, panel.grids["logits"]
    QTest.mouseClick(grid.viewport(), LEFT, CTRL, point_at(grid, 1, 0))
    assert c.scene.mask_matrix == ((True, True), (False, True), (True, True))
    # Masked, the pair keeps its scaled logit, which the mask then makes −∞ before softmax.
    assert panel.cell_text("logits", 1, 0) == "1.41 → −∞" and panel.cells["logits"].masked[1, 0]
    assert panel.cell_text("weights", 1, 0) == "0" and panel.cell_text("weights", 1, 1) == "1"
    assert panel.cell_text("scores", 1, 0) == "2"  # a masked pair keeps its score
    assert c.undo_stack.count() == 1
    c.undo_stack.undo()
    assert c.scene.mask_matrix == ((True, True),) * 3
    assert panel.cell_text("logits", 1, 0) == "1.41"
    QTest.mouseClick(panel.mask_button, LEFT)  # "mask by click": a plain click masks
    QTest.mouseClick(grid.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, point_at(grid, 0, 1))
    assert not c.scene.mask_matrix[0][1] and not panel.pinned_label.isVisible()


def test_the_causal_box_and_its_action(several):
    window, panel = several
    c = window.controller
    QTest.mouseClick(panel.causal_box, LEFT)
    assert c.scene.causal and act(window, "causalMask").isChecked()
    assert column(panel, "logits", 1) == ["1.41 → −∞", "0.71", "0.71"]  # q₁ sees k₁ only
    assert panel.cell_text("weights", 0, 0) == "1"
    grid = panel.grids["logits"]
    QTest.mouseClick(grid.viewport(), LEFT, CTRL, point_at(grid, 0, 1))  # hidden by causal: no edit
    assert c.scene.mask_matrix == ((True, True),) * 3
    c.undo_stack.undo()
    assert not c.scene.causal and not panel.causal_box.isChecked()
    act(window, "causalMask").trigger()
    assert c.scene.causal and panel.causal_box.isChecked()


def test_add_and_remove_queries_with_buttons_and_shortcuts(several):
    window, panel = several
    c = window.controller
    QTest.mouseClick(panel.add_button, LEFT)
    assert c.scene.query_count == 4 and panel.cells["scores"].shape == (4, 2)
    assert panel.grids["scores"].row_labels[-1] == "q₄"
    assert act(window, "addQuery").shortcut().toString() == "Ctrl+Shift+K"
    while act(window, "addQuery").isEnabled():
        act(window, "addQuery").trigger()
    assert c.scene.query_count == 8 and not panel.add_button.isEnabled()
    QTest.mouseClick(panel.remove_button, LEFT)
    assert c.scene.query_count == 7
    assert act(window, "removeQuery").shortcut().toString() == "Ctrl+Shift+Del"
    shortcuts = [a.shortcut().toString() for a in window.findChildren(type(act(window, "addQuery")))]
    for name in ("addQuery", "removeQuery", "causalMask"):
        assert shortcuts.count(act(window, name).shortcut().toString()) == 1, name


def test_a_live_key_drag_changes_its_column_of_scores(several):
    window, panel = several
    c, canvas = window.controller, window.canvas
    viewport = canvas.viewport()
    a, b = view_to_viewport(canvas, (0, 1)), view_to_viewport(canvas, (0, 3))
    QTest.mousePress(viewport, LEFT, Qt.KeyboardModifier.NoModifier, a)
    for step in range(1, 9):
        p = a + (b - a) * (step / 8)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
    assert c.dragging and c.active == key_ref(1)
    assert column(panel, "scores", 1) == ["6", "3", "3"]  # q·(0, 3), still dragging
    assert column(panel, "scores", 0) == ["1", "2", "1"]
    assert panel.cell_text("weights", 0, 2) == "1"
    QTest.mouseRelease(viewport, LEFT, Qt.KeyboardModifier.NoModifier, b)


def test_a_drag_repaints_only_the_cells_that_moved(several, monkeypatch):
    window, panel = several
    blocks = {name: [] for name in panel.grids}
    for name, grid in panel.grids.items():
        monkeypatch.setattr(grid, "refresh", lambda block, n=name: blocks[n].append(block))
    c = window.controller
    c.drag_to(key_ref(0), (0.8, 0.3), free=True)  # within the colour scales: no recolouring
    assert blocks["scores"] == [(0, 3, 0, 1)] and blocks["logits"] == [(0, 3, 0, 1)]
    assert blocks["weights"][-1] == (0, 3, 0, 2)  # softmax couples each row; Σ stays 1
    c.end_drag()
    for b in blocks.values():
        b.clear()
    c.select(QUERY)
    c.drag_to(QUERY, (1.5, 1.5), free=True)  # q₁
    assert blocks["scores"] == [(0, 1, 0, 2)] and blocks["outputs"] == [(0, 1, 0, 1)]
    c.end_drag()


def test_every_cell_of_a_fully_masked_row_says_why_in_words(several):
    window, panel = several
    c = window.controller
    for j in range(2):
        c.set_cell_mask(1, j, False)
    reason = words.reason(c.results.matrix.undefined[1])
    for j in range(3):
        assert panel.cell_text("weights", 1, j) == "no key takes part"
    assert panel.cell_text("outputs", 1, 0) == words.undefined_word()
    assert f"{query_name(1)}: {reason}" in panel.notes.text()
    assert panel.grids["weights"].tooltip(1, 0).startswith(reason)
    texts = [panel.cell_text(g, i, j) for g in panel.grids for i, j in _cells(panel, g)]
    assert not any("nan" in t.lower() or "inf" in t.lower() for t in texts)


def _cells(panel, grid):
    rows, columns = panel.cells[grid].shape
    return [(i, j) for i in range(rows) for j in range(columns)]


def test_colours_come_from_the_named_colour_maps(several):
    window, panel = several
    window.controller.set_vector(key_ref(1), (-1.0, 3.0))  # negative scores too
    diverging, sequential = pg.colormap.get("CET-D1"), pg.colormap.get("viridis")
    m = window.controller.results.matrix
    for name, values in (("scores", m.scores), ("logits", m.logits), ("weights", m.weights)):
        cells = panel.cells[name]
        assert cells.scale.name == ("viridis" if name == "weights" else "CET-D1")
        for i, j in _cells(panel, name):
            if not cells.coloured(i, j):
                continue
            x = values[i][j]
            t = x if name == "weights" else (x / cells.scale.bound + 1) / 2
            expected = (diverging if name != "weights" else sequential).map(t, mode="qcolor")
            got = panel.grids[name].cell_inks(i, j)[1]
            assert max(abs(a - b) for a, b in zip(got.getRgb()[:3], expected.getRgb()[:3])) <= 3
    assert panel.cells["scores"].scale.bound >= max(abs(x) for row in m.scores for x in row)


@pytest.mark.parametrize("name", sorted(themes.THEMES))
def test_every_cell_and_header_is_legible_in_every_theme(several, name):
    window, panel = several
    c = window.controller
    c.set_cell_mask(0, 1, False)
    for j in range(2):
        c.set_cell_mask(2, j, False)  # a row in words
    window.set_theme(name)
    for grid_name, grid in panel.grids.items():
        for i, j in _cells(panel, grid_name):
            text, ground, hatch = grid.cell_inks(i, j)
            ratio = themes.contrast_ratio(text.name(), ground.name())
            assert ratio >= 4.5, (name, grid_name, i, j, text.name(), ground.name())
            if hatch is not None:
                assert themes.contrast_ratio(text.name(), hatch.name()) >= 4.5
        for text, ground in grid.header_inks():
            assert themes.contrast_ratio(text.name(), ground.name()) >= 4.5, (name, grid_name, text.name())


def test_numbers_in_spanish_have_a_decimal_comma(make_window):
    window = make_window(preset_scene("several-queries"), lang="es")
    panel = raise_panel(window, "matrix")
    assert panel.cell_text("logits", 0, 1) == "1,41"
    assert panel.cell_text("outputs", 0, 0) == "(0,33; 0,67)"
    assert panel.titles["scores"].text() == "Puntuaciones QKᵀ"


def test_export_the_grids_as_csv_and_as_a_picture(several, tmp_path):
    window, panel = several
    window.controller.set_cell_mask(2, 0, False)
    assert window.desktop.exporting.export("exportMatrixCsv", str(tmp_path / "m.csv"))
    rows = list(csv.reader(io.StringIO((tmp_path / "m.csv").read_text())))
    assert rows[0] == ["grid", "query", "k1", "k2", "sum", "note"]
    m = window.controller.results.matrix
    by_grid = {(r[0], r[1]): r for r in rows}
    assert [float(x) for x in by_grid[("scores", "q2")][2:4]] == list(m.scores[1])
    assert float(by_grid[("weights", "q1")][4]) == pytest.approx(1.0)
    assert by_grid[("mask", "q3")][2:4] == ["false", "true"] and "k1" in by_grid[("logits", "q3")][5]
    assert math.isfinite(float(by_grid[("logits", "q3")][2]))
    assert window.desktop.exporting.export("exportMatrixPng", str(tmp_path / "m.png"))
    image = QImage(str(tmp_path / "m.png"))
    widths = sum(g.full_size().width() for g in panel.grids.values())
    assert image.width() >= 2 * widths and image.height() > 2 * panel.grids["scores"].full_size().height()
    names = [a.objectName() for a in window.findChild(type(window.menus["file"]), "exportMenu").actions()]
    assert {"exportMatrixCsv", "exportMatrixPng"} <= set(names)


def test_lesson_highlights_reach_the_matrix(make_window):
    window = make_window()  # one query: the panel is not built yet
    assert window.panels.get("matrix") is None
    window.highlight({"matrix_scores", "matrix_sums"})
    panel = window.panel("matrix")
    assert window.docks["matrix"].isVisible()
    assert panel.grids["scores"].highlighted and not panel.grids["logits"].highlighted
    assert panel.grids["weights"].highlighted_columns == {1}  # Σ of one key
    assert panel.highlighted() == {"matrix_scores", "matrix_sums"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_nothing_of_the_panel_is_cut_off_with_doubled_strings(make_window, lang):
    from ..test_translations import DoublingTranslator, cut_off_widgets

    window = make_window(preset_scene("padding-mask"), lang=lang, size=(1280, 800))
    raise_panel(window, "matrix")
    pseudo = DoublingTranslator()
    QApplication.installTranslator(pseudo)
    try:
        window.retranslate()
        window.render(window.controller.update)
        QApplication.processEvents()
        assert window.minimumSizeHint().width() <= 1280
        assert [w for w in cut_off_widgets(window) if w.startswith("matrix")] == []
    finally:
        QApplication.removeTranslator(pseudo)


def test_what_a_drag_leaves_on_screen_is_what_a_fresh_paint_shows(several):
    window, panel = several
    c = window.controller
    c.set_cell_mask(0, 1, False)
    for step in range(12):  # a key, then a query, then a value: cells repainted piecemeal
        c.drag_to(key_ref(0), (1.0 - 0.07 * step, 0.2 + 0.05 * step), free=True)
    c.end_drag()
    for step in range(6):
        c.drag_to(QUERY, (1.0 + 0.1 * step, 2.0), free=True)
    c.end_drag()
    QApplication.processEvents()
    shown_grids = {name: grid for name, grid in panel.grids.items() if grid.isVisible()}
    assert {"scores", "weights"} <= shown_grids.keys()
    for name, grid in shown_grids.items():  # a common mistake's grids are hidden until asked for
        shown, fresh = on_screen(grid.viewport()), grid.viewport().grab().toImage()
        assert shown.convertToFormat(fresh.format()) == fresh, name


def test_every_query_is_an_arrow_and_the_selected_one_is_drawn_in_full(several):
    window, _ = several
    arrows = [window.canvas.arrow(query_ref(i)) for i in range(3)]
    assert [a.label for a in arrows] == ["q₁", "q₂", "q₃"]
    assert [a.tip for a in arrows] == [QPointF(1, 2), QPointF(2, 1), QPointF(1, 1)]
    assert all(a.isVisible() for a in arrows)
    window.controller.select_pair(2, 0)
    assert window.canvas.tip_position(QUERY) == QPointF(1, 1)
    assert window.canvas.handle_at(window.canvas.tip_scene_position(query_ref(1))) == query_ref(1)


def test_dragging_another_query_selects_its_row_and_moves_only_that_row(several):
    window, panel = several
    c, canvas = window.controller, window.canvas
    viewport = canvas.viewport()
    a, b = view_to_viewport(canvas, (2, 1)), view_to_viewport(canvas, (3, 1))  # q₂'s tip, then right
    QTest.mousePress(viewport, LEFT, Qt.KeyboardModifier.NoModifier, a)
    for step in range(1, 9):
        p = a + (b - a) * (step / 8)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
    assert c.dragging and c.scene.selected_query == 1 and c.active == QUERY
    assert [panel.cell_text("scores", 1, j) for j in range(2)] == ["3", "1"]  # (3, 1)·k, mid-drag
    assert column(panel, "scores", 0) == ["1", "3", "1"]  # the other rows stay
    QTest.mouseRelease(viewport, LEFT, Qt.KeyboardModifier.NoModifier, b)
    assert c.scene.queries == ((1.0, 2.0), (3.0, 1.0), (1.0, 1.0))
    assert "q₂·k₁ = 3" in canvas.readout_text()
    c.undo_stack.undo()
    assert c.scene.queries[1] == (2.0, 1.0)


def test_a_click_on_another_query_selects_it_without_an_edit(several):
    window, panel = several
    c, canvas = window.controller, window.canvas
    q3 = view_to_viewport(canvas, (1, 1))
    QTest.mouseClick(canvas.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, q3)
    assert c.scene.selected_query == 2 and c.undo_stack.count() == 0
    assert panel.grids["scores"].selected[0] == 2
    assert window.numbers.value_text("q") == "(1, 1)"


def test_the_panels_name_the_selected_query_as_the_canvas_does(several):
    window, _ = several
    window.controller.select_pair(1, 0)
    assert window.numbers.heading_text().startswith("q₂ against k₁")
    window.show_dock("attention")
    assert "Attention of q₂ over its keys" in window.panel("attention").heading.text()
    window.controller.select_pair(2, 1)
    assert "Attention of q₃ over its keys" in window.panel("attention").heading.text()
    assert window.numbers.heading_text().startswith("q₃ against k₂")


def test_every_other_querys_output_is_drawn_where_its_row_says(several):
    window, _ = several
    c, canvas = window.controller, window.canvas
    outputs = c.results.matrix.outputs
    assert not canvas.row_output(0).isVisible()  # q₁'s output is the Σwᵢvᵢ arrow
    for i in (1, 2):
        o = canvas.row_output(i)
        assert o.isVisible() and o.label == f"o{'₁₂₃'[i]}"
        assert (o.tip.x(), o.tip.y()) == pytest.approx(outputs[i])
    c.select_pair(1, 0)
    assert canvas.row_output(0).isVisible() and not canvas.row_output(1).isVisible()
    c.drag_to(key_ref(0), (0.5, -1.0), free=True)  # every row's weights change
    c.end_drag()
    outputs = c.results.matrix.outputs
    for i in (0, 2):
        tip = canvas.row_output(i).tip
        assert (tip.x(), tip.y()) == pytest.approx(outputs[i])


def test_a_fully_masked_row_draws_no_output(several):
    window, _ = several
    c = window.controller
    for j in range(2):
        c.set_cell_mask(2, j, False)
    assert c.results.matrix.outputs[2] is None
    assert not window.canvas.row_output(2).isVisible() and window.canvas.row_output(1).isVisible()
