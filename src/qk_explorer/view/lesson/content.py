"""What a moment of the lesson says: its paragraphs filled with the numbers on screen, the hint of a
question, its solution. The Lesson panel and the stage both show these.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...model import Results, Scene
from ...model.lesson import Condition, Item, Kind
from ...model.lesson_logic import facts, fill, shown
from ...text.lesson_text import placeholder_values
from .. import words


class Filled:
    """An item's paragraphs as they read for a scene: the conditions that hold, the numbers filled in."""

    def __init__(self, item: Item, scene: Scene, results: Results, reference: Scene | None, lang: str):
        self.conditions = facts(scene, results, reference, item.conditions)
        self._values = placeholder_values(scene, results, lang, words.undefined_word())

    def __call__(self, paragraphs) -> list[str]:
        return [fill(p.text, self._values) for p in shown(paragraphs, self.conditions)]

    @property
    def changed(self) -> bool:
        """The scene is no longer the one the item was entered with."""
        return Condition.CHANGED in self.conditions


def try_it(hint: str) -> str:
    """A question's hint, before its solution is revealed."""
    return QCoreApplication.translate("LessonPanel", "<b>Try it.</b> {hint}").format(hint=hint)


def title(item: Item | None, scene: Scene) -> str:
    """The moment's title: the step's number and title (a chapter's step: its title), the
    question's, or the scene's own."""
    if item is None:
        return scene.title or ""
    return f"{item.number}. {item.title}" if item.kind is Kind.STEP and not item.chapter else item.title


def stage_words(item: Item, revealed: bool, filled: Filled) -> list[str]:
    """The paragraphs the stage shows: the item's text, then a question's hint or its solution."""
    texts = filled(item.text)
    if item.kind is not Kind.QUESTION:
        return texts
    if not revealed:
        hint = " ".join(filled(item.hint))
        return [*texts, try_it(hint)] if hint else texts
    if filled.changed:
        texts.append(
            QCoreApplication.translate(
                "Stage",
                "<i>The scene has changed since the question was asked: the solution "
                "uses the numbers on screen now.</i>",
            )
        )
    return texts + filled(item.solution)
