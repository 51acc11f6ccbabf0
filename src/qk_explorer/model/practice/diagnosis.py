"""Judging an answer: right, or wrong and which known mistake it comes from.

An answer is right when it is within the field's tolerance of the right value
(coordinate by coordinate; "undefined" is right only where the value is). A
wrong answer is diagnosed as the mistake whose answer it matches — of those the
field lists, the one with the fewest wrong steps, and of equal ones the first
listed. Anything else is wrong without a diagnosis: no mistake is named that the
numbers do not show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scene import with_vector
from .fields import ANY, Candidate, Field, FieldKind, Value
from .instance import Instance
from .mistakes import Mistake


@dataclass(frozen=True)
class Verdict:
    field: str
    answer: Value  # as read
    correct: bool
    mistake: Mistake | None = None
    wrong: Value = None  # the mistake's own answer, from the numbers (not as typed)
    details: tuple[tuple[str, Any], ...] = ()  # what the mistake's sentence names besides


def matches(answer: Value, value: Value, tolerance: float) -> bool:
    """Whether `answer` is `value` within `tolerance` (numbers), or the same choice.

    ANY, in `value`, matches any number but not "undefined"."""
    if value is ANY:
        return answer is not None
    if isinstance(value, tuple) or isinstance(answer, tuple):
        if not (isinstance(value, tuple) and isinstance(answer, tuple)) or len(value) != len(answer):
            return False
        return all(matches(a, v, tolerance) for a, v in zip(answer, value, strict=True))
    if isinstance(value, str) or isinstance(answer, str):
        return answer == value
    if value is None or answer is None:
        return value is None and answer is None
    return abs(answer - value) <= tolerance


def judge(instance: Instance, field: Field, answer: Value) -> Verdict:
    """Right or wrong, and the mistake a wrong answer shows; a place is judged by moving its tip there."""
    if field.kind is FieldKind.PLACE:
        moved = instance.with_scene(with_vector(instance.scene, field.place.moves, answer))
        return Verdict(field.name, answer, field.place.reached(moved))
    if matches(answer, field.answer(instance), field.tolerance):
        return Verdict(field.name, answer, True)
    found = _best(instance, field, answer)
    if found is None:
        return Verdict(field.name, answer, False)
    mistake, candidate = found
    return Verdict(field.name, answer, False, mistake, candidate.value, candidate.details)


def _best(instance: Instance, field: Field, answer: Value) -> tuple[Mistake, Candidate] | None:
    best = None
    for rule in field.rules:
        if best is not None and rule.steps >= best[0]:
            continue
        for candidate in rule.answers(instance):
            if matches(answer, candidate.value, field.tolerance):
                best = (rule.steps, rule.mistake, candidate)
                break
    return None if best is None else best[1:]
