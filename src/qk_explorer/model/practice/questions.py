"""The lesson's check questions as data the app can check: its twelve, and its chapter's.

Each Question names its fields (fields.py) — what it asks for, in the form the
quantity has, with the right value from compute() and the mistakes it can be
diagnosed as — and `asks`, the ids (withheld.py) every surface withholds while
it is open. `givens` are what its text states. Question n is lesson item
21 + n (`--step 22` is question 1); its scene is the preset of the same name,
or a variant's (variants.py). The chapter on a trained head ends with a
thirteenth (TRAINED_HEAD), lesson item 37 (`--step 37`), after the chapter's steps.
"""

from __future__ import annotations

from ..presets import preset_scene
from ..scene import key_ref
from . import mistakes as m
from . import readings as r
from .changes import CHANGES, shifted
from .fields import Field, FieldKind, Place, Rule, candidates
from .instance import Instance, Question
from .mistakes import Mistake
from .readings import PLACE_WEIGHT
from .withheld import ANGLE, COSINE_SCORES, PRODUCT, PROJECTION, WEIGHTS

NUMBER, VECTOR, NUMBERS, CHOICE = FieldKind.NUMBER, FieldKind.VECTOR, FieldKind.NUMBERS, FieldKind.CHOICE
RELATIONS = ("acute", "right", "obtuse", "none")
CONCLUSIONS = ("perpendicular", "parallel", "one-is-zero", "nothing")
ZERO_QUERY_ANGLES = ("undefined", "right", "zero", "defined")
YES_NO = ("yes", "no")
SYMMETRIC_WHEN = ("b-symmetric", "q-equals-k-transposed", "identity-only", "any-invertible")


def lesson_instance(question: Question | str) -> Instance:
    """The question with the lesson's own numbers."""
    question = QUESTIONS[question] if isinstance(question, str) else question
    return Instance(question, None, preset_scene(question.preset), dict(question.extra))


# ---- the twelve ---------------------------------------------------------------------------

_DOT = Field(
    "dot",
    NUMBER,
    answer=lambda i: i.results.pair.dot,
    rules=(r.pair_rule(Mistake.ADDED_NOT_MULTIPLIED, m.added), Rule(Mistake.SIGN_SLIP, r.sign_slip_answers)),
)


def _cosine(*more: Rule) -> Field:
    """cos θ of the pair on screen; `more` mistakes are tried after the two every cosine can show."""
    rules = (
        r.pair_rule(Mistake.DOT_FOR_COSINE, m.product),
        r.pair_rule(Mistake.ONE_LENGTH_ONLY, m.one_length_only),
        *more,
        r.zero_vector_rule(),
    )
    return Field("cosine", NUMBER, answer=lambda i: i.results.pair.cosine, rules=rules)


_CHANGES = lambda i: CHANGES  # noqa: E731
# Which key weighs most, picked among the scene's keys (questions 6 and 13).
_WINNER = Field(
    "winner",
    CHOICE,
    answer=r.winner_answer,
    choices=lambda i: tuple(f"k{j + 1}" for j in range(i.scene.key_count)),
)
_THE_PAIR = PRODUCT | ANGLE | PROJECTION  # every number of q and k: each gives q·k away

