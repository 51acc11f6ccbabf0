"""The practice summary: per question, how many tries, whether the first tries were right, the mistakes met.

A Summary is immutable: record() gives a new one, so a view can keep the old
for undo or compare. A try is one readable answer checked (an unreadable one is
not a try). A question's first tries are right when every field it was tried on
was right at its first try. summary_csv() is the one place the CSV is built:
every text cell passes through csv_text(), so that neutralising cells a
spreadsheet would take for a formula is a change to that one function.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace

from .diagnosis import Verdict
from .questions import QUESTIONS

CSV_COLUMNS = ("question", "number", "tries", "first_tries_right", "mistakes")


@dataclass(frozen=True)
class Tally:
    question: str
    tries: int = 0
    first_tries_right: bool | None = None  # None: not tried yet
    mistakes: tuple[str, ...] = ()  # mistake ids, in the order first met
    fields_tried: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Summary:
    tallies: tuple[Tally, ...] = ()  # in the lesson's order

    def tally(self, question: str) -> Tally:
        for t in self.tallies:
            if t.question == question:
                return t
        return Tally(question)

    def record(self, question: str, verdict: Verdict) -> Summary:
        """The summary with one more try at `question`."""
        t = self.tally(question)
        first = verdict.field not in t.fields_tried
        right = t.first_tries_right
        if first:
            right = verdict.correct if right is None else right and verdict.correct
        mistake = None if verdict.mistake is None else verdict.mistake.value
        mistakes = t.mistakes if mistake is None or mistake in t.mistakes else (*t.mistakes, mistake)
        updated = replace(
            t,
            tries=t.tries + 1,
            first_tries_right=right,
            mistakes=mistakes,
            fields_tried=t.fields_tried | {verdict.field},
        )
        others = [x for x in self.tallies if x.question != question]
        return Summary(tuple(sorted((*others, updated), key=lambda x: QUESTIONS[x.question].number)))


def csv_text(text: str) -> str:
    """A text cell as written to the CSV (the one place a cell's text is prepared)."""
    return text


def summary_csv(summary: Summary) -> str:
    """The summary as CSV: one row per question tried, mistakes as ids separated by spaces."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for t in summary.tallies:
        right = "" if t.first_tries_right is None else ("true" if t.first_tries_right else "false")
        writer.writerow(
            (
                csv_text(t.question),
                QUESTIONS[t.question].number,
                t.tries,
                right,
                csv_text(" ".join(t.mistakes)),
            )
        )
    return out.getvalue()
