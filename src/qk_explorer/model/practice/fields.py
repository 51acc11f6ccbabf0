"""A question's fields: what it asks for, in the form the quantity has, and how to find it.

Every function of a field takes the Instance (instance.py: the question with its
numbers, on the scene as it is now), so a question dragged to new numbers is
checked against them.

- number: one real number; vector: coordinates (the scene's dimension);
  numbers: a list, such as one weight per key; choice: one of a few ids, whose
  words are in text/practice; place: a condition on the canvas, reached by
  moving one tip (`Place`).
- `answer` gives the right value from compute() of the instance's scene. A
  number is None where it is undefined (a cosine with a zero vector).
- `rules` are the mistakes this field can be diagnosed as, listed from the
  simplest explanation: each gives the answers its mistake would produce here.
- `tolerance`: how far a number may be from the right one and still count,
  per coordinate; it fits the three decimals the app shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..vector_ref import VectorRef
from .mistakes import Mistake

# A field's value: a number, a tuple of numbers, a choice's id; None is undefined.
Value = Any
Instance = Any  # instance.Instance, which imports this module
TOLERANCE = 0.0015  # three decimals asked: a slip in the last digit or a rounded step still counts


class _Any:
    """Stands for any number: where a zero vector leaves no angle, giving one at all is the mistake."""

    def __repr__(self) -> str:
        return "ANY"


ANY = _Any()


class FieldKind(StrEnum):
    NUMBER = "number"
    VECTOR = "vector"
    NUMBERS = "numbers"
    CHOICE = "choice"
    PLACE = "place"


@dataclass(frozen=True)
class Candidate:
    """One answer a mistake gives, with what its sentence names besides (e.g. which term)."""

    value: Value
    details: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Rule:
    """A mistake this field can show: the answers it gives on an instance (none: not here)."""

    mistake: Mistake
    answers: Callable[[Any], tuple[Candidate, ...]]
    steps: int = 1  # how many wrong steps it takes: the fewest explain an answer best


@dataclass(frozen=True)
class Place:
    """A place on the canvas: move `moves` until `reached` holds."""

    moves: VectorRef
    reached: Callable[[Any], bool]
    condition: tuple[tuple[str, Any], ...]  # what it asks, as data: e.g. (("weight_at_least", 0.8),)


@dataclass(frozen=True)
class Field:
    name: str
    kind: FieldKind
    answer: Callable[[Any], Value] = lambda instance: None
    rules: tuple[Rule, ...] = ()
    choices: Callable[[Any], tuple[str, ...]] = lambda instance: ()
    size: Callable[[Any], int] | None = None  # numbers: how many (vector: the dimension)
    tolerance: float = TOLERANCE
    place: Place | None = None

    def length(self, instance) -> int:
        if self.kind is FieldKind.VECTOR or self.kind is FieldKind.PLACE:
            return instance.scene.dimension
        return 0 if self.size is None else self.size(instance)


def candidates(*values) -> tuple[Candidate, ...]:
    """Candidates without details, from plain values (None and empty ones left out)."""
    return tuple(Candidate(v) for v in values if v is not None)
