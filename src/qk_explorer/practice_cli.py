"""The command line's practice options: --reveal, --variant SEED and --check-answer [NAME=]TEXT.

Each needs --step N with N one of the lesson's check questions. --variant
opens that question with fresh numbers (model/practice/variants.py), and
--export-numbers then writes the question beside them. --check-answer prints
one JSON line, {"field", "correct", "mistake", "feedback"}, and exits: it needs
no display and starts no Qt. cli.py and app.py call these functions; a refusal
is a ValueError whose message cli.py prints as its one error line.
"""

from __future__ import annotations

import json
import re

# The model's practice is imported when an option asks for it: a plain start does not pay for it.
SEED_RANGE = "0 to 4294967295"  # model.practice.SEED_LIMIT − 1; a test holds them together
_ANSWER = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)", re.DOTALL)


def add_arguments(parser) -> None:
    parser.add_argument("--reveal", action="store_true", help="with --step N (a question): open it revealed")
    parser.add_argument(
        "--variant",
        metavar="SEED",
        help=f"with --step N (a question): fresh numbers, the same for the same SEED ({SEED_RANGE})",
    )
    parser.add_argument(
        "--check-answer",
        metavar="[NAME=]TEXT",
        help="with --step N (a question): check an answer to field NAME (else the first), "
        "print one JSON line and exit",
    )


def check_options(options) -> None:
    """Refuse practice options that have no question to act on, or an action they would skip."""
    asked = [
        flag
        for flag, given in (
            ("--reveal", options.reveal),
            ("--variant", options.variant is not None),
            ("--check-answer", options.check_answer is not None),
        )
        if given
    ]
    if asked and question_id(options.step) is None:
        raise ValueError(f"{asked[0]} needs --step N with N a question, {_question_steps()}")
    if options.variant is not None:
        options.variant = parse_seed(options.variant)
    if options.check_answer is not None:
        for flag, given in (
            ("--screenshot", options.screenshot),
            ("--self-test", options.self_test),
            ("--list-presets", options.list_presets),
        ):
            if given:
                raise ValueError(f"--check-answer cannot be combined with {flag}; run them one at a time")


def parse_seed(text: str) -> int:
    from .model.practice import SEED_LIMIT

    allowed = f"a whole number from {SEED_RANGE}"
    if not re.fullmatch(r"\s*\d{1,10}\s*", text) or int(text) >= SEED_LIMIT:
        raise ValueError(f"--variant must be {allowed}, not '{text}'")
    return int(text)


def question_id(step: int | None) -> str | None:
    """The id of the question at lesson item `step` (counted from 1), or None for a step."""
    from .model.lesson import Kind
    from .model.lesson_format import load_lesson

    if step is None or (item := load_lesson("en").items[step - 1]).kind is not Kind.QUESTION:
        return None
    from .model.practice import QUESTIONS

    return item.id if item.id in QUESTIONS else None


def _question_steps() -> str:
    """The items that are questions, in runs: "from 22 to 33 or 37" (a chapter's come after its steps)."""
    from .model.lesson import Kind
    from .model.lesson_format import load_lesson

    items = load_lesson("en").items
    runs: list[list[int]] = []
    for n, item in enumerate(items, 1):
        if item.kind is Kind.QUESTION:
            if runs and runs[-1][-1] == n - 1:
                runs[-1].append(n)
            else:
                runs.append([n])
    said = [f"from {run[0]} to {run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    return " or ".join(said)


def instance(options):
    """The question the command line opens (a model.practice Instance), with the variant's numbers or
    the lesson's; None for a step."""
    from .model.practice import lesson_instance, variant

    qid = question_id(options.step)
    if qid is None:
        return None
    return lesson_instance(qid) if options.variant is None else variant(qid, options.variant)


def question_document(options) -> dict | None:
    """What --export-numbers writes under "question", or None when no question is open."""
    from .text.practice.document import question_document as document

    opened = instance(options)
    return None if opened is None else document(opened)


def check_answer(options, lang: str) -> str:
    """The JSON line for --check-answer; ValueError when the answer or the field cannot be read."""
    from .model.practice import Unreadable
    from .text.practice.feedback import UnknownField, check, unreadable

    match = _ANSWER.fullmatch(options.check_answer)
    name, text = (match[1], match[2]) if match else (None, options.check_answer)
    opened = instance(options)
    try:
        result = check(opened, name, text, lang)
    except UnknownField as error:
        names = ", ".join(error.names)
        raise ValueError(f"{opened.question.id} has no field '{error.name}' (its fields: {names})") from None
    except Unreadable as error:
        raise ValueError(unreadable(error, "en")) from None
    v = result.verdict
    line = {
        "field": v.field,
        "correct": v.correct,
        "mistake": v.mistake and v.mistake.value,
        "feedback": result.sentence,
    }
    return json.dumps(line, ensure_ascii=False)


def open_question(window, options) -> None:
    """In the window: the variant's numbers instead of the lesson's, and the question revealed for
    --reveal (else it withholds what it asks, on every surface and in --screenshot)."""
    if question_id(options.step) is None:
        return
    if options.variant is not None:
        window.lesson.use_numbers(options.variant)
    if options.reveal:
        window.lesson.reveal(True)
