"""What a moment of the lesson says: its paragraphs filled with the numbers on screen, the hint of a
question, its solution. The Lesson panel and the stage both show these.

A placeholder that names a quantity an open check question withholds reads "?" (PLACEHOLDER_IDS
says which quantity each one shows; text/withheld.py).
"""

from __future__ import annotations

from collections import ChainMap

from PySide6.QtCore import QCoreApplication

from ...model import Results, Scene
from ...model.lesson import Condition, Item, Kind
from ...model.lesson_logic import facts, fill, shown, spoken_of
from ...text.lesson_text import placeholder_values
from ...text.practice.prompts import labelled, prompt
from ...text.practice.solutions import worked_solution
from ...text.practice.statements import statement
from ...text.withheld import MARK
from .. import words

# The quantity (model/practice/withheld.py) each placeholder that shows one gives away.
PLACEHOLDER_IDS = {
    "dot": "dot",
    "expanded": "dot",
    "cosine": "cosine",
    "angle": "angle",
    "comp": "comp",
    "projection_factor": "proj",
    "proj": "proj",
    "perp": "perp",
    "residual": "residual",
    "scores": "scores",
    "logits": "logits",
    "weights": "weights",
    "output": "output",
    "winner": "winner",
    "dot_scores": "scores",
    "dot_logits": "logits",
    "dot_weights": "weights",
    "dot_winner": "winner",
    "cos_scores": "cosine",
    "cos_logits": "logits",
    "cos_weights": "weights",
    "cos_winner": "winner",
    "row_scores": "matrix_scores",
    "row_logits": "matrix_logits",
    "row_sums": "matrix_sums",
    "column_scores": "matrix_scores",
    "column_weights": "matrix_weights",
    "column_sum": "matrix_weights",
    "outputs": "matrix_outputs",
    "bilinear": "bilinear",
    "symmetric": "bilinear",
    "inner_product": "bilinear",
    "eigenvalues": "bilinear",
    "pair_score": "matrix_scores",
    "reverse_score": "matrix_scores",
    "self_scores": "matrix_scores",
}


class Filled:
    """An item's paragraphs as they read for a scene: the conditions that hold, the numbers filled in.

    `own`, the item's own scene, is quoted instead of the one on screen when the item's words
    quote a scene of tokens' numbers and the scene on screen has none (another scene picked
    from the menu): `borrowed` then, and `note` says so first."""

    def __init__(
        self,
        item: Item,
        scene: Scene,
        results: Results,
        reference: Scene | None,
        lang: str,
        withheld=frozenset(),
        own: Scene | None = None,
    ):
        self.scene = scene
        quoted, results = spoken_of(item, scene, results, own)
        self.borrowed = quoted is not scene
        self.note = [words.own_scene_note(item.kind is Kind.QUESTION)] if self.borrowed else []
        self.conditions = facts(quoted, results, reference, item.conditions)
        self._values = placeholder_values(quoted, results, lang, words.undefined_word())
        if withheld:  # (the values are worked out as a text asks for them: kept lazy)
            hidden = {name: MARK for name, quantity in PLACEHOLDER_IDS.items() if quantity in withheld}
            self._values = ChainMap(hidden, self._values)

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


def question_words(item: Item, filled: Filled, instance=None, lang: str = "en") -> list[str]:
    """An item's text: the lesson's own, or with fresh numbers a variant's question (`instance`,
    a model.practice Instance whose seed is not None) written with its numbers."""
    if instance is None or instance.seed is None:
        return [*filled.note, *filled(item.text)]
    return [statement(instance, lang)]


def solution_words(item: Item, filled: Filled, instance=None, lang: str = "en") -> list[str]:
    """A question's worked solution: the lesson's, or a variant's from its numbers on screen."""
    if instance is None or instance.seed is None:
        return filled(item.solution)
    return worked_solution(instance, lang)


def predictions(instance, tried, lang: str) -> list[str]:
    """What a question asks, field by field, as the stage lists it: each prompt with "?", or with
    what the last readable try at it said."""
    lines = []
    for field in instance.fields:
        last = tried.get(field.name)
        said = (
            MARK if last is None or last.verdict is None else ("✓ " if last.right else "✗ ") + last.said(lang)
        )
        lines.append(labelled(prompt(instance, field, lang), said))
    heading = QCoreApplication.translate("Stage", "<b>Predict first:</b>")
    return [heading + " " + " · ".join(lines)] if lines else []


def seed_words(instance) -> list[str]:
    """Which numbers a question has, when they are fresh: the seed, for a class to share."""
    if instance is None or instance.seed is None:
        return []
    return [
        QCoreApplication.translate("Stage", "<i>Fresh numbers, seed {seed}.</i>").format(seed=instance.seed)
    ]


def stage_words(item: Item, revealed: bool, filled: Filled, asking=None, lang: str = "en") -> list[str]:
    """The paragraphs the stage shows: the item's text, then a question's hint and what it asks,
    or its solution. `asking`: the open question (asking.py), for its numbers and tries."""
    instance = None if asking is None else asking.instance(filled.scene)
    texts = [*seed_words(instance), *question_words(item, filled, instance, lang)]
    if item.kind is not Kind.QUESTION:
        return texts
    if not revealed:
        hint = " ".join(filled(item.hint))
        asked = [] if instance is None else predictions(instance, asking.tried, lang)
        return [*texts, *([try_it(hint)] if hint else []), *asked]
    if filled.changed:
        texts.append(
            QCoreApplication.translate(
                "Stage",
                "<i>The scene has changed since the question was asked: the solution "
                "uses the numbers on screen now.</i>",
            )
        )
    return texts + solution_words(item, filled, instance, lang)
