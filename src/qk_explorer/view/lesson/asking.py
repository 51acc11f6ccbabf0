"""An open check question: its numbers, the answers tried, and the session's practice summary.

The lesson guide opens a question when it enters one and reveals it when every field has been
answered right (solved). A question has the lesson's own numbers until fresh ones are asked for:
a seed gives a variant (model/practice/variants.py), the same numbers for the same seed on
every machine. An answer is read and judged (text/practice/feedback.check) against the
question on the scene on screen at that moment — a drag makes the question about the new
numbers — and remembered with that instance, so what it said does not follow later drags. An
answer that cannot be read is said so and is no try. A place (question 9's) is tested after
every drag that ends. Every try goes into the summary (model/practice/summary.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from ...model.practice import (
    QUESTIONS,
    SEED_LIMIT,
    FieldKind,
    Instance,
    Mistake,
    Unreadable,
    Verdict,
    lesson_instance,
    variant,
)
from ...model.practice.summary import Summary
from ...model.scene import Scene
from ...text.practice.feedback import check, sentence, unreadable
from ..contract import Update


@dataclass(frozen=True)
class Tried:
    """The last try at one field: judged on `instance` (the numbers on screen then), or unreadable."""

    text: str
    instance: Instance
    verdict: Verdict | None = None
    unreadable: Unreadable | None = None

    @property
    def right(self) -> bool:
        return self.verdict is not None and self.verdict.correct

    @property
    def mistake(self) -> Mistake | None:
        return None if self.verdict is None else self.verdict.mistake

    def said(self, lang: str) -> str:
        """The feedback, in `lang`."""
        if self.verdict is None:
            return unreadable(self.unreadable, lang)
        return sentence(self.instance, self.verdict, lang)


class Asking(QObject):
    changed = Signal()  # a try (other numbers or another question: the guide shows them itself)
    solved = Signal()  # every field answered right

    def __init__(self, controller):
        super().__init__()
        self._controller = controller
        self.question = None  # model.practice Question, or None (a step, or no lesson)
        self.seed: int | None = None  # None: the lesson's own numbers
        self.tried: dict[str, Tried] = {}
        self.summary = Summary()
        self._base: Instance | None = None
        self._watching = False  # told every update while a place is asked (drags end there)

    # ---- which question, with which numbers ------------------------------------------------------

    def open(self, question_id: str | None) -> None:
        """Ask this question (a lesson item's id) with the lesson's numbers; None: none."""
        self.question = QUESTIONS.get(question_id) if question_id else None
        self._numbers(None)
        places = self.question is not None and any(f.kind is FieldKind.PLACE for f in self.question.fields)
        if places != self._watching:  # a drag's steps pay nothing for the others
            self._watching = places
            if places:
                self._controller.updated.connect(self._updated)
            else:
                self._controller.updated.disconnect(self._updated)

    def use_numbers(self, seed: int | None) -> Instance | None:
        """The question with a variant's numbers (`seed`), or the lesson's (None); the answers
        tried so far are forgotten. ValueError for a seed out of range."""
        if seed is not None and not (isinstance(seed, int) and 0 <= seed < SEED_LIMIT):
            raise ValueError(seed)
        if self.question is None:
            return None
        self._numbers(seed)
        return self._base

    def fresh_seed(self) -> int:
        """A seed for new numbers, other than the one on screen."""
        while True:
            seed = random.randrange(SEED_LIMIT)
            if seed != self.seed:
                return seed

    def _numbers(self, seed: int | None) -> None:
        self.seed = seed
        self.tried = {}
        if self.question is None:
            self._base = None
        else:
            self._base = lesson_instance(self.question) if seed is None else variant(self.question, seed)

    @property
    def variant_scene(self) -> Scene | None:
        """The variant's own scene, or None with the lesson's numbers."""
        return None if self.seed is None or self._base is None else self._base.scene

    def instance(self, scene: Scene | None = None) -> Instance | None:
        """The question on `scene` (the scene on screen when None), or None without a question."""
        if self._base is None:
            return None
        scene = self._controller.scene if scene is None else scene
        own = self._base.scene
        # Another scene picked from Scenes while the question is open: the question keeps to its
        # own numbers until a scene of its shape (its tokens, keys, queries) is back on screen.
        if (scene.tokens is None) != (own.tokens is None) or (
            scene.key_count,
            scene.query_count,
            scene.dimension,
        ) != (own.key_count, own.query_count, own.dimension):
            return self._base
        return self._base.with_scene(scene)

    # ---- answers -----------------------------------------------------------------------------------

    def check(self, field: str, text: str, lang: str) -> Tried:
        """Read and judge `text` as the answer to `field`; a readable one is a try."""
        instance = self.instance()
        try:
            feedback = check(instance, field, text, lang)
        except Unreadable as error:
            tried = Tried(text, instance, unreadable=error)
        else:
            tried = Tried(text, instance, feedback.verdict)
            self.summary = self.summary.record(self.question.id, feedback.verdict)
        self.tried[field] = tried
        self.changed.emit()
        if tried.right and self.all_right:
            self.solved.emit()
        return tried

    def forget(self, field: str) -> None:
        """Try `field` again: its last answer is put aside."""
        if self.tried.pop(field, None) is not None:
            self.changed.emit()

    @property
    def all_right(self) -> bool:
        return self.question is not None and all(
            self.tried.get(f.name) is not None and self.tried[f.name].right for f in self.question.fields
        )

    def _updated(self, update: Update) -> None:
        """After a drag ends: whether a place asked for is reached (a try when it is)."""
        if self.question is None or not update.drag.turned or update.drag.on:
            return
        for field in self.question.fields:
            if field.kind is not FieldKind.PLACE or (
                field.name in self.tried and self.tried[field.name].right
            ):
                continue
            if not update.scene.has(field.place.moves):
                continue  # the vector to drag was removed: no place is reached without it
            instance = self.instance(update.scene)
            reached = field.place.reached(instance)
            verdict = Verdict(field.name, update.scene.vector(field.place.moves), reached)
            self.tried[field.name] = Tried("", instance, verdict)
            if reached:
                self.summary = self.summary.record(self.question.id, verdict)
            self.changed.emit()
            if reached and self.all_right:
                self.solved.emit()
