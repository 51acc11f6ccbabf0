"""Reading and checking the lesson's files (their format: see model.lesson).

load_lesson reads one language into a Lesson and refuses incomplete files;
validate lists every problem of every language, as sentences, for the tests
and for whoever edits the texts.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from ..choices import LANGUAGES
from ..resources import resource_path
from .lesson import (
    CONDITIONS,
    EMPHASIS_PARTS,
    HIGHLIGHT_IDS,
    Item,
    Kind,
    Lesson,
    LessonError,
    Paragraph,
    text_problems,
)
from .presets import PRESETS

STRUCTURE_FORMAT = "qk-explorer-lesson"
TEXT_FORMAT = "qk-explorer-lesson-text"
VERSION = 1


# ---- reading ---------------------------------------------------------------------------


def lessons_root() -> Path:
    return resource_path("lessons")


def load_lesson(lang: str, root: Path | None = None) -> Lesson:
    """The lesson in `lang`; LessonError if a file is missing, malformed or incomplete."""
    root = root or lessons_root()
    structure = _read_structure(root)
    texts = _read_texts(root, lang)
    problems = _text_problems(structure, texts, lang)
    if problems:
        raise LessonError(problems[0])
    items = []
    for chapter, section, entries in _parts(structure):
        kind = Kind.STEP if section == "steps" else Kind.QUESTION
        for number, entry in enumerate(entries, start=1):
            words = texts[section][entry["id"]]
            items.append(
                Item(
                    id=entry["id"],
                    kind=kind,
                    number=number,
                    preset=entry["preset"],
                    emphasis=tuple(entry.get("emphasis", ())),
                    highlight=tuple(entry.get("highlight", ())),
                    title=words["title"],
                    text=_paragraphs(words["text"]),
                    hint=_paragraphs(words.get("try", [])),
                    solution=_paragraphs(words.get("solution", [])),
                    chapter=texts["chapters"][chapter] if chapter else "",
                )
            )
    introduction, conclusion = _paragraphs(texts["introduction"]), _paragraphs(texts["conclusion"])
    return Lesson(lang, texts["title"], tuple(items), dict(texts["presets"]), introduction, conclusion)


def _parts(structure: dict):
    """(chapter id or None, section, its entries) in the lesson's order: its steps, its questions,
    then each chapter's steps and questions."""
    for section in ("steps", "questions"):
        yield None, section, structure[section]
    for chapter in structure.get("chapters", ()):
        for section in ("steps", "questions"):
            yield chapter["id"], section, chapter.get(section, [])


@cache
def cached_lesson(lang: str) -> Lesson:
    return load_lesson(lang)


def preset_titles(lang: str, root: Path | None = None) -> dict[str, str]:
    """Every preset's title in `lang` (the English titles of presets.py when a file lacks one)."""
    titles = {name: preset.title for name, preset in PRESETS.items()}
    try:
        translated = _read_texts(root or lessons_root(), lang).get("presets", {})
    except LessonError:
        return titles
    if isinstance(translated, dict):
        titles.update({k: v for k, v in translated.items() if k in titles and isinstance(v, str) and v})
    return titles


@cache
def _cached_titles(lang: str) -> dict[str, str]:
    return preset_titles(lang)


def translated_preset_title(name: str, lang: str) -> str:
    """A preset's title in `lang`, read once per language."""
    return _cached_titles(lang).get(name, PRESETS[name].title)


def title_in(title: str, lang: str) -> str:
    """`title` in `lang` when it is a preset's title in some language (an autosave made in
    another language), else as it is."""
    for other in LANGUAGES:
        for name, text in _cached_titles(other).items():
            if text == title:
                return translated_preset_title(name, lang)
    return title


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LessonError(f"{path.name}: file missing ({path})") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LessonError(f"{path}: {error}") from None
    if not isinstance(data, dict):
        raise LessonError(f"{path}: must hold one JSON object")
    return data


def _read_structure(root: Path) -> dict:
    data = _read_json(root / "lesson.json")
    if data.get("format") != STRUCTURE_FORMAT or data.get("version") != VERSION:
        raise LessonError(f"lesson.json: format must be {STRUCTURE_FORMAT!r}, version {VERSION}")
    for section in ("steps", "questions"):
        entries = data.get(section)
        if not isinstance(entries, list) or not entries:
            raise LessonError(f"lesson.json: '{section}' must be a non-empty list")
    chapters = data.get("chapters", [])
    if not isinstance(chapters, list) or not all(
        isinstance(c, dict)
        and isinstance(c.get("id"), str)
        and not set(c) - {"id", "steps", "questions"}
        and all(isinstance(c.get(section, []), list) for section in ("steps", "questions"))
        for c in chapters
    ):
        raise LessonError("lesson.json: 'chapters' must be a list of {'id', 'steps', 'questions'}")
    for _chapter, _section, entries in _parts(data):
        for entry in entries:
            if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                raise LessonError(f"lesson.json: every entry of '{section}' needs an 'id'")
            if not isinstance(entry.get("preset"), str):
                raise LessonError(f"lesson.json: '{entry['id']}' needs a 'preset'")
            for field in ("emphasis", "highlight"):
                value = entry.get(field, [])
                if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                    raise LessonError(f"lesson.json: '{entry['id']}'.{field} must be a list of names")
    return data


def _read_texts(root: Path, lang: str) -> dict:
    data = _read_json(root / lang / "lesson.json")
    name = f"{lang}/lesson.json"
    if data.get("format") != TEXT_FORMAT or data.get("version") != VERSION:
        raise LessonError(f"{name}: format must be {TEXT_FORMAT!r}, version {VERSION}")
    if data.get("language") != lang:
        raise LessonError(f"{name}: 'language' must be {lang!r}")
    if not isinstance(data.get("title"), str) or not data["title"]:
        raise LessonError(f"{name}: 'title' must be text")
    for section in ("steps", "questions", "presets"):
        if not isinstance(data.get(section), dict):
            raise LessonError(f"{name}: '{section}' must be an object keyed by id")
    if not isinstance(data.setdefault("chapters", {}), dict):
        raise LessonError(f"{name}: 'chapters' must be an object of titles keyed by id")
    return data


