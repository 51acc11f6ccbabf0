"""The guided lesson: what a lesson is, and the names its texts may use.

The lesson lives outside the code, in `resources/lessons/`:

- `lesson.json` holds what does not depend on the language — the order of the
  steps and questions, the preset each one loads, the canvas parts it
  emphasises and the panel rows it highlights; then its chapters, each with
  steps and questions of its own, which follow the lesson's questions (so the
  lesson's own items keep their numbers);
- `<lang>/lesson.json` holds the words: titles, texts, the question, what to
  try, the worked solution, a title for every chapter and for every preset, and
  the lesson's `introduction` (its objective and what it builds on) and
  `conclusion` (its sources and what comes next), said before the first step and
  after the last one — no steps of their own, so the steps keep their numbers.

A text is a list of paragraphs. A paragraph is a string, or
`{"when": ["dot_negative", "!changed"], "text": "…"}` to show it only while
every condition holds (`!` negates). Texts may use `{placeholders}` the app
fills with the live numbers (PLACEHOLDERS) and a few tags: <q>, <k>, <v>,
<out>, <proj> colour a stretch of text with the role's theme colour; <b>, <i>,
<sub>, <sup> as in HTML.

This module holds that vocabulary, the lesson's types and the check of one text
against the vocabulary. lesson_format reads and checks the files; lesson_logic
decides which conditions hold for a scene and fills placeholders with strings
someone else formatted. All three are pure.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

# What a step may name: the canvas's parts (Canvas.set_emphasis) and the panels'
# row ids (NumbersPanel.highlight, the attention panel's highlight).
EMPHASIS_PARTS = frozenset({"q", "keys", "values", "output", "projection", "angle"})
PAIR_ROWS = (
    "q",
    "k",
    "dot",
    "norm_q",
    "norm_k",
    "cosine",
    "angle",
    "relation",
    "ratio",
    "comp",
    "proj",
    "perp",
    "residual",
)
ATTENTION_ROWS = ("scores", "logits", "weights", "output", "scale", "sum")
# The Q·Kᵀ matrix panel's grids and columns, for the several-queries steps.
MATRIX_ROWS = ("matrix_scores", "matrix_logits", "matrix_weights", "matrix_sums", "matrix_outputs")
# The Train panel: its loss and accuracy against the steps, and where its timeline stands.
TRAINING_ROWS = ("training",)
HIGHLIGHT_IDS = frozenset(PAIR_ROWS + ATTENTION_ROWS + MATRIX_ROWS + TRAINING_ROWS)

ROLE_TAGS = {"q": "query", "k": "key", "v": "value", "out": "output", "proj": "projection"}
FORMAT_TAGS = frozenset({"b", "i", "sub", "sup"})
_TAG = re.compile(r"<(/?)([A-Za-z]+)>")

# Every placeholder a text may use; the app fills each one from the live Results.
PLACEHOLDERS: dict[str, str] = {
    # the pair: q against the selected key
    "q": "the query's coordinates",
    "k": "the selected key's coordinates",
    "key": "the selected key's name, k₁ …",
    "n": "the dimension",
    "dot": "q·k",
    "expanded": "q·k written out: 2(1) + 1(2) = 4",
    "norm_q": "‖q‖",
    "norm_k": "‖k‖",
    "norm_product": "‖q‖‖k‖",
    "norm_k_squared": "‖k‖²",
    "cosine": "cos θ",
    "angle": "θ in degrees",
    "comp": "the signed scalar projection q·k/‖k‖",
    "projection_factor": "q·k/‖k‖²",
    "proj": "the projected vector",
    "perp": "q − proj",
    "residual": "(q − proj)·k",
    # attention with the scene's scoring rule
    "d_k": "the key dimension",
    "sqrt_d_k": "√d_k",
    "scale": "the multiplier applied to the scores",
    "scores": "every key's score",
    "logits": "every key's logit",
    "weights": "every key's weight",
    "weight_sum": "the sum of the weights",
    "output": "the output Σ wᵢ vᵢ",
    "winner": "the key with the largest weight",
    # both rules side by side
    "dot_scores": "scores q·kᵢ",
    "dot_logits": "scaled dot-product logits",
    "dot_weights": "weights from scaled dot products",
    "dot_winner": "the key that wins with scaled dot products",
    "cos_scores": "cosines cos(q, kᵢ)",
    "cos_logits": "cosine logits (cosine × its multiplier)",
    "cos_weights": "weights from cosine scoring",
    "cos_winner": "the key that wins with cosine scoring",
    # several queries: the Q·Kᵀ matrix (model.lesson_logic.matrix_numbers)
    "query": "the selected query's name, q₁ … (q when it is the only one)",
    "query_count": "the number of queries, L",
    "key_count": "the number of keys, S",
    "row_scores": "the selected query's row of Q·Kᵀ, masked cells included",
    "row_logits": "that row's scaled logits, masked cells included",
    "row_sums": "each row's sum of weights, row by row",
    "column_scores": "the selected key's column of Q·Kᵀ: qᵢ·k for every query",
    "column_weights": "the selected key's column of weights",
    "column_sum": "the sum of that column of weights (rows with weights only)",
    "masked_keys": "the keys masked for the selected query (— when none is)",
    "taking_part": "how many keys take part for the selected query",
    "masked_cells": "how many cells of the L×S mask are masked",
    "outputs": "every query's output row",
    # tokens: where q, k and v come from (model.lesson_logic.token_numbers); the pair is
    # token i, whose query is selected, attending to token j, whose key is selected
    "token_labels": "the tokens' labels, in order, each quoted: “the”, “cat” and “sat”",
    "token": "token i's label",
    "key_token": "token j's label",
    "embedding": "token i's embedding xᵢ",
    "key_embedding": "token j's embedding xⱼ",
    "token_key": "the key token i gives, kᵢ = W_K xᵢ",
    "token_value": "the value token i gives, vᵢ = W_V xᵢ",
    "w_q": "W_Q, row by row",
    "w_k": "W_K, row by row",
    "w_v": "W_V, row by row",
    "bilinear": "B = W_Qᵀ W_K, row by row",
    "symmetric": "whether B is symmetric: yes or no",
    "inner_product": "whether B is an inner product: yes, or no with the reason",
    "eigenvalues": "B's eigenvalues, ascending (undefined when B is not symmetric)",
    "pair_score": "score(i → j) = qᵢ·kⱼ = xᵢᵀ B xⱼ",
    "reverse_score": "score(j → i) = qⱼ·kᵢ = xⱼᵀ B xᵢ",
    "self_scores": "each token's score for itself, xᵢᵀ B xᵢ: the diagonal of Q·Kᵀ",
}

# The placeholders only a scene of tokens has numbers for (the tokens' group above).
TOKEN_PLACEHOLDERS = frozenset(
    {
        "token_labels", "token", "key_token", "embedding", "key_embedding", "token_key", "token_value",
        "w_q", "w_k", "w_v", "bilinear", "symmetric", "inner_product", "eigenvalues",
        "pair_score", "reverse_score", "self_scores",
    }
)  # fmt: skip


class Condition(StrEnum):
    """Facts about the scene on screen that choose which paragraphs show."""

    CHANGED = "changed"  # the scene is no longer the item's preset
    DOT_POSITIVE = "dot_positive"
    DOT_ZERO = "dot_zero"
    DOT_NEGATIVE = "dot_negative"
    ANGLE_DEFINED = "angle_defined"
    ZERO_QUERY = "zero_query"
    ZERO_KEY = "zero_key"
    ALIGNED = "aligned"  # cos θ = 1
    ATTENTION_DEFINED = "attention_defined"
    EQUAL_WEIGHTS = "equal_weights"
    SCORING_COSINE = "scoring_cosine"
    SCALE_DEFAULT = "scale_default"
    SAME_WINNER = "same_winner"  # dot-product and cosine scoring favour the same key
    SEVERAL_QUERIES = "several_queries"  # more than one query: a matrix, not a row
    ROW_MASKED = "row_masked"  # some key is masked for the selected query
    KEY_MASKED = "key_masked"  # the selected key is masked for some query
    CAUSAL = "causal"
    KEYS_SHIFTED = "keys_shifted"  # every key moved by one common vector, nothing else changed
    BILINEAR_SYMMETRIC = "bilinear_symmetric"  # a token scene whose B = W_Qᵀ W_K is symmetric
    INNER_PRODUCT = "inner_product"  # … and positive definite: an inner product on the embeddings


CONDITIONS = frozenset(c.value for c in Condition)


class Kind(StrEnum):
    STEP = "step"
    QUESTION = "question"


class LessonError(Exception):
    """The lesson's files are missing or malformed; the message says where."""


