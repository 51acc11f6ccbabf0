"""A chapter of the lesson: its steps and questions follow the lesson's own, which keep their numbers."""

from __future__ import annotations

import json
import shutil

import pytest

from qk_explorer.model.lesson import LessonError
from qk_explorer.model.lesson_format import lessons_root, load_lesson, validate

CHAPTER = {"en": "A head that learned", "es": "Una cabeza que aprendió"}
ITEMS = ["untrained-head", "training", "what-it-learned", "question-trained-head"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_chapter_follows_the_twelve_questions_as_items_34_to_37(lang):
    lesson = load_lesson(lang)
    assert (len(lesson.steps), len(lesson.questions), len(lesson.items)) == (21, 12, 37)
    chapter = lesson.items[33:]
    assert [i.id for i in chapter] == ITEMS
    assert {i.chapter for i in chapter} == {CHAPTER[lang]} and lesson.chapters == (CHAPTER[lang],)
    assert [f"{i.kind.value} {i.number}" for i in chapter] == ["step 1", "step 2", "step 3", "question 1"]
    # Counted apart from the lesson's own: "step 2 of 3" in the chapter, "Step 8 of 21" before it.
    assert lesson.siblings(chapter[1]) == tuple(chapter[:3])
    assert len(lesson.siblings(lesson.items[7])) == 21 and len(lesson.siblings(lesson.items[21])) == 12
    assert [i.preset for i in chapter] == [
        "untrained-head",
        "untrained-head",
        "trained-previous-token",
        "trained-head-new-sequence",
    ]
    assert "training" in chapter[1].highlight  # the Train panel comes forward


@pytest.fixture
def lessons(tmp_path):
    root = tmp_path / "lessons"
    shutil.copytree(lessons_root(), root)

    def edit(relative, change):
        path = root / relative
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    return root, edit


def test_a_chapter_without_a_title_or_a_title_without_a_chapter_is_reported(lessons):
    root, edit = lessons
    edit("es/lesson.json", lambda d: d["chapters"].pop("head-that-learned"))
    edit("en/lesson.json", lambda d: d["chapters"].update(nowhere="Nowhere"))
    problems = " | ".join(validate(root))
    assert "es/lesson.json: no title for the chapter 'head-that-learned'" in problems
    assert "en/lesson.json: a title for an unknown chapter 'nowhere'" in problems
    with pytest.raises(LessonError):
        load_lesson("es", root)


def test_a_chapters_steps_need_their_words_and_a_malformed_chapter_is_refused(lessons):
    root, edit = lessons
    edit("en/lesson.json", lambda d: d["steps"].pop("training"))
    assert any("no text for the steps ['training']" in p for p in validate(root))
    edit("lesson.json", lambda d: d["chapters"].append({"id": "x", "pages": []}))
    assert validate(root) == ["lesson.json: 'chapters' must be a list of {'id', 'steps', 'questions'}"]


def test_a_lesson_without_chapters_still_reads(lessons):
    root, edit = lessons
    edit("lesson.json", lambda d: d.pop("chapters"))

    def without_the_chapter(d):
        d.pop("chapters")
        for item in ITEMS:
            d["questions" if item.startswith("question") else "steps"].pop(item)

    for lang in ("en", "es"):
        edit(f"{lang}/lesson.json", without_the_chapter)
    assert validate(root) == []
    lesson = load_lesson("es", root)
    assert len(lesson.items) == 33 and lesson.chapters == ()
