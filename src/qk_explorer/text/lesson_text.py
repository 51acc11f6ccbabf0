"""The lesson's texts made concrete: live numbers for the placeholders, and the tags as HTML.

placeholder_values() formats, in the interface language, every number the
lesson's texts may name (model.lesson.PLACEHOLDERS) from the Results on
screen. to_html() escapes a filled text and turns the role tags (<q>, <k> …)
into the theme's colours; to_runs() cuts it instead into runs of text, each
with the tags it stands in, for a view that lays text out itself.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from ..model import Results, Scene
from ..model.attention import Attention
from ..model.lesson import FORMAT_TAGS, ROLE_TAGS
from ..model.lesson_logic import MatrixNumbers, TokenNumbers, derived, matrix_numbers, token_numbers
from . import numbers, token_text
from .names import key_name, query_label

_AND = {"en": " and ", "es": " y "}
_QUOTES = {"en": ("\u201c", "\u201d"), "es": ("\u00ab", "\u00bb")}
NBSP = "\u00a0"
WORD_JOINER = "\u2060"
_ESCAPED_TAG = re.compile(r"&lt;(/?)([A-Za-z]+)&gt;")
_TAG = re.compile(r"<(/?)([A-Za-z]+)>")
_BEFORE_VECTOR = re.compile(r"([,;]|\u00a0\w+)\u00a0\(")  # "), (" or " and (" in a list of vectors
_AFTER_QUOTED = re.compile(r"([\u201d\u00bb],)\u00a0")  # "”, " or "», " in a list of quoted words

# Values already laid out for lines (token_text.matrix): they may break between a matrix's rows,
# or between the words of a reason.
_LAID_OUT = frozenset({"w_q", "w_k", "w_v", "bilinear", "inner_product"})

# A run of text and the tags it stands in, outermost first: ("k₁", ("b", "k")).
Run = tuple[str, tuple[str, ...]]


def listed(items: list[str], lang: str) -> str:
    """1, 2 and 3 — in Spanish 1; 2 y 3 where its decimal comma would make commas ambiguous."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    comma = numbers.list_separator(lang)
    return comma.join(items[:-1]) + _AND.get(lang, _AND["en"]) + items[-1]


def quoted(word: str, lang: str) -> str:
    """A word quoted as the language quotes it: “cat”, «cat»."""
    opening, closing = _QUOTES.get(lang, _QUOTES["en"])
    return f"{opening}{word}{closing}"


def listed_words(words: list[str], lang: str) -> str:
    """Words quoted, with the language's list form: “the”, “cat” and “sat”; «the», «cat» y «sat».
    Commas between them in Spanish too: a word holds no decimal comma to be confused with."""
    items = [quoted(w, lang) for w in words]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + _AND.get(lang, _AND["en"]) + items[-1]


