"""The model's enums and reasons in the interface's language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..model.geometry import Direction, Relation
from ..model.projections import NotInner, NotInnerProduct
from ..model.scene_file import Expected, Problem, SceneFileError
from ..model.undefined import Undefined, Why
from ..text.names import key_name, query_name, subscript, value_name  # noqa: F401 (the views name vectors through words)
from ..text.numbers import number


def relation(rel: Relation | None, direction: Direction | None = None) -> str:
    """The kind of angle; parallel vectors keep the sign rule's word and say which way they point."""
    if direction is Direction.SAME:
        return QCoreApplication.translate("Words", "acute, same direction: exactly 0°")
    if direction is Direction.OPPOSITE:
        return QCoreApplication.translate("Words", "obtuse, opposite directions: exactly 180°")
    if rel is Relation.ACUTE:
        return QCoreApplication.translate("Words", "acute: less than 90°")
    if rel is Relation.RIGHT:
        return QCoreApplication.translate("Words", "right angle: exactly 90°")
    if rel is Relation.OBTUSE:
        return QCoreApplication.translate("Words", "obtuse: more than 90°")
    return QCoreApplication.translate("Words", "undefined")


def undefined_word() -> str:
    return QCoreApplication.translate("Words", "undefined")


def own_scene_note(question: bool) -> str:
    """Said before a lesson text that quotes its own scene's numbers, the one on screen having
    none of them (no tokens): the lesson panel and the stage alike."""
    if question:
        return QCoreApplication.translate(
            "Words",
            "<i>The scene on screen has no tokens: the numbers quoted here are those of the "
            "question's own scene.</i>",
        )
    return QCoreApplication.translate(
        "Words",
        "<i>The scene on screen has no tokens: the numbers quoted here are those of this "
        "step's own scene.</i>",
    )


def withheld_note() -> str:
    """Said where a panel leaves out what an open check question asks."""
    return QCoreApplication.translate("Words", "Hidden until the question is answered: predict it first.")


# Names said in two places (a button or a panel, and the undo step it makes): translated once, here.


def add_key() -> str:
    return QCoreApplication.translate("Words", "Add key")


def add_query() -> str:
    return QCoreApplication.translate("Words", "Add query")


def scale_q() -> str:
    return QCoreApplication.translate("Words", "Scale q")


def seed() -> str:
    """A random generator's seed (dropout's, a random matrix's)."""
    return QCoreApplication.translate("Words", "seed")


def reason(undefined: Undefined | None) -> str:
    if undefined is None:
        return ""
    key = "k" if undefined.key is None else key_name(undefined.key)
    texts = {
        Why.ZERO_QUERY: QCoreApplication.translate(
            "Words", "q is the zero vector: it has no direction, so there is no angle."
        ),
        Why.ZERO_KEY: QCoreApplication.translate(
            "Words",
            "{key} is the zero vector: it has no direction, so there is no angle "
            "and no line to project onto.",
        ),
        Why.ZERO_BOTH: QCoreApplication.translate(
            "Words", "q and {key} are both the zero vector: neither has a direction."
        ),
        Why.ALL_MASKED: QCoreApplication.translate(
            "Words",
            "Every key is masked: softmax has nothing to share the weight among "
            "(PyTorch returns not-a-number values here, or zeros in recent versions).",
        ),
        Why.ZERO_KEY_COSINE: QCoreApplication.translate(
            "Words", "{key} is the zero vector: its cosine with q is undefined."
        ),
        Why.ZERO_QUERY_COSINE: QCoreApplication.translate(
            "Words", "q is the zero vector: its cosine with every key is undefined."
        ),
    }
    return texts[undefined.why].format(key=key)


def not_inner(reason: NotInnerProduct, lang: str) -> str:
    """Why B = W_Qᵀ W_K is not an inner product on the tokens, with the numbers that show it."""
    texts = {
        NotInner.NOT_SYMMETRIC: QCoreApplication.translate(
            "Words",
            "B is not symmetric: B{ij} = {a} but B{ji} = {b}, so a token's score for another "
            "is not that other's score for it",
        ),
        NotInner.NEGATIVE_EIGENVALUE: QCoreApplication.translate(
            "Words", "B has a negative eigenvalue, λ = {eigenvalue}: along its eigenvector x, xᵀBx < 0"
        ),
        NotInner.LOW_RANK: QCoreApplication.translate(
            "Words",
            "d_k = {d_k} is less than d_model = {d_model}: some x ≠ 0 gets xᵀBx = 0 (the eigenvalue λ = 0)",
        ),
        NotInner.ZERO_EIGENVALUE: QCoreApplication.translate(
            "Words", "B has the eigenvalue λ = 0 (up to rounding): along its eigenvector x ≠ 0, xᵀBx = 0"
        ),
    }
    i, j = (0, 0) if reason.entry is None else reason.entry
    a, b = (None, None) if reason.pair is None else reason.pair
    return texts[reason.why].format(
        ij=subscript(i + 1) + subscript(j + 1),
        ji=subscript(j + 1) + subscript(i + 1),
        a=number(a, lang),
        b=number(b, lang),
        eigenvalue=number(reason.eigenvalue, lang),
        d_k=reason.d_k,
        d_model=reason.d_model,
    )


