"""Fresh numbers for a question: variant(question, seed) → an instance with numbers of its own.

A seed (0 ≤ seed < 2³²) gives the same instance on every machine and in every
run: the numbers are drawn with random.Random seeded by the question's id and
the seed (a string seed is hashed with SHA-512, the same everywhere). The
numbers are small integers (a weight matrix may hold halves) so that the
arithmetic stays doable by hand, and each draw is kept only when the question
stays meaningful: its answers defined and its premise true (question 4's
product is zero, question 11's scores differ), every mistake's answer at least
SEPARATION away from the right one and from every other mistake's, so that an
answer names one mistake, and the numbers are not the lesson's own.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import combinations

from ..lesson_logic import same_scene
from ..presets import preset_scene
from ..results import compute
from ..scene import Scene, make_scene
from ..token_scene import token_scene
from .diagnosis import matches
from .fields import ANY, TOLERANCE, FieldKind
from .instance import Instance
from .questions import QUESTIONS, Question, lesson_instance

SEED_LIMIT = 2**32
SEPARATION = 4 * TOLERANCE
_ATTEMPTS = 10_000  # a draw is kept about one time in five at worst: never reached


def variant(question: Question | str, seed: int) -> Instance:
    """The instance of `question` for `seed`; ValueError for a seed outside 0 ≤ seed < 2³²."""
    question = QUESTIONS[question] if isinstance(question, str) else question
    if not (isinstance(seed, int) and 0 <= seed < SEED_LIMIT):
        raise ValueError(f"a seed goes from 0 to {SEED_LIMIT - 1}, not {seed}")
    rng = random.Random(f"{question.id}/{seed}")
    lesson = lesson_instance(question)
    for _ in range(_ATTEMPTS):
        drawn = _DRAWS[question.number](rng)
        if drawn is None:
            continue
        scene, extra = drawn
        instance = Instance(question, seed, scene, {**question.extra, **extra})
        if _differs(instance, lesson) and meaningful(instance):
            return instance
    raise RuntimeError(f"no variant of {question.id} for seed {seed}")  # the draws make this unreachable


def _differs(instance: Instance, lesson: Instance) -> bool:
    return not same_scene(instance.scene, lesson.scene) or dict(instance.extra) != dict(lesson.extra)


def meaningful(instance: Instance) -> bool:
    """Every answer defined, every place still to reach, every mistake's answer clear of the others."""
    for field in instance.fields:
        if field.kind is FieldKind.PLACE:
            if field.place.reached(instance):
                return False
            continue
        right = field.answer(instance)
        if right is None or (isinstance(right, tuple) and None in right):
            return False
        if field.kind is FieldKind.CHOICE and right not in field.choices(instance):
            return False  # a change the choices have no word for
        answers = [(None, right)]
        for rule in field.rules:
            for candidate in rule.answers(instance):
                value = candidate.value
                if value is ANY or _has_any(value) or matches(value, right, 1e-9):
                    continue  # gives nothing here, or nothing but the right answer
                answers.append((rule.mistake, value))
        for (a, x), (b, y) in combinations(answers, 2):
            if a != b and matches(x, y, SEPARATION):
                return False
    return True


def _has_any(value) -> bool:
    return isinstance(value, tuple) and any(v is ANY for v in value)


# ---- the draws: one function a question, a scene and what the question states beside it ----------


def _vector(rng: random.Random, n: int, low: int, high: int, full: bool = False) -> tuple[float, ...]:
    """A non-zero integer vector (with `full`, no coordinate zero)."""
    while True:
        v = tuple(float(rng.randint(low, high)) for _ in range(n))
        if any(v) and (not full or all(v)):
            return v


def _dot(a, b) -> float:
    return math.fsum(x * y for x, y in zip(a, b))


def _parallel(a, b) -> bool:
    return a[0] * b[1] == a[1] * b[0]


def _pair(rng: random.Random, scoring: str = "dot"):
    q, k = _vector(rng, 2, -3, 4), _vector(rng, 2, -3, 4)
    if _parallel(q, k) or _dot(q, k) == 0:
        return None
    return make_scene(q, [k], scoring=scoring), {}


def _product_in_3d(rng: random.Random):
    q, k = _vector(rng, 3, -4, 4, full=True), _vector(rng, 3, -4, 4, full=True)
    return None if _dot(q, k) == 0 else (make_scene(q, [k]), {})


def _projection(rng: random.Random):
    q, k = _vector(rng, 2, -3, 4), _vector(rng, 2, -3, 3)
    factor = _dot(q, k) / _dot(k, k)
    if (
        _parallel(q, k)
        or _dot(q, k) == 0
        or _dot(k, k) < 2
        or abs(factor * 1000 - round(factor * 1000)) > 1e-9
    ):
        return None  # the factor q·k/‖k‖² has three decimals at most: (4/5)·k, not (4/7)·k
    return make_scene(q, [k]), {}


