"""A token scene's projections as a CSV table: W_Q, W_K, W_V and B row by row, exact, headed."""

import csv
import io

from hypothesis import given, settings

from qk_explorer.model import compute
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.projections_table import projections_csv
from tests.model.token_scenes import token_scenes


def table(scene) -> list[list[str]]:
    return list(csv.reader(io.StringIO(projections_csv(compute(scene).projections))))


def grid(rows, name: str) -> list[list[float]]:
    lines = [r for r in rows if r[0] == name]
    assert [r[1] for r in lines] == [str(i + 1) for i in range(len(lines))]
    return [[float(x) for x in r[2:-1]] for r in lines]


def test_the_asymmetric_preset_row_by_row_with_its_headings():
    rows = table(preset_scene("asymmetric-scores"))
    assert rows[0] == ["matrix", "row", "x1", "x2", "note"]
    assert rows[1:4] == [
        ["d_model", "", "2", "", ""],
        ["d_k", "", "2", "", ""],
        ["symmetric", "", "false", "", ""],
    ]
    assert rows[4][:4] == ["inner_product", "", "false", ""]
    assert rows[4][4].startswith("B is not symmetric: B[1][2] = -1 but B[2][1] = 1")
    assert rows[5:] == [
        ["w_q", "1", "1.0", "0.0", "qᵢ = W_Q xᵢ"],
        ["w_q", "2", "0.0", "1.0", ""],
        ["w_k", "1", "1.0", "-1.0", "kᵢ = W_K xᵢ"],
        ["w_k", "2", "1.0", "1.0", ""],
        ["w_v", "1", "1.0", "0.0", "vᵢ = W_V xᵢ"],
        ["w_v", "2", "0.0", "1.0", ""],
        ["bilinear", "1", "1.0", "-1.0", "B = W_Qᵀ W_K: the score of token i for token j is xᵢᵀ B xⱼ"],
        ["bilinear", "2", "1.0", "1.0", ""],
    ]


def test_an_inner_product_has_no_reason():
    rows = table(preset_scene("identity-projections"))
    assert rows[3] == ["symmetric", "", "true", "", ""] and rows[4] == ["inner_product", "", "true", "", ""]


@settings(max_examples=80, deadline=None)
@given(token_scenes())
def test_every_entry_in_full_precision_whatever_the_shapes(scene):
    p = compute(scene).projections
    rows = table(scene)
    d_model, d_k = scene.tokens.d_model, scene.tokens.d_k
    assert rows[0] == ["matrix", "row", *[f"x{c + 1}" for c in range(d_model)], "note"]
    assert all(len(r) == d_model + 3 for r in rows)
    assert (rows[1][2], rows[2][2]) == (str(d_model), str(d_k))
    assert rows[3][2] == ("true" if p.symmetric else "false")
    assert rows[4][-1] == ("" if p.reason is None else p.reason.english())
    for name, want in (("w_q", p.w_q), ("w_k", p.w_k), ("w_v", p.w_v), ("bilinear", p.bilinear)):
        assert grid(rows, name) == [list(r) for r in want], name
    text = projections_csv(p).lower()
    assert "nan" not in text and "inf" not in text.replace("inner_product", "")
