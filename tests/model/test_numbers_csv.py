"""The numbers as CSV: one row per number, the same numbers as the JSON export."""

import csv
import io
import json
import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.numbers_export import CSV_COLUMNS, write_numbers, write_numbers_csv
from qk_explorer.model.presets import preset_scene


def rows(scene):
    reader = csv.DictReader(io.StringIO(write_numbers_csv(scene, compute(scene))))
    assert tuple(reader.fieldnames) == CSV_COLUMNS
    return list(reader)


def value(table, quantity, key="", coordinate=""):
    found = [
        r
        for r in table
        if (r["quantity"], r["key"], r["coordinate"]) == (quantity, str(key), str(coordinate))
    ]
    assert len(found) == 1, (quantity, key, coordinate, found)
    return found[0]


def test_the_lesson_attention_numbers_one_per_row():
    table = rows(preset_scene("lesson-attention"))
    assert value(table, "format")["value"] == "qk-explorer-numbers"
    assert value(table, "score", 1)["value"] == "1.0"
    assert value(table, "score", 2)["value"] == "2.0"
    assert math.isclose(float(value(table, "logit", 1)["value"]), 1 / math.sqrt(2))
    assert math.isclose(float(value(table, "weight", 2)["value"]), 0.6697615493266569)
    assert math.isclose(float(value(table, "output", "", 1)["value"]), 0.3302384506733431)
    assert value(table, "winner", 2)["value"] == "2"
    assert value(table, "comparison.scoring")["value"] == "cosine"


def test_the_pair_rows_carry_the_selected_key_and_full_precision():
    scene = preset_scene("lesson-pair")
    table = rows(scene)
    assert value(table, "dot", 1)["value"] == "4.0"
    assert value(table, "relation", 1)["value"] == "acute"
    assert value(table, "projection", 1, 2)["value"] == repr(compute(scene).pair.projection[1])
    assert float(value(table, "angle_deg", 1)["value"]) == compute(scene).pair.angle_deg


def test_masked_scores_are_numbers_with_a_note_and_undefined_values_are_empty_with_a_note():
    table = rows(preset_scene("masked-key"))
    assert value(table, "score", 3) == {
        "quantity": "score",
        "query": "1",
        "key": "3",
        "coordinate": "",
        "value": "1.0",  # (1, 2)·(−1, 1): PyTorch scores a masked key too, then masks it
        "note": "masked",
    }
    assert value(table, "weight", 3)["value"] == "0.0"
    assert value(table, "mask", 3)["value"] == "false"
    table = rows(make_scene((0, 0), [(1, 0)]))
    assert value(table, "cosine", 1)["value"] == ""
    assert "zero vector" in value(table, "cosine", 1)["note"]
    table = rows(make_scene((1, 2), [(1, 0)], mask=[False]))
    assert value(table, "output", "", 2)["value"] == ""
    assert "masked" in value(table, "output", "", 2)["note"]


def test_the_csv_holds_every_number_of_the_json():
    scene = preset_scene("four-keys")
    document = json.loads(write_numbers(scene, compute(scene)))
    table = rows(scene)
    numbers_in_csv = sorted(
        float(r["value"]) for r in table if r["value"] not in ("", "true", "false") and _is_number(r["value"])
    )

    skipped = ("version", "selected_key", "selected_query")  # counted from 0 in the JSON, from 1 in the CSV
    for number in _numbers({k: v for k, v in document.items() if k not in skipped}):
        assert number in numbers_in_csv


def _is_number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_a_token_scene_adds_each_tokens_label_and_embedding_and_the_json_numbers_but_the_matrices():
    scene = preset_scene("learned-projections")
    table = rows(scene)
    tokens = scene.tokens
    for i, (label, x) in enumerate(zip(tokens.labels, tokens.embeddings, strict=True)):
        found = [r for r in table if r["quantity"] == "token.label" and r["query"] == str(i + 1)]
        assert [r["value"] for r in found] == [label]
        for c, coordinate in enumerate(x):
            (row,) = [
                r
                for r in table
                if (r["quantity"], r["query"], r["coordinate"]) == ("token.embedding", str(i + 1), str(c + 1))
            ]
            assert float(row["value"]) == coordinate
    document = json.loads(write_numbers(scene, compute(scene)))
    in_csv = {float(r["value"]) for r in table if _is_number(r["value"])}
    document.pop("projections")  # W_Q, W_K, W_V and B: the projections' own CSV table
    for name in ("queries", "keys", "values", "tokens", "matrix"):
        part = document[name]["embeddings"] if name == "tokens" else _numbers(document[name])
        flat = np.ravel(np.array(part))
        assert set(map(float, flat)) <= in_csv, name


def _numbers(x):
    if isinstance(x, bool) or x is None or isinstance(x, str):
        return []
    if isinstance(x, int | float):
        return [float(x)]
    if isinstance(x, dict):
        return [n for v in x.values() for n in _numbers(v)]
    return [n for v in x for n in _numbers(v)]


# ---- text a spreadsheet would run as a formula --------------------------------------------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _token_scene_labelled(labels, title=""):
    from dataclasses import replace

    from qk_explorer.model.scene import with_title

    scene = preset_scene("learned-projections")
    labels = [*labels, "x", "y", "z", "w", "v", "u"][: len(scene.tokens.labels)]
    return with_title(replace(scene, tokens=replace(scene.tokens, labels=tuple(labels))), title)


def test_labels_and_titles_that_a_spreadsheet_would_run_are_written_as_text():
    for labels, expected in (
        (["=1+2", "@SUM(A1)", "+cmd|x!A0", "-2+3"], ["'=1+2", "'@SUM(A1)", "'+cmd|x!A0", "'-2+3"]),
        (["ok", "a=b", "-", "'q"], ["ok", "a=b", "'-", "'q"]),
    ):
        table = rows(_token_scene_labelled(labels, title="=HYPERLINK(1)"))
        assert [r["value"] for r in table if r["quantity"] == "token.label"] == expected
        assert value(table, "title")["value"] == "'=HYPERLINK(1)"
    # A file cannot give a title that starts with a tab; a cell that does is text all the same.
    assert value(rows(_token_scene_labelled([], title="\tx")), "title")["value"] == "'\tx"


def test_negative_numbers_stay_numbers():
    table = rows(make_scene((-2.5, 1), [(1, -3)]))
    assert value(table, "query", "", 1)["value"] == "-2.5"
    assert value(table, "dot", 1)["value"] == "-5.5"


def _labels():
    from qk_explorer.model.tokens import good_label

    starts = st.sampled_from(["", "=", "+", "-", "@", "1", "-1", "-1e5", "'"])
    return st.tuples(starts, st.text(max_size=8)).map("".join).filter(good_label)


@given(_labels())
def test_no_text_cell_of_any_export_starts_a_formula(text):
    """Every cell a spreadsheet reads as text — a label, a title — and every cell of the model's
    CSV tables: what starts like a formula is either a number or a quoted text. (The matrix's and
    the attention table's, written from their views' content: tests/view/panels/test_matrix_csv.py.)"""
    from qk_explorer.model.projections_table import projections_csv

    scene = _token_scene_labelled([text], title=text)
    results = compute(scene)
    for table in (write_numbers_csv(scene, results), projections_csv(results.projections)):
        for row in csv.reader(io.StringIO(table)):
            for cell in row:
                assert not cell.startswith(FORMULA_STARTS) or _is_number(cell), (table, cell)
