"""The lesson on a live scene: which conditions hold, which paragraphs show, placeholders filled.

Pure: the strings that fill the placeholders are formatted elsewhere (text.lesson_text).
"""

from __future__ import annotations

import math
import string
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from .geometry import Relation
from .lesson import Condition, Item, Paragraph
from .limits import Vector
from .presets import PRESETS
from .projections import Projections
from .results import Results, compute
from .scene import Scene, Scoring

_ALIGNED_TOLERANCE = 1e-9
_EQUAL_WEIGHTS_TOLERANCE = 1e-9
_SHIFT_TOLERANCE = 1e-9


def fill(text: str, values: Mapping[str, str]) -> str:
    """The text with every {placeholder} replaced; an unknown name is left visible."""
    pieces = _pieces(text)
    if pieces is None:  # a field with a format, a conversion or a path: as str.format does it
        return string.Formatter().vformat(text, (), _Visible(values))
    out = []
    for literal, name in pieces:
        out.append(literal)
        if name is not None:
            out.append(values[name] if name in values else "{" + name + "}")
    return "".join(out)


@lru_cache(maxsize=1024)
def _pieces(text: str) -> tuple[tuple[str, str | None], ...] | None:
    """The text cut once into literal pieces, each with the plain name after it (a drag fills
    the same few texts at every step, and the formatter reads them slowly)."""
    pieces = tuple(string.Formatter().parse(text))
    if any(
        name is not None and (spec or conversion or not name.isidentifier())
        for _, name, spec, conversion in pieces
    ):
        return None
    return tuple((literal, name) for literal, name, _, _ in pieces)


class _Visible(dict):
    def __init__(self, values: Mapping[str, str]):
        super().__init__()
        self._values = values  # read only for the names the text uses

    def __missing__(self, key: str) -> str:
        return self._values[key] if key in self._values else "{" + key + "}"


def spoken_of(item: Item, scene: Scene, results: Results, own: Scene | None) -> tuple[Scene, Results]:
    """The scene an item's words speak of, with its results: the one on screen — or the item's
    `own` when the words quote a scene of tokens' numbers and the one on screen has no tokens
    (another scene picked from the menu): "W_Q = undefined" would say nothing, the question's
    own W_Q still asks it."""
    if own is None or scene.tokens is not None or own.tokens is None or not item.names_tokens:
        return scene, results
    return own, _results_of(own)


@lru_cache(maxsize=4)
def _results_of(scene: Scene) -> Results:
    return compute(scene)  # once per item's scene, not at every step of a drag of the other


def shown(paragraphs: Sequence[Paragraph], facts: frozenset[str]) -> list[Paragraph]:
    return [p for p in paragraphs if p.shows(facts)]


def comparable(scene: Scene) -> Scene:
    """A scene without what does not change its numbers' story: the title and the selection
    (of a key and of a query: clicking another row of the matrix changes no number)."""
    return replace(scene, title="", selected_key=0, selected_query=0)


def same_scene(a: Scene, b: Scene) -> bool:
    return comparable(a) == comparable(b)


def preset_of(scene: Scene, titles: Sequence[Mapping[str, str]] = ()) -> str | None:
    """The preset this scene was loaded from, if it is one (its title tells equal scenes apart)."""
    mine = comparable(scene)  # once: a copy of a big scene checks each of its vectors
    matches = [name for name, p in PRESETS.items() if comparable(p.scene) == mine]
    for name in matches:
        if scene.title == PRESETS[name].title or any(t.get(name) == scene.title for t in titles):
            return name
    return matches[0] if matches else None


def facts(
    scene: Scene, results: Results, reference: Scene | None = None, asked: Collection[str] | None = None
) -> frozenset[str]:
    """Which Conditions hold for this scene (CHANGED: it differs from `reference`).

    `asked`: the conditions a text tests (None: all). SAME_WINNER, which needs the other
    scoring rule computed, and KEYS_SHIFTED, which compares every key with `reference`,
    are decided only when asked.
    """
    pair, att = results.pair, results.attention
    out: set[Condition] = set()
    if reference is not None and not same_scene(scene, reference):
        out.add(Condition.CHANGED)
    if pair.relation is Relation.ACUTE:
        out.add(Condition.DOT_POSITIVE)
    elif pair.relation is Relation.OBTUSE:
        out.add(Condition.DOT_NEGATIVE)
    else:  # a right angle, or a zero vector (whose product is exactly 0)
        out.add(Condition.DOT_ZERO)
    if pair.angle_deg is not None:
        out.add(Condition.ANGLE_DEFINED)
    if pair.norm_q == 0.0:
        out.add(Condition.ZERO_QUERY)
    if pair.norm_k == 0.0:
        out.add(Condition.ZERO_KEY)
    if pair.cosine is not None and pair.cosine >= 1.0 - _ALIGNED_TOLERANCE:
        out.add(Condition.ALIGNED)
    if att.weights is not None:
        out.add(Condition.ATTENTION_DEFINED)
        taking_part = [w for w, m in zip(att.weights, scene.mask, strict=True) if m]
        if max(taking_part) - min(taking_part) <= _EQUAL_WEIGHTS_TOLERANCE:
            out.add(Condition.EQUAL_WEIGHTS)
    if att.scoring is Scoring.COSINE:
        out.add(Condition.SCORING_COSINE)
    if att.scale_is_default:
        out.add(Condition.SCALE_DEFAULT)
    if asked is None or Condition.SAME_WINNER.value in asked:
        dot_w, cos_w = results.dot_attention.winner, results.cosine_attention.winner
        if dot_w is not None and dot_w == cos_w:
            out.add(Condition.SAME_WINNER)
    if scene.query_count > 1:
        out.add(Condition.SEVERAL_QUERIES)
    if not all(scene.mask):
        out.add(Condition.ROW_MASKED)
    if not all(row[scene.selected_key] for row in scene.applied_mask):
        out.add(Condition.KEY_MASKED)
    if scene.causal:
        out.add(Condition.CAUSAL)
    if (asked is None or Condition.KEYS_SHIFTED.value in asked) and keys_shifted(scene, reference):
        out.add(Condition.KEYS_SHIFTED)
    token_asks = {Condition.BILINEAR_SYMMETRIC.value, Condition.INNER_PRODUCT.value}
    if scene.tokens is not None and (asked is None or token_asks & set(asked)):
        p = results.projections
        if p.symmetric:
            out.add(Condition.BILINEAR_SYMMETRIC)
        if p.inner_product:
            out.add(Condition.INNER_PRODUCT)
    return frozenset(c.value for c in out)


