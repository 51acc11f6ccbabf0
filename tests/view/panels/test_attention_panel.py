"""The attention panel, its chart and its actions, driven with real mouse and keyboard events."""

import math

import numpy as np
import pyqtgraph as pg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, UI_MAX_KEYS, key_ref
from qk_explorer.text import numbers
from qk_explorer.text.numbers import MINUS, number
from qk_explorer.view.attention import table as table_module
from qk_explorer.view.attention.columns import COLUMNS

from ..helpers import act, drag, view_to_viewport


def panel_of(window):
    """The attention panel, its tab brought to the front as a person would click it."""
    window.show_dock("attention")
    for _ in range(20):
        if window.dock_shown("attention"):
            break
        QCoreApplication.processEvents()
    assert window.dock_shown("attention")
    return window.panel("attention")


def press(window, key, modifiers=Qt.KeyboardModifier.NoModifier, widget=None):
    """A key press as the user makes it: the window active, the canvas (or `widget`) focused."""
    window.activateWindow()
    QTest.qWaitForWindowActive(window)
    widget = widget or window.canvas
    widget.setFocus()
    QTest.keyClick(widget, key, modifiers)


def no_nan_or_inf(texts) -> bool:
    return not any("nan" in t.lower() or "inf" in t.lower() for t in texts)


def reference_weights(q, keys, mask, scale):
    """Softmax written out independently, over the keys that take part."""
    logits = np.array(keys, dtype=float) @ np.array(q, dtype=float) * scale
    logits = np.where(mask, logits, -np.inf)
    e = np.exp(logits - logits[np.array(mask)].max())
    return e / e.sum()


def test_lesson_attention_shows_the_lessons_numbers(make_window):
    window = make_window(preset_scene("lesson-attention"))
    panel = panel_of(window)
    assert panel.table.column_texts("score") == ["1", "2"]
    assert panel.table.column_texts("logit") == ["0.707", "1.414"]
    assert panel.table.column_texts("weight") == ["0.33", "0.67"]
    assert [round(h, 3) for h in panel.chart.heights()] == [0.330, 0.670]
    assert panel.chart.shown_series() == ("weights",)
    assert "1/√2 ≈ 0.707" in panel.summary.text("scale")
    assert "Σ weights = 1 over the keys that take part (2)" in panel.summary.text("sum")
    assert panel.summary.text("output").endswith("(0.33, 0.67)")
    assert panel.summary.text("dropout") == "" and panel.summary.text("reason") == ""
    assert not panel.table.column_shown("other") and not panel.table.column_shown("dropout")


def test_lesson_attention_in_spanish(make_window):
    window = make_window(preset_scene("lesson-attention"), lang="es")
    panel = panel_of(window)
    assert panel.table.column_texts("logit") == ["0,707", "1,414"]
    assert panel.table.column_texts("weight") == ["0,33", "0,67"]
    assert "≈ 0,707" in panel.summary.text("scale")


def test_add_a_key_with_the_keyboard_drag_it_and_mask_it(make_window, qtbot):
    window = make_window(preset_scene("lesson-attention"))
    panel = panel_of(window)
    press(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    scene = window.controller.scene
    assert scene.key_count == 3 and window.controller.active == key_ref(2)
    assert panel.table.rowCount() == 3 and len(panel.chart.heights()) == 3
    start = scene.keys[2]

    seen = []
    window.controller.updated.connect(lambda _update: seen.append(panel.table.cell_text(2, "score")))
    drag(window.canvas, start, (2, 2))
    scene = window.controller.scene
    assert scene.keys[2] == (2, 2)
    assert len(set(seen)) >= 3  # the table followed the pointer
    w = reference_weights(scene.query, scene.keys, scene.mask, 1 / math.sqrt(2))
    assert panel.table.column_texts("score") == ["1", "2", "6"]
    assert panel.table.column_texts("logit") == ["0.707", "1.414", "4.243"]
    assert panel.table.column_texts("weight") == [numbers.weight(x) for x in w]
    assert panel.chart.heights() == pytest.approx(list(w))

    # Mask k₃ with its checkbox: the lesson's two weights come back.
    table = panel.table
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.mask_rect(2).center())
    assert window.controller.scene.mask == (True, True, False)
    # Masked, k₃ keeps its score and scaled logit (PyTorch masks after scaling), which the mask then
    # makes −∞ before softmax, dimmed; its weight is 0.
    assert panel.table.cell_text(2, "score") == "6" and panel.table.cell_text(2, "logit") == "4.243 → −∞"
    assert panel.table.column_texts("weight") == ["0.33", "0.67", "0"]
    assert panel.chart.heights()[2] == 0
    assert panel.table.cell_text(2, "mask") == ""

    # M unmasks the selected key again.
    press(window, Qt.Key.Key_M)
    assert window.controller.scene.mask == (True, True, True)
    assert panel.table.column_texts("weight") == [numbers.weight(x) for x in w]
    assert panel.table.mask_checked(2)