def _paragraphs(value) -> tuple[Paragraph, ...]:
    if isinstance(value, str):
        value = [value]
    out = []
    for p in value:
        if isinstance(p, str):
            out.append(Paragraph(p))
        else:
            out.append(Paragraph(p["text"], tuple(p.get("when", ()))))
    return tuple(out)


# ---- checking --------------------------------------------------------------------------


def validate(root: Path | None = None, languages: Sequence[str] = LANGUAGES) -> list[str]:
    """Every problem with the lesson's files, as sentences; an empty list when all is well."""
    root = root or lessons_root()
    try:
        structure = _read_structure(root)
    except LessonError as error:
        return [str(error)]
    problems = _structure_problems(structure)
    for lang in languages:
        try:
            texts = _read_texts(root, lang)
        except LessonError as error:
            problems.append(str(error))
            continue
        problems += _text_problems(structure, texts, lang)
    return problems


def _structure_problems(structure: dict) -> list[str]:
    problems = []
    seen: set[str] = set()
    for _chapter, _section, entries in _parts(structure):
        for entry in entries:
            item_id = entry["id"]
            if item_id in seen:
                problems.append(f"lesson.json: the id '{item_id}' appears twice")
            seen.add(item_id)
            if entry["preset"] not in PRESETS:
                problems.append(f"lesson.json: '{item_id}' names an unknown preset '{entry['preset']}'")
            for part in entry.get("emphasis", []):
                if part not in EMPHASIS_PARTS:
                    problems.append(f"lesson.json: '{item_id}' emphasises an unknown part '{part}'")
            for row in entry.get("highlight", []):
                if row not in HIGHLIGHT_IDS:
                    problems.append(f"lesson.json: '{item_id}' highlights an unknown row '{row}'")
            extra = set(entry) - {"id", "preset", "emphasis", "highlight"}
            if extra:
                problems.append(f"lesson.json: '{item_id}' has unknown fields {sorted(extra)}")
    return problems


_FIELDS = {"steps": {"title", "text"}, "questions": {"title", "text", "try", "solution"}}


def _text_problems(structure: dict, texts: dict, lang: str) -> list[str]:
    name = f"{lang}/lesson.json"
    problems = []
    chapters = [c["id"] for c in structure.get("chapters", ())]
    titles = texts["chapters"]
    for chapter in chapters:
        if not isinstance(titles.get(chapter), str) or not titles[chapter]:
            problems.append(f"{name}: no title for the chapter '{chapter}'")
    problems += [f"{name}: a title for an unknown chapter '{c}'" for c in titles if c not in chapters]
    for section in ("steps", "questions"):
        wanted = [e["id"] for _c, part, entries in _parts(structure) if part == section for e in entries]
        have = texts[section]
        missing = [i for i in wanted if i not in have]
        extra = [i for i in have if i not in wanted]
        if missing:
            problems.append(f"{name}: no text for the {section} {missing}")
        if extra:
            problems.append(f"{name}: text for unknown {section} {extra}")
        for item_id in wanted:
            entry = have.get(item_id)
            if entry is None:
                continue
            where = f"{name}: {section}.{item_id}"
            if not isinstance(entry, dict):
                problems.append(f"{where} must be an object")
                continue
            required = _FIELDS[section]
            for field in sorted(required - set(entry)):
                problems.append(f"{where} has no '{field}'")
            for field in sorted(set(entry) - required):
                problems.append(f"{where} has an unknown field '{field}'")
            if not isinstance(entry.get("title", ""), str) or not entry.get("title"):
                problems.append(f"{where}.title must be text")
            else:
                problems += text_problems(entry["title"], f"{where}.title")
            for field in sorted(required - {"title"}):
                if field in entry:
                    problems += _paragraph_problems(entry[field], f"{where}.{field}")
    for field in ("introduction", "conclusion"):
        if field not in texts:
            problems.append(f"{name} has no '{field}'")
        else:
            problems += _paragraph_problems(texts[field], f"{name}: {field}")
    missing_titles = [p for p in PRESETS if p not in texts["presets"]]
    if missing_titles:
        problems.append(f"{name}: no title for the presets {missing_titles}")
    for preset, title in texts["presets"].items():
        if preset not in PRESETS:
            problems.append(f"{name}: a title for an unknown preset '{preset}'")
        elif not isinstance(title, str) or not title:
            problems.append(f"{name}: the title of '{preset}' must be text")
    return problems


def _paragraph_problems(value, where: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        return [f"{where} must be text or a non-empty list of paragraphs"]
    problems = []
    for i, p in enumerate(value):
        at = f"{where}[{i}]"
        if isinstance(p, dict):
            if set(p) - {"when", "text"} or not isinstance(p.get("text"), str):
                problems.append(f"{at} must be {{'when': [...], 'text': '…'}}")
                continue
            when = p.get("when", [])
            if not isinstance(when, list) or not when:
                problems.append(f"{at}.when must be a non-empty list of conditions")
            else:
                for c in when:
                    if not isinstance(c, str) or c.removeprefix("!") not in CONDITIONS:
                        problems.append(f"{at}: unknown condition {c!r}")
            text = p["text"]
        elif isinstance(p, str):
            text = p
        else:
            problems.append(f"{at} must be text")
            continue
        if not text.strip():
            problems.append(f"{at} is empty")
        problems += text_problems(text, at)
    return problems
