"""Numbers as the app writes them, in either language: one rule for every number.

A number is rounded to its kind's places and written without trailing zeros, so an
exact value reads exactly and a number reads the same in every view — panels, stage,
lesson, worked examples and the output of their copied code:

- three places for every quantity: scores, logits, weights, lengths, coordinates,
  outputs (0.707, 0.33, 2.03, 4, (0.8, 1.6));
- two for an angle in degrees, as the lesson writes θ (36.87°);
- two in a cell of the Q·Kᵀ matrix's grids, where room is short (GRID_PLACES; the
  cell's tooltip has the three);
- an axis's tick labels, as many as their spacing needs (0, 0.5, 1).

Spanish writes a decimal comma, so its vectors separate coordinates with a
semicolon: (0,8; 1,6); set_point_always(True) writes a point in every language
instead, as the printed handout does: (0.8, 1.6). Negative numbers use the true minus sign, and a value
that rounds to zero never shows as −0.
"""

from __future__ import annotations

import math

PLACES = 3  # every quantity
ANGLE_PLACES = 2  # degrees
GRID_PLACES = 2  # a cell of the matrix's grids
MINUS = "\u2212"
NEG_INFINITY = MINUS + "∞"  # what the mask adds to a masked key's logit
_SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
_LARGE = 1e7
_style = {"point_always": False}  # the app's preference, one for every window of the process


def set_point_always(on: bool) -> None:
    """A decimal point whatever the language (True), or the language's own separator."""
    _style["point_always"] = bool(on)


def point_always() -> bool:
    return _style["point_always"]


def decimal_separator(lang: str) -> str:
    return "," if lang == "es" and not _style["point_always"] else "."


def list_separator(lang: str) -> str:
    """Between a vector's coordinates; a semicolon where the decimal separator is a comma."""
    return "; " if decimal_separator(lang) == "," else ", "


def number(x: float | None, lang: str = "en", places: int = PLACES) -> str:
    """x rounded to `places` decimals, trailing zeros dropped."""
    if x is None or not math.isfinite(x):
        return "—"
    if abs(x) >= _LARGE:
        return _scientific(x, lang)
    text = f"{abs(x):.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    negative = x < 0 and text.strip("0.") != ""  # not when it rounds to zero
    text = text.replace(".", decimal_separator(lang))
    return (MINUS if negative else "") + text


def signed(x: float, lang: str = "en", places: int = PLACES) -> str:
    """A number in parentheses when negative, as a factor of a product: (−1)."""
    text = number(x, lang, places)
    return f"({text})" if text.startswith(MINUS) else text


def vector(v, lang: str = "en", places: int = PLACES) -> str:
    if v is None:
        return "—"
    return "(" + list_separator(lang).join(number(x, lang, places) for x in v) + ")"


def masked_logit(x: float | None, lang: str = "en", places: int = PLACES) -> str:
    """A masked key's scaled logit, written the same wherever it is shown. PyTorch's order: the
    score is scaled (the logit exists), then the mask makes it −∞ before softmax: "1.414 → −∞"."""
    return NEG_INFINITY if x is None else f"{number(x, lang, places)} → {NEG_INFINITY}"


def weight(w: float | None, lang: str = "en", masked: bool = False) -> str:
    """A softmax weight: 0.33. A masked key's is written "0", the mark it has wherever it is shown."""
    return "0" if masked else number(w, lang)


def output(v, lang: str = "en") -> str:
    """The output Σ wᵢvᵢ: (0.33, 0.67)."""
    return vector(v, lang)


def angle(degrees: float | None, lang: str = "en") -> str:
    return "—" if degrees is None else number(degrees, lang, ANGLE_PLACES) + "°"


def percent(fraction: float | None, lang: str = "en") -> str:
    if fraction is None:
        return "—"
    return number(100.0 * fraction, lang, 0) + "\u202f%"


def expanded_product(q, k, dot: float, lang: str = "en", places: int = PLACES) -> str:
    """The lesson's form of a dot product: 2(1) + 1(2) = 4."""
    terms = [f"{signed(a, lang, places)}({number(b, lang, places)})" for a, b in zip(q, k, strict=True)]
    if len(terms) > 6:
        terms = [*terms[:3], "…", *terms[-2:]]
    return " + ".join(terms) + " = " + number(dot, lang, places)


def _scientific(x: float, lang: str) -> str:
    exponent = math.floor(math.log10(abs(x)))
    mantissa = abs(x) / 10**exponent
    if round(mantissa, 2) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    text = f"{mantissa:.2f}".rstrip("0").rstrip(".").replace(".", decimal_separator(lang))
    sign = MINUS if x < 0 else ""
    return f"{sign}{text}×10{str(exponent).translate(_SUPERSCRIPTS)}"
