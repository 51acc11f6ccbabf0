"""Checking an answer in words: read it, judge it, and say why, with the numbers as the app writes them.

check() reads what someone typed for one field of an instance (choices by their
words in either language), judges it (model/practice/diagnosis.py) and gives
the sentence: right, or the mistake it comes from explained with the numbers,
or a hint toward the method. It never states the right answer of a wrong try.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.practice import Instance, Mistake, Unreadable, Verdict, judge, read_answer
from ...model.practice.facts import sentence_facts
from ...model.practice.fields import Field, FieldKind, Value
from ...model.practice.questions import PLACE_WEIGHT
from .. import numbers
from ..lesson_text import listed
from .choices import label, words
from .phrases import phrases


@dataclass(frozen=True)
class Feedback:
    verdict: Verdict
    sentence: str


class UnknownField(KeyError):
    """The question has no field of that name; `names` are the ones it has."""

    def __init__(self, name: str, names: tuple[str, ...]):
        super().__init__(name)
        self.name, self.names = name, names


def field_named(instance: Instance, name: str | None) -> Field:
    """The field called `name`, or the question's first when None."""
    if name is None:
        return instance.fields[0]
    try:
        return instance.field(name)
    except KeyError:
        raise UnknownField(name, instance.question.field_names) from None


def check(instance: Instance, name: str | None, text: str, lang: str = "en") -> Feedback:
    """Read and judge `text` as field `name`; Unreadable or UnknownField when it cannot be."""
    field = field_named(instance, name)
    value = read_answer(field, instance, text, words(field.name, field.choices(instance)))
    verdict = judge(instance, field, value)
    return Feedback(verdict, sentence(instance, verdict, lang))


def sentence(instance: Instance, verdict: Verdict, lang: str = "en") -> str:
    table = phrases(lang)
    field = instance.field(verdict.field)
    if field.kind is FieldKind.PLACE:
        key = "place_right" if verdict.correct else "place_wrong"
        return table[key].format(weight=numbers.number(PLACE_WEIGHT, lang))
    if verdict.correct:
        return table["right"].format(
            answer=value_text(field, field.answer(instance), lang, instance.scene.mask)
        )
    if verdict.mistake is None:
        hints = table["hints"]
        hint = hints.get(f"{instance.question.id}/{field.name}", hints[field.name])
        return table["wrong"].format(hint=hint)
    mistakes = table["mistakes"]
    template = mistakes.get(f"{verdict.mistake.value}/{field.name}", mistakes[verdict.mistake.value])
    values = facts_text(instance, lang)
    values.update({k: str(v) for k, v in verdict.details})
    # No softmax gives logits, not weights: written as numbers, not to a weight's three places.
    weights = verdict.mistake is not Mistake.NO_SOFTMAX
    values["wrong"] = value_text(field, verdict.wrong, lang, instance.scene.mask, weights)
    return template.format_map(values)


def facts_text(instance: Instance, lang: str) -> dict[str, str]:
    """The steps a sentence may name, written as the app writes them."""
    table, out = phrases(lang), {}
    for name, value in sentence_facts(instance).items():
        if name == "zero":
            out[name] = table["zero"].get(value, "")
        else:
            out[name] = numbers.number(value, lang)
    return out


def value_text(field: Field, value: Value, lang: str, mask=None, weights: bool = True) -> str:
    """A field's value as the app writes it: a weight to three places (a masked key's "0", given
    the mask; `weights` False writes them as plain numbers), a choice by its label."""
    undefined = phrases(lang)["undefined"]
    if value is None:
        return undefined
    if field.kind is FieldKind.CHOICE:
        return label(field.name, value, lang)
    if field.kind is FieldKind.NUMBER:
        return numbers.number(value, lang)
    if field.name == "output":
        return numbers.output(value, lang)
    if field.kind in (FieldKind.VECTOR, FieldKind.PLACE):
        return numbers.vector(value, lang)
    if field.name == "weights" and weights:
        mask = mask or (True,) * len(value)
        return listed([numbers.weight(w, lang, not m) for w, m in zip(value, mask, strict=True)], lang)
    return listed([undefined if x is None else numbers.number(x, lang) for x in value], lang)


def unreadable(error: Unreadable, lang: str = "en") -> str:
    """Why an answer cannot be read, in `lang`."""
    return phrases(lang)["unreadable"][error.why].format(**error.details)
