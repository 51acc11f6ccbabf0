"""Content is written once: the attention table and the matrix's grids, as their panels, the stage and
their exports show them, all come from their feature's content module, and a masked pair's scaled
logit reads the same on every surface: its number, then where the mask takes it."""

import csv
import io

import pytest
from PySide6.QtGui import QColor, QPainter

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.text.numbers import masked_logit
from qk_explorer.view.attention import content as attention_content
from qk_explorer.view.attention.columns import COLUMNS
from qk_explorer.view.matrix import content as matrix_content

from ..helpers import raise_panel
from ..lecture_hall.stage_check import present


def rows_of(path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text())))


def test_the_attention_panel_stage_and_csv_show_one_content(make_window, tmp_path, monkeypatch):
    """A cell made otherwise in content.py — another text, the masked role — is what the panel's
    table, the stage's table and the CSV table all show."""
    window = make_window(preset_scene("lesson-attention"))
    made = attention_content.logit_cell

    def logit_cell(att, r, lang, role):
        cell = made(att, r, lang, role)
        return cell._replace(text="LOGIT", role=attention_content.Role.MASKED) if r == 1 else cell

    monkeypatch.setattr(attention_content, "logit_cell", logit_cell)
    panel = raise_panel(window, "attention")
    window.render(window.controller.update)
    table = panel.table
    assert table.cell_text(1, "logit") == "LOGIT" and table.cell_text(0, "logit") == "0.707"
    muted = QColor(window.theme.muted).rgba()
    assert table.cell(1, COLUMNS.index("logit"))[1] == muted  # dimmed, as a masked key's numbers are

    assert window.desktop.exporting.export("exportAttentionCsv", str(tmp_path / "a.csv"))
    by_key = {row[0]: row for row in rows_of(tmp_path / "a.csv")}
    assert "masked" in by_key["k2"][-1] and by_key["k1"][-1] == ""

    present(window, (1366, 768))
    block = window.presentation.stage.block("attention")
    assert block.cell_text(1, "logit") == "LOGIT" and block.cell_text(0, "logit") == "0.707"


def test_the_matrix_panel_stage_csv_and_picture_show_one_content(make_window, tmp_path, monkeypatch):
    """A pair content.py says is masked is hatched in the panel's grid and its picture, dimmed on the
    stage, written so in the CSV — all from `masked()`, the one place that says so."""
    window = make_window(preset_scene("several-queries"))
    told = matrix_content.masked

    def masked(matrix):
        hidden = told(matrix)
        hidden[0, 1] = True
        return hidden

    monkeypatch.setattr(matrix_content, "masked", masked)
    panel = raise_panel(window, "matrix")
    window.render(window.controller.update)
    logit = window.controller.results.matrix.logits[0][1]
    assert panel.cells["logits"].masked[0, 1] and panel.cell_text("logits", 0, 1) == masked_logit(
        logit, "en", 2
    )
    assert window.desktop.exporting.export("exportMatrixCsv", str(tmp_path / "m.csv"))
    lines = {(row[0], row[1]): row for row in rows_of(tmp_path / "m.csv")}
    assert lines[("mask", "q1")][2:4] == ["true", "false"] and lines[("logits", "q1")][-1] == "masked: k2"

    drawn = painted_texts(monkeypatch)
    assert window.desktop.exporting.export("exportMatrixPng", str(tmp_path / "m.png"))
    assert masked_logit(logit, "en", 2) in drawn

    window.lesson.go_to("matrix")  # speaks of the scores and the scaled logits
    present(window, (1366, 768))
    grid = window.presentation.stage.block("matrix_logits")
    assert grid.cell_text(0, 1) == masked_logit(logit, "en")  # the lesson's places, as a table's
    assert grid.dimmed(grid.cell_label(0, 1)) and not grid.dimmed(grid.cell_label(0, 0))


def painted_texts(monkeypatch) -> list[str]:
    """The texts painted from now on as static texts: the matrix grids' numbers, in the picture too."""
    drawn = []
    real = QPainter.drawStaticText

    def draw(painter, *args):
        drawn.append(args[-1].text())
        return real(painter, *args)

    monkeypatch.setattr(QPainter, "drawStaticText", draw)
    return drawn


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_masked_pairs_scaled_logit_reads_the_same_everywhere(make_window, tmp_path, monkeypatch, lang):
    """PyTorch's order: the scaled logit exists, the mask then makes it −∞ before softmax. The
    attention panel, the matrix grid, its picture and the stage all say so, the same way: its
    number, dimmed, then "→ −∞" (to three decimals, the matrix panel's cells to two for room)."""
    window = make_window(preset_scene("padding-mask"), lang=lang)
    scene = window.controller.scene
    i, j = next((i, j) for i, row in enumerate(scene.mask_matrix) for j, on in enumerate(row) if not on)
    window.controller.select_pair(i, j)
    logit = window.controller.results.matrix.logits[i][j]
    assert logit == window.controller.results.attention.logits[j]
    in_table, in_grid = masked_logit(logit, lang), masked_logit(logit, lang, 2)
    assert in_table.endswith(" → −∞") and in_grid.endswith(" → −∞")

    attention = raise_panel(window, "attention")
    assert attention.table.cell_text(j, "logit") == in_table
    matrix = raise_panel(window, "matrix")
    assert matrix.cell_text("logits", i, j) == in_grid
    drawn = painted_texts(monkeypatch)
    assert window.desktop.exporting.export("exportMatrixPng", str(tmp_path / "m.png"))
    assert in_grid in drawn

    window.lesson.go_to("padding-mask")  # its grids of scores, scaled logits and weights
    window.controller.select_pair(i, j)
    present(window, (1920, 1080))
    stage = window.presentation.stage
    grid = stage.block("matrix_logits")
    assert grid.cell_text(i, j) == in_table and grid.dimmed(grid.cell_label(i, j))

    # One query over its keys, outside the lesson: the stage's attention table.
    window.lesson.leave()
    window.controller.load(make_scene((1, 2), [(1, 0), (0, 1)], mask=[True, False]))
    logit = window.controller.results.attention.logits[1]
    table = stage.block("attention")
    assert not table.isHidden() and table.cell_text(1, "logit") == masked_logit(logit, lang)
