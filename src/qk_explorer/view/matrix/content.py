"""What the Q·Kᵀ matrix shows, written once: its grids' cells, titles and notes, from Results.

The panel's grids, the picture of them, the stage's grids and the CSV table all take their
cells from here: which cells are masked (`masked`, the one place that says so), what a cell
says (`cell_text`: a masked pair's scaled logit is its number, then where the mask takes it,
"1,41 → −∞", as everywhere a masked logit is shown; its weight is 0) and how to read them.
Every sentence is translated once (context "MatrixPanel"); numbers are written by
text/numbers.py in the interface language.
"""

from __future__ import annotations

import csv as csv_module
import io

import numpy as np
from PySide6.QtCore import QCoreApplication

from ...model.matrix import AttentionMatrix
from ...model.numbers_export import csv_cell
from ...model.scene import Scoring
from ...model.undefined import Undefined, Why
from ...text import numbers
from ...text.names import query_name
from ...text.withheld import MARK
from .. import words
from ..stage.parts import Grid, Row, Rows, coloured

PLACES = numbers.GRID_PLACES  # decimals in a cell; a cell's tooltip gives three
GRIDS = ("scores", "logits", "weights")  # the matrix's grids of numbers, in PyTorch's order


def masked(matrix: AttentionMatrix) -> np.ndarray:
    """Which pairs are masked (rows of queries, columns of keys): left out of softmax."""
    return ~matrix.mask_array


def cell_text(
    grid: str, x: float | None, is_masked: bool, lang: str, compact: bool = True, narrow: bool = False
) -> str:
    """What a cell of a grid says: its number — `compact`, to PLACES decimals as the panel's
    cells have room for; else to a quantity's own places (a weight 0.33) — and for a
    masked pair, its logit then where the mask takes it, its weight 0; a dash for no number.
    A `narrow` grid's masked logit says only where the mask takes it, −∞ (its tooltip keeps
    the logit): for a panel without room for "4.24 → −∞" in every column."""
    if x is None:
        return "—"
    if is_masked and grid == "logits":
        if narrow:
            return numbers.NEG_INFINITY
        return numbers.masked_logit(x, lang, PLACES if compact else numbers.PLACES)
    if grid == "weights" and not compact:
        return numbers.weight(x, lang, is_masked)
    if grid == "weights" and is_masked:
        return "0"
    return numbers.number(x, lang, PLACES) if compact else numbers.number(x, lang)


def titles(matrix: AttentionMatrix, lang: str, dropout: bool) -> dict[str, str]:
    """Each grid's title: what its numbers are, in a few words (the notes say more)."""
    scale = numbers.number(matrix.scale, lang)
    scores = (
        QCoreApplication.translate("MatrixPanel", "Scores cos(qᵢ, kⱼ)")
        if matrix.scoring is Scoring.COSINE
        else QCoreApplication.translate("MatrixPanel", "Scores QKᵀ")
    )
    return {
        "scores": scores,
        "logits": QCoreApplication.translate("MatrixPanel", "Scaled logits × {scale}").format(scale=scale),
        "weights": QCoreApplication.translate("MatrixPanel", "Weights before dropout")
        if dropout
        else QCoreApplication.translate("MatrixPanel", "Weights: softmax"),
        "outputs": QCoreApplication.translate("MatrixPanel", "Outputs W·V"),
    }


def scale_note(matrix: AttentionMatrix, lang: str) -> str:
    """How a score becomes a scaled logit."""
    scale = numbers.number(matrix.scale, lang)
    if matrix.scoring is Scoring.COSINE:
        return QCoreApplication.translate(
            "MatrixPanel", "Scaled logit = cosine × {scale}, the cosine's multiplier."
        ).format(scale=scale)
    if matrix.scale_is_default:
        return QCoreApplication.translate(
            "MatrixPanel", "Scaled logit = score × 1/√dₖ = score × {scale} (dₖ = {d})."
        ).format(scale=scale, d=matrix.d_k)
    return QCoreApplication.translate(
        "MatrixPanel", "Scaled logit = score × {scale}, a scale of your own."
    ).format(scale=scale)


