"""An open check question shows none of what it asks, on any surface, until it is revealed.

For every question in both languages: every panel the scene brings, the lesson's panel, the
canvas's text items, the status bar and the live description read to screen readers, the
stage, and the text items of the canvas exported as a drawing are read while the question is
open — and again after a drag mid-question, on the new numbers — and none of the quantities it
withholds is found, as the app writes them; after the reveal every one is found somewhere.
"""

import pytest
from PySide6.QtWidgets import QApplication

from qk_explorer.model.practice import QUESTIONS
from qk_explorer.model.scene import QUERY, key_ref

from .surfaces import answer_strings, every_text, given_strings, shown_strings, where

LANGS = ("en", "es")


def _asked(window, qid, lang) -> set[str]:
    instance = window.lesson.asking.instance()
    strings = shown_strings(window, qid, lang) | answer_strings(window, instance, lang)
    names = {f"k{subscript}" for subscript in "₁₂₃₄"}
    # What reads the same as a number a question gives, or as a quantity it does not withhold, is
    # not told apart from it there.
    given = given_strings(window, lang) | shown_strings(window, qid, lang, others=True)
    return {s for s in strings - given if s not in names and not s.startswith("k")}


def _hidden_everywhere(window, qid, lang, stage=True) -> None:
    texts = every_text(window, stage)
    leaks = {s: where(s, texts) for s in _asked(window, qid, lang)}
    leaks = {s: w for s, w in leaks.items() if w}
    assert not leaks, leaks


def _drag(window) -> None:
    """Move a tip mid-question, through the controller as a drag does (a token's in the plane)."""
    c = window.controller
    scene = c.scene
    if scene.tokens is not None:
        x = scene.tokens.embeddings[0]
        c.drag_token_to(0, (x[0] + 1.0, x[1] + 0.5))
    else:
        ref = key_ref(scene.key_count - 1) if scene.query == (0.0, 0.0) else QUERY
        point = c.results.plane.to_plane(scene.vector(ref)) if scene.dimension > 2 else scene.vector(ref)
        c.drag_to(ref, (point[0] + 1.0, point[1] + 0.5))
    QApplication.processEvents()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("qid", list(QUESTIONS))
def test_an_open_question_shows_none_of_what_it_asks_until_revealed(make_window, qid, lang):
    window = make_window(lang=lang)
    window.lesson.go_to(qid)
    QApplication.processEvents()
    assert window.controller.withheld == QUESTIONS[qid].asks
    _hidden_everywhere(window, qid, lang)

    _drag(window)  # mid-drag: the question is about the new numbers, and still withholds them
    assert window.controller.dragging
    _hidden_everywhere(window, qid, lang, stage=False)
    window.controller.end_drag()
    QApplication.processEvents()
    _hidden_everywhere(window, qid, lang)

    window.lesson.reveal(True)
    QApplication.processEvents()
    assert window.controller.withheld == frozenset()
    texts = every_text(window, stage=False)
    missing = [s for s in shown_strings(window, qid, lang) if not where(s, texts)]
    assert not missing, missing


def test_withheld_weights_draw_no_bars_and_the_status_bar_forgets_at_once(make_window):
    from qk_explorer.view.attention.cells import WEIGHT
    from qk_explorer.view.drag.held_table import BAR_ROLE

    from ..helpers import raise_panel

    window = make_window()
    window.live_description.refresh()
    assert "acute angle of 36.87°" in window.live_description.text  # lesson-pair, before the question
    window.lesson.go_to("question-6")
    assert "36.87°" not in window.statusBar().findChild(type(window.live_description.label)).text()
    assert window.live_description.text.startswith("q·k₁ = ?")
    table = raise_panel(window, "attention").table
    table.fill_waiting_rows()
    assert [table.item(r, WEIGHT).data(BAR_ROLE) for r in range(2)] == [0.0, 0.0]
    window.lesson.reveal(True)
    table.fill_waiting_rows()
    assert [round(table.item(r, WEIGHT).data(BAR_ROLE), 3) for r in range(2)] != [0.0, 0.0]
