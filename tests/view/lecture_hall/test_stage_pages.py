"""Presentation's stage: a step whose words do not fit beside its numbers goes over pages.

Every item at every size is checked page by page in test_stage.py (stage_check.page_problems:
every word of the step on one of its pages, in order, nothing elided, the marker iff several
pages). Here: the clicker turns the pages before it moves on and comes back to a step's last
page; a page laid out anew shows the same words; and the pages' own rules (pages.py).
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from qk_explorer.view.stage.pages import Pager, fewest_pages, marker, paginate, sentences

from ..helpers import drag
from .stage_check import global_rect, page_problems, problems, settle, words_of
from .test_presentation import press

PAGE_DOWN, PAGE_UP = Qt.Key.Key_PageDown, Qt.Key.Key_PageUp


def where(window) -> tuple[str, bool, int, str]:
    """The item, whether its solution shows, the page (from 0) and the marker on screen."""
    stage = window.presentation.stage
    marker = stage.block("title").marker
    return window.lesson.item.id, window.lesson.revealed, stage.pager.page, marker.text() * marker.isVisible()


# ---- the clicker -----------------------------------------------------------------------------------


def test_the_clicker_turns_step_14s_pages_before_the_next_step_and_back_lands_on_its_last(presenting):
    """Step 14 (the padding mask) in Spanish at 1366 × 768: once only its first paragraph showed."""
    window = presenting((1366, 768), lang="es")
    window.lesson.go_to("padding-mask")
    settle()
    window.canvas.setFocus()
    count = window.presentation.stage.page_count
    assert count >= 3
    seen = [where(window)]
    for key in ([PAGE_DOWN, Qt.Key.Key_Space] * count)[:count]:
        press(window, key)
        seen.append(where(window))
    first = [("padding-mask", False, 0, f"1/{count} ▸")]
    middle = [("padding-mask", False, n, f"◂ {n + 1}/{count} ▸") for n in range(1, count - 1)]
    last = [("padding-mask", False, count - 1, f"◂ {count}/{count}")]
    assert seen[:count] == [*first, *middle, *last]
    assert seen[count][:3] == ("causal-mask", False, 0)  # the next step, at its first page
    press(window, PAGE_UP)  # back: step 14 at its last page
    assert where(window) == last[0]
    press(window, Qt.Key.Key_Backspace)
    assert where(window)[2] == count - 2
    assert page_problems(window, "step 14") == []
    words = [w for text in window.presentation.stage.pager.paragraphs for w in words_of(text)]
    assert "4,243" in " ".join(words) and "Enmascarar una clave no es lo mismo" in " ".join(words)


def test_a_question_turns_the_pages_of_its_solution_and_going_back_hides_it_at_its_last_page(presenting):
    window = presenting((1280, 720), lang="es")
    window.lesson.go_to("question-10")
    settle()
    window.canvas.setFocus()
    stage = window.presentation.stage
    asked = stage.page_count
    for _ in range(asked):  # through the question's own pages, then the reveal
        press(window, PAGE_DOWN)
    assert where(window)[:3] == ("question-10", True, 0)
    solved = stage.page_count
    assert solved > 1
    for _ in range(solved - 1):
        press(window, PAGE_DOWN)
    assert where(window)[:3] == ("question-10", True, solved - 1)
    for _ in range(solved):
        press(window, PAGE_UP)
    assert where(window)[:3] == ("question-10", False, asked - 1)


@pytest.mark.parametrize(("size", "item"), [((1366, 768), "matrix"), ((1920, 1080), "three-vectors")])
def test_the_drawing_keeps_its_room_beside_one_column_and_the_words_go_over_pages(presenting, size, item):
    """Steps 12 and 18 once put their words in a column of their own to take one page, and the
    drawing became a narrow strip between two columns (a third of the screen, its arrows small)."""
    window = presenting(size, lang="es")
    window.lesson.go_to(item)
    settle()
    stage = window.presentation.stage
    assert stage.page_count >= 2
    canvas = global_rect(window.canvas)
    assert canvas.width() >= 0.44 * size[0]
    assert all(global_rect(label).left() > canvas.right() for label in stage.lesson_labels())
    assert page_problems(window, item) == []


def test_outside_presentation_the_lesson_moves_by_items(presenting):
    window = presenting((1366, 768), lang="es")
    window.lesson.go_to("padding-mask")
    window.presentation.leave()
    window.lesson.next()
    assert window.lesson.item.id == "causal-mask"


# ---- a page laid out anew ------------------------------------------------------------------------


def test_another_language_shows_the_same_paragraph_at_the_top_of_the_page(presenting):
    window = presenting((1366, 768), lang="es")
    window.lesson.go_to("padding-mask")
    stage = window.presentation.stage
    stage.show_page(stage.page_count - 1)
    words = stage.block("words")
    last = stage.pager.paragraph_count - 1
    assert words_of(words.paragraph_texts()[-1]) == words_of(stage.pager.paragraphs[last])
    window.set_language("en")
    settle()
    assert words_of(words.paragraph_texts()[-1]) == words_of(stage.pager.paragraphs[last])
    assert stage.pager.page == stage.page_count - 1
    assert page_problems(window, "in English") == []


def test_a_drag_on_a_later_page_stays_on_that_page(presenting):
    window = presenting((1366, 768), lang="es")
    window.lesson.go_to("padding-mask")
    stage = window.presentation.stage
    stage.show_page(1)
    before = stage.block("words").paragraph_texts()
    drag(window.canvas, (1, 2), (1.5, 2))
    settle()
    assert window.controller.scene.query == (1.5, 2.0)
    assert stage.pager.page == 1 and stage.block("words").paragraph_texts() != before  # its numbers moved
    assert problems(window, "after a drag") == []


# ---- the pages' rules -------------------------------------------------------------------------------


def test_pages_take_as_many_units_as_fit_in_order():
    assert paginate(5, lambda start, stop: stop - start <= 2) == (((0, 2), (2, 4), (4, 5)), None)
    assert paginate(3, lambda start, stop: stop <= 1 or start >= 1) == (((0, 1), (1, 3)), None)
    assert paginate(3, lambda start, stop: stop != 2) == (None, 1)  # the second alone does not fit
    assert paginate(0, lambda start, stop: False) == (((0, 0),), None)
    assert paginate(5, lambda start, stop: stop - start <= 2, most=2) == (None, None)  # takes 3
    assert paginate(5, lambda start, stop: stop - start <= 3, most=2) == (((0, 3), (3, 5)), None)


def test_only_a_paragraph_that_fits_no_page_alone_is_cut_at_its_sentences():
    pager = Pager()
    pager.set_words(["One. Two.", "Three. Four. Five.", "Six. Seven."])
    room = 2  # sentences a page holds
    shown = []

    def fits() -> bool:
        return sum(piece.count(".") for piece in pager.pieces(*shown[-1])) <= room

    found = fewest_pages(
        pager, [(True, "the arrangement", fits)], lambda start, stop: shown.append((start, stop))
    )
    assert found is not None and found[0] == "the arrangement"
    assert [pager.pieces(*page) for page in found[1]] == [
        ["One. Two."],
        ["Three. Four."],
        ["Five."],
        ["Six. Seven."],
    ]


def test_the_marker_says_which_page_and_where_there_is_more():
    assert [marker(n, 3) for n in range(3)] == ["1/3 ▸", "◂ 2/3 ▸", "◂ 3/3"]
    assert marker(0, 1) == ""


_WORD = st.sampled_from(
    ["k₁", "0,707", "(1, 2)", "<q>q</q>", "<k>k₂. Then</k>", "e<sup>x</sup>", "why?", "¿Qué", "A"]
)
_SENTENCE = st.lists(_WORD, min_size=1, max_size=6).map(lambda words: " ".join(words) + ".")


@given(st.lists(_SENTENCE, min_size=1, max_size=6))
def test_sentences_join_back_into_the_paragraph_and_never_cut_a_tag(parts):
    text = " ".join(parts)
    pieces = [piece for _at, piece in sentences(text)]
    assert " ".join(pieces) == text
    for piece in pieces:
        assert piece.count("<k>") == piece.count("</k>") and piece.count("<q>") == piece.count("</q>")


def test_sentences_cut_where_a_new_one_begins():
    text = "Pon <q>q</q> junto a k. ¿Qué cambia? Nada: 0,5 y 1.5. Luego, e.g. otra. <k>k₂</k> sigue."
    assert [piece for _at, piece in sentences(text)] == [
        "Pon <q>q</q> junto a k.",
        "¿Qué cambia?",
        "Nada: 0,5 y 1.5.",
        "Luego, e.g. otra.",
        "<k>k₂</k> sigue.",
    ]


def test_a_pager_lands_where_the_page_on_screen_began():
    pager = Pager()
    pager.set_words(["One. Two.", "Three.", "Four."])
    pager.enter("step", from_end=False)
    pager.lay_out(((0, 1), (1, 2), (2, 3)))
    pager.turn_to(1)
    assert pager.pieces(*pager.shown()) == ["Three."]
    pager.cut(frozenset({0, 1, 2}))  # One., Two., Three., Four.
    pager.lay_out(((0, 2), (2, 3), (3, 4)))
    assert pager.pieces(*pager.shown()) == ["Three."]
    pager.lay_out(((0, 1), (1, 3), (3, 4)))
    assert pager.page == 1 and pager.pieces(*pager.shown()) == ["Two.", "Three."]
    pager.enter("the next step, going back", from_end=True)
    pager.lay_out(((0, 2), (2, 4)))
    assert pager.page == 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_marker_reads_out_in_words(presenting, lang):
    window = presenting((1366, 768), lang=lang)
    window.lesson.go_to("padding-mask")
    stage = window.presentation.stage
    name = stage.block("title").marker.accessibleName()
    assert name == {"en": "page 1 of ", "es": "página 1 de "}[lang] + str(stage.page_count)
