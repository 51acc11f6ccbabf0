"""Named scenes: the lesson's worked examples, its eight check questions in order, and several queries."""

from __future__ import annotations

from dataclasses import dataclass

from .scene import Scene, make_scene
from .token_scene import token_scene
from .training.stored_heads import STORED_HEADS, question_scene, stored_scene


@dataclass(frozen=True)
class Preset:
    name: str
    title: str  # English; resources/lessons/<lang>/lesson.json translates it
    scene: Scene


def _preset(name: str, title: str, query, keys, **settings) -> Preset:
    """A preset of one query, or of several when `query` is None and `queries` is given."""
    return Preset(name, title, make_scene(query, keys, title=title, **settings))


_NEW_SEQUENCE = "The trained head on a sequence it never saw: which key will q₅ weigh most?"

# Four positions of a short sequence; causal self-attention takes queries and keys from them.
_POSITIONS = [(2, 0), (1, 2), (0, 2), (-1, 1)]

# Four tokens at those positions, and projections for them: W_Q ≠ W_K, small enough to follow by hand.
_WORDS = ["the", "cat", "sat", "down"]
_IDENTITY = [(1, 0), (0, 1)]
_W_Q = [(1, 0.5), (0, 1)]
_W_K = [(1, 0), (0.5, 1)]
_W_V = [(1, 0), (0, 0.5)]
_TURN = [(1, -1), (1, 1)]  # a 45° turn (times √2): B = W_K is not symmetric


def _tokens(name: str, title: str, w_q, w_k, w_v, **settings) -> Preset:
    return Preset(name, title, token_scene(_WORDS, _POSITIONS, w_q, w_k, w_v, title=title, **settings))


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        _preset("lesson-pair", "The lesson's pair: q = (2, 1), k = (1, 2)", (2, 1), [(1, 2)]),
        _preset(
            "lesson-attention",
            "Attention over two keys: q = (1, 2), k₁ = (1, 0), k₂ = (0, 1)",
            (1, 2),
            [(1, 0), (0, 1)],
        ),
        _preset("same-dot-aligned", "Same product, aligned: (4, 0)·(1, 0) = 4", (4, 0), [(1, 0)]),
        _preset("perpendicular", "A right angle: (2, 1)·(−1, 2) = 0", (2, 1), [(-1, 2)]),
        _preset("opposite", "Opposite sides: (2, 1)·(−2, −1) = −5", (2, 1), [(-2, -1)]),
        _preset(
            "masked-key",
            "A masked key takes no part in softmax",
            (1, 2),
            [(1, 0), (0, 1), (-1, 1)],
            values=[(1, 0), (0, 1), (-1, 1)],
            mask=[True, True, False],
        ),
        _preset(
            "four-keys",
            "Four keys, four values: the output is their weighted sum",
            (1.5, 1),
            [(2, 0), (0, 2), (-2, 0), (0, -2)],
            values=[(1, 1), (-1, 1), (-1, -1), (1, -1)],
        ),
        _preset(
            "dot-vs-cosine",
            "Dot product or cosine: a longer key against an aligned one",
            (2, 1),
            [(1, 2), (1, 0.5)],
        ),
        _preset(
            "question-1",
            "Question 1: (2, −1, 3)·(1, 4, −2)",
            (2, -1, 3),
            [(1, 4, -2)],
        ),
        _preset(
            "question-2", "Question 2: the product and the cosine of (2, 1) and (1, 2)", (2, 1), [(1, 2)]
        ),
        _preset("question-3", "Question 3: project q = (2, 1) onto k = (1, 2)", (2, 1), [(1, 2)]),
        _preset("question-4", "Question 4: a zero product", (2, 1), [(-1, 2)]),
        _preset("question-5", "Question 5: equal products, different alignment", (4, 0), [(1, 0)]),
        _preset(
            "question-6",
            "Question 6: scores, logits and weights",
            (1, 2),
            [(1, 0), (0, 1)],
        ),
        _preset(
            "question-7",
            "Question 7: a zero query",
            (0, 0),
            [(1, 0), (0, 1)],
        ),
        _preset(
            "question-8",
            "Question 8: cosine scoring instead of scaled dot products",
            (2, 1),
            [(1, 2)],
            scoring="cosine",
        ),
        _preset(
            "several-queries",
            "Three queries at once: Q·Kᵀ over k₁ = (1, 0), k₂ = (0, 1)",
            None,
            [(1, 0), (0, 1)],
            queries=[(1, 2), (2, 1), (1, 1)],
        ),
        _preset(
            "causal-self-attention",
            "Causal self-attention: position i sees positions 1 to i",
            None,
            _POSITIONS,
            queries=_POSITIONS,
            causal=True,
            selected_query=1,
        ),
        _preset(
            "cross-attention",
            "Cross-attention: two queries over three keys",
            None,
            [(2, 0), (0, 2), (-1, -1)],
            queries=[(1, 1), (-1, 0.5)],
            values=[(1, 1), (-1, 1), (0, -1)],
        ),
        _preset(
            "padding-mask",
            "Padding mask: the last key is masked for every query",
            None,
            [(1, 0), (0, 1), (-1, 1), (2, 2)],
            queries=[(1, 2), (2, -1), (-1, 1)],
            mask=[True, True, True, False],
        ),
        _tokens(
            "learned-projections",
            "Learned projections: qᵢ = W_Q xᵢ and kᵢ = W_K xᵢ for four tokens",
            _W_Q,
            _W_K,
            _W_V,
            selected_key=1,  # the pair the lesson quotes: "the" attending to "cat"
        ),
        _tokens(
            "identity-projections",
            "W_Q = W_K = I: the scores are the embeddings' own dot products",
            _IDENTITY,
            _IDENTITY,
            _IDENTITY,
            selected_key=2,  # "the" and "sat": perpendicular embeddings, score 0
        ),
        _tokens(
            "asymmetric-scores",
            "A rotation in W_K: the score of i for j is not that of j for i",
            _IDENTITY,
            _TURN,
            _IDENTITY,
            selected_key=1,  # "the" for "cat" (−2) against "cat" for "the" (6)
        ),
        _tokens(
            "causal-tokens",
            "Learned projections, causal: token i sees tokens 1 to i",
            _W_Q,
            _W_K,
            _W_V,
            causal=True,
            selected_query=2,
        ),
        # Heads trained on a task (training/), read from resources/heads/ rather than trained again.
        *(Preset(head.name, head.title, stored_scene(head)) for head in STORED_HEADS),
        Preset(
            "trained-head-new-sequence",
            _NEW_SEQUENCE,
            question_scene(_NEW_SEQUENCE),
        ),
    )
}

DEFAULT_PRESET = "lesson-pair"


def preset_scene(name: str) -> Scene:
    """The scene of a preset; KeyError names the unknown preset."""
    return PRESETS[name].scene
