"""Numbers as the panels show them, in either language.

Spanish writes a decimal comma, so its vectors separate coordinates with a
semicolon: (0,8; 1,6). Negative numbers use the true minus sign, and a value
that rounds to zero never shows as −0.
"""

from __future__ import annotations

import math

MINUS = "\u2212"
_SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
_LARGE = 1e7


def decimal_separator(lang: str) -> str:
    return "," if lang == "es" else "."


def list_separator(lang: str) -> str:
    return "; " if lang == "es" else ", "


def number(x: float | None, lang: str = "en", places: int = 3, fixed: bool = False) -> str:
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


def signed(x: float, lang: str = "en", places: int = 3) -> str:
    """A number in parentheses when negative, as a factor of a product: (−1)."""
    text = number(x, lang, places)
    return f"({text})" if text.startswith(MINUS) else text


def vector(v, lang: str = "en", places: int = 3) -> str:
    if v is None:
        return "—"
    return "(" + list_separator(lang).join(number(x, lang, places) for x in v) + ")"


def angle(degrees: float | None, lang: str = "en") -> str:
    return "—" if degrees is None else number(degrees, lang, 2) + "°"


def percent(fraction: float | None, lang: str = "en") -> str:
    if fraction is None:
        return "—"
    return number(100.0 * fraction, lang, 0) + "\u202f%"


def expanded_product(q, k, dot: float, lang: str = "en", places: int = 3) -> str:
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