def test_every_key_masked_says_undefined_and_why(make_window):
    window = make_window(preset_scene("lesson-attention"))
    panel = panel_of(window)
    for i in (0, 1):
        window.controller.select(key_ref(i))
        press(window, Qt.Key.Key_M)
    assert window.controller.scene.mask == (False, False)
    assert panel.table.column_texts("weight") == ["—", "—"]
    assert panel.table.column_texts("score") == ["1", "2"]  # the scores exist; the weights do not
    assert panel.table.column_texts("logit") == ["0.707 → −∞", "1.414 → −∞"]
    assert "undefined" in panel.summary.text("sum") and "undefined" in panel.summary.text("output")
    assert "Every key is masked" in panel.summary.text("reason")
    assert panel.chart.undefined_text() == "undefined"
    assert panel.chart.heights() == [0.0, 0.0]
    assert no_nan_or_inf(panel.all_texts())
    assert window.attention.tip_to_tail.steps() == []


def test_a_masked_keys_score_and_logit_are_shown_in_the_rows_dimmed_ink(make_window):
    window = make_window(preset_scene("lesson-attention"))
    panel = panel_of(window)
    press(window, Qt.Key.Key_M)  # masks k₁, the selected key
    assert window.controller.scene.mask == (False, True)
    table = panel.table
    score, logit, weight = (COLUMNS.index(c) for c in ("score", "logit", "weight"))
    assert [table.cell_text(0, c) for c in ("score", "logit", "weight")] == ["1", "0.707 → −∞", "0"]
    taking_part_ink = table.cell(1, score)[1]
    masked_ink = table.cell(0, score)[1]
    assert masked_ink != taking_part_ink
    assert table.cell(0, logit)[1] == masked_ink == table.cell(0, weight)[1]


def test_delete_removes_the_selected_key_and_ctrl_k_stops_at_the_limit(make_window):
    window = make_window(preset_scene("four-keys"))
    window.controller.select(key_ref(1))
    press(window, Qt.Key.Key_Delete)
    scene = window.controller.scene
    assert scene.key_count == 3 and scene.keys[1] == (-2, 0)
    assert panel_of(window).table.rowCount() == 3
    for _ in range(UI_MAX_KEYS + 2):
        press(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.scene.key_count == UI_MAX_KEYS
    assert not act(window, "addKey").isEnabled()
    assert panel_of(window).table.rowCount() == UI_MAX_KEYS
    for _ in range(UI_MAX_KEYS + 2):
        press(window, Qt.Key.Key_Delete)
    assert window.controller.scene.key_count == 1
    assert not act(window, "removeKey").isEnabled()


def test_selecting_a_row_selects_the_arrow_and_the_reverse(make_window):
    window = make_window(preset_scene("four-keys"))
    panel = panel_of(window)
    table = panel.table
    rect = table.visualItemRect(table.item(2, 2))
    QTest.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center()
    )
    assert window.controller.active == key_ref(2)
    assert window.controller.scene.selected_key == 2
    assert window.numbers.value_text("k") == f"({MINUS}2, 0)"
    # Clicking k₁'s tip on the canvas selects its row.
    tip = view_to_viewport(window.canvas, window.controller.scene.keys[0])
    QTest.mouseClick(window.canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, tip)
    assert window.controller.active == key_ref(0)
    assert panel.table.selected_row() == 0
    # The query is no key: no row stays selected.
    window.controller.select(QUERY)
    assert panel.table.selected_row() is None