def short_reason(undefined: Undefined | None) -> str | None:
    """Why a row has no weights, short enough for the row itself."""
    if undefined is None:
        return None
    if undefined.why is Why.ALL_MASKED:
        return QCoreApplication.translate("MatrixPanel", "no key takes part")
    if undefined.why is Why.ZERO_QUERY_COSINE:
        return QCoreApplication.translate("MatrixPanel", "zero query: no cosine")
    key = "k" if undefined.key is None else words.key_name(undefined.key)
    return QCoreApplication.translate("MatrixPanel", "{key} is zero: no cosine").format(key=key)


def notes(
    matrix: AttentionMatrix, lang: str, hint: bool = True, withheld=frozenset(), narrow: bool = False
) -> list[str]:
    """The lines beside the grids: how to read them, and why each undefined row has no weights
    (not while the weights are withheld: that answers for them). `narrow`: the masked logits
    read −∞ alone (cell_text), so the line on hatching says where their numbers are."""
    hatched = (
        QCoreApplication.translate(
            "MatrixPanel",
            "Hatched: masked. Its logit (point at the cell to read it) becomes −∞ before softmax, "
            "so its weight is 0.",
        )
        if narrow
        else QCoreApplication.translate(
            "MatrixPanel", "Hatched: masked. Its logit becomes −∞ before softmax, so its weight is 0."
        )
    )
    lines = [
        scale_note(matrix, lang),
        QCoreApplication.translate(
            "MatrixPanel",
            "Each row of weights sums to 1 (the Σ column); the columns do not: one key may "
            "gather more than 1 in all, another almost nothing.",
        ),
        hatched,
    ]
    for i, undefined in enumerate(matrix.undefined):
        if undefined is not None and "matrix_weights" not in withheld:
            lines.append(
                QCoreApplication.translate("MatrixPanel", "{query}: {reason}").format(
                    query=query_name(i), reason=words.reason(undefined)
                )
            )
    if hint:
        lines.append(
            QCoreApplication.translate(
                "MatrixPanel",
                "Point at a cell to see its pair on the canvas; click to pin it, "
                "Ctrl+click to mask or unmask it.",
            )
        )
    return lines


def cell_tip(grid: str, matrix: AttentionMatrix, i: int, j: int, lang: str, causal_cell: bool) -> str:
    """A cell's tooltip: which pair, its number with three decimals, and why it is masked."""
    pair = f"{query_name(i)}·{words.key_name(j)}" if j < matrix.shape[1] else query_name(i)
    masked = j < matrix.shape[1] and not matrix.mask[i][j]
    if grid == "scores":
        text = f"{pair} = {numbers.number(matrix.scores[i][j], lang)}"
    elif grid == "logits":
        logit = matrix.logits[i][j]
        value = numbers.masked_logit(logit, lang) if masked else numbers.number(logit, lang)
        text = QCoreApplication.translate("MatrixPanel", "logit of {pair} = {value}").format(
            pair=pair, value=value
        )
    elif grid == "weights" and matrix.weights[i] is None:
        text = words.reason(matrix.undefined[i])
    elif grid == "weights" and j < matrix.shape[1]:
        weight = numbers.number(matrix.weights[i][j], lang)
        text = QCoreApplication.translate("MatrixPanel", "weight of {pair} = {value}").format(
            pair=pair, value=weight
        )
    elif grid == "weights":
        total = numbers.number(matrix.weight_sums[i], lang)
        text = QCoreApplication.translate("MatrixPanel", "Σ of row {query} = {value}").format(
            query=query_name(i), value=total
        )
    else:
        output = matrix.outputs[i]
        text = words.reason(matrix.undefined[i]) if output is None else numbers.vector(output, lang)
    if masked and grid != "outputs":
        text += "\n" + (
            QCoreApplication.translate("MatrixPanel", "Masked by causal masking (key after the query).")
            if causal_cell
            else QCoreApplication.translate("MatrixPanel", "Masked.")
        )
    return text


