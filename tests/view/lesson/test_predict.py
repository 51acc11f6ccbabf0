"""Predictions the app checks, typed, picked and dragged as a student would, and fresh numbers."""

import csv
import io

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QPushButton

from qk_explorer.model.practice import QUESTIONS, Mistake, variant
from qk_explorer.text import numbers

from ..helpers import drag

MINUS = numbers.MINUS


@pytest.fixture
def asking(make_window):
    def open_(qid, lang="en"):
        window = make_window(lang=lang)
        window.lesson.go_to(qid)
        QApplication.processEvents()
        return window

    return open_


def box(window, field) -> QLineEdit:
    return window.findChild(QLineEdit, f"predictAnswer_{field}")


def answer(window, field, text) -> None:
    edit = box(window, field)
    edit.setFocus()
    edit.clear()
    QTest.keyClicks(edit, text)
    QTest.keyClick(edit, Qt.Key.Key_Return)


def pick(window, field, index) -> None:
    combo = window.findChild(QComboBox, f"predictChoice_{field}")
    combo.setCurrentIndex(index)
    QTest.mouseClick(window.findChild(QPushButton, f"predictCheck_{field}"), Qt.MouseButton.LeftButton)


def feedback(window, field) -> str:
    return window.lesson.panel.form.row(field).feedback.text()


def test_question_1_answered_right_field_by_field_reveals_itself(asking):
    window = asking("question-1")
    assert window.lesson.panel.form.field_names() == ["dot", "angle_kind"]
    answer(window, "dot", "-8e0")
    assert f"Right: {MINUS}8" in feedback(window, "dot")
    assert not window.lesson.revealed  # the kind of angle is still asked
    assert window.controller.withheld == QUESTIONS["question-1"].asks
    assert not box(window, "dot").isEnabled()
    pick(window, "angle_kind", 3)  # obtuse
    assert window.lesson.revealed and window.controller.withheld == frozenset()
    assert "117.81°" in window.canvas.readout_text()
    tally = window.lesson.asking.summary.tally("question-1")
    assert tally.tries == 2 and tally.first_tries_right


def test_spanish_decimal_comma_reads_right(asking):
    window = asking("question-2", "es")
    answer(window, "cosine", "0,8")
    assert "Correcto: 0,8" in feedback(window, "cosine")
    assert window.lesson.revealed


def test_a_wrong_answer_names_its_mistake_and_show_me_draws_it(asking):
    window = asking("question-6")
    answer(window, "weights", "0.378, 0.622")
    said = feedback(window, "weights")
    assert "0.378 and 0.622" in said and "divided by dₖ = 2" in said
    row = window.lesson.panel.form.row("weights")
    assert row.again.isVisible() and row.reveal.isVisible() and row.show_me.isVisible()
    QTest.mouseClick(row.show_me, Qt.MouseButton.LeftButton)
    assert window.controller.mistake is Mistake.SCALED_BY_DK
    item = window.practice.mistake_item
    assert item.isVisible() and item.arrows()
    texts = " ".join(item.texts())
    assert "math.sqrt(d_k)" in texts and "0.378 and 0.622 instead of ?" in texts  # the right ones asked
    QTest.mouseClick(row.again, Qt.MouseButton.LeftButton)
    assert box(window, "weights").text() == "" and not row.feedback.isVisible()
    tally = window.lesson.asking.summary.tally("question-6")
    assert tally.tries == 1 and tally.first_tries_right is False and tally.mistakes == ("scaled-by-dk",)
    QTest.mouseClick(window.findChild(QPushButton, "predictReveal_weights"), Qt.MouseButton.LeftButton)


def test_an_unreadable_answer_is_said_and_is_no_try(asking):
    window = asking("question-1")
    answer(window, "dot", "minus eight")
    assert "cannot be read as a number" in feedback(window, "dot")
    assert window.lesson.asking.summary.tallies == ()
    assert not window.findChild(QAction, "exportPracticeSummary").isEnabled()


def test_new_numbers_ask_the_same_question_with_a_seed_to_share(asking):
    window = asking("question-1")
    lesson_scene = window.controller.scene
    QTest.mouseClick(window.findChild(QPushButton, "predictNewNumbers"), Qt.MouseButton.LeftButton)
    seed = window.lesson.asking.seed
    assert seed is not None and window.findChild(QLineEdit, "predictSeed").text() == str(seed)
    assert window.controller.scene != lesson_scene and not window.lesson.revealed
    assert window.controller.withheld == QUESTIONS["question-1"].asks
    typed = window.findChild(QLineEdit, "predictSeed")
    typed.setFocus()
    typed.selectAll()
    QTest.keyClicks(typed, "5")
    QTest.keyClick(typed, Qt.Key.Key_Return)
    five = variant("question-1", 5)
    assert window.controller.scene.query == five.scene.query
    assert numbers.vector(five.scene.query) in window.lesson.panel.body_text()
    answer(window, "dot", numbers.number(five.answer("dot")))
    assert "Right" in feedback(window, "dot")
    window.lesson.reveal(True)
    assert "Multiply matching coordinates" in window.lesson.panel.solution_text()
    QTest.mouseClick(window.findChild(QPushButton, "predictLessonNumbers"), Qt.MouseButton.LeftButton)
    assert window.controller.scene == lesson_scene and window.lesson.asking.seed is None


