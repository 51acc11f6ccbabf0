"""Export from a window showing a token scene: the projections as a CSV table, and the worked
example, which starts from the tokens."""

import csv
import io
import subprocess
import sys

from PySide6.QtGui import QGuiApplication

from qk_explorer.model import compute
from qk_explorer.model.presets import preset_scene

from ...text.snippets import expected_matrix_output, parse_output
from ..helpers import act, raise_panel
from ..panels.test_projections_panel import type_into
from .test_export import save_to


def read_rows(path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_the_projections_are_exported_as_a_csv_table_as_they_stand(make_window, tmp_path, monkeypatch):
    window = make_window(preset_scene("identity-projections"), size=(1600, 1000))
    panel = raise_panel(window, "projections")
    type_into(panel.editors["w_k"].spins[0][1], "0.3")  # W_K = [[1, 0.3], [0, 1]]: B is not symmetric
    p = window.controller.results.projections
    assert p.w_k[0] == (1.0, 0.3) and not p.symmetric
    save_to(monkeypatch, tmp_path / "proj")
    act(window, "exportProjectionsCsv").trigger()
    rows = read_rows(tmp_path / "proj.csv")
    assert rows[0] == ["matrix", "row", "x1", "x2", "note"]
    by = {(r[0], r[1]): r for r in rows}
    for name, matrix in (("w_q", p.w_q), ("w_k", p.w_k), ("w_v", p.w_v), ("bilinear", p.bilinear)):
        for i, row in enumerate(matrix):
            assert [float(x) for x in by[(name, str(i + 1))][2:4]] == list(row), name
    assert by[("w_k", "1")][2:4] == ["1.0", "0.3"]
    assert by[("symmetric", "")][2] == "false"
    assert by[("inner_product", "")][4] == p.reason.english()
    # What the panel shows of B, from the same Results.
    assert panel.bilinear.cells[0][1].text() == "0.3"
    assert window.desktop.exporting.last_message == f"Saved {tmp_path / 'proj.csv'}"


def test_the_entry_is_there_for_a_token_scene_only_in_either_language(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es")
    action = act(window, "exportProjectionsCsv")
    assert action.text() == "Proyecciones como &tabla CSV…"
    assert not action.isEnabled()
    nowhere = "/nonexistent/never-written.csv"
    assert not window.desktop.exporting.export("exportProjectionsCsv", nowhere)  # nothing to export
    window.controller.load(preset_scene("causal-tokens"))
    assert action.isEnabled()
    window.controller.load(preset_scene("several-queries"))
    assert not action.isEnabled()
    window.translations.load("en")
    assert action.text() == "Projections as a CSV &Table…"


def test_a_copied_worked_example_starts_from_the_tokens_and_prints_the_numbers(make_window):
    window = make_window(preset_scene("learned-projections"))
    scene, results = window.controller.scene, window.controller.results
    for name, first in (("copyNumpy", "Q = X @ W_Q.T"), ("copyPytorch", "    to_q.weight.copy_(W_Q)")):
        act(window, name).trigger()
        code = QGuiApplication.clipboard().text()
        assert first in code.splitlines()
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert parse_output(done.stdout) == expected_matrix_output(scene, compute(scene))
    assert results.matrix.scores == compute(scene).matrix.scores