@dataclass(frozen=True)
class Paragraph:
    text: str
    when: tuple[str, ...] = ()

    def shows(self, facts: frozenset[str]) -> bool:
        return all((c[1:] not in facts) if c.startswith("!") else (c in facts) for c in self.when)


@dataclass(frozen=True)
class Item:
    """A step or a check question."""

    id: str
    kind: Kind
    number: int  # 1-based among its kind, in the lesson or in its chapter
    preset: str
    emphasis: tuple[str, ...]
    highlight: tuple[str, ...]
    title: str
    text: tuple[Paragraph, ...]  # a step's explanation, or the question asked
    hint: tuple[Paragraph, ...] = ()  # a question: what to try before revealing
    solution: tuple[Paragraph, ...] = ()  # a question: the worked solution
    chapter: str = ""  # the title of the chapter it belongs to; empty for the lesson's own

    @cached_property
    def names_tokens(self) -> bool:
        """Whether its words quote numbers only a scene of tokens has (its matrices, its labels)."""
        paragraphs = (*self.text, *self.hint, *self.solution)
        return any(name in TOKEN_PLACEHOLDERS for p in paragraphs for name in placeholders_in(p.text))

    @cached_property
    def conditions(self) -> frozenset[str]:
        """The conditions its paragraphs test (for facts(…, asked=…))."""
        paragraphs = (*self.text, *self.hint, *self.solution)
        return frozenset(c.removeprefix("!") for p in paragraphs for c in p.when)