QUESTIONS: dict[str, Question] = {
    q.id: q
    for q in (
        Question(
            "question-1",
            1,
            "question-1",
            (
                _DOT,
                Field(
                    "angle_kind",
                    CHOICE,
                    answer=r.relation_answer,
                    choices=lambda i: RELATIONS,
                    rules=(r.zero_vector_rule(("acute", "right", "obtuse")),),
                ),
            ),
            _THE_PAIR,
            r.pair_givens,
        ),
        Question(
            "question-2",
            2,
            "question-2",
            (_cosine(),),
            _THE_PAIR,
            r.pair_givens,
        ),
        Question(
            "question-3",
            3,
            "question-3",
            (
                Field(
                    "scalar_projection",
                    NUMBER,
                    answer=lambda i: i.results.pair.scalar_projection,
                    rules=(
                        r.pair_rule(Mistake.DIVIDED_BY_SQUARED_LENGTH, m.divided_by_squared_length),
                        r.pair_rule(Mistake.DOT_FOR_PROJECTION, m.product),
                    ),
                ),
                Field(
                    "projection",
                    VECTOR,
                    answer=lambda i: i.results.pair.projection,
                    rules=(
                        r.pair_rule(Mistake.DIVIDED_BY_LENGTH_NOT_SQUARED, m.divided_by_length_not_squared),
                        r.pair_rule(Mistake.PROJECTED_THE_WRONG_WAY, m.projected_the_wrong_way),
                    ),
                ),
            ),
            PROJECTION,
            r.pair_givens,
        ),
        Question(
            "question-4",
            4,
            "question-4",
            # What a zero product of two non-zero vectors says, whatever the vectors on screen.
            (Field("conclusion", CHOICE, answer=lambda i: "perpendicular", choices=lambda i: CONCLUSIONS),),
            ANGLE | PROJECTION,  # a zero projection shows the right angle
            r.pair_givens,
        ),
        Question(
            "question-5",
            5,
            "question-5",
            (
                Field(
                    "cosines",
                    NUMBERS,
                    answer=lambda i: (i.results.pair.cosine, r.second_cosine(i)),
                    size=lambda i: 2,
                    rules=(
                        Rule(Mistake.DOT_FOR_COSINE, r.both_pairs(m.product)),
                        Rule(Mistake.ONE_LENGTH_ONLY, r.both_pairs(m.one_length_only)),
                        Rule(Mistake.ZERO_VECTOR_ANGLE, r.cosines_zero_vector),
                    ),
                ),
            ),
            ANGLE | PROJECTION,  # comp_k(q) / ‖q‖ is the cosine
            lambda i: {
                **r.pair_givens(i),
                "second_q": i.extra["second"][0],
                "second_k": i.extra["second"][1],
                "dot": i.results.pair.dot,
            },
            {"second": ((2.0, 1.0), (1.0, 2.0))},
        ),
        Question(
            "question-6",
            6,
            "question-6",
            (
                Field(
                    "logits",
                    NUMBERS,
                    answer=lambda i: i.results.attention.logits,
                    size=r.key_count,
                    rules=(
                        r.attention_rule(Mistake.SCALED_BY_DK, "logits"),
                        r.attention_rule(Mistake.NOT_SCALED, "logits"),
                    ),
                ),
                r.weights_field(),
                _WINNER,
            ),
            _THE_PAIR | WEIGHTS,
            lambda i: {"q": i.scene.query, "keys": i.scene.keys, "d_k": i.scene.dimension},
        ),
        Question(
            "question-7",
            7,
            "question-7",
            (
                r.weights_field(),
                Field(
                    "angle",
                    CHOICE,
                    answer=lambda i: "undefined" if i.results.pair.angle_deg is None else "defined",
                    choices=lambda i: ZERO_QUERY_ANGLES,
                    rules=(r.zero_vector_rule(("right", "zero", "defined")),),
                ),
            ),
            WEIGHTS | ANGLE,
            lambda i: {"q": i.scene.query, "keys": i.scene.keys, "mask": i.scene.mask},
        ),
        Question(
            "question-8",
            8,
            "question-8",
            (_cosine(r.pair_rule(Mistake.SCALED_DOT_FOR_COSINE, m.scaled_dot_for_cosine)),),
            _THE_PAIR | COSINE_SCORES,  # q·k and the two lengths on screen would give the cosine
            r.pair_givens,
        ),
        Question(
            "question-9",
            9,
            "several-queries",
            (
                Field("changed_scores", CHOICE, answer=r.changes_moving_k2(0), choices=_CHANGES),
                Field(
                    "changed_weights",
                    CHOICE,
                    answer=r.changes_moving_k2(1),
                    choices=_CHANGES,
                    rules=(Rule(Mistake.SOFTMAX_OVER_QUERIES, lambda i: candidates("column")),),
                ),
                Field(
                    "place",
                    FieldKind.PLACE,
                    place=Place(
                        key_ref(1),
                        r.place_reached,
                        (("query", 1), ("key", 2), ("weight_at_least", PLACE_WEIGHT)),
                    ),
                ),
            ),
            _THE_PAIR | WEIGHTS,
            lambda i: {"queries": i.scene.queries, "keys": i.scene.keys, "weight": PLACE_WEIGHT},
        ),
        Question(
            "question-10",
            10,
            "several-queries",
            (
                Field("changed_scores", CHOICE, answer=r.changes_shifting_keys(0), choices=_CHANGES),
                Field("changed_weights", CHOICE, answer=r.changes_shifting_keys(1), choices=_CHANGES),
                Field(
                    "output",
                    VECTOR,
                    answer=r.shifted_output,
                    rules=(
                        r.attention_rule(
                            Mistake.KEYS_NOT_VALUES,
                            "output",
                            scene=lambda i: shifted(i.scene, i.extra["shift"]),
                            row=lambda i: 0,
                        ),
                    ),
                ),
            ),
            _THE_PAIR | WEIGHTS,
            lambda i: {
                "queries": i.scene.queries,
                "keys": i.scene.keys,
                "values": i.scene.values,
                "shift": i.extra["shift"],
            },
            {"shift": (1.0, 1.0)},
        ),
        Question(
            "question-11",
            11,
            "learned-projections",
            (
                Field(
                    "scores",
                    NUMBERS,
                    answer=r.scores_both_ways,
                    size=lambda i: 2,
                    rules=(
                        Rule(
                            Mistake.SYMMETRIC_ASSUMED,
                            lambda i: candidates(*[(s, s) for s in r.scores_both_ways(i)]),
                        ),
                    ),
                ),
                Field(
                    "symmetric",
                    CHOICE,
                    answer=r.symmetric_answer,
                    choices=lambda i: YES_NO,
                    rules=(
                        Rule(
                            Mistake.SYMMETRIC_ASSUMED,
                            lambda i: candidates("yes") if r.symmetric_answer(i) == "no" else (),
                        ),
                    ),
                ),
            ),
            _THE_PAIR | {"bilinear"},
            r.token_givens,
        ),
        Question(
            "question-12",
            12,
            "asymmetric-scores",
            # The condition is the same for every pair of matrices: B = W_Qᵀ W_K symmetric.
            (Field("condition", CHOICE, answer=lambda i: "b-symmetric", choices=lambda i: SYMMETRIC_WHEN),),
            frozenset({"bilinear"}),
            r.token_givens,
        ),
    )
}


# ---- the chapter "A head that learned" ----------------------------------------------------

# The previous-token head on a sequence it never saw: which key does the selected query weigh
# most? Its scores, weights and the selected pair's numbers would all name it, so they are withheld.
TRAINED_HEAD = Question(
    "question-trained-head",
    13,
    "trained-head-new-sequence",
    (_WINNER,),
    _THE_PAIR | WEIGHTS,
    lambda i: {
        "labels": i.scene.tokens.labels,
        "sequence": i.scene.tokens.labels,
        "token": i.scene.selected_query + 1,
    },
)
QUESTIONS[TRAINED_HEAD.id] = TRAINED_HEAD
