"""How a withheld quantity reads on every surface while a check question is open.

One mark, the same in every language and on every surface (panels, canvas, stage, status
bar, the live description, the lesson's words): a question mark that says "this is what you
are asked", not a blank that looks broken. What is withheld is said by ids
(model/practice/withheld.py); a surface told those ids writes MARK where the quantity's
digits or words would be.
"""

from __future__ import annotations

MARK = "?"


def hides(withheld: frozenset[str], *ids: str) -> bool:
    """Whether any of `ids` is withheld."""
    return not withheld.isdisjoint(ids)