def test_dropout_is_off_by_default_and_clearly_marked_when_on(make_window):
    window = make_window(preset_scene("four-keys"))
    panel = panel_of(window)
    box = panel.findChild(QCheckBox, "dropout")
    assert not box.isChecked() and window.controller.scene.dropout_p == 0
    QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    scene, results = window.controller.scene, window.controller.results
    assert scene.dropout_p > 0
    dropout = results.attention.dropout
    assert panel.table.column_shown("dropout")
    text = panel.summary.text("dropout")
    assert "Dropout is on" in text and "not to 1" in text
    for i, kept in enumerate(dropout.kept):
        cell = panel.table.cell_text(i, "dropout")
        assert ("✕" in cell) == (not kept)
        if kept:
            assert cell == numbers.weight(dropout.weights[i])
    assert panel.chart.heights("dropout") == pytest.approx(list(dropout.weights))
    # The ordinary weights still sum to one; the table keeps showing them.
    assert "Σ weights = 1" in panel.summary.text("sum")
    QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    assert window.controller.scene.dropout_p == 0 and panel.summary.text("dropout") == ""
    assert not panel.table.column_shown("dropout")


def test_compare_shows_dot_and_cosine_weights_side_by_side(make_window):
    window = make_window(preset_scene("lesson-attention"))
    panel = panel_of(window)
    panel.findChild(QCheckBox, "compare").click()
    results = window.controller.results
    cos = results.cosine_attention.weights
    assert panel.table.column_shown("other")
    assert panel.table.column_texts("other") == [numbers.weight(w) for w in cos]
    assert panel.chart.shown_series() == ("weights", "other")
    assert panel.chart.heights("other") == pytest.approx(list(cos))
    assert panel.table.header_text("other") == "weight\n(cos)"
    # Switching the rule swaps the columns.
    panel.findChild(type(panel.findChild(object, "scoring")), "scoring").setCurrentIndex(1)
    assert window.controller.scene.scoring.value == "cosine"
    assert panel.table.column_texts("weight") == [numbers.weight(w) for w in cos]
    assert panel.table.column_texts("score") == ["0.447", "0.894"]
    assert "multiplier" in panel.summary.text("scale")


def test_own_scale_replaces_one_over_root_dk(make_window):
    window = make_window(preset_scene("lesson-attention"))
    panel = panel_of(window)
    panel.findChild(QCheckBox, "customScale").click()
    spin = panel.findChild(object, "scale")
    spin.setValue(1.0)
    assert window.controller.scene.scale == 1.0
    assert panel.table.column_texts("logit") == ["1", "2"]
    assert "set by hand" in panel.summary.text("scale")


def test_highlight_marks_columns_and_lines(make_window):
    window = make_window(preset_scene("lesson-attention"))
    panel = panel_of(window)
    panel.highlight(["weights", "sum", "nonsense"])
    assert panel.highlighted() == {"weights", "sum"}
    table = panel.table
    assert table.horizontalHeaderItem(4).font().bold()
    assert table.item(0, 4).background().style() != Qt.BrushStyle.NoBrush
    assert table.item(0, 2).background().style() == Qt.BrushStyle.NoBrush
    assert "background" in panel.findChild(object, "attention_sum").styleSheet()
    panel.highlight([])
    assert panel.highlighted() == set()


