"""A token scene's projections as one CSV table: W_Q, W_K, W_V and B = W_Qᵀ W_K, row by row.

The Projections panel's grids, for a spreadsheet, written as the Q·Kᵀ table is
(the matrix table, view/matrix/content.py): one line per row of a matrix, a `matrix` column naming it
(w_q, w_k, w_v, bilinear: the numbers export's names) and a `row` column
counting from 1, then one column per coordinate of the embeddings, x1 … x_d.
All four matrices have d_model columns: column c of W_Q multiplies coordinate
c of xᵢ in qᵢ = W_Q xᵢ, and in xᵢᵀ B xⱼ row r of B meets coordinate r of xᵢ,
column c coordinate c of xⱼ. A note names what each matrix does; a few lines
first give d_model, d_k and whether B is symmetric and an inner product on the
tokens, with the reason when it is not. Full double precision, a decimal point.
"""

from __future__ import annotations

import csv
import io

from .numbers_export import csv_cell
from .projections import Projections

_NOTES = {
    "w_q": "qᵢ = W_Q xᵢ",
    "w_k": "kᵢ = W_K xᵢ",
    "w_v": "vᵢ = W_V xᵢ",
    "bilinear": "B = W_Qᵀ W_K: the score of token i for token j is xᵢᵀ B xⱼ",
}


def projections_csv(p: Projections) -> str:
    d_model, d_k = len(p.bilinear), len(p.w_q)
    header = ["matrix", "row", *[f"x{c + 1}" for c in range(d_model)], "note"]
    blank = [""] * (d_model - 1)
    reason = "" if p.reason is None else p.reason.english()
    lines: list[list] = [header]
    for name, value, note in (
        ("d_model", d_model, ""),
        ("d_k", d_k, ""),
        ("symmetric", p.symmetric, ""),
        ("inner_product", p.inner_product, reason),
    ):
        lines.append([name, "", csv_cell(value), *blank, note])
    for name in _NOTES:
        for r, row in enumerate(getattr(p, name)):
            lines.append([name, r + 1, *[csv_cell(x) for x in row], _NOTES[name] if r == 0 else ""])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(lines)
    return out.getvalue()