def cell_template(bound: float, lang: str, signed: bool = True, masked_logits: bool = False) -> str:
    """The widest text a cell of a grid whose values stay within ±bound (0 … bound unless
    `signed`) can show; with `masked_logits`, a masked pair's logit and where it goes."""
    sign = numbers.MINUS if signed else ""
    if bound >= 1e7:
        widest = sign + "8" + numbers.decimal_separator(lang) + "88×10⁸⁸"
    else:
        widest = sign + "8" * len(str(int(bound))) + numbers.decimal_separator(lang) + "8" * PLACES
    return f"{widest} → {numbers.NEG_INFINITY}" if masked_logits else widest


SHOWN_COORDINATES = 4  # an output of more dimensions shows its first and last two, with … between


def vector_text(vector, lang: str) -> str:
    """An output as a cell shows it."""
    parts = [numbers.number(x, lang, PLACES) for x in vector]
    if len(parts) > SHOWN_COORDINATES:
        parts = [*parts[:2], "…", *parts[-2:]]
    return "(" + numbers.list_separator(lang).join(parts) + ")"


def vector_template(bound: float, dimension: int, lang: str) -> str:
    """The widest output a cell can show, its coordinates within ±bound."""
    number = cell_template(bound, lang)
    parts = [number] * min(dimension, SHOWN_COORDINATES) + (["…"] if dimension > SHOWN_COORDINATES else [])
    return "(" + numbers.list_separator(lang).join(parts) + ")"


# ---- the CSV table ----------------------------------------------------------------------------


def csv(matrix: AttentionMatrix) -> str:
    """The grids as one CSV table for a spreadsheet: a line per query and grid — scores, logits,
    mask, weights — a column per key, then Σ (the weights' row sum) and a note; a few lines of
    settings first. Numbers in full double precision with a decimal point, as the numbers
    export writes them; never NaN or infinite: a masked pair's logit is the number the mask
    then makes −∞ (its note and the mask lines say which pairs), and a row with no weights
    leaves its cells empty and gives the reason in its note."""
    rows, keys = matrix.shape
    hidden = masked(matrix)
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
        note = "no value: a cosine with the zero vector" if None in matrix.scores[i] else ""
        lines.append(["scores", f"q{i + 1}", *scores, "", note])
    for i in range(rows):
        names = [f"k{j + 1}" for j in range(keys) if hidden[i, j]]
        note = "masked: " + " ".join(names) if names else ""
        lines.append(["logits", f"q{i + 1}", *[csv_cell(x) for x in matrix.logits[i]], "", note])
    for i in range(rows):
        lines.append(["mask", f"q{i + 1}", *[csv_cell(not m) for m in hidden[i].tolist()], "", ""])
    for i, row in enumerate(matrix.rows):
        if row.weights is None:
            reason = "" if row.undefined is None else row.undefined.english()
            lines.append(["weights", f"q{i + 1}", *[""] * keys, "", reason])
        else:
            weights = [csv_cell(w) for w in row.weights]
            lines.append(["weights", f"q{i + 1}", *weights, csv_cell(row.weight_sum), ""])
    out = io.StringIO()
    csv_module.writer(out, lineterminator="\n").writerows(lines)
    return out.getvalue()


# ---- on the stage -------------------------------------------------------------------------------

MAX_GRID_SIDE = 8  # queries or keys a grid on the stage shows before it says how many more there are


