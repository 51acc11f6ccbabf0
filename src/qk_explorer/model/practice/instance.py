"""A question, and one instance of it: its numbers (the lesson's own, or a seeded variant) on a scene.

The instance keeps what the question states beyond the scene (`extra`: the
second pair of question 5, the shift of question 10, the weight question 9 asks
for), and `with_scene` follows the scene on screen, so a question dragged to
new numbers is about those. The right answers and the mistakes' answers are
worked out from compute(scene) when asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..results import Results, compute
from ..scene import Scene
from .fields import Field, Value


@dataclass(frozen=True, eq=False)
class Question:
    """One check question: its fields, what it withholds while open, what its text states.

    The twelve are in questions.py."""

    id: str
    number: int
    preset: str
    fields: tuple[Field, ...]
    asks: frozenset[str]
    givens: Callable[[Instance], dict[str, Any]]
    extra: Mapping[str, Any] = field(default_factory=dict)  # the lesson's own, beside its scene

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)


@dataclass(frozen=True, eq=False)
class Instance:
    question: Question
    seed: int | None  # None: the lesson's own numbers
    scene: Scene
    extra: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def results(self) -> Results:
        return compute(self.scene)

    @property
    def givens(self) -> dict[str, Any]:
        """What the question states: its vectors and numbers, for its text."""
        return self.question.givens(self)

    @property
    def fields(self) -> tuple[Field, ...]:
        return self.question.fields

    def field(self, name: str) -> Field:
        """The field called `name`; KeyError when the question has none."""
        for f in self.question.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def answer(self, name: str) -> Value:
        return self.field(name).answer(self)

    @property
    def answers(self) -> dict[str, Value]:
        """Every field's right value (a place has none: it is a condition)."""
        return {f.name: f.answer(self) for f in self.question.fields if f.place is None}

    def with_scene(self, scene: Scene) -> Instance:
        """The same question on another scene: the one on screen after a drag."""
        return replace(self, scene=scene)
