"""Pieces every worked example uses: names, headings, reasons and the scoring rule in words."""

from __future__ import annotations

from ...model.attention import Attention
from ...model.scene import Scene, Scoring
from ...model.undefined import Undefined, Why
from .. import numbers
from ..names import key_name, query_name
from .phrases import words


def row_reason(index: int, undefined: Undefined, lang: str) -> str:
    """Why query `index`'s row of the matrix has no weights, naming the row."""
    return f"{query_name(index)}: {reason(undefined, lang)}"


def reason(undefined: Undefined | None, lang: str) -> str:
    if undefined is None:
        return ""
    key = "k" if undefined.key is None else key_name(undefined.key)
    return words(lang)["reasons"][undefined.why].format(key=key)


def one_line(text: str) -> str:
    """Text from a file flattened to one printable line, so that in a snippet's comment it can
    never end the comment and run as code."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def heading(scene: Scene, lang: str) -> str:
    """The title line, the scene's own title flattened to one line."""
    title = words(lang)["title"]
    own = one_line(scene.title)
    return f"{title}: {own}" if own else title


def scale_words(a: Attention, lang: str) -> str:
    w = words(lang)
    if a.scoring is Scoring.COSINE:
        return w["cosine_rule"].format(m=numbers.number(a.scale, lang))
    label = w["default_scale"] if a.scale_is_default else w["own_scale"]
    return f"d_k = {a.d_k}, {label} = {numbers.number(a.scale, lang)}"


def scores_undefined(a: Attention) -> bool:
    """Cosine scores of a zero vector: no score is shown at all, as in the app."""
    return a.undefined is not None and a.undefined.why is not Why.ALL_MASKED