def keys_shifted(scene: Scene, reference: Scene | None) -> bool:
    """Every key of `scene` is its key in `reference` plus one common vector c ≠ 0, and nothing
    else differs (the lesson's question: adding c to every key leaves every weight as it was).

    Typed coordinates are decimals that binary floats only approximate, so the differences
    are compared with a tolerance relative to the coordinates' size.
    """
    if reference is None or scene.key_count != reference.key_count or scene.dimension != reference.dimension:
        return False
    if not same_scene(replace(scene, keys=reference.keys), reference):
        return False
    shifts = [
        [a - b for a, b in zip(k, r, strict=True)] for k, r in zip(scene.keys, reference.keys, strict=True)
    ]
    size = max(1.0, *(abs(x) for k in (*scene.keys, *reference.keys) for x in k))
    tolerance = _SHIFT_TOLERANCE * size
    c = shifts[0]
    if max(abs(x) for x in c) <= tolerance:
        return False
    return all(abs(x - y) <= tolerance for shift in shifts[1:] for x, y in zip(shift, c, strict=True))


@dataclass(frozen=True)
class Derived:
    """The few numbers the lesson's texts spell out that Results does not name."""

    norm_product: float
    norm_k_squared: float
    projection_factor: float | None  # q·k/‖k‖², None for a zero key
    sqrt_d_k: float


def derived(results: Results) -> Derived:
    pair = results.pair
    kk = pair.norm_k * pair.norm_k
    return Derived(
        norm_product=pair.norm_q * pair.norm_k,
        norm_k_squared=kk,
        projection_factor=None if pair.projection is None or kk == 0.0 else pair.dot / kk,
        sqrt_d_k=math.sqrt(results.attention.d_k),
    )


@dataclass(frozen=True)
class MatrixNumbers:
    """What the several-queries steps quote from Q·Kᵀ: the selected query's row, the selected
    key's column, and a few counts. None marks a number that has no value (an undefined row,
    or a cosine with a zero vector)."""

    row_scores: tuple[float | None, ...]  # masked cells included: PyTorch scores every pair
    row_logits: tuple[float | None, ...]
    row_sums: tuple[float | None, ...]  # each row's sum of weights
    column_scores: tuple[float | None, ...]
    column_weights: tuple[float | None, ...]
    column_sum: float | None  # over the rows that have weights; None when none has
    masked_keys: tuple[int, ...]  # masked for the selected query
    taking_part: int  # keys taking part for the selected query
    masked_cells: int  # masked cells of the whole L×S mask


def matrix_numbers(scene: Scene, results: Results) -> MatrixNumbers:
    m = results.matrix
    i, j = scene.selected_query, scene.selected_key
    column = tuple([None if w is None else w[j] for w in m.weights])
    defined = [w for w in column if w is not None]
    return MatrixNumbers(
        row_scores=m.scores[i],
        row_logits=m.logits[i],
        row_sums=m.weight_sums,
        column_scores=tuple([row[j] for row in m.scores]),
        column_weights=column,
        column_sum=math.fsum(defined) if defined else None,
        masked_keys=tuple([k for k, takes_part in enumerate(m.mask[i]) if not takes_part]),
        taking_part=sum(m.mask[i]),
        masked_cells=sum(not x for row in m.mask for x in row),
    )


@dataclass(frozen=True)
class TokenNumbers:
    """What the token steps quote: token i (its query selected) attending to token j (its key
    selected), both ways, and the projections. A score is None under cosine scoring, where
    Q·Kᵀ holds cosines rather than xᵢᵀ B xⱼ."""

    labels: tuple[str, ...]
    i: int
    j: int
    embedding: Vector  # xᵢ
    key_embedding: Vector  # xⱼ
    token_key: Vector  # kᵢ = W_K xᵢ
    token_value: Vector  # vᵢ = W_V xᵢ
    pair_score: float | None  # score(i → j) = qᵢ·kⱼ
    reverse_score: float | None  # score(j → i) = qⱼ·kᵢ
    self_scores: tuple[float | None, ...] | None  # the diagonal of Q·Kᵀ: xᵢᵀ B xᵢ
    projections: Projections


def token_numbers(scene: Scene, results: Results) -> TokenNumbers | None:
    """None for a scene that is not made of tokens."""
    tokens, p = scene.tokens, results.projections
    if tokens is None or p is None:
        return None
    i, j = scene.selected_query, scene.selected_key
    scores = results.matrix.scores if scene.scoring is Scoring.DOT else None
    return TokenNumbers(
        labels=tokens.labels,
        i=i,
        j=j,
        embedding=tokens.embeddings[i],
        key_embedding=tokens.embeddings[j],
        token_key=scene.keys[i],
        token_value=scene.values[i],
        pair_score=None if scores is None else scores[i][j],
        reverse_score=None if scores is None else scores[j][i],
        self_scores=None if scores is None else tuple([scores[n][n] for n in range(tokens.count)]),
        projections=p,
    )
