"""Practice: the check questions as data the app can check, fresh numbers, mistakes and a summary.

questions.py holds the twelve questions and their fields; an Instance
(instance.py) is one of them with its numbers, the lesson's own
(lesson_instance) or a seeded variant's (variants.py). answers.py reads what
someone typed, diagnosis.py judges it and names the mistake it comes from
(mistakes.py, wrong_attention.py), summary.py keeps the tally. The words are
in text/practice.
"""

from .answers import Unreadable, read_answer
from .diagnosis import Verdict, judge
from .fields import Field, FieldKind
from .instance import Instance
from .mistakes import Mistake
from .questions import QUESTIONS, Question, lesson_instance
from .variants import SEED_LIMIT, variant

__all__ = [
    "QUESTIONS",
    "SEED_LIMIT",
    "Field",
    "FieldKind",
    "Instance",
    "Mistake",
    "Question",
    "Unreadable",
    "Verdict",
    "judge",
    "lesson_instance",
    "read_answer",
    "variant",
]
