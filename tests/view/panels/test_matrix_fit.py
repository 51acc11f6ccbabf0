"""A lesson's matrices are read whole in the docked window: no grid of the Q·Kᵀ panel scrolls sideways.

The lesson's steps and questions that show the panel (3 × 2 up to 4 × 4, some masked) at the
common laptop and desktop window sizes, in both languages, with the desktop's type at 9, 10 and
11 points (the window's zoom stands in for a desktop set to larger type).
"""

import pytest
from PySide6.QtWidgets import QApplication

from qk_explorer.view.matrix.grids import MISTAKE_GRIDS
from qk_explorer.view.matrix.picture import grids_picture
from qk_explorer.view.theme import base_point_size

MATRIX_ITEMS = (*range(11, 22), 30, 31, 32, 33)  # --step numbers: steps 11–21, questions 30–33
SIZES = ((1280, 720), (1366, 768), (1920, 1080))
TYPE_POINTS = (9.0, 10.0, 11.0)


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def cut_grids(panel) -> list[str]:
    """The grids in sight that scroll sideways or leave part of a column outside their viewport."""
    cut = []
    for name, grid in panel.grids.items():
        if grid.isHidden() or name in MISTAKE_GRIDS:
            continue
        columns = grid.cells.shape[1]
        last = grid.cell_rect(0, columns - 1)
        if grid.horizontalScrollBar().maximum() > 0 or last.right() >= grid.viewport().width():
            cut.append(f"{name} ({grid.full_size().width()} px in {grid.viewport().width()})")
    return cut


@pytest.mark.parametrize("points", TYPE_POINTS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_lesson_matrix_is_read_without_scrolling_sideways(make_window, lang, size, points):
    window = make_window(lang=lang, size=size)
    window.set_zoom(points / base_point_size())
    failures = []
    for step in MATRIX_ITEMS:
        window.lesson.go_to(step - 1)
        settle()
        assert window.dock_shown("matrix"), step
        panel = window.panel("matrix")
        cut = cut_grids(panel)
        if cut:
            failures.append(f"--step {step}: {', '.join(cut)}")
    assert not failures, "\n".join(failures)


def open_padding_step(make_window, size, points, lang="en"):
    """Step 14: three queries, four keys, k₄ masked for every query (q₁'s logit 4.243)."""
    window = make_window(lang=lang, size=size)
    window.set_zoom(points / base_point_size())
    window.lesson.go_to(13)
    settle()
    return window.panel("matrix")


def test_with_room_a_masked_logit_reads_its_number_then_minus_infinity(make_window):
    panel = open_padding_step(make_window, (1920, 1080), 9.0)
    assert panel.cell_text("logits", 0, 3) == "4.24 → −∞"
    assert "point at the cell" not in panel.notes.text()
    assert cut_grids(panel) == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_short_of_room_a_masked_logit_reads_minus_infinity_its_tooltip_the_number(make_window, lang):
    panel = open_padding_step(make_window, (1280, 720), 11.0, lang)
    assert [panel.cell_text("logits", i, 3) for i in range(3)] == ["−∞"] * 3
    assert panel.cell_text("logits", 0, 2) == ("0.71" if lang == "en" else "0,71")  # unmasked: as before
    tip = panel.grids["logits"].tooltip(0, 3)
    assert ("4.243 → −∞" if lang == "en" else "4,243 → −∞") in tip
    hatching = "point at the cell to read it" if lang == "en" else "señala la celda para leerlo"
    assert hatching in panel.notes.text()
    assert cut_grids(panel) == []


def test_the_masked_logits_take_their_number_again_when_the_panel_widens(make_window):
    panel = open_padding_step(make_window, (1280, 720), 11.0)
    assert panel.cell_text("logits", 0, 3) == "−∞"
    panel.window().resize(1920, 1080)
    settle()
    assert panel.cell_text("logits", 0, 3) == "4.24 → −∞"
    assert "point at the cell" not in panel.notes.text()
    assert cut_grids(panel) == []


def test_a_picture_of_a_narrow_panel_shows_the_masked_logits_whole(make_window):
    panel = open_padding_step(make_window, (1280, 720), 11.0)
    narrow = panel.grids["logits"].full_size().width()
    with panel.grids_area.masked_logits_whole():
        assert panel.cell_text("logits", 0, 3) == "4.24 → −∞"
        assert panel.grids["logits"].full_size().width() > narrow
    assert panel.cell_text("logits", 0, 3) == "−∞"
    assert panel.grids["logits"].full_size().width() == narrow
    assert "point at the cell" not in panel.picture_notes()
    assert not grids_picture(panel).isNull()
    assert panel.cell_text("logits", 0, 3) == "−∞"  # the panel itself stays as it was


def test_with_room_between_the_two_forms_the_panel_settles_and_stays(make_window, monkeypatch):
    """The dock gives more room than the grids ask with "−∞" alone and less than with "4.24 → −∞":
    the short form, chosen once, however often the dock is closed, reopened, floated or docked. The
    form changes what the grids ask for, so a choice made from the grids' own width went round in
    circles inside the dock's scroll area until the stack ran out."""
    panel = open_padding_step(make_window, (1280, 720), 11.0)
    grids, window = panel.grids_area, panel.window()
    plain, wide = (grids._width_asked(grids.grids["logits"].width_for(t)) for t in grids._logit_templates())
    window.resize(window.width() + (plain + wide) // 2 - grids._room(), window.height())
    settle()
    assert plain <= grids._room() < wide
    assert panel.cell_text("logits", 0, 3) == "−∞"
    changes = []
    set_narrow = grids.cells["logits"].set_narrow

    def counted(narrow: bool) -> bool:
        changed = set_narrow(narrow)
        if changed:
            changes.append(narrow)
        return changed

    monkeypatch.setattr(grids.cells["logits"], "set_narrow", counted)
    dock = window.docks["matrix"]
    for toggle in (dock.toggleViewAction().trigger, dock.toggleViewAction().trigger, dock.raise_):
        toggle()
        settle()
    panel.resize(panel.width() + 200, panel.height())  # as the scroll area does when the grids ask more
    settle()
    assert changes == []
    dock.setFloating(True)  # a floating dock takes the room its own window gives
    settle()
    dock.setFloating(False)
    settle()
    assert window.dock_shown("matrix")
    assert panel.cell_text("logits", 0, 3) == "−∞"
    assert len(changes) <= 2
    assert cut_grids(panel) == []
