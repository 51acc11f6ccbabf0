"""How the questions' fields read an instance: right values and mistakes' answers, from compute().

questions.py puts these together into the twelve questions; each takes the
Instance, so a question dragged to new numbers is read on them.
"""

from __future__ import annotations

from typing import Any

from ..results import compute
from ..scene import make_scene
from . import mistakes as m
from .changes import moving_a_key, shifted, shifting_every_key
from .fields import ANY, Candidate, Field, FieldKind, Rule, candidates
from .instance import Instance
from .mistakes import Mistake
from .wrong_attention import wrong_attention

PLACE_WEIGHT = 0.8  # question 9: drag k₂ until q₁ gives it at least this weight


def pair(i: Instance):
    return i.scene.query, i.scene.keys[i.scene.selected_key]


def pair_rule(mistake: Mistake, wrong) -> Rule:
    return Rule(mistake, lambda i: candidates(*wrong(*pair(i))))


def zero_vector_rule(choices=None) -> Rule:
    """An angle, a cosine or a kind of angle given where a zero vector leaves none."""

    def answers(i: Instance):
        if i.results.pair.angle_deg is not None:
            return ()
        return candidates(*choices) if choices else candidates(ANY)

    return Rule(Mistake.ZERO_VECTOR_ANGLE, answers)


def sign_slip_answers(i: Instance):
    return tuple(Candidate(v, (("coordinate", n),)) for n, v in m.sign_slips(*pair(i)))


def relation_answer(i: Instance) -> str:
    relation = i.results.pair.relation
    return "none" if relation is None else relation.value


def key_count(i: Instance) -> int:
    return i.scene.key_count


def selected_row(i: Instance) -> int:
    return i.scene.selected_query


def attention_rule(mistake: Mistake, part: str, steps=1, scene=lambda i: i.scene, row=selected_row) -> Rule:
    """The answer an attention mistake gives: its logits, weights or output for one query
    (of the instance's scene, or of `scene(i)`; the selected query's, or row `row(i)`)."""

    def answers(i: Instance):
        wrong = wrong_attention(scene(i), mistake)
        return () if wrong is None else candidates(getattr(wrong.row(selected_row(i)), part))

    return Rule(mistake, answers, steps)


def scores_as_weights(i: Instance):
    """No softmax and no scaling: the scores themselves given as the weights."""
    a = i.results.attention
    return candidates(tuple(s if t else 0.0 for s, t in zip(a.scores, i.scene.mask, strict=True)))


def weights_field() -> Field:
    return Field(
        "weights",
        FieldKind.NUMBERS,
        answer=lambda i: i.results.attention.weights,
        size=key_count,
        rules=(
            attention_rule(Mistake.SCALED_BY_DK, "weights"),
            attention_rule(Mistake.NOT_SCALED, "weights"),
            attention_rule(Mistake.NO_EXPONENTIAL, "weights"),
            attention_rule(Mistake.MASK_AFTER_SOFTMAX, "weights"),
            attention_rule(Mistake.NO_SOFTMAX, "weights"),
            Rule(Mistake.NO_SOFTMAX, scores_as_weights, steps=2),
        ),
    )


def winner_answer(i: Instance) -> str | None:
    w = i.results.attention.winner
    return None if w is None else f"k{w + 1}"


def second_cosine(i: Instance) -> float | None:
    q, k = i.extra["second"]
    return compute(make_scene(q, [k])).pair.cosine


def both_pairs(wrong):
    """A mistake's list for question 5: its value for the pair on screen, then for the second."""

    def answers(i: Instance):
        first, second = wrong(*pair(i)), wrong(*i.extra["second"])
        return candidates(*[(a, b) for a, b in zip(first, second)])

    return answers


def cosines_zero_vector(i: Instance):
    first, second = i.results.pair.cosine, second_cosine(i)
    return candidates((ANY, second)) if first is None else ()


def scores_both_ways(i: Instance) -> tuple[float, float]:
    """Question 11: score(i → j) and score(j → i) for the selected query's token i and key's token j."""
    s, a, b = i.results.matrix.scores, i.scene.selected_query, i.scene.selected_key
    return s[a][b], s[b][a]


def symmetric_answer(i: Instance) -> str:
    forth, back = scores_both_ways(i)
    return "yes" if abs(forth - back) <= 1e-9 * max(1.0, abs(forth)) else "no"


def place_reached(i: Instance) -> bool:
    """Whether q₁ gives k₂ the weight asked; never while k₂ is gone (a key removed on screen)."""
    weights = i.results.matrix.weights[0]
    return weights is not None and len(weights) > 1 and weights[1] >= PLACE_WEIGHT


def shifted_output(i: Instance):
    return compute(shifted(i.scene, i.extra["shift"])).matrix.outputs[0]


def pair_givens(i: Instance) -> dict[str, Any]:
    q, k = pair(i)
    return {"q": q, "k": k}


def token_givens(i: Instance) -> dict[str, Any]:
    t = i.scene.tokens
    return {
        "labels": t.labels,
        "embeddings": t.embeddings,
        "w_q": t.w_q,
        "w_k": t.w_k,
        "token": selected_row(i) + 1,
        "key_token": i.scene.selected_key + 1,
    }


def changes_moving_k2(part: int):
    return lambda i: moving_a_key(i.scene, 1)[part]


def changes_shifting_keys(part: int):
    return lambda i: shifting_every_key(i.scene, i.extra["shift"])[part]