def test_winner_map_and_tip_to_tail_toggles(make_window):
    window = make_window(preset_scene("four-keys"))
    feature = window.attention
    assert not feature.winner_map.isVisible() and not feature.tip_to_tail.isVisible()
    act(window, "winnerMap").trigger()
    act(window, "tipToTail").trigger()
    wm = feature.winner_map.last_map
    assert feature.winner_map.isVisible() and wm is not None
    # The map shows compute()'s winner for a query at a few of its points.
    for r, c in ((10, 10), (wm.winner.shape[0] // 2, 5), (5, wm.winner.shape[1] - 5)):
        moved = make_scene(wm.point(r, c), window.controller.scene.keys, window.controller.scene.values)
        assert wm.winner[r, c] == compute(moved).attention.winner
    assert sorted(feature.winner_labels.labels()) == ["k₁", "k₂", "k₃", "k₄"]
    steps = feature.tip_to_tail.steps()
    assert [k for k, _, _ in steps] == [0, 1, 2, 3]
    assert steps[-1][2] == pytest.approx(window.controller.results.attention.output)
    # Moving q leaves the map alone; moving a key recomputes it.
    count = feature.winner_map.computations
    drag(window.canvas, window.controller.scene.query, (1, 2), steps=4)
    assert feature.winner_map.computations == count
    drag(window.canvas, (0, 2), (-1, 2), steps=4)
    assert feature.winner_map.computations > count
    assert feature.winner_map.last_map is not wm
    # Not for a 3-D scene.
    window.controller.set_dimension(3)
    assert not feature.winner_map.isVisible()
    act(window, "winnerMap").trigger()
    assert not act(window, "winnerMap").isChecked()


coordinate = st.sampled_from([0.0, 1e-6, -1e-6, 1.0, -2.5, 3.0, 1e6, -1e6])


@st.composite
def scenes(draw):
    n = draw(st.integers(1, 4))
    count = draw(st.integers(1, 16))
    vec = st.lists(coordinate, min_size=n, max_size=n)
    return make_scene(
        draw(vec),
        draw(st.lists(vec, min_size=count, max_size=count)),
        draw(st.lists(vec, min_size=count, max_size=count)),
        draw(st.lists(st.booleans(), min_size=count, max_size=count)),
        scale=draw(st.none() | st.sampled_from([0.0, -1.0, 1e6, 1e-6])),
        scoring=draw(st.sampled_from(["dot", "cosine"])),
        cosine_multiplier=draw(st.sampled_from([1.0, 0.0, -3.0, 1e6])),
        dropout_p=draw(st.sampled_from([0.0, 0.5, 0.95])),
    )


@given(scene=scenes(), compare=st.booleans())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_no_shown_string_says_nan_or_inf(window, scene, compare):
    feature = window.attention
    act(window, "winnerMap").setChecked(True)
    act(window, "tipToTail").setChecked(True)
    window.panel("attention").set_compare(compare)
    window.controller.load(scene)
    texts = window.panel("attention").all_texts() + feature.winner_labels.labels()
    assert no_nan_or_inf(texts), texts
    assert all(
        math.isfinite(h)
        for s in ("weights", "other", "dropout")
        for h in window.panel("attention").chart.heights(s)
    )
    wm = feature.winner_map.last_map
    if wm is not None:
        assert np.all(np.isfinite(wm.weight))


def test_clicking_a_row_then_pressing_delete_removes_that_key(make_window):
    window = make_window(preset_scene("four-keys"))
    table = panel_of(window).table
    rect = table.visualItemRect(table.item(3, 2))
    QTest.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center()
    )
    press(window, Qt.Key.Key_Delete, widget=table)
    assert window.controller.scene.keys == ((2, 0), (0, 2), (-2, 0))
    assert panel_of(window).table.rowCount() == 3


def test_the_panel_comes_forward_for_several_keys_and_for_its_highlights(make_window, qtbot):
    window = make_window(preset_scene("lesson-pair"))
    dock = window.docks["attention"]
    window.docks["coordinates"].raise_()
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty())
    press(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)  # a second key
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty())
    window.docks["coordinates"].raise_()
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty())
    window.highlight(["weights"])
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty())
    assert panel_of(window).highlighted() == {"weights"}


def test_with_one_key_the_panel_waits_behind_its_tab_until_it_is_wanted(make_window):
    window = make_window(preset_scene("lesson-pair"))
    assert window.panels.get("attention") is None and not window.dock_shown("attention")
    # A lesson step about weights builds it, brings it forward and marks the weights.
    window.highlight(["weights"])
    QCoreApplication.processEvents()
    panel = window.panels.get("attention")
    assert panel is not None and window.dock_shown("attention")
    assert panel.highlighted() == {"weights"}
    assert panel.table.cell_text(0, "weight") == "1"


