"""What a common mistake shows, written once: its name, its line of PyTorch and its numbers beside
the right ones, from the Update (its mistake, scene and results).

The wrong computation is model/practice/wrong_attention.py's; the words are text/practice's
(the names, the reasons a wrong computation has no value) and this module's few sentences
(context "Mistakes"). The canvas's caption and the stage say the same lines. What an open
question withholds stays withheld: the right weights and output read "?" then, and so do the
wrong logits (a mistake's logits are the scores times another factor: they would give the
scores away); the mistake's weights and output are the mistake's, never the answer, and show.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QCoreApplication

from ...model.practice import Mistake
from ...model.practice.wrong_attention import ATTENTION_MISTAKES, WrongAttention, wrong_attention
from ...text import numbers
from ...text.lesson_text import listed
from ...text.practice.phrases import phrases
from ...text.practice.prompts import mistake_name
from ...text.practice.pytorch import PYTORCH
from ...text.withheld import MARK
from .. import words
from ..contract import Update

MISTAKES = ATTENTION_MISTAKES  # the ones that have a picture: View ▸ Common Mistakes lists them

translate = QCoreApplication.translate


class Line(NamedTuple):
    text: str
    role: str  # "title", "code", "plain"


def wrong(update: Update) -> WrongAttention | None:
    """The mistake's computation for every query of the scene, or None (no mistake shown, or one
    that cannot happen in this scene)."""
    if update.mistake is None:
        return None
    return wrong_attention(update.scene, update.mistake, update.results.matrix)


def weights_text(weights, mask, lang: str) -> str:
    return listed([numbers.weight(w, lang, not m) for w, m in zip(weights, mask, strict=True)], lang)


def caption(update: Update, made: WrongAttention | None, lang: str) -> list[Line]:
    """The lines the canvas writes under the drawing while a mistake is shown."""
    mistake = update.mistake
    lines = [Line("✗ " + mistake_name(mistake, lang), "title")]
    code = PYTORCH.get(mistake)
    if code is not None:
        lines.append(Line(code[0], "code"))
        lines.append(Line(translate("Mistakes", "right: {code}").format(code=code[1]), "code"))
    if made is None:
        lines.append(Line(translate("Mistakes", "This mistake cannot happen in this scene."), "plain"))
        return lines
    scene, i = update.scene, update.scene.selected_query  # the query the pair and the panels speak of
    row, right = made.row(i), update.results.attention
    who = words.query_name(i) if scene.query_count > 1 else "q"
    if row.weights is None:
        why = phrases(lang)["reasons"][row.reason.why]
        logit = None if row.reason.logit is None else numbers.number(row.reason.logit, lang)
        text = translate("Mistakes", "{query}: no weights: {why}")
        return [*lines, Line(text.format(query=who, why=why.format(logit=logit)), "plain")]
    if mistake is Mistake.KEYS_NOT_VALUES:
        hidden = update.hides("output") or right.output is None
        shown = MARK if hidden else numbers.output(right.output, lang)
        text = translate("Mistakes", "{query}: output {wrong} instead of {right}")
        said = text.format(query=who, wrong=numbers.output(row.output, lang), right=shown)
        return [*lines, Line(said, "plain")]
    mask = update.results.matrix.mask[i]
    if update.hides("weights", "matrix_weights") or right.weights is None:
        shown = MARK
    else:
        shown = weights_text(right.weights, mask, lang)
    text = translate("Mistakes", "{query}: weights {wrong} instead of {right}; they add up to {total}")
    said = text.format(
        query=who,
        wrong=weights_text(row.weights, mask, lang),
        right=shown,
        total=numbers.number(row.weight_sum, lang),
    )
    lines.append(Line(said, "plain"))
    if all(r.weights == w for r, w in zip(made.rows, made.right.weights, strict=True)):
        lines.append(
            Line(translate("Mistakes", "Here it gives the same weights as the right computation."), "plain")
        )
    return lines


def logits_hidden(update: Update) -> bool:
    """A mistake's logits give the scores away while a question withholds them."""
    return update.hides("scores", "logits", "matrix_scores", "matrix_logits")
