"""Numbers as the panels show them, in either language.

Spanish writes a decimal comma, so its vectors separate coordinates with a
semicolon: (0,8; 1,6); set_point_always(True) writes a point in every language
instead, as the printed handout does: (0.8, 1.6). Negative numbers use the true minus sign, and a value
that rounds to zero never shows as −0.

Each quantity has one number of places, the same in every view (only the matrix
panel's grid cells round to 2, for room), as the lesson prints them: a weight
to 3, trailing zeros kept so a row of weights lines up (0.330, 0.670), and the
output Σ wᵢvᵢ, a blend by those weights, alike; an angle to 2 (36.87°); every
other number to 3 with trailing zeros dropped, so an exact value reads exactly
(0.707, 2.236, 4, (0.8, 1.6)).
"""

from __future__ import annotations

import math

PLACES = 3  # scores, logits, lengths, products, coordinates: trailing zeros dropped
WEIGHT_PLACES = 3  # weights and the output, trailing zeros kept
ANGLE_PLACES = 2  # degrees
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


def number(x: float | None, lang: str = "en", places: int = PLACES, fixed: bool = False) -> str:
    """x rounded to `places` decimals; trailing zeros dropped unless `fixed`."""
    if x is None or not math.isfinite(x):
        return "—"
    if abs(x) >= _LARGE:
        return _scientific(x, lang)
    text = f"{abs(x):.{places}f}"
    if not fixed and "." in text:
        text = text.rstrip("0").rstrip(".")
    negative = x < 0 and text.strip("0.") != ""  # not when it rounds to zero
    text = text.replace(".", decimal_separator(lang))
    return (MINUS if negative else "") + text


def signed(x: float, lang: str = "en", places: int = PLACES) -> str:
    """A number in parentheses when negative, as a factor of a product: (−1)."""
    text = number(x, lang, places)
    return f"({text})" if text.startswith(MINUS) else text


def vector(v, lang: str = "en", places: int = PLACES, fixed: bool = False) -> str:
    if v is None:
        return "—"
    return "(" + list_separator(lang).join(number(x, lang, places, fixed) for x in v) + ")"


def masked_logit(x: float | None, lang: str = "en", places: int = PLACES) -> str:
    """A masked key's scaled logit, written the same wherever it is shown. PyTorch's order: the
    score is scaled (the logit exists), then the mask makes it −∞ before softmax: "1.414 → −∞"."""
    return NEG_INFINITY if x is None else f"{number(x, lang, places)} → {NEG_INFINITY}"


def weight(w: float | None, lang: str = "en", masked: bool = False) -> str:
    """A softmax weight: 0.330. A masked key's is written "0", the mark it has wherever it is shown."""
    return "0" if masked else number(w, lang, WEIGHT_PLACES, fixed=True)


def output(v, lang: str = "en") -> str:
    """The output Σ wᵢvᵢ, to a weight's places: (0.330, 0.670)."""
    return vector(v, lang, WEIGHT_PLACES, fixed=True)


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