def test_a_second_key_brings_the_panel_forward_with_the_new_numbers(make_window):
    window = make_window(preset_scene("lesson-pair"))
    act(window, "winnerMap").trigger()  # taken up by the panel when it is built
    press(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    QCoreApplication.processEvents()
    panel = window.panels.get("attention")
    assert panel is not None and window.dock_shown("attention")
    assert panel.table.rowCount() == 2
    assert not panel.table.item(0, 0).icon().isNull()  # each key's row shows its map colour


@pytest.mark.parametrize("preset", ["lesson-attention", "lesson-pair"])
def test_the_tables_columns_fit_its_width_however_the_panel_was_built(make_window, preset):
    window = make_window(preset_scene(preset))
    window.show_dock("attention")  # with one key, built only now
    QCoreApplication.processEvents()
    table = window.panel("attention").table
    widths = [table.horizontalHeader().sectionSize(c) for c in range(table.columnCount())]
    assert 0 < sum(widths) <= table.viewport().width()


def test_a_chart_out_of_sight_waits_and_shows_the_latest_weights_when_seen(make_window):
    """Below a table of twelve keys the chart is out of sight: its plot (pyqtgraph's, with four
    axes) is not made, nor drawn as the keys move, until it is scrolled into sight."""
    keys = [(1 + i % 3, 0.5 * (i % 4) - 1) for i in range(12)]
    window = make_window(make_scene((1.0, 0.5), keys, keys, [True] * 12))
    panel = panel_of(window)
    chart = panel.chart
    QCoreApplication.processEvents()
    assert chart.viewport().visibleRegion().isEmpty()  # below a table of twelve keys
    plots = lambda: [item for item in chart.items() if isinstance(item, pg.PlotItem)]  # noqa: E731
    assert plots() == []
    drag(window.canvas, (1.0, 0.5), (-0.5, 1.5))
    QCoreApplication.processEvents()
    assert plots() == []  # nothing made nor drawn that nobody sees
    window.docks["attention"].widget().ensureWidgetVisible(chart)
    QCoreApplication.processEvents()
    assert not chart.viewport().visibleRegion().isEmpty()
    assert len(plots()) == 1
    bars = chart._bars["weights"]
    assert list(bars.opts["height"]) == pytest.approx(list(window.controller.results.attention.weights))


def test_a_key_masked_mid_drag_reaches_the_heading_the_table_and_the_sums(make_window):
    # Mid-drag the heading, the legend and the controls are left alone while only vectors move;
    # a setting changed meanwhile (M pressed while dragging) must still reach every part.
    window = make_window(preset_scene("four-keys"))
    window.controller.snap_enabled = False
    panel = panel_of(window)
    assert "4 taking part" in panel.heading.text()
    viewport = window.canvas.viewport()
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 4):
        QTest.mouseMove(viewport, start + QPoint(8 + 6 * step, 8 - 5 * step))
        QCoreApplication.processEvents()
    window.controller.set_mask(1, False)
    QCoreApplication.processEvents()
    assert "3 taking part" in panel.heading.text()
    assert "over the keys that take part (3)" in panel.summary.text("sum")
    assert panel.table.cell_text(1, "mask") == "" and panel.table.cell_text(1, "weight") == "0"
    assert not panel.table.mask_checked(1)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)


