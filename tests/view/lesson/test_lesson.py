"""The lesson in the window: steps and questions driven by real keys, clicks and drags."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFrame, QLineEdit, QPushButton

from qk_explorer.model.lesson import HIGHLIGHT_IDS, PAIR_ROWS
from qk_explorer.model.lesson_format import load_lesson
from qk_explorer.model.presets import PRESETS, preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.view.pair.numbers_panel import ROWS

from ..helpers import drag

STEPS, QUESTIONS = 21, 12
CHAPTER_STEPS, CHAPTER_QUESTIONS = 3, 1  # "A head that learned", after the twelve questions
PRESSES = STEPS + CHAPTER_STEPS + 2 * (QUESTIONS + CHAPTER_QUESTIONS) + 3  # the end stays put


def plain(html: str) -> str:
    """What a reader sees: tags gone, no-break spaces as spaces, invisible joiners dropped."""
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText().replace("\u00a0", " ").replace("\u2060", "")


def panel(window):
    return window.panel("lesson")


def press(window, key, widget=None):
    """A key as a clicker sends it, to whatever has the keyboard focus (the canvas by default)."""
    target = widget or QApplication.focusWidget() or window.canvas
    QTest.keyClick(target, key)


def button(window, name) -> QPushButton:
    return window.findChild(QPushButton, name)


def highlighted_rows(window) -> set[str]:
    return {rid for rid in ROWS if "background" in window.findChild(QFrame, f"row_{rid}").styleSheet()}


@pytest.fixture
def spanish_window(make_window):
    """A window in Spanish; the language goes back to English afterwards (translators are global)."""
    windows = []

    def make(**kwargs):
        windows.append(make_window(lang="es", **kwargs))
        return windows[-1]

    yield make
    for window in windows:
        window.set_language("en")


@pytest.fixture
def lesson_window(make_window):
    window = make_window()
    window.canvas.setFocus()
    QApplication.processEvents()
    return window


# ---- the numbers every preset shows ---------------------------------------------------------

PANEL_NUMBERS = {
    "lesson-pair": {
        "dot": "2(1) + 1(2) = 4",
        "norm_q": "√5 ≈ 2.236",
        "norm_k": "√5 ≈ 2.236",
        "cosine": "0.8",
        "angle": "36.87°",
        "comp": "4/√5 ≈ 1.789",
        "proj": "(4/5)·k₁ = (0.8, 1.6)",
        "perp": "(1.2, −0.6)",
    },
    "lesson-attention": {"dot": "1(1) + 2(0) = 1", "cosine": "0.447", "comp": "1", "perp": "(0, 2)"},
    "same-dot-aligned": {"dot": "4(1) + 0(0) = 4", "norm_q": "4", "cosine": "1", "angle": "0°"},
    "question-1": {
        "dot": "2(1) + (−1)(4) + 3(−2) = −8",
        "norm_q": "√14 ≈ 3.742",
        "norm_k": "√21 ≈ 4.583",
        "cosine": "−0.467",
    },
    "question-2": {"dot": "2(1) + 1(2) = 4", "cosine": "0.8"},
    "question-3": {"comp": "4/√5 ≈ 1.789", "proj": "(4/5)·k₁ = (0.8, 1.6)", "perp": "(1.2, −0.6)"},
    "question-4": {"dot": "2(−1) + 1(2) = 0", "angle": "90°"},
    "question-5": {"dot": "4(1) + 0(0) = 4", "cosine": "1", "angle": "0°"},
    "question-6": {"dot": "1(1) + 2(0) = 1", "cosine": "0.447"},
    "question-7": {"dot": "0(1) + 0(0) = 0", "cosine": "undefined", "angle": "undefined"},
    "question-8": {"dot": "2(1) + 1(2) = 4", "cosine": "0.8", "norm_q": "√5 ≈ 2.236"},
}
RELATIONS = {
    "question-1": "obtuse",
    "question-4": "right angle",
    "lesson-pair": "acute",
    "question-7": "undefined",
}


@pytest.mark.parametrize("name", list(PANEL_NUMBERS))
def test_every_lesson_preset_shows_the_lessons_numbers(lesson_window, name):
    window = lesson_window
    window.findChild(QAction, f"preset_{name}").trigger()
    assert window.controller.scene.query == preset_scene(name).query
    for rid, text in PANEL_NUMBERS[name].items():
        assert window.numbers.value_text(rid) == text, rid
    if name in RELATIONS:
        assert window.numbers.value_text("relation").startswith(RELATIONS[name])
    if name == "question-7":
        assert "zero vector" in window.numbers.reason_text()


# What each question's revealed solution must say with the preset's own numbers.
SOLUTIONS = {
    "question-1": ["2(1) + (−1)(4) + 3(−2) = −8", "obtuse", "θ = 117.81°", "−8 / (3.742 × 4.583) = −0.467"],
    "question-2": ["2(1) + 1(2) = 4", "cos θ = 4 / (2.236 × 2.236) = 0.8"],
    "question-3": ["4 / 2.236 = 1.789", "0.8 × (1, 2) = (0.8, 1.6)", "(1.2, −0.6) has product 0"],
    "question-4": ["perpendicular", "2(−1) + 1(2) = 0", "θ = 90°", "zero vector"],
    "question-5": ["4(1) + 0(0) = 4", "cos θ = 1", "0.8"],
    "question-6": ["1 and 2", "0.707 and 1.414", "0.33 and 0.67", "k₂ gets the largest weight"],
    "question-7": ["0.5 and 0.5", "The angle is undefined"],
    "question-8": ["4 / 5 = 0.8", "√dₖ = 1.414", "scaled logit is 2.828", "cosine logit of 0.8"],
}
SOLUTIONS_ES = {
    "question-1": ["2(1) + (−1)(4) + 3(−2) = −8", "obtuso", "θ = 117,81°"],
    "question-3": ["4 / 2,236 = 1,789", "0,8 × (1; 2) = (0,8; 1,6)"],
    "question-6": ["1 y 2", "0,707 y 1,414", "0,33 y 0,67", "k₂ recibe el peso mayor"],
    "question-7": ["0,5 y 0,5", "no está definido"],
    "question-8": ["4 / 5 = 0,8", "2,828", "logit por coseno de 0,8"],
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_question_reveals_a_worked_solution_with_its_numbers(make_window, spanish_window, lang):
    window = make_window() if lang == "en" else spanish_window()
    expected = SOLUTIONS if lang == "en" else SOLUTIONS_ES
    for qid, fragments in expected.items():
        window.lesson.go_to(qid)
        assert window.controller.scene.query == preset_scene(qid).query
        assert panel(window).solution_text() == ""  # predict first
        button(window, "lessonReveal").click()
        text = plain(panel(window).solution_text())
        for fragment in fragments:
            assert fragment in text, (qid, fragment, text)
        assert "{" not in text and "nan" not in text.lower()
        assert not button(window, "lessonReset").isVisible()


# ---- moving through the lesson with a clicker -------------------------------------------------


def test_page_down_starts_then_steps_and_page_up_goes_back(lesson_window):
    window, guide = lesson_window, lesson_window.lesson
    assert not guide.active and guide.index == 0
    assert plain(button(window, "lessonNext").text()) == "Start ▶"
    press(window, Qt.Key.Key_PageDown)
    assert guide.active and guide.index == 0
    assert panel(window).position_text() == "Step 1 of 21"
    press(window, Qt.Key.Key_PageDown)
    press(window, Qt.Key.Key_PageDown)
    assert guide.index == 2 and panel(window).position_text() == "Step 3 of 21"
    assert window.controller.scene.keys == preset_scene("opposite").keys
    assert "The sign tells you the side" in plain(panel(window).title_text())
    body = plain(panel(window).body_text())
    assert "2(−2) + 1(−1) = −5" in body and "obtuse" in body
    press(window, Qt.Key.Key_PageUp)
    assert guide.index == 1 and window.controller.scene.keys == preset_scene("lesson-pair").keys


def test_space_and_backspace_step_like_page_down_and_page_up(lesson_window):
    window, guide = lesson_window, lesson_window.lesson
    press(window, Qt.Key.Key_Space)
    press(window, Qt.Key.Key_Space)
    assert guide.active and guide.index == 1
    press(window, Qt.Key.Key_Backspace)
    assert guide.index == 0


def test_a_clicker_alone_runs_every_step_and_question_and_back(lesson_window):
    window, guide = lesson_window, lesson_window.lesson
    seen = []
    press(window, Qt.Key.Key_PageDown)  # start
    for _ in range(PRESSES):
        seen.append((guide.item.id, guide.revealed, panel(window).position_text()))
        press(window, Qt.Key.Key_PageDown)
    ids = [item.id for item in load_lesson("en").items]
    visited = list(dict.fromkeys(s[0] for s in seen))
    assert visited == ids
    for qid in (i for i in ids if i.startswith("question-")):
        assert (qid, True) in {(s[0], s[1]) for s in seen}, f"{qid} was never revealed"
    assert guide.item.id == "question-trained-head" and guide.revealed
    assert not button(window, "lessonNext").isEnabled()
    assert window.controller.scene.queries == preset_scene("trained-head-new-sequence").queries
    for _ in range(PRESSES):
        press(window, Qt.Key.Key_PageUp)
    assert guide.index == 0 and not guide.revealed


def test_clicker_keys_work_in_full_screen_with_the_panel_hidden(lesson_window, qtbot):
    window = lesson_window
    window.docks["lesson"].hide()
    window.menuBar().hide()
    window.showFullScreen()
    qtbot.waitExposed(window)
    window.canvas.setFocus()
    press(window, Qt.Key.Key_PageDown)
    press(window, Qt.Key.Key_PageDown)
    assert window.lesson.active and window.lesson.index == 1
    window.lesson_next()
    window.lesson_previous()
    assert window.lesson.index == 1
    window.showNormal()


def test_space_and_backspace_edit_a_focused_spin_box_instead_of_stepping(lesson_window):
    window, guide = lesson_window, lesson_window.lesson
    guide.go_to(0)
    spin = window.coordinates.spin(QUERY, 0)
    spin.setFocus()
    spin.lineEdit().end(False)
    before = spin.lineEdit().text()
    QTest.keyClick(spin, Qt.Key.Key_Backspace)
    assert spin.lineEdit().text() == before[:-1]
    QTest.keyClick(spin, Qt.Key.Key_Space)
    assert guide.index == 0
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin, "3")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.controller.scene.query == (3.0, 1.0)
    assert guide.index == 0
    window.canvas.setFocus()
    press(window, Qt.Key.Key_Space)
    assert guide.index == 1


def test_space_r_and_period_type_in_an_answer_box_and_space_presses_a_focused_button(lesson_window):
    window, guide = lesson_window, lesson_window.lesson
    guide.go_to("question-1")
    edit = window.findChild(QLineEdit, "predictAnswer_dot")
    edit.setFocus()
    QTest.keyClicks(edit, "minus 8")
    QTest.keyClick(edit, Qt.Key.Key_Backspace)
    QTest.keyClicks(edit, "8.0 or right")  # ".", "r" and Space: the reveal and next keys elsewhere
    assert edit.text() == "minus 8.0 or right"
    assert guide.item.id == "question-1" and not guide.revealed
    reveal = button(window, "lessonReveal")
    reveal.setFocus()
    QTest.keyClick(reveal, Qt.Key.Key_Space)
    assert guide.revealed and guide.item.id == "question-1"
    assert edit.text() == "minus 8.0 or right"
    QTest.keyClick(reveal, Qt.Key.Key_Space)  # the button hides it again; "next" would move on
    assert not guide.revealed and guide.item.id == "question-1"
    previous = button(window, "lessonPrevious")
    previous.setFocus()
    QTest.keyClick(previous, Qt.Key.Key_Space)
    assert guide.item.id == "token-geometry"  # the last step comes before the first question


def test_clicking_a_navigation_button_leaves_the_focus_for_the_clicker(lesson_window):
    window = lesson_window
    QTest.mouseClick(button(window, "lessonNext"), Qt.MouseButton.LeftButton)
    assert window.lesson.active
    assert QApplication.focusWidget() is window.canvas
    QTest.mouseClick(button(window, "lessonPrevious"), Qt.MouseButton.LeftButton)
    press(window, Qt.Key.Key_Space)  # still "next", not a second click on Previous
    assert window.lesson.index == 1


# ---- what a step does to the window --------------------------------------------------------------


def test_a_step_sets_emphasis_and_highlights_and_leaving_clears_them(lesson_window):
    window, guide = lesson_window, lesson_window.lesson
    guide.go_to("projection")
    assert highlighted_rows(window) == {"comp", "proj", "perp", "residual"}
    assert window.canvas._emphasis == frozenset({"q", "keys", "projection"})
    guide.go_to("multiply")
    assert highlighted_rows(window) == {"q", "k", "dot"}
    window.findChild(QAction, "lessonLeaveAction").trigger()
    assert not guide.active
    assert highlighted_rows(window) == set()
    assert window.canvas._emphasis is None


def test_closing_the_lesson_panel_leaves_the_lesson(lesson_window):
    window = lesson_window
    window.lesson.go_to("sign")
    window.docks["lesson"].close()
    assert not window.lesson.active and highlighted_rows(window) == set()


def test_main_window_highlight_reaches_every_panel_that_can(lesson_window):
    window = lesson_window
    window.highlight(["dot", "weights"])
    assert highlighted_rows(window) == {"dot"}
    window.highlight([])
    assert highlighted_rows(window) == set()


def test_highlight_ids_cover_the_numbers_panel():
    assert set(ROWS) == set(PAIR_ROWS) and set(ROWS) <= HIGHLIGHT_IDS


def test_going_to_a_step_is_no_undo_step(lesson_window):
    window = lesson_window
    stack = window.controller.undo_stack
    window.lesson.go_to("scores")
    assert stack.count() == 0
    assert window.controller.scene.keys == preset_scene("lesson-attention").keys
    window.lesson.go_to("lengths-angle")
    assert window.controller.scene.keys == preset_scene("lesson-pair").keys
    assert stack.count() == 0


def test_the_step_list_and_the_menus_go_to_an_item(lesson_window):
    window = lesson_window
    window.findChild(QAction, "lessonGoTo_question-5").trigger()
    assert window.lesson.item.id == "question-5"
    assert window.controller.scene.query == preset_scene("question-5").query
    window.findChild(QAction, "lessonGoTo_scale-softmax").trigger()
    assert window.lesson.item.id == "scale-softmax"


# ---- live solutions -------------------------------------------------------------------------------


def test_a_revealed_solution_follows_a_drag_and_offers_the_questions_scene(lesson_window):
    window = lesson_window
    window.lesson.go_to("question-2")
    window.lesson.next()  # reveal
    text = plain(panel(window).solution_text())
    assert "2(1) + 1(2) = 4" in text and "= 0.8" in text
    assert "You have changed the scene" not in text
    drag(window.canvas, (2, 1), (4, 2))
    assert window.controller.scene.query == (4.0, 2.0)
    text = plain(panel(window).solution_text())
    assert "4(1) + 2(2) = 8" in text
    assert "cos θ = 8 / (4.472 × 2.236) = 0.8" in text
    assert "You have changed the scene" in text
    reset = button(window, "lessonReset")
    assert reset.isVisible() and reset.text() == "Back to the Question's Scene"
    reset.click()
    assert window.controller.scene.query == (2.0, 1.0)
    assert window.lesson.revealed
    assert "2(1) + 1(2) = 4" in plain(panel(window).solution_text())
    assert not reset.isVisible()


def test_a_solution_explains_the_scene_the_student_made(lesson_window):
    window = lesson_window
    window.lesson.go_to("question-1")
    window.lesson.reveal(True)
    assert "obtuse" in plain(panel(window).solution_text())
    window.controller.set_vector(QUERY, (1, 1, 1))  # (1, 1, 1)·(1, 4, −2) = 3
    text = plain(panel(window).solution_text())
    assert "1(1) + 1(4) + 1(−2) = 3" in text and "acute" in text and "obtuse" not in text
    window.controller.set_vector(QUERY, (0, 0, 0))
    text = plain(panel(window).solution_text())
    assert "there is no angle" in text and "acute" not in text


def test_question_7_after_moving_q_away_from_the_origin(lesson_window):
    window = lesson_window
    window.lesson.go_to("question-7")
    window.lesson.reveal(True)
    assert "0.5 and 0.5" in plain(panel(window).solution_text())
    window.controller.set_vector(QUERY, (1, 2))
    text = plain(panel(window).solution_text())
    assert "q is (1, 2) now" in text and "0.33 and 0.67" in text and "θ = 63.43°" in text


def test_a_steps_text_follows_the_scene_too(lesson_window):
    window = lesson_window
    window.lesson.go_to("multiply")
    assert "2(1) + 1(2) = 4" in plain(panel(window).body_text())
    drag(window.canvas, (2, 1), (3, 1))
    assert "3(1) + 1(2) = 5" in plain(panel(window).body_text())
    assert button(window, "lessonReset").text() == "Back to This Step's Scene"
    assert button(window, "lessonReset").isVisible()


# ---- languages -------------------------------------------------------------------------------------


def test_switching_language_rewrites_the_lesson_and_its_menus(lesson_window):
    window = lesson_window
    window.lesson.go_to("question-6")
    window.lesson.reveal(True)
    window.findChild(QAction, "language_es").trigger()
    assert panel(window).position_text() == "Pregunta 6 de 12"
    assert "0,707 y 1,414" in plain(panel(window).solution_text())
    assert window.findChild(QAction, "lessonGoTo_question-6").text().startswith("Pregunta 6")
    assert window.findChild(QAction, "preset_question-6").text() == "Pregunta 6: puntuaciones, logits y pesos"
    assert window.findChild(QAction, "lessonNextAction").text() == "&Siguiente"
    assert window.docks["lesson"].windowTitle() == "Lección"
    window.findChild(QAction, "language_en").trigger()
    assert "0.707 and 1.414" in plain(panel(window).solution_text())


def test_a_preset_from_the_scenes_menu_carries_its_translated_title(spanish_window):
    window = spanish_window()
    window.findChild(QAction, "preset_question-4").trigger()
    assert window.controller.scene.title == "Pregunta 4: un producto nulo"
    assert window.windowTitle().startswith("Pregunta 4")


def test_starting_on_a_question_preset_opens_the_lesson_at_that_question(make_window):
    # The heading said "Question 6 of 12" while the button offered "Start ▶", as if nothing
    # were asked yet: the question is on screen, so the next press reveals its solution.
    window = make_window(scene=preset_scene("question-6"))
    guide, lesson = window.lesson, panel(window)
    assert guide.active and guide.item.id == "question-6" and not guide.revealed
    assert lesson.position_text() == "Question 6 of 12"
    assert plain(lesson.title_text()).startswith("Question 6")
    assert plain(button(window, "lessonNext").text()) == "Reveal ▶"
    assert button(window, "lessonReveal").isVisible()
    assert window.controller.undo_stack.count() == 0 and not window.isWindowModified()
    window.canvas.setFocus()
    QApplication.processEvents()
    press(window, Qt.Key.Key_PageDown)
    assert guide.revealed and guide.item.id == "question-6"
    assert "0.707 and 1.414" in plain(lesson.solution_text())
    assert window.controller.undo_stack.count() == 0  # the scene was already on screen


def test_starting_on_a_step_preset_waits_for_the_lesson_to_start(make_window):
    window = make_window(scene=preset_scene("opposite"))
    assert window.lesson.item.id == "sign" and not window.lesson.active
    assert panel(window).position_text() == "Step 3 of 21"
    assert plain(button(window, "lessonNext").text()) == "Start ▶"


def test_every_preset_named_by_the_lesson_exists():
    for item in load_lesson("en").items:
        assert item.preset in PRESETS


def test_broken_lesson_resources_leave_a_working_window(make_window, monkeypatch):
    from qk_explorer.model.lesson import LessonError
    from qk_explorer.view.lesson import guide as lesson_guide

    def broken(lang):
        raise LessonError(f"{lang}/lesson.json: file missing")

    monkeypatch.setattr(lesson_guide, "cached_lesson", broken)
    window = make_window()
    window.lesson_next()
    window.lesson_previous()
    assert window.lesson.lesson is None and not window.lesson.active
    assert window.numbers.value_text("cosine") == "0.8"