@dataclass(frozen=True)
class Lesson:
    language: str
    title: str
    items: tuple[Item, ...]
    preset_titles: Mapping[str, str]
    # What the lesson is for and builds on, said before its first step; where it comes from
    # and what comes next, after its last (the lesson panel, Help ▸ About This Lesson).
    introduction: tuple[Paragraph, ...] = ()
    conclusion: tuple[Paragraph, ...] = ()

    @property
    def steps(self) -> tuple[Item, ...]:
        """The lesson's own steps (its chapters' are counted apart: siblings)."""
        return tuple(i for i in self.items if i.kind is Kind.STEP and not i.chapter)

    @property
    def questions(self) -> tuple[Item, ...]:
        """The lesson's own check questions."""
        return tuple(i for i in self.items if i.kind is Kind.QUESTION and not i.chapter)

    @property
    def chapters(self) -> tuple[str, ...]:
        """The chapters' titles, in order."""
        return tuple(dict.fromkeys(i.chapter for i in self.items if i.chapter))

    def siblings(self, item: Item) -> tuple[Item, ...]:
        """The items of `item`'s kind in its part: the lesson's own, or its chapter."""
        return tuple(i for i in self.items if i.kind is item.kind and i.chapter == item.chapter)

    def index(self, item_id: str) -> int:
        for i, item in enumerate(self.items):
            if item.id == item_id:
                return i
        raise KeyError(item_id)


# ---- one text against the vocabulary ---------------------------------------------------


def placeholders_in(text: str) -> list[str]:
    """The placeholder names a text uses; ValueError for a malformed brace."""
    names = []
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is None:
            continue
        if spec or conversion or not field.isidentifier():
            raise ValueError(f"'{{{field}}}' must be a plain name")
        names.append(field)
    return names


def text_problems(text: str, where: str) -> list[str]:
    """Unknown placeholders, malformed braces and unknown or unbalanced tags in one text."""
    problems = []
    try:
        for name in placeholders_in(text):
            if name not in PLACEHOLDERS:
                problems.append(f"{where}: unknown placeholder {{{name}}}")
    except ValueError as error:
        problems.append(f"{where}: {error}")
    stack: list[str] = []
    for closing, tag in _TAG.findall(text):
        if tag not in ROLE_TAGS and tag not in FORMAT_TAGS:
            problems.append(f"{where}: unknown tag <{tag}>")
        elif closing:
            if not stack or stack.pop() != tag:
                problems.append(f"{where}: </{tag}> closes nothing")
        else:
            stack.append(tag)
    if stack:
        problems.append(f"{where}: <{stack[-1]}> is never closed")
    return problems
