"""The Q·Kᵀ matrix as one CSV table: the matrix panel's grids, row by row, for a spreadsheet.

One line per query and grid — scores, logits, mask, weights — with a column per
key, then Σ (the weights' row sum) and a note; a few lines of settings come
first. Numbers are written in full double precision with a decimal point, as
the numbers export writes them (numbers_export.py). Nothing is ever NaN or
infinite: a masked pair's logit is the number PyTorch adds −∞ to (the mask
lines say which pairs are masked), and a row with no weights leaves its cells
empty and gives the reason in its note.
"""

from __future__ import annotations

import csv
import io

from .matrix import AttentionMatrix
from .numbers_export import csv_cell


def matrix_csv(matrix: AttentionMatrix) -> str:
    rows, keys = matrix.shape
    header = ["grid", "query", *[f"k{j + 1}" for j in range(keys)], "sum", "note"]
    blank = [""] * (keys - 1)
    lines: list[list] = [header]
    for name, value in (
        ("scoring", matrix.scoring.value),
        ("d_k", matrix.d_k),
        ("scale", matrix.scale),
        ("causal", matrix.causal),
    ):
        lines.append([name, "", csv_cell(value), *blank, "", ""])
    for i in range(rows):
        scores = [csv_cell(x) for x in matrix.scores[i]]
        lines.append(["scores", f"q{i + 1}", *scores, "", _none_note(matrix, i)])
    for i in range(rows):
        masked = [f"k{j + 1}" for j, m in enumerate(matrix.mask[i]) if not m]
        note = "masked: " + " ".join(masked) if masked else ""
        lines.append(["logits", f"q{i + 1}", *[csv_cell(x) for x in matrix.logits[i]], "", note])
    for i in range(rows):
        lines.append(["mask", f"q{i + 1}", *[csv_cell(m) for m in matrix.mask[i]], "", ""])
    for i, row in enumerate(matrix.rows):
        if row.weights is None:
            reason = "" if row.undefined is None else row.undefined.english()
            lines.append(["weights", f"q{i + 1}", *[""] * keys, "", reason])
        else:
            weights = [csv_cell(w) for w in row.weights]
            lines.append(["weights", f"q{i + 1}", *weights, csv_cell(row.weight_sum), ""])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(lines)
    return out.getvalue()


def _none_note(matrix: AttentionMatrix, i: int) -> str:
    """Why a row of scores has empty cells (a cosine with the zero vector has no value)."""
    if None not in matrix.scores[i]:
        return ""
    return "no value: a cosine with the zero vector"
