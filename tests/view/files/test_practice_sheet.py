"""File ▸ Export ▸ Practice Sheet…: a PDF that opens, whose answers are its instances' own."""

import re
import shutil
import subprocess
import unicodedata

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from qk_explorer.model.practice import QUESTIONS, variant
from qk_explorer.text.practice.feedback import value_text
from qk_explorer.text.practice.prompts import prompt
from qk_explorer.text.practice.solutions import worked_solution
from qk_explorer.text.practice.statements import statement
from qk_explorer.view.practice.sheet import instances, sheet_pdf

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")

CHOSEN = ("question-1", "question-3", "question-6", "question-10", "question-11")


def _export(window, tmp_path, lang_each=2, seed=41):
    path = tmp_path / "sheet.pdf"
    window.desktop.exporting._ask_path = lambda *args: str(path)
    window.findChild(QAction, "exportPracticeSheet").trigger()
    dialog = window.practice.sheet_dialog
    for i in range(dialog.questions.count()):
        entry = dialog.questions.item(i)
        chosen = entry.data(Qt.ItemDataRole.UserRole) in CHOSEN
        entry.setCheckState(Qt.CheckState.Checked if chosen else Qt.CheckState.Unchecked)
    dialog.each.setValue(lang_each)
    dialog.seed.setValue(seed)
    dialog._accept()
    QApplication.processEvents()
    return path


def to_plain(text: str) -> str:
    return re.sub(r"</?[A-Za-z]+>", "", text)


def _text(path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def _flat(text: str) -> str:
    """Spaces collapsed and ligatures (ﬀ, ﬁ) undone, as pdftotext gives them."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_practice_sheet_opens_and_its_answers_match_its_instances(make_window, tmp_path, lang):
    window = make_window(lang=lang)
    path = _export(window, tmp_path)
    assert path.read_bytes().startswith(b"%PDF")
    pages = subprocess.run(["pdftoppm", "-r", "30", "-png", str(path), str(tmp_path / "page")], check=True)
    assert pages.returncode == 0 and len(list(tmp_path.glob("page*.png"))) >= 2
    text = _flat(_text(path))
    heading = "Answers and worked solutions" if lang == "en" else "Respuestas y soluciones"
    questions, answers = text.split(heading)
    instances = [variant(q, 41 + k) for q in CHOSEN for k in range(2)]
    assert len({i.scene for i in instances}) == len(instances)  # fresh numbers, each its own
    for instance in instances:
        assert _flat(statement(instance, lang))[:60] in questions
        for field in instance.fields:
            if field.place is not None:
                continue
            said = value_text(field, field.answer(instance), lang, instance.scene.mask)
            assert _flat(f"{prompt(instance, field, lang)}") in answers
            assert _flat(said) in answers, (instance.question.id, instance.seed, field.name, said)
        solved = _flat(to_plain(worked_solution(instance, lang)[0]))[:50]
        assert solved in answers and solved not in questions  # solutions on the pages after


def test_nothing_chosen_writes_nothing(make_window, tmp_path):
    window = make_window()
    window.desktop.exporting._ask_path = lambda *args: str(tmp_path / "none.pdf")
    window.findChild(QAction, "exportPracticeSheet").trigger()
    dialog = window.practice.sheet_dialog
    for i in range(dialog.questions.count()):
        dialog.questions.item(i).setCheckState(Qt.CheckState.Unchecked)
    dialog._accept()
    assert dialog.isVisible() and not (tmp_path / "none.pdf").exists()
    dialog.reject()


@pytest.mark.parametrize("lang,first", [("es", 1), ("en", 1), ("en", 7)])
def test_every_page_of_the_sheet_starts_with_a_question_never_inside_one(qapp, tmp_path, lang, first):
    """A question fits on a page, so none is split: its statement and its answer lines, or its
    answers and worked solution, are on one page (the answers' title starts its own page)."""
    path = tmp_path / "all.pdf"
    path.write_bytes(sheet_pdf(instances(list(QUESTIONS), 2, first), lang))
    pages = [page for page in _text(path).split("\f") if page.strip()]
    titles = ("Q·K Explorer", "Answers and worked solutions", "Respuestas y soluciones")
    starts = [next(line.strip() for line in page.splitlines() if line.strip()) for page in pages]
    question = re.compile(r"^\d+\. (Question|Pregunta) \d+ ")
    assert len(pages) >= 10
    assert [s for s in starts if not (question.match(s) or s.startswith(titles))] == []