def stage_grid(kind: str, update, style) -> Grid:
    """One grid as the stage shows it: the first MAX_GRID_SIDE queries and keys, the weights
    with their Σ column, masked pairs dimmed."""
    scene, matrix, lang = update.scene, update.results.matrix, style.lang
    n_rows, n_cols = min(scene.query_count, MAX_GRID_SIDE), min(scene.key_count, MAX_GRID_SIDE)
    captions = {
        "scores": QCoreApplication.translate("MatrixPanel", "Scores Q·Kᵀ"),
        "logits": QCoreApplication.translate("MatrixPanel", "Scaled logits (masked: −∞)"),
        "weights": QCoreApplication.translate("MatrixPanel", "Weights: softmax along each row"),
    }
    hidden = masked(matrix)
    columns = [coloured(words.key_name(j), style.colours.get("key")) for j in range(n_cols)]
    cells, dimmed, notes_ = [], [], []
    withheld = f"matrix_{kind}" in update.withheld
    for i in range(n_rows):
        row_masked = hidden[i, :n_cols].tolist()
        if withheld:  # an open question asks for them: "?" in every cell, none dimmed
            row = [MARK] * (n_cols + (kind == "weights"))
            row_masked = [False] * n_cols
        elif kind == "weights" and matrix.weights[i] is None:
            row = ["—"] * (n_cols + 1)
            notes_.append(f"{words.query_name(i)}: {words.reason(matrix.undefined[i])}")
        else:
            values = {"scores": matrix.scores, "logits": matrix.logits, "weights": matrix.weights}[kind][i]
            row = [
                cell_text(kind, x, m, lang, False) for x, m in zip(values[:n_cols], row_masked, strict=True)
            ]
            if kind == "weights":
                row.append(numbers.number(matrix.weight_sums[i], lang))
        cells.append(tuple(row))
        dimmed.append(tuple(row_masked) + ((False,) if kind == "weights" else ()))
    if kind == "weights":
        columns.append("Σ")
    hidden_rows, hidden_cols = scene.query_count - n_rows, scene.key_count - n_cols
    if hidden_rows or hidden_cols:
        notes_.append(
            QCoreApplication.translate(
                "MatrixPanel", "… {q} more queries and {k} more keys, not shown for room"
            ).format(q=hidden_rows, k=hidden_cols)
        )
    return Grid(
        caption=captions[kind],
        columns=tuple(columns),
        rows=tuple(coloured(words.query_name(i), style.colours.get("query")) for i in range(n_rows)),
        cells=tuple(cells),
        dimmed=tuple(dimmed),
        notes=tuple(notes_),
    )


def stage_outputs(update, style) -> Rows:
    """Each query's output Σⱼ wᵢⱼvⱼ, or why it has none."""
    rows = []
    withheld = update.hides("matrix_outputs")
    for i, out in enumerate(update.results.matrix.outputs[:MAX_GRID_SIDE]):
        name = coloured(f"o<sub>{i + 1}</sub>", style.colours.get("output"))
        value = words.undefined_word() if out is None else numbers.output(out, style.lang)
        value = MARK if withheld else value
        rows.append(Row(f"o{i}", name, value, True))
    return Rows(tuple(rows))


def stage_grids(moment) -> tuple[str, ...]:
    """The grids the stage shows: outside the lesson for a scene of several queries, the scores
    and the weights; in the lesson, those the step speaks of (and the weights for their sums)."""
    if not moment.lesson:
        return ()
    grids = tuple(g for g in GRIDS if f"matrix_{g}" in moment.spoken)
    if "matrix_sums" in moment.spoken and "weights" not in grids:
        grids += ("weights",)  # the sums stand beside the weights
    return grids


def stage_part(kind: str):
    """The texts function of one grid's stage part."""

    def texts(moment, update, style):
        if moment.lesson:
            shown = kind in stage_grids(moment)
        else:
            shown = not moment.asking and update.scene.query_count > 1 and kind in ("scores", "weights")
        return stage_grid(kind, update, style) if shown else None

    return texts


def stage_outputs_part(moment, update, style):
    return stage_outputs(update, style) if "matrix_outputs" in moment.spoken else None
