"""A token scene's projections in words: a small matrix, yes or no, and why B is no inner product.

Pure, like the rest of text/: the numbers come from model.projections, formatted by text.numbers
in the interface language. A matrix is written row by row in brackets, [[1, 0], [1, 1]] — in
Spanish, whose decimal comma takes the semicolon for lists, [[1; 0]; [1; 1]]. Its numbers stay
together on a line; a long matrix may break between its rows only.
"""

from __future__ import annotations

from ..model.projections import NotInner, NotInnerProduct
from . import numbers
from .names import subscript

NBSP = "\u00a0"

_YES = {"en": "yes", "es": "sí"}
_NO = {"en": "no", "es": "no"}

_REASONS = {
    "en": {
        NotInner.NOT_SYMMETRIC: "B is not symmetric: {entry} but {mirror}",
        NotInner.NEGATIVE_EIGENVALUE: "B has a negative eigenvalue, {eigenvalue}, and along its "
        "eigenvector x the “squared length” xᵀBx is negative",
        NotInner.LOW_RANK: "d_k = {d_k} is less than d_model = {d_model}, so some x ≠ 0 has xᵀBx = 0 "
        "(the eigenvalue {eigenvalue})",
        NotInner.ZERO_EIGENVALUE: "B has the eigenvalue {eigenvalue}, and along its eigenvector x ≠ 0 "
        "xᵀBx = 0",
    },
    "es": {
        NotInner.NOT_SYMMETRIC: "B no es simétrica: {entry}, pero {mirror}",
        NotInner.NEGATIVE_EIGENVALUE: "B tiene un autovalor negativo, {eigenvalue}, y a lo largo de "
        "su autovector x la «longitud al cuadrado» xᵀBx es negativa",
        NotInner.LOW_RANK: "d_k = {d_k} es menor que d_model = {d_model}, así que algún x ≠ 0 da "
        "xᵀBx = 0 (el autovalor {eigenvalue})",
        NotInner.ZERO_EIGENVALUE: "B tiene el autovalor {eigenvalue} y, a lo largo de su autovector "
        "x ≠ 0, xᵀBx = 0",
    },
}


def _lang(lang: str) -> str:
    return lang if lang in _REASONS else "en"


def matrix(rows, lang: str) -> str:
    """[[1, 0], [1, 1]]: the rows in brackets, each row's numbers held together."""
    inner = numbers.list_separator(lang).replace(" ", NBSP)
    written = ["[" + inner.join(numbers.number(x, lang) for x in row) + "]" for row in rows]
    return "[" + numbers.list_separator(lang).join(written) + "]"


def yes_no(value: bool, lang: str) -> str:
    return (_YES if value else _NO)[_lang(lang)]


def reason(why: NotInnerProduct, lang: str) -> str:
    """Why B is not an inner product, with its numbers: "B is not symmetric: B₁₂ = −1 but B₂₁ = 1"."""

    def equation(name: str, x: float) -> str:
        return f"{name}{NBSP}={NBSP}{numbers.number(x, lang)}"

    i, j = (0, 0) if why.entry is None else why.entry
    a, b = (0.0, 0.0) if why.pair is None else why.pair
    eigenvalue = 0.0 if why.eigenvalue is None else why.eigenvalue
    return _REASONS[_lang(lang)][why.why].format(
        entry=equation(f"B{subscript(i + 1)}{subscript(j + 1)}", a),
        mirror=equation(f"B{subscript(j + 1)}{subscript(i + 1)}", b),
        eigenvalue=equation("λ", eigenvalue),
        d_k=why.d_k,
        d_model=why.d_model,
    )


def inner_product(is_one: bool, why: NotInnerProduct | None, lang: str) -> str:
    """yes, or no with the reason: "no — B is not symmetric: …"."""
    if is_one or why is None:
        return yes_no(True, lang)
    return f"{yes_no(False, lang)} — {reason(why, lang)}"