def placeholder_values(scene: Scene, results: Results, lang: str, undefined: str) -> Mapping[str, str]:
    """A string for every name in model.lesson.PLACEHOLDERS; `undefined` where a value has none."""
    pair, more = results.pair, derived(results)

    def f(x: float | None) -> str:
        return undefined if x is None else numbers.number(x, lang)

    def vec(v) -> str:
        return undefined if v is None else numbers.vector(v, lang)

    def each(xs) -> str:  # masked keys have numbers too; None (no value) is a dash
        return undefined if xs is None else listed([numbers.number(x, lang) for x in xs], lang)

    def weights(ws) -> str:  # a masked key's weight is marked "0", as in the attention table
        if ws is None:
            return undefined
        return listed([numbers.weight(w, lang, not m) for w, m in zip(ws, scene.mask, strict=True)], lang)

    def out(v) -> str:
        return undefined if v is None else numbers.output(v, lang)

    def winner(a: Attention) -> str:
        return undefined if a.winner is None else key_name(a.winner)

    def every(xs) -> str:  # a matrix's row or column: a number without a value is undefined
        return listed([f(x) for x in xs], lang)

    matrix: list[MatrixNumbers] = []  # derived once, only if a text quotes the matrix

    def mx() -> MatrixNumbers:
        if not matrix:
            matrix.append(matrix_numbers(scene, results))
        return matrix[0]

    def column_weights() -> str:  # the selected key's weight for each query; "0" where masked
        j, m = scene.selected_key, results.matrix.mask
        ws = mx().column_weights
        return listed(
            [undefined if w is None else numbers.weight(w, lang, not m[i][j]) for i, w in enumerate(ws)], lang
        )

    token: list[TokenNumbers | None] = []  # derived once, only if a text quotes the tokens

    def tk() -> TokenNumbers | None:
        if not token:
            token.append(token_numbers(scene, results))
        return token[0]

    def of_tokens(make) -> str:  # a token number, or `undefined` in a scene without tokens
        t = tk()
        return undefined if t is None else make(t)

    def a_matrix(name: str) -> str:
        return of_tokens(lambda t: token_text.matrix(getattr(t.projections, name), lang))

    att = results.attention  # the other rule is computed only if a text names it (dot_…, cos_…)
    k = scene.keys[scene.selected_key]
    values = {
        "q": lambda: numbers.vector(scene.query, lang),
        "k": lambda: numbers.vector(k, lang),
        "key": lambda: key_name(scene.selected_key),
        "n": lambda: str(scene.dimension),
        "dot": lambda: f(pair.dot),
        "expanded": lambda: numbers.expanded_product(scene.query, k, pair.dot, lang),
        "norm_q": lambda: f(pair.norm_q),
        "norm_k": lambda: f(pair.norm_k),
        "norm_product": lambda: f(more.norm_product),
        "norm_k_squared": lambda: f(more.norm_k_squared),
        "cosine": lambda: f(pair.cosine),
        "angle": lambda: undefined if pair.angle_deg is None else numbers.angle(pair.angle_deg, lang),
        "comp": lambda: f(pair.scalar_projection),
        "projection_factor": lambda: f(more.projection_factor),
        "proj": lambda: vec(pair.projection),
        "perp": lambda: vec(pair.perpendicular),
        "residual": lambda: f(pair.residual),
        "d_k": lambda: str(att.d_k),
        "sqrt_d_k": lambda: f(more.sqrt_d_k),
        "scale": lambda: f(att.scale),
        "scores": lambda: each(att.scores),
        "logits": lambda: each(att.logits),
        "weights": lambda: weights(att.weights),
        "weight_sum": lambda: f(att.weight_sum),
        "output": lambda: out(att.output),
        "winner": lambda: winner(att),
        "dot_scores": lambda: each(results.dot_attention.scores),
        "dot_logits": lambda: each(results.dot_attention.logits),
        "dot_weights": lambda: weights(results.dot_attention.weights),
        "dot_winner": lambda: winner(results.dot_attention),
        "cos_scores": lambda: each(_if_defined(results.cosine_attention, "scores")),
        "cos_logits": lambda: each(_if_defined(results.cosine_attention, "logits")),
        "cos_weights": lambda: weights(results.cosine_attention.weights),
        "cos_winner": lambda: winner(results.cosine_attention),
        "query": lambda: query_label(scene.selected_query, scene.query_count),
        "query_count": lambda: str(scene.query_count),
        "key_count": lambda: str(scene.key_count),
        "row_scores": lambda: every(mx().row_scores),
        "row_logits": lambda: every(mx().row_logits),
        "row_sums": lambda: every(mx().row_sums),
        "column_scores": lambda: every(mx().column_scores),
        "column_weights": lambda: column_weights(),
        "column_sum": lambda: f(mx().column_sum),
        "masked_keys": lambda: listed([key_name(k) for k in mx().masked_keys], lang) or "—",
        "taking_part": lambda: str(mx().taking_part),
        "masked_cells": lambda: str(mx().masked_cells),
        "outputs": lambda: listed([out(o) for o in results.matrix.outputs], lang),
        "token_labels": lambda: of_tokens(lambda t: listed_words(list(t.labels), lang)),
        "token": lambda: of_tokens(lambda t: t.labels[t.i]),
        "key_token": lambda: of_tokens(lambda t: t.labels[t.j]),
        "embedding": lambda: of_tokens(lambda t: vec(t.embedding)),
        "key_embedding": lambda: of_tokens(lambda t: vec(t.key_embedding)),
        "token_key": lambda: of_tokens(lambda t: vec(t.token_key)),
        "token_value": lambda: of_tokens(lambda t: vec(t.token_value)),
        "w_q": lambda: a_matrix("w_q"),
        "w_k": lambda: a_matrix("w_k"),
        "w_v": lambda: a_matrix("w_v"),
        "bilinear": lambda: a_matrix("bilinear"),
        "symmetric": lambda: of_tokens(lambda t: token_text.yes_no(t.projections.symmetric, lang)),
        "inner_product": lambda: of_tokens(
            lambda t: token_text.inner_product(t.projections.inner_product, t.projections.reason, lang)
        ),
        "eigenvalues": lambda: of_tokens(lambda t: each(t.projections.eigenvalues)),
        "pair_score": lambda: of_tokens(lambda t: f(t.pair_score)),
        "reverse_score": lambda: of_tokens(lambda t: f(t.reverse_score)),
        "self_scores": lambda: of_tokens(lambda t: each(t.self_scores)),
    }
    return _Formatted(values)


