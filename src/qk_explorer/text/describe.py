"""The state of a scene in one sentence, for the status bar and screen readers.

describe() picks the clauses and formats their numbers for the language; the
view owns the translated wording of each clause kind and joins them, e.g.
"q·k₁ = 4, acute angle of 36.9°; k₂ gets 67 % of the attention".
Pure Python: every number comes from Results, formatted by text/numbers.py. What an open
check question withholds is left out: q·k reads "?", the angle's clause and the weights'
are not said (text/withheld.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from . import numbers
from .names import key_name, query_label
from .withheld import MARK, hides


class Clause(StrEnum):
    ACUTE = "acute"  # {pair} = {dot}, acute angle of {angle}
    RIGHT = "right"  # {pair} = {dot}, right angle
    OBTUSE = "obtuse"  # {pair} = {dot}, obtuse angle of {angle}
    SAME = "same"  # {pair} = {dot}, angle of {angle}: same direction
    OPPOSITE = "opposite"  # {pair} = {dot}, angle of {angle}: opposite directions
    NO_ANGLE = "no-angle"  # {pair} = {dot}, no angle (a zero vector has no direction)
    PRODUCT = "product"  # {pair} = {dot}: the angle withheld
    WINNER = "winner"  # {key} gets {percent} of the attention
    EVEN = "even"  # the {count} keys share the attention equally
    ALL_MASKED = "all-masked"  # every key is masked: no attention weights
    NO_WEIGHTS = "no-weights"  # the attention weights are undefined


@dataclass(frozen=True)
class Part:
    clause: Clause
    fields: dict[str, str] = field(default_factory=dict)


def describe(scene, results, lang: str = "en", withheld=frozenset()) -> tuple[Part, ...]:
    """The clauses that describe `results` of `scene`, numbers formatted for `lang`, leaving out
    what is `withheld`."""
    pair = results.pair
    key = key_name(scene.selected_key)
    query = query_label(scene.selected_query, scene.query_count)  # q₂ when there are several
    dot = MARK if "dot" in withheld else numbers.number(pair.dot, lang)
    first = {"pair": f"{query}·{key}", "dot": dot}
    if hides(withheld, "angle", "relation", "cosine"):
        parts = [Part(Clause.PRODUCT, first)]
    elif pair.relation is None or pair.angle_deg is None:
        parts = [Part(Clause.NO_ANGLE, first)]
    else:
        # Parallel vectors (0° or 180°, decided by the model) are named by their direction.
        kind = str(pair.relation) if pair.direction is None else str(pair.direction)
        clause = {
            "acute": Clause.ACUTE,
            "right": Clause.RIGHT,
            "obtuse": Clause.OBTUSE,
            "same": Clause.SAME,
            "opposite": Clause.OPPOSITE,
        }[kind]
        angle = numbers.angle(pair.angle_deg, lang)
        parts = [Part(clause, {**first, "angle": angle})]

    attention = results.attention
    if hides(withheld, "weights", "winner"):
        return tuple(parts)
    if attention.undefined is not None:
        why = str(attention.undefined.why)
        parts.append(Part(Clause.ALL_MASKED if why == "all-masked" else Clause.NO_WEIGHTS))
    elif scene.key_count > 1 and attention.weights is not None:
        shown = [
            numbers.percent(w, lang)
            for w, takes_part in zip(attention.weights, scene.mask, strict=True)
            if takes_part
        ]
        if len(shown) > 1 and len(set(shown)) == 1:
            parts.append(Part(Clause.EVEN, {"count": str(len(shown))}))
        else:
            winner = attention.winner
            parts.append(
                Part(
                    Clause.WINNER,
                    {"key": key_name(winner), "percent": numbers.percent(attention.weights[winner], lang)},
                )
            )
    return tuple(parts)


def sentence(texts: list[str]) -> str:
    """Clauses joined into one sentence: "a; b." """
    return "; ".join(t for t in texts if t) + ("." if texts else "")
