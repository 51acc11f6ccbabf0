"""How the app names its vectors: k₁, v₂, q₃, counted from 1 with subscript digits.

A scene with a single query calls it plain q, as the lesson does before it meets several.
"""

from __future__ import annotations

SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscript(n: int) -> str:
    """n in subscript digits: 12 → ₁₂."""
    return str(n).translate(SUBSCRIPTS)


def key_name(index: int) -> str:
    """k₁ for index 0."""
    return "k" + subscript(index + 1)


def value_name(index: int) -> str:
    return "v" + subscript(index + 1)


def query_name(index: int) -> str:
    """q₁ for index 0: a row of the matrix."""
    return "q" + subscript(index + 1)


def query_label(index: int, count: int) -> str:
    """The name of query `index` among `count`: plain q when it is the only one."""
    return "q" if count == 1 else query_name(index)