def _if_defined(a: Attention, name: str):
    return getattr(a, name) if a.undefined is None else None


class _Formatted(Mapping):
    """Formats a value when a text asks for it: a step names a few of the many there are, and
    with 64 keys formatting them all at every step of a drag would cost milliseconds."""

    def __init__(self, makers: dict):
        self._makers, self._done = makers, {}

    def __getitem__(self, name: str) -> str:
        if name not in self._done:
            value = self._makers[name]()
            self._done[name] = value if name in _LAID_OUT else _unbreakable(value)
        return self._done[name]

    def __iter__(self):
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


def _unbreakable(text: str) -> str:
    """A value on one line; a long product may break after its plus signs, a list of vectors
    (a matrix's outputs) between its vectors, and a list of quoted words after its commas."""
    text = text.replace(" ", NBSP).replace(f"{NBSP}+{NBSP}", f"{NBSP}+ ").replace(")(", f"){WORD_JOINER}(")
    # A function, not r"\1 (": re imports itself again for a template at every call.
    text = _BEFORE_VECTOR.sub(lambda m: m[1] + " (", text)
    return _AFTER_QUOTED.sub(lambda m: m[1] + " ", text)


def to_html(text: str, colours: Mapping[str, str] | None = None) -> str:
    """Escape `text`; <q>…</q> and the other role tags become bold spans in the role's colour."""
    colours = colours or {}

    def tag(match: re.Match) -> str:
        closing, name = match.groups()
        if name in ROLE_TAGS:
            if closing:
                return "</span>"
            colour = colours.get(ROLE_TAGS[name])
            style = f"color:{colour}; font-weight:600" if colour else "font-weight:600"
            return f'<span style="{style}">'
        if name in FORMAT_TAGS:
            return f"<{closing}{name}>"
        return match.group(0)

    return _ESCAPED_TAG.sub(tag, html.escape(text, quote=False))


def to_runs(text: str) -> tuple[Run, ...]:
    """`text` cut at its role and format tags; other tags stay as text, as to_html() shows them."""
    runs: list[Run] = []
    open_tags: list[str] = []
    start = 0
    for match in _TAG.finditer(text):
        closing, name = match.groups()
        if name not in ROLE_TAGS and name not in FORMAT_TAGS:
            continue
        if match.start() > start:
            runs.append((text[start : match.start()], tuple(open_tags)))
        start = match.end()
        if not closing:
            open_tags.append(name)
        elif name in open_tags:
            del open_tags[len(open_tags) - 1 - open_tags[::-1].index(name)]
    if start < len(text):
        runs.append((text[start:], tuple(open_tags)))
    return tuple(runs)
