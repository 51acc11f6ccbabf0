"""The practice's answers worked out again by the tests, with numpy, from an instance's own numbers.

Nothing here calls the app's answers or mistakes: only the instance's vectors
(its scene and what its question states beside it) are read. expected(instance)
gives, for every field, the right value and what each known mistake makes of it.
"""

from __future__ import annotations

import numpy as np

UNDEFINED = object()  # an answer with no value (the angle of a zero vector)


def _softmax(logits, mask):
    logits = np.asarray(logits, float)
    e = np.where(mask, np.exp(logits - logits[mask].max()), 0.0)
    return e / e.sum()


def _pair(instance):
    s = instance.scene
    return np.array(s.query, float), np.array(s.keys[s.selected_key], float)


def _cos(q, k):
    nq, nk = np.linalg.norm(q), np.linalg.norm(k)
    return UNDEFINED if nq == 0 or nk == 0 else q @ k / (nq * nk)


def _row(instance, scene=None, row=None):
    """Scores, mask, keys and values of one query of a scene (the selected one by default)."""
    s = scene or instance.scene
    i = s.selected_query if row is None else row
    q = np.array(s.queries[i], float)
    keys, values = np.array(s.keys, float), np.array(s.values, float)
    mask = np.array(s.applied_mask[i], bool)
    return keys @ q, mask, keys, values, q.size


def _weights(scores, mask, d):
    logits = scores / np.sqrt(d)
    right = _softmax(logits, mask)
    mistakes = {
        "not-scaled": [_softmax(scores, mask)],
        "scaled-by-dk": [_softmax(scores / d, mask)],
        "no-softmax": [np.where(mask, logits, 0.0), np.where(mask, scores, 0.0)],
        "mask-after-softmax": [_softmax(logits, np.ones_like(mask)) * mask],
    }
    total = logits[mask].sum()
    if total != 0:
        mistakes["no-exponential"] = [np.where(mask, logits / total, 0.0)]
    return right, mistakes


def _question_1(instance):
    q, k = _pair(instance)
    dot = q @ k
    slips = [dot - 2 * a * b for a, b in zip(q, k) if a * b != 0]
    kind = "acute" if dot > 0 else "obtuse" if dot < 0 else "right"
    return {
        "dot": (dot, {"added-not-multiplied": [np.sum(q + k)], "sign-slip": slips}),
        "angle_kind": (kind, {}),
    }


def _cosine(instance, cosine_scoring=False):
    q, k = _pair(instance)
    dot = q @ k
    mistakes = {
        "dot-for-cosine": [dot],
        "one-length-only": [dot / np.linalg.norm(k), dot / np.linalg.norm(q)],
    }
    if cosine_scoring:
        mistakes["scaled-dot-for-cosine"] = [dot / np.sqrt(q.size)]
    return {"cosine": (_cos(q, k), mistakes)}


def _question_3(instance):
    q, k = _pair(instance)
    dot, kk, qq = q @ k, k @ k, q @ q
    return {
        "scalar_projection": (
            dot / np.sqrt(kk),
            {"divided-by-squared-length": [dot / kk], "dot-for-projection": [dot]},
        ),
        "projection": (
            dot / kk * k,
            {
                "divided-by-length-not-squared": [dot / np.sqrt(kk) * k],
                "projected-the-wrong-way": [dot / qq * q],
            },
        ),
    }


def _question_5(instance):
    q1, k1 = _pair(instance)
    q2, k2 = (np.array(v, float) for v in instance.extra["second"])
    d1, d2 = q1 @ k1, q2 @ k2
    n = np.linalg.norm
    return {
        "cosines": (
            np.array([_cos(q1, k1), _cos(q2, k2)]),
            {
                "dot-for-cosine": [np.array([d1, d2])],
                "one-length-only": [np.array([d1 / n(k1), d2 / n(k2)]), np.array([d1 / n(q1), d2 / n(q2)])],
            },
        )
    }


def _question_6(instance):
    scores, mask, _, _, d = _row(instance)
    weights, weight_mistakes = _weights(scores, mask, d)
    return {
        "logits": (scores / np.sqrt(d), {"not-scaled": [scores], "scaled-by-dk": [scores / d]}),
        "weights": (weights, weight_mistakes),
        "winner": (f"k{int(np.argmax(weights)) + 1}", {}),
    }


def _question_7(instance):
    scores, mask, _, _, d = _row(instance)
    weights, weight_mistakes = _weights(scores, mask, d)
    return {
        "weights": (weights, weight_mistakes),
        "angle": ("undefined", {"zero-vector-angle": ["right", "zero", "defined"]}),
    }


def _question_9(instance):
    return {
        "changed_scores": ("column", {}),
        "changed_weights": ("all", {"softmax-over-queries": ["column"]}),
    }


def _question_10(instance):
    _, mask, keys, values, d = _row(instance, row=0)
    shift = np.array(instance.extra["shift"], float)
    q1 = np.array(instance.scene.queries[0], float)
    weights = _softmax((keys + shift) @ q1 / np.sqrt(d), mask)
    return {
        "changed_scores": ("all", {}),
        "changed_weights": ("none", {}),
        "output": (weights @ values, {"keys-not-values": [weights @ (keys + shift)]}),
    }


def _question_11(instance):
    t, s = instance.scene.tokens, instance.scene
    x = np.array(t.embeddings, float)
    queries, keys = x @ np.array(t.w_q, float).T, x @ np.array(t.w_k, float).T
    i, j = s.selected_query, s.selected_key
    forth, back = queries[i] @ keys[j], queries[j] @ keys[i]
    same = np.isclose(forth, back)
    return {
        "scores": (
            np.array([forth, back]),
            {"symmetric-assumed": [np.array([forth, forth]), np.array([back, back])]},
        ),
        "symmetric": ("yes" if same else "no", {} if same else {"symmetric-assumed": ["yes"]}),
    }


def _trained_head(instance):
    """The key the selected query weighs most, from its row of the scene's own vectors."""
    scores, mask, _, _, d = _row(instance)
    return {"winner": (f"k{int(np.argmax(_softmax(scores / np.sqrt(d), mask))) + 1}", {})}


EXPECTED = {
    "question-1": _question_1,
    "question-2": _cosine,
    "question-3": _question_3,
    "question-4": lambda i: {"conclusion": ("perpendicular", {})},
    "question-5": _question_5,
    "question-6": _question_6,
    "question-7": _question_7,
    "question-8": lambda i: _cosine(i, cosine_scoring=True),
    "question-9": _question_9,
    "question-10": _question_10,
    "question-11": _question_11,
    "question-12": lambda i: {"condition": ("b-symmetric", {})},
    "question-trained-head": _trained_head,
}


def expected(instance) -> dict:
    """{field: (right value, {mistake id: [its answers]})} for every field but a place."""
    return EXPECTED[instance.question.id](instance)