def _perpendicular(rng: random.Random):
    q = _vector(rng, 2, -4, 4)
    g = math.gcd(int(q[0]), int(q[1]))
    t = rng.choice((-2, -1, 1, 2))
    return make_scene(q, [(-t * q[1] / g, t * q[0] / g)]), {}


def _same_product(rng: random.Random):
    q, k = _vector(rng, 2, -2, 4), _vector(rng, 2, -2, 4)
    d = _dot(q, k)
    if _parallel(q, k) or not 2 <= d <= 16:
        return None
    s = rng.choice([s for s in (1, 2, 3) if d % s == 0])
    axis = rng.choice(((1.0, 0.0), (0.0, 1.0)))
    aligned = make_scene([d / s * x for x in axis], [[s * x for x in axis]])
    return aligned, {"second": (q, k)}


def _two_keys(rng: random.Random):
    q = _vector(rng, 2, -2, 3)
    keys = [_vector(rng, 2, -2, 2), _vector(rng, 2, -2, 2)]
    scores = [_dot(q, k) for k in keys]
    if keys[0] == keys[1] or scores[0] == scores[1] or abs(scores[0] - scores[1]) > 4 or sum(scores) == 0:
        return None
    return make_scene(q, keys), {}


def _zero_query(rng: random.Random):
    keys = [_vector(rng, 2, -3, 3) for _ in range(3)]
    if len(set(keys)) < 3:
        return None
    if rng.random() < 0.5:  # a third key, masked: the two unmasked keys still share the weight
        return make_scene((0.0, 0.0), keys, mask=[True, True, False]), {}
    return make_scene((0.0, 0.0), keys[:2]), {}


def _queries_and_keys(rng: random.Random) -> Scene | None:
    queries = [_vector(rng, 2, -2, 3) for _ in range(3)]
    keys = [_vector(rng, 2, -2, 2) for _ in range(2)]
    if len(set(queries)) < 3 or keys[0] == keys[1]:
        return None
    return make_scene(queries=queries, keys=keys)


def _one_key_moves(rng: random.Random):
    scene = _queries_and_keys(rng)
    return None if scene is None else (scene, {})


def _every_key_shifts(rng: random.Random):
    scene, shift = _queries_and_keys(rng), _vector(rng, 2, -2, 2)
    if scene is None or any(_dot(q, shift) == 0 for q in scene.queries):
        return None  # a query perpendicular to the shift would keep its row of scores
    return scene, {"shift": shift}


_ENTRIES = (-1.0, 0.0, 0.5, 1.0, 2.0)


def _tokens(rng: random.Random):
    """Four tokens and W_Q, W_K whose B = W_Qᵀ W_K is not symmetric, and not for tokens 1 and 2
    either; the lesson's labels and W_V."""
    lesson = preset_scene("learned-projections").tokens
    embeddings = [_vector(rng, 2, -2, 2) for _ in range(4)]
    w_q, w_k = ([[rng.choice(_ENTRIES) for _ in range(2)] for _ in range(2)] for _ in range(2))
    b = [[sum(w_q[r][i] * w_k[r][j] for r in range(2)) for j in range(2)] for i in range(2)]
    x, y = embeddings[0], embeddings[1]  # the pair the question asks about: token 1 and token 2
    forth = sum(x[i] * b[i][j] * y[j] for i in range(2) for j in range(2))
    back = sum(y[i] * b[i][j] * x[j] for i in range(2) for j in range(2))
    if len(set(embeddings)) < 4 or b[0][1] == b[1][0] or forth == back:
        return None
    return token_scene(lesson.labels, embeddings, w_q, w_k, lesson.w_v, selected_key=1), {}


def _new_sequence(rng: random.Random):
    """The chapter's question: the trained previous-token head on another sequence of its task, a
    query from the second on selected (the first has one key to weigh); kept when that query weighs
    its predecessor most, as the head does on every sequence tried."""
    from ..training.head_scene import head_scene
    from ..training.stored_heads import QUESTION_HEAD, stored_model

    parameters = stored_model(QUESTION_HEAD).parameters
    shape = parameters.shape
    sequence = [rng.randrange(shape.vocab) for _ in range(shape.positions)]
    query = rng.randrange(1, shape.positions)
    scene = replace(head_scene(parameters, sequence), selected_query=query, selected_key=0)
    return (scene, {}) if compute(scene).attention.winner == query - 1 else None


_DRAWS = {
    1: _product_in_3d,
    2: _pair,
    3: _projection,
    4: _perpendicular,
    5: _same_product,
    6: _two_keys,
    7: _zero_query,
    8: lambda rng: _pair(rng, "cosine"),
    9: _one_key_moves,
    10: _every_key_shifts,
    11: _tokens,
    12: _tokens,
    13: _new_sequence,
}