def test_a_seed_out_of_range_is_said_and_changes_nothing(asking):
    window = asking("question-1")
    scene = window.controller.scene
    typed = window.findChild(QLineEdit, "predictSeed")
    typed.setText("4294967296")
    QTest.keyClick(typed, Qt.Key.Key_Return)
    assert window.controller.scene == scene
    assert "from 0 to 4294967295" in " ".join(window.lesson.panel.form.texts())


def test_a_place_is_answered_by_dragging_on_the_canvas_with_the_mouse(asking):
    window = asking("question-9")
    canvas = window.canvas
    canvas.fit_scene()
    QApplication.processEvents()
    drag(canvas, (0.0, 1.0), (0.5, 1.0))  # k₂ turned a little: q₁ gives it less than 0.8
    assert window.controller.scene.keys[1] == (0.5, 1.0)
    assert "Not there yet" in feedback(window, "place")
    drag(canvas, (0.5, 1.0), (0.0, 2.0))  # along q₁ and longer: its logit leads by enough
    assert window.controller.scene.keys[1] == (0.0, 2.0)
    assert "Right: q₁ now gives k₂ a weight of at least 0.8" in feedback(window, "place")
    tally = window.lesson.asking.summary.tally("question-9")
    assert tally.tries == 1 and tally.first_tries_right
    assert window.controller.withheld == QUESTIONS["question-9"].asks  # two choices still asked


def test_a_drag_with_the_key_to_place_removed_reaches_no_place(asking):
    window = asking("question-9")
    window.controller.remove_key(1)  # k₂, the key the question asks to drag, is gone
    window.canvas.fit_scene()
    QApplication.processEvents()
    drag(window.canvas, (1.0, 0.0), (2.0, 0.0))  # k₁: the drag ends, and no place is reached
    assert window.controller.scene.keys == ((2.0, 0.0),)
    assert "place" not in window.lesson.asking.tried


def test_the_summary_exports_as_csv_through_the_safe_writer(asking, tmp_path):
    window = asking("question-6")
    answer(window, "weights", "0.378, 0.622")
    answer(window, "logits", "0.707, 1.414")
    action = window.findChild(QAction, "exportPracticeSummary")
    assert action.isEnabled()
    path = tmp_path / "summary.csv"
    assert window.desktop.exporting.export("exportPracticeSummary", str(path))
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert rows == [
        {
            "question": "question-6",
            "number": "6",
            "tries": "2",
            "first_tries_right": "false",
            "mistakes": "scaled-by-dk",
        }
    ]


@pytest.mark.parametrize("key", [Qt.Key.Key_R, Qt.Key.Key_Period], ids=["R", "period"])
def test_the_reveal_key_reveals_and_hides_from_the_canvas(asking, key):
    window = asking("question-1")
    window.activateWindow()  # shortcuts work in the active window
    window.canvas.setFocus()
    QApplication.processEvents()
    QTest.keyClick(window.canvas, key)
    assert window.lesson.revealed and window.controller.withheld == frozenset()
    QTest.keyClick(window.canvas, key)
    assert not window.lesson.revealed and window.controller.withheld == QUESTIONS["question-1"].asks
    shortcuts = {s.toString() for s in window.findChild(QAction, "lessonRevealAction").shortcuts()}
    assert shortcuts == {"R", "."}


def test_leaving_the_lesson_shows_everything_again(asking):
    window = asking("question-3")
    assert window.numbers.value_text("comp") == "?"
    window.findChild(QAction, "lessonLeaveAction").trigger()
    assert window.controller.withheld == frozenset()
    assert window.numbers.value_text("comp") == "4/√5 ≈ 1.789"


@pytest.mark.parametrize(
    ("qid", "preset"),
    [("question-11", "lesson-pair"), ("question-12", "lesson-attention"), ("question-9", "lesson-pair")],
)
def test_a_question_keeps_its_own_numbers_while_another_scene_is_on_screen(asking, qid, preset):
    """Scenes ▸ a scene without the question's tokens or keys: its words and checks stay its own."""
    window = asking(qid)
    before = window.lesson.panel.body_text()
    window.load_preset(preset)
    QApplication.processEvents()
    assert before in window.lesson.panel.body_text()
