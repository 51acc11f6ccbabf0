"""The matrix panel's words: grid titles, the notes under them, short reasons for a cell.

Every sentence here is translated (context "MatrixPanel"); numbers are written
by text/numbers.py in the interface language.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ....model.matrix import AttentionMatrix
from ....model.scene import Scoring
from ....model.undefined import Undefined, Why
from ....text import numbers
from ....text.names import query_name
from ... import words

PLACES = 2  # decimals in a cell; a cell's tooltip gives three


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


def notes(matrix: AttentionMatrix, lang: str, hint: bool = True) -> list[str]:
    """The lines beside the grids: how to read them, and why each undefined row has no weights."""
    lines = [
        scale_note(matrix, lang),
        QCoreApplication.translate(
            "MatrixPanel",
            "Each row of weights sums to 1 (the Σ column); the columns do not: one key may "
            "gather more than 1 in all, another almost nothing.",
        ),
        QCoreApplication.translate(
            "MatrixPanel", "Hatched: masked. Its logit becomes −∞ before softmax, so its weight is 0."
        ),
    ]
    for i, undefined in enumerate(matrix.undefined):
        if undefined is not None:
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
        value = "−∞" if masked else numbers.number(matrix.logits[i][j], lang)
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


def cell_template(bound: float, lang: str, signed: bool = True) -> str:
    """The widest number a cell of a grid whose values stay within ±bound (0 … bound unless
    `signed`) can show."""
    sign = numbers.MINUS if signed else ""
    if bound >= 1e7:
        return sign + "8" + numbers.decimal_separator(lang) + "88×10⁸⁸"
    digits = len(str(int(bound)))
    return sign + "8" * digits + numbers.decimal_separator(lang) + "8" * PLACES


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