def test_mid_drag_a_long_table_fills_the_rows_in_sight_and_the_rest_when_seen_or_let_go(make_window):
    keys = [(1 + i % 3, 0.25 * (i % 7) - 0.75) for i in range(40)]
    window = make_window(make_scene((1.0, 0.5), keys, keys, [True] * 40))
    window.controller.snap_enabled = False
    panel = panel_of(window)
    table, last = panel.table, 39
    scroll = window.docks["attention"].widget()
    column = COLUMNS.index("score")

    def shown(row):  # what the cell shows, without asking the panel to catch up
        return table.cell(row, column)[0]

    def model(row):
        return number(window.controller.results.attention.scores[row], "en")

    viewport = window.canvas.viewport()
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 6):
        QTest.mouseMove(viewport, start + QPoint(8 + 6 * step, 8 - 5 * step))
        QCoreApplication.processEvents()
    assert shown(0) == model(0)  # in sight: current
    assert shown(last) != model(last)  # forty rows down: waits
    last_cell = table.visualRect(table.model().index(last, COLUMNS.index("mask")))
    seen = table.viewport().mapTo(scroll.widget(), last_cell.center())
    scroll.ensureVisible(seen.x(), seen.y())  # scrolled to the last row
    table.viewport().repaint()
    assert shown(last) == model(last)  # painted: caught up first
    end = start + QPoint(50, -30)
    QTest.mouseMove(viewport, end)
    QCoreApplication.processEvents()
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    QCoreApplication.processEvents()
    assert [shown(r) for r in range(40)] == [model(r) for r in range(40)]  # the drag is over: all


