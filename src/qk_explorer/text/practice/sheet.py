"""A practice sheet for the lecturer: fresh instances of chosen questions, then their answers.

sheet_html() writes one document in the language asked for: a title, each instance's question
with its numbers and a line to answer each field on; then, from a new page, each instance's
answers (as the app writes them, text/practice/feedback.value_text) and its worked solution
(solutions.py). A place on the canvas has no line on paper: its worked solution says how to
reach it. The view prints the document to a PDF (Qt's own writer); this module is pure text.
"""

from __future__ import annotations

from html import escape

from ...model.practice import FieldKind, Instance
from ..lesson_text import to_html
from .feedback import value_text
from .prompts import labelled, prompt
from .solutions import worked_solution
from .statements import statement

WORDS = {
    "en": {
        "title": "Q·K Explorer — practice",
        "intro": "Work each question out by hand, then check your answers on the last pages.",
        "question": "{n}. Question {number} (numbers of seed {seed})",
        "answers": "Answers and worked solutions",
        "solution": "Worked solution",
    },
    "es": {
        "title": "Q·K Explorer — práctica",
        "intro": "Resuelve cada pregunta a mano y comprueba después tus respuestas en las últimas páginas.",
        "question": "{n}. Pregunta {number} (números de la semilla {seed})",
        "answers": "Respuestas y soluciones",
        "solution": "Solución",
    },
}
BLANK = "_" * 28
BREAK = '<div style="page-break-before: always"></div>'


def answers(instance: Instance, lang: str) -> list[tuple[str, str]]:
    """(prompt, answer) for every field written on paper, as the app writes them."""
    out = []
    for field in instance.fields:
        if field.kind is FieldKind.PLACE:
            continue
        value = value_text(field, field.answer(instance), lang, instance.scene.mask)
        out.append((prompt(instance, field, lang), value))
    return out


def heading(n: int, instance: Instance, lang: str) -> str:
    words = WORDS.get(lang, WORDS["en"])
    return words["question"].format(n=n, number=instance.question.number, seed=instance.seed)


def sheet_html(instances: list[Instance], lang: str, new_pages: frozenset[int] = frozenset()) -> str:
    """The whole sheet as HTML (Qt's rich text), the answers from a page of their own.

    `new_pages` holds the headings (numbered from 0 in the order they are written: the
    questions', then the answers') that start a new page, so that the printing can keep a
    question whole on one page.
    """
    words = WORDS.get(lang, WORDS["en"])
    headings = iter(range(2 * len(instances)))

    def h3(text: str) -> str:
        style = ' style="page-break-before: always"' if next(headings) in new_pages else ""
        return f"<h3{style}>{escape(text)}</h3>"

    parts = [f"<h1>{escape(words['title'])}</h1>", f"<p>{escape(words['intro'])}</p>"]
    for n, instance in enumerate(instances, 1):
        parts.append(h3(heading(n, instance, lang)))
        parts.append(f"<p>{to_html(statement(instance, lang))}</p>")
        for field in instance.fields:
            if field.kind is not FieldKind.PLACE:
                parts.append(f"<p>{to_html(labelled(prompt(instance, field, lang), BLANK))}</p>")
    parts.append(BREAK)
    parts.append(f"<h1>{escape(words['answers'])}</h1>")
    for n, instance in enumerate(instances, 1):
        parts.append(h3(heading(n, instance, lang)))
        for name, value in answers(instance, lang):
            parts.append(f"<p>{to_html(labelled(f'<b>{name}</b>', value))}</p>")
        parts.append(f"<p><i>{escape(words['solution'])}:</i></p>")
        parts.extend(f"<p>{to_html(text)}</p>" for text in worked_solution(instance, lang))
    return "\n".join(parts)
