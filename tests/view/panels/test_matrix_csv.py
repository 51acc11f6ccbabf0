"""The Q·Kᵀ matrix as a CSV table: the panel's grids, exact, never NaN or infinite."""

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.view.matrix.content import csv as matrix_csv


def table(scene):
    return list(csv.reader(io.StringIO(matrix_csv(compute(scene).matrix))))


def test_every_grid_row_by_row_in_full_precision():
    scene = preset_scene("padding-mask")
    rows = table(scene)
    m = compute(scene).matrix
    assert rows[0] == ["grid", "query", "k1", "k2", "k3", "k4", "sum", "note"]
    assert rows[1:5] == [
        ["scoring", "", "dot", "", "", "", "", ""],
        ["d_k", "", "2", "", "", "", "", ""],
        ["scale", "", repr(m.scale), "", "", "", "", ""],
        ["causal", "", "false", "", "", "", "", ""],
    ]
    by = {(r[0], r[1]): r for r in rows[5:]}
    assert len(by) == 4 * 3
    for i in range(3):
        q = f"q{i + 1}"
        assert [float(x) for x in by[("scores", q)][2:6]] == list(m.scores[i])
        assert [float(x) for x in by[("logits", q)][2:6]] == list(m.logits[i])
        assert by[("logits", q)][7] == "masked: k4" and by[("mask", q)][2:6] == ["true"] * 3 + ["false"]
        assert [float(x) for x in by[("weights", q)][2:7]] == [*m.weights[i], m.rows[i].weight_sum]


def test_a_row_without_weights_leaves_them_empty_and_says_why():
    scene = make_scene(queries=[(1, 2), (0, 1)], keys=[(1, 0), (0, 1)], mask=[[True, True], [False, False]])
    weights = [r for r in table(scene) if r[0] == "weights"]
    assert weights[1][2:5] == ["", "", ""] and weights[1][5].startswith("every key is masked")
    assert weights[0][5] == ""


@given(
    st.lists(st.floats(-1e6, 1e6), min_size=6, max_size=6), st.booleans(), st.sampled_from(["dot", "cosine"])
)
def test_never_nan_or_infinite(xs, causal, scoring):
    scene = make_scene(queries=[xs[0:2], xs[2:4]], keys=[xs[4:6], (0, 0)], causal=causal, scoring=scoring)
    text = matrix_csv(compute(scene).matrix).lower()
    assert "nan" not in text and "inf" not in text


@pytest.mark.parametrize("preset", ["padding-mask", "causal-self-attention", "cross-attention", "four-keys"])
def test_no_cell_of_the_matrix_or_attention_table_starts_a_formula(preset):
    """What starts like a formula (a minus sign) in the matrix's and the attention table's CSV is a
    number: neither table writes any text a person typed."""
    from qk_explorer.view.attention.content import csv as attention_csv
    from tests.model.test_numbers_csv import FORMULA_STARTS, _is_number

    scene = preset_scene(preset)
    results = compute(scene)
    for table in (matrix_csv(results.matrix), attention_csv(scene, results, compare=True)):
        for row in csv.reader(io.StringIO(table)):
            for cell in row:
                assert not cell.startswith(FORMULA_STARTS) or _is_number(cell), (table, cell)
