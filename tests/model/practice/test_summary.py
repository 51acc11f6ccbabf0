"""The practice summary: tries, whether the first tries were right, the mistakes met, and its CSV."""

from __future__ import annotations

import csv
import io

from qk_explorer.model.practice import Mistake, Verdict
from qk_explorer.model.practice.summary import CSV_COLUMNS, Summary, summary_csv


def verdict(field: str, correct: bool, mistake: Mistake | None = None) -> Verdict:
    return Verdict(field, None, correct, mistake)


def test_a_summary_counts_tries_and_the_mistakes_met_in_order():
    s = Summary()
    s = s.record("question-6", verdict("weights", False, Mistake.SCALED_BY_DK))
    s = s.record("question-6", verdict("weights", False, Mistake.NOT_SCALED))
    s = s.record("question-6", verdict("weights", False, Mistake.SCALED_BY_DK))
    s = s.record("question-6", verdict("weights", True))
    s = s.record("question-1", verdict("dot", True))
    t = s.tally("question-6")
    assert t.tries == 4 and t.first_tries_right is False
    assert t.mistakes == ("scaled-by-dk", "not-scaled")
    assert s.tally("question-1").first_tries_right is True
    assert [t.question for t in s.tallies] == ["question-1", "question-6"]  # the lesson's order
    assert s.tally("question-2").tries == 0 and s.tally("question-2").first_tries_right is None


def test_first_tries_are_right_only_when_every_field_was_right_at_its_first_try():
    s = Summary().record("question-1", verdict("dot", True))
    s = s.record("question-1", verdict("angle_kind", False))
    s = s.record("question-1", verdict("angle_kind", True))
    assert s.tally("question-1").first_tries_right is False
    s2 = Summary().record("question-1", verdict("dot", True)).record("question-1", verdict("dot", False))
    assert s2.tally("question-1").first_tries_right is True  # a later try does not undo the first


def test_recording_gives_a_new_summary_and_keeps_the_old():
    before = Summary()
    after = before.record("question-3", verdict("projection", True))
    assert before.tallies == () and after.tally("question-3").tries == 1


def test_the_csv_has_a_row_per_question_tried():
    s = Summary().record("question-6", verdict("weights", False, Mistake.SCALED_BY_DK))
    s = s.record("question-6", verdict("weights", False, Mistake.NO_EXPONENTIAL))
    s = s.record("question-2", verdict("cosine", True))
    rows = list(csv.reader(io.StringIO(summary_csv(s))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert rows[1:] == [
        ["question-2", "2", "1", "true", ""],
        ["question-6", "6", "2", "false", "scaled-by-dk no-exponential"],
    ]
    assert summary_csv(Summary()) == ",".join(CSV_COLUMNS) + "\n"
