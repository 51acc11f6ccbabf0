"""Exact forms of the lesson's numbers, written beside their decimals: ‖q‖ = √5 ≈ 2.236,
comp = 4/√5 ≈ 1.789, proj = (4/5)·k.

A length is exact when its square is a simple fraction (denominator at most 12,
as coordinates on the 0.5 grid give), a product when it is one itself; a
quotient of exact numbers is exact. They are
recognised from the numbers Results holds, within a few rounding errors, so a
vector dragged off the grid has no exact form. A form is offered only where it
says more than the decimal does: √5 beside 2.236, not 2 beside 2.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .numbers import MINUS, PLACES

MAX_DENOMINATOR = 12
_COMMON = 27720  # lcm(1, …, 12): every such fraction is a whole number of 1/27720
_TOLERANCE = 1e-12  # relative: a few rounding errors of double precision
_MAX_RADICAND = 10_000  # √ of larger numbers says nothing a decimal does not


@dataclass(frozen=True)
class Surd:
    """c·√m: c a fraction, m a square-free whole number (1 for a fraction alone)."""

    c: Fraction
    m: int

    def __float__(self) -> float:
        return float(self.c) * math.sqrt(self.m)


def rational(x: float | None) -> Fraction | None:
    """x as a fraction with a denominator of at most 12, or None when it is not one."""
    if x is None or not math.isfinite(x) or abs(x) > 1e6:
        return None
    scaled = x * _COMMON
    whole = round(scaled)
    if abs(scaled - whole) > _TOLERANCE * _COMMON * max(1.0, abs(x)):
        return None
    f = Fraction(whole, _COMMON)
    return f if f.denominator <= MAX_DENOMINATOR else None


def length(x: float | None) -> Surd | None:
    """A length (x ≥ 0) as c·√m, when its square is a simple fraction."""
    if x is None or x < 0:
        return None
    square = rational(x * x)
    return None if square is None else _root(square.numerator, square.denominator)


@lru_cache(maxsize=512)
def _root(p: int, q: int) -> Surd | None:
    """√(p/q) = √(p·q)/q, with the largest square taken out of p·q."""
    n = p * q
    if n == 0:
        return Surd(Fraction(0), 1)
    if n > _MAX_RADICAND:
        return None
    outside = next(f for f in range(math.isqrt(n), 0, -1) if n % (f * f) == 0)
    return Surd(Fraction(outside, q), n // (outside * outside))


def _fraction_text(f: Fraction) -> str:
    sign = MINUS if f < 0 else ""
    f = abs(f)
    return f"{sign}{f.numerator}" if f.denominator == 1 else f"{sign}{f.numerator}/{f.denominator}"


def _terminates(f: Fraction) -> bool:
    """Whether the decimal shown (PLACES places) is f itself."""
    return (f * 10**PLACES).denominator == 1


def length_form(x: float | None) -> str | None:
    """‖q‖ = √5 → "√5"; 3√5/2, 2√2; a fraction such as 1/3 when the decimal cannot show it."""
    s = length(x)
    if s is None:
        return None
    if s.m == 1:
        return None if _terminates(s.c) else _fraction_text(s.c)
    top = "" if s.c.numerator == 1 else str(s.c.numerator)
    bottom = "" if s.c.denominator == 1 else f"/{s.c.denominator}"
    return f"{top}√{s.m}{bottom}"


def quotient_form(numerator: float | None, divisor_length: float | None) -> str | None:
    """numerator / a length, as the lesson writes comp_k(q) = 4/√5; None when either is not exact."""
    top, root = rational(numerator), length(divisor_length)
    if top is None or root is None or root.c == 0:
        return None
    r = top / root.c  # numerator/(c√m) = r/√m
    if root.m == 1:
        return None if _terminates(r) else _fraction_text(r)
    if r == 0:
        return None
    sign = MINUS if r < 0 else ""
    r = abs(r)
    below = f"√{root.m}" if r.denominator == 1 else f"({r.denominator}√{root.m})"
    return f"{sign}{r.numerator}/{below}"


def multiple_form(numerator: float | None, divisor_length: float | None, name: str) -> str | None:
    """proj_k(q) = (q·k/‖k‖²)·k = (4/5)·k: the factor numerator/length² times the vector's name;
    None when either is not exact, or the factor is 0."""
    top, root = rational(numerator), length(divisor_length)
    if top is None or root is None or root.c == 0 or top == 0:
        return None
    f = top / (root.c * root.c * root.m)
    if abs(f) == 1:
        return name if f > 0 else MINUS + name
    text = _fraction_text(f)
    return f"{text}·{name}" if f.denominator == 1 and f > 0 else f"({text})·{name}"


def shown_exactly(xs) -> bool:
    """Whether the decimals written for xs are their values, not roundings: 0.8, not 0.333."""
    fractions = [rational(x) for x in xs]
    return all(f is not None and _terminates(f) for f in fractions)


def beside(form: str | None, decimal: str, exact: bool = False) -> str:
    """The exact form before its decimal: "√5 ≈ 2.236" ("=" when the decimal is exact too)."""
    if form is None:
        return decimal
    return f"{form} {'=' if exact else '≈'} {decimal}"