def file_problem(error: SceneFileError, lang: str) -> str:
    """A scene file's problem as one translated sentence naming the field."""
    expected = {
        Expected.NUMBER: QCoreApplication.translate("Words", "a number"),
        Expected.WHOLE_NUMBER: QCoreApplication.translate("Words", "a whole number"),
        Expected.NUMBERS: QCoreApplication.translate("Words", "a list of numbers"),
        Expected.VECTORS: QCoreApplication.translate("Words", "a list of vectors"),
        Expected.BOOLEANS: QCoreApplication.translate("Words", "a list of true/false values"),
        Expected.BOOLEAN_ROWS: QCoreApplication.translate("Words", "a list of rows of true/false values"),
        Expected.BOOLEAN: QCoreApplication.translate("Words", "true or false"),
        Expected.TEXT: QCoreApplication.translate("Words", "text"),
        Expected.SCORING: QCoreApplication.translate("Words", '"dot" or "cosine"'),
        Expected.TOKENS: QCoreApplication.translate(
            "Words", "an object with labels, embeddings, w_q, w_k and w_v"
        ),
        Expected.LABELS: QCoreApplication.translate("Words", "a list of short words"),
        Expected.MATRIX: QCoreApplication.translate("Words", "a list of rows of numbers"),
    }
    texts = {
        Problem.TOO_LARGE: QCoreApplication.translate(
            "Words", "The file is larger than {high} bytes; a scene file is far smaller."
        ),
        Problem.NOT_UTF8: QCoreApplication.translate("Words", "The file is not UTF-8 text."),
        Problem.NOT_JSON: QCoreApplication.translate(
            "Words", "The file is not valid JSON (the problem is on line {found})."
        ),
        Problem.NOT_OBJECT: QCoreApplication.translate("Words", "The file must hold one JSON object."),
        Problem.WRONG_FORMAT: QCoreApplication.translate(
            "Words", "The field 'format' must be \"qk-explorer-scene\"."
        ),
        Problem.FUTURE_VERSION: QCoreApplication.translate(
            "Words",
            "The file has format version {found}, from a newer Q·K Explorer; "
            "this one reads versions up to {high}.",
        ),
        Problem.BAD_VERSION: QCoreApplication.translate(
            "Words", "The field 'version' must be a whole number from 1."
        ),
        Problem.MISSING: QCoreApplication.translate("Words", "The required field '{field}' is missing."),
        Problem.UNKNOWN: QCoreApplication.translate("Words", "The file has an unknown field '{field}'."),
        Problem.WRONG_TYPE: QCoreApplication.translate("Words", "'{field}' must be {expected}."),
        Problem.NOT_FINITE: QCoreApplication.translate(
            "Words", "'{field}' must be a finite number (not NaN or infinity)."
        ),
        Problem.OUT_OF_RANGE: QCoreApplication.translate(
            "Words", "'{field}' must lie between {low} and {high}."
        ),
        Problem.BAD_DIMENSION: QCoreApplication.translate(
            "Words", "'{field}' must have between 1 and {high} coordinates."
        ),
        Problem.BAD_COUNT: QCoreApplication.translate(
            "Words", "'{field}' must hold between 1 and {high} vectors."
        ),
        Problem.COUNT_MISMATCH: QCoreApplication.translate(
            "Words", "'{field}' has {found} entries but the scene has {expected} keys."
        ),
        Problem.ROW_MISMATCH: QCoreApplication.translate(
            "Words", "'{field}' must have one row per query: it has {found}, the scene {expected}."
        ),
        Problem.DIMENSION_MISMATCH: QCoreApplication.translate(
            "Words", "'{field}' has {found} coordinates but the query has {expected}."
        ),
        Problem.BAD_CHOICE: QCoreApplication.translate("Words", "'{field}' must be {expected}."),
        Problem.BAD_TEXT: QCoreApplication.translate(
            "Words", "'{field}' holds text that is not valid Unicode (a lone surrogate such as \\ud800)."
        ),
        Problem.BAD_TITLE: QCoreApplication.translate(
            "Words",
            "'{field}' must be one line of text: no control characters, line breaks or direction overrides.",
        ),
        Problem.TOKENS_WITH_VECTORS: QCoreApplication.translate(
            "Words",
            "'{field}' cannot stand beside 'tokens': a scene of tokens derives its queries, keys "
            "and values from them.",
        ),
        Problem.BAD_ROWS: QCoreApplication.translate(
            "Words", "'{field}' must have between 1 and {high} rows."
        ),
        Problem.ROW_LENGTH: QCoreApplication.translate(
            "Words",
            "'{field}' has {found} entries but must have {expected}, as many as the embeddings "
            "have coordinates (d_model).",
        ),
        Problem.ROW_COUNT: QCoreApplication.translate(
            "Words", "'{field}' has {found} rows but 'tokens.w_q' has {expected} (d_k)."
        ),
        Problem.VALUE_ROWS: QCoreApplication.translate(
            "Words",
            "'{field}' has {found} rows but must have as many as 'tokens.w_k', {expected}: values "
            "have the keys' dimension (d_v = d_k).",
        ),
        Problem.LABEL_COUNT: QCoreApplication.translate(
            "Words", "'{field}' has {found} labels but there are {expected} embeddings."
        ),
        Problem.BAD_LABEL: QCoreApplication.translate(
            "Words",
            "'{field}' must be a short word: 1 to {high} characters, not blank, "
            "without control characters or line breaks.",
        ),
        Problem.DERIVED_OUT_OF_RANGE: QCoreApplication.translate(
            "Words",
            "'{field}' times 'tokens.embeddings[{found}]' gives a coordinate beyond {high}, the limit "
            "of every query, key and value.",
        ),
    }
    exp = error.expected
    exp_text = expected[exp] if isinstance(exp, Expected) else ("" if exp is None else str(exp))
    return texts[error.problem].format(
        field=error.field,
        found="" if error.found is None else error.found,
        expected=exp_text,
        low="" if error.low is None else number(error.low, lang, 6),
        high="" if error.high is None else number(error.high, lang, 6),
    )