@pytest.mark.parametrize("theme", ["light", "dark", "projector", "high-contrast"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_panel_and_its_table_fit_the_dock_in_every_theme_and_language(make_window, theme, lang):
    # Large type in Spanish once made the controls wider than the dock (the panel scrolled
    # sideways) and the table's columns wider than the panel (the weights were cut off).
    window = make_window(preset_scene("lesson-attention"), lang=lang, theme=theme, size=(1280, 720))
    panel = panel_of(window)
    QCoreApplication.processEvents()
    assert window.docks["attention"].widget().horizontalScrollBar().maximum() == 0
    assert panel.table.horizontalScrollBar().maximum() == 0
    assert panel.table.font().pointSizeF() >= 0.85 * panel.font().pointSizeF()


@pytest.mark.parametrize(("lang", "theme"), [("en", "light"), ("es", "projector")])
def test_the_settings_fields_line_up_and_so_do_their_names(make_window, lang, theme):
    from PySide6.QtWidgets import QWidget

    panel = panel_of(make_window(lang=lang, theme=theme))

    def left(name: str) -> int:
        return panel.findChild(QWidget, name).mapTo(panel, QPoint(0, 0)).x()

    def right(name: str) -> int:  # a name label is as wide as its text
        label = panel.findChild(QWidget, name)
        return label.mapTo(panel, QPoint(label.width(), 0)).x()

    assert left("scale") == left("dropoutP") == left("dropoutSeed")
    assert right("dropoutPLabel") == right("dropoutSeedLabel")
    assert left("dropoutP") - right("dropoutPLabel") >= 4  # "p" does not touch its field


def test_with_cosine_scoring_the_logit_column_says_what_it_holds(make_window):
    # Cosine scoring multiplies the cosine by its own multiplier; nothing is scaled by 1/√d_k.
    window = make_window(preset_scene("question-8"))
    window.lesson.reveal(True)  # a question's own scene opens it: revealed, it shows its numbers
    panel = panel_of(window)
    assert window.controller.scene.scoring.value == "cosine"
    assert panel.table.header_text("logit") == "logit\ncos × multiplier"
    cosines = window.controller.results.attention.logits
    assert panel.table.column_texts("logit") == [number(x) for x in cosines]
    scoring = panel.findChild(type(panel.findChild(object, "scoring")), "scoring")
    scoring.setFocus()
    QTest.keyClick(scoring, Qt.Key.Key_Up)  # back to the scaled dot product
    assert window.controller.scene.scoring.value == "dot"
    assert panel.table.header_text("logit") == "scaled\nlogit"


@pytest.mark.parametrize(("lang", "theme"), [("en", "light"), ("es", "projector")])
def test_the_cosine_logit_header_fits_the_dock(make_window, lang, theme):
    window = make_window(preset_scene("question-8"), lang=lang, theme=theme, size=(1280, 720))
    panel = panel_of(window)
    QCoreApplication.processEvents()
    header = panel.table.header_text("logit")
    assert "scaled" not in header and "escalado" not in header
    assert window.docks["attention"].widget().horizontalScrollBar().maximum() == 0
    assert panel.table.horizontalScrollBar().maximum() == 0


def test_a_key_added_with_ctrl_k_lands_in_sight(make_window):
    # k₃ = (−1, 0) fell outside the view framed for the lesson's two keys.
    window = make_window(preset_scene("lesson-attention"))
    panel_of(window)
    canvas, viewbox = window.canvas, window.canvas.getPlotItem().vb
    for count in (3, 4, 5):
        press(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
        scene = window.controller.scene
        assert scene.key_count == count
        tip = canvas.tip_position(key_ref(count - 1))
        assert (tip.x(), tip.y()) == pytest.approx(scene.keys[count - 1])
        assert viewbox.viewRect().contains(tip), (count, tip, viewbox.viewRect())
        # On the screen too: the tip's pixel lies inside the canvas's viewport.
        assert canvas.viewport().rect().contains(view_to_viewport(canvas, scene.keys[count - 1]))
    # A key already in sight leaves the view as it is.
    window.controller.undo_stack.undo()
    before = viewbox.viewRect()
    press(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert viewbox.viewRect() == before


def test_in_spanish_the_mask_column_says_participa_like_the_rest_of_the_panel(make_window):
    window = make_window(preset_scene("lesson-attention"), lang="es")
    panel = panel_of(window)
    assert panel.table.header_text("mask") == "participa"
    assert "claves que participan" in panel.summary.text("sum")
    assert panel.table.header_text("logit") == "logit\nescalado"


def test_in_spanish_the_cosine_logit_column_says_what_it_holds(make_window):
    panel = panel_of(make_window(preset_scene("question-8"), lang="es"))
    assert panel.table.header_text("logit") == "logit\ncos × multiplicador"


def test_the_columns_are_fitted_again_when_the_tables_width_changes_not_its_height(make_window, monkeypatch):
    # Fitting the table to its rows or its header to its type changes only its height: the
    # columns, which share its width, were fitted again each time for nothing.
    window = make_window(preset_scene("lesson-attention"))
    table = panel_of(window).table
    QCoreApplication.processEvents()
    fitted = []
    real_fit = table_module.fit_columns
    monkeypatch.setattr(table_module, "fit_columns", lambda *args: fitted.append(1) or real_fit(*args))
    table.setFixedHeight(table.height() + 40)
    assert fitted == []
    table.resize(table.width() - 30, table.height())
    assert fitted


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_masked_keys_logit_fits_its_column(make_window, lang):
    """A masked key's "−1,481 → −∞" was cut at its minus sign: the column was sized for "−10 → −∞" (a sample
    written without its trailing zeros)."""
    keys = [(1.0, 1.0), (-1.0, 0.5), (0.5, -1.0), (-1.33, -0.1)]
    window = make_window(make_scene((1.5, 1.0), keys, keys, [True, True, True, False]), lang=lang)
    table = panel_of(window).table
    QCoreApplication.processEvents()
    logit = COLUMNS.index("logit")
    text = table.cell_text(3, "logit")
    assert text == numbers.masked_logit(compute(window.controller.scene).attention.logits[3], lang)
    metrics = QFontMetrics(table.font())
    assert metrics.horizontalAdvance(text) + 8 <= table.horizontalHeader().sectionSize(logit)


def test_the_tables_type_follows_the_theme_and_the_zoom(make_window):
    """The table keeps a type of its own (it may shrink a little to fit its columns). It was made
    in the type the panel had before the theme's reached it, and kept it: 8.55 pt in the projector
    theme's 11.7 pt panel, and the same again after Ctrl++."""
    window = make_window(preset_scene("lesson-attention"), theme="projector", size=(1600, 1000))
    panel = panel_of(window)
    QCoreApplication.processEvents()
    assert panel.table.font().pointSizeF() == pytest.approx(panel.font().pointSizeF())
    assert panel.font().pointSizeF() == pytest.approx(11.7)
    window.set_zoom(window.zoom * 1.15)
    QCoreApplication.processEvents()
    assert panel.font().pointSizeF() > 11.7
    # Larger, as much as its columns let it in the dock's width (columns.TABLE_TYPE_SCALES).
    assert 11.7 < panel.table.font().pointSizeF() <= panel.font().pointSizeF()
    assert panel.table.horizontalScrollBar().maximum() == 0
