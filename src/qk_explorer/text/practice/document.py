"""A question as data for the numbers export: its id, variant, givens, what it withholds and its fields.

`--export-numbers` with `--step N` (a question) writes this beside the
instance's vectors, under "question" (docs/formats.md). A choice field lists
its choices with their labels in both languages.
"""

from __future__ import annotations

from ...model.practice import FieldKind, Instance
from ...model.practice.fields import Field
from .choices import LABELS, label

_NUMERIC = (FieldKind.NUMBER, FieldKind.VECTOR, FieldKind.NUMBERS)


def question_document(instance: Instance) -> dict:
    q = instance.question
    return {
        "id": q.id,
        "number": q.number,
        "variant": instance.seed,
        "givens": _plain(instance.givens),
        "asks": sorted(q.asks),
        "fields": [_field(f, instance) for f in q.fields],
    }


def _field(field: Field, instance: Instance) -> dict:
    out = {"name": field.name, "kind": field.kind.value}
    if field.place is not None:
        ref = field.place.moves
        out["moves"] = f"{ref.kind.value}-{ref.index + 1}"
        out["condition"] = dict(field.place.condition)
        return out
    out["answer"] = _plain(field.answer(instance))
    if field.kind in _NUMERIC:
        out["tolerance"] = field.tolerance
    if field.kind in (FieldKind.VECTOR, FieldKind.NUMBERS):
        out["length"] = field.length(instance)
    if field.kind is FieldKind.CHOICE:
        out["choices"] = [
            {"id": c, **{lang: label(field.name, c, lang) for lang in LABELS}}
            for c in field.choices(instance)
        ]
    out["mistakes"] = list(dict.fromkeys(rule.mistake.value for rule in field.rules))
    return out


def _plain(value):
    """Tuples as lists, all the way down, for JSON."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
