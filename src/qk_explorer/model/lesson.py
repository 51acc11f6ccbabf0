"""The guided lesson: its steps and check questions, read from resources and checked.

The lesson lives outside the code, in `resources/lessons/`:

- `lesson.json` holds what does not depend on the language — the order of the
  steps and questions, the preset each one loads, the canvas parts it
  emphasises and the panel rows it highlights;
- `<lang>/lesson.json` holds the words: titles, texts, the question, what to
  try, the worked solution, and a title for every preset.

A text is a list of paragraphs. A paragraph is a string, or
`{"when": ["dot_negative", "!changed"], "text": "…"}` to show it only while
every condition holds (`!` negates). Texts may use `{placeholders}` the app
fills with the live numbers (PLACEHOLDERS) and a few tags: <q>, <k>, <v>,
<out>, <proj> colour a stretch of text with the role's theme colour; <b>, <i>,
<sub>, <sup> as in HTML.

This module is pure: it reads and checks the files, decides which conditions
hold for a scene, and fills placeholders with strings someone else formatted.
"""

from __future__ import annotations

import json
import math
import re
import string
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache, cached_property, lru_cache
from pathlib import Path

from ..choices import LANGUAGES
from ..resources import resource_path
from .geometry import Relation
from .presets import PRESETS
from .results import Results
from .scene import Scene, Scoring

STRUCTURE_FORMAT = "qk-explorer-lesson"
TEXT_FORMAT = "qk-explorer-lesson-text"
VERSION = 1

# What a step may name: the canvas's parts (Canvas.set_emphasis) and the panels'
# row ids (NumbersPanel.highlight, the attention panel's highlight).
EMPHASIS_PARTS = frozenset({"q", "keys", "values", "output", "projection", "angle"})
PAIR_ROWS = (
    "q",
    "k",
    "dot",
    "norm_q",
    "norm_k",
    "cosine",
    "angle",
    "relation",
    "ratio",
    "comp",
    "proj",
    "perp",
    "residual",
)
ATTENTION_ROWS = ("scores", "logits", "weights", "output", "scale", "sum")
HIGHLIGHT_IDS = frozenset(PAIR_ROWS + ATTENTION_ROWS)

ROLE_TAGS = {"q": "query", "k": "key", "v": "value", "out": "output", "proj": "projection"}
FORMAT_TAGS = frozenset({"b", "i", "sub", "sup"})
_TAG = re.compile(r"<(/?)([A-Za-z]+)>")

# Every placeholder a text may use; the app fills each one from the live Results.
PLACEHOLDERS: dict[str, str] = {
    # the pair: q against the selected key
    "q": "the query's coordinates",
    "k": "the selected key's coordinates",
    "key": "the selected key's name, k₁ …",
    "n": "the dimension",
    "dot": "q·k",
    "expanded": "q·k written out: 2(1) + 1(2) = 4",
    "norm_q": "‖q‖",
    "norm_k": "‖k‖",
    "norm_product": "‖q‖‖k‖",
    "norm_k_squared": "‖k‖²",
    "cosine": "cos θ",
    "angle": "θ in degrees",
    "comp": "the signed scalar projection q·k/‖k‖",
    "projection_factor": "q·k/‖k‖²",
    "proj": "the projected vector",
    "perp": "q − proj",
    "residual": "(q − proj)·k",
    # attention with the scene's scoring rule
    "d_k": "the key dimension",
    "sqrt_d_k": "√d_k",
    "scale": "the multiplier applied to the scores",
    "scores": "every key's score",
    "logits": "every key's logit",
    "weights": "every key's weight",
    "weight_sum": "the sum of the weights",
    "output": "the output Σ wᵢ vᵢ",
    "winner": "the key with the largest weight",
    # both rules side by side
    "dot_scores": "scores q·kᵢ",
    "dot_logits": "scaled dot-product logits",
    "dot_weights": "weights from scaled dot products",
    "dot_winner": "the key that wins with scaled dot products",
    "cos_scores": "cosines cos(q, kᵢ)",
    "cos_logits": "cosine logits (cosine × its multiplier)",
    "cos_weights": "weights from cosine scoring",
    "cos_winner": "the key that wins with cosine scoring",
}


class Condition(StrEnum):
    """Facts about the scene on screen that choose which paragraphs show."""

    CHANGED = "changed"  # the scene is no longer the item's preset
    DOT_POSITIVE = "dot_positive"
    DOT_ZERO = "dot_zero"
    DOT_NEGATIVE = "dot_negative"
    ANGLE_DEFINED = "angle_defined"
    ZERO_QUERY = "zero_query"
    ZERO_KEY = "zero_key"
    ALIGNED = "aligned"  # cos θ = 1
    ATTENTION_DEFINED = "attention_defined"
    EQUAL_WEIGHTS = "equal_weights"
    SCORING_COSINE = "scoring_cosine"
    SCALE_DEFAULT = "scale_default"
    SAME_WINNER = "same_winner"  # dot-product and cosine scoring favour the same key


CONDITIONS = frozenset(c.value for c in Condition)
_ALIGNED_TOLERANCE = 1e-9
_EQUAL_WEIGHTS_TOLERANCE = 1e-9


class Kind(StrEnum):
    STEP = "step"
    QUESTION = "question"


class LessonError(Exception):
    """The lesson's files are missing or malformed; the message says where."""


@dataclass(frozen=True)
class Paragraph:
    text: str
    when: tuple[str, ...] = ()

    def shows(self, facts: frozenset[str]) -> bool:
        return all((c[1:] not in facts) if c.startswith("!") else (c in facts) for c in self.when)


@dataclass(frozen=True)
class Item:
    """A step or a check question."""

    id: str
    kind: Kind
    number: int  # 1-based among its kind
    preset: str
    emphasis: tuple[str, ...]
    highlight: tuple[str, ...]
    title: str
    text: tuple[Paragraph, ...]  # a step's explanation, or the question asked
    hint: tuple[Paragraph, ...] = ()  # a question: what to try before revealing
    solution: tuple[Paragraph, ...] = ()  # a question: the worked solution

    @cached_property
    def conditions(self) -> frozenset[str]:
        """The conditions its paragraphs test (for facts(…, asked=…))."""
        paragraphs = (*self.text, *self.hint, *self.solution)
        return frozenset(c.removeprefix("!") for p in paragraphs for c in p.when)


@dataclass(frozen=True)
class Lesson:
    language: str
    title: str
    items: tuple[Item, ...]
    preset_titles: Mapping[str, str]

    @property
    def steps(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind is Kind.STEP)

    @property
    def questions(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind is Kind.QUESTION)

    def index(self, item_id: str) -> int:
        for i, item in enumerate(self.items):
            if item.id == item_id:
                return i
        raise KeyError(item_id)


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
    for kind, section in ((Kind.STEP, "steps"), (Kind.QUESTION, "questions")):
        for number, entry in enumerate(structure[section], start=1):
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
                )
            )
    return Lesson(lang, texts["title"], tuple(items), dict(texts["presets"]))


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
    for section in ("steps", "questions"):
        for entry in structure[section]:
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
    for section in ("steps", "questions"):
        wanted = [e["id"] for e in structure[section]]
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


def placeholders_in(text: str) -> list[str]:
    """The placeholder names a text uses; ValueError for a malformed brace."""
    names = []
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is None:
            continue
        if spec or conversion or not field.isidentifier():
            raise ValueError(f"'{{{field}}}' must be a plain name")
        names.append(field)
    return names


def text_problems(text: str, where: str) -> list[str]:
    """Unknown placeholders, malformed braces and unknown or unbalanced tags in one text."""
    problems = []
    try:
        for name in placeholders_in(text):
            if name not in PLACEHOLDERS:
                problems.append(f"{where}: unknown placeholder {{{name}}}")
    except ValueError as error:
        problems.append(f"{where}: {error}")
    stack: list[str] = []
    for closing, tag in _TAG.findall(text):
        if tag not in ROLE_TAGS and tag not in FORMAT_TAGS:
            problems.append(f"{where}: unknown tag <{tag}>")
        elif closing:
            if not stack or stack.pop() != tag:
                problems.append(f"{where}: </{tag}> closes nothing")
        else:
            stack.append(tag)
    if stack:
        problems.append(f"{where}: <{stack[-1]}> is never closed")
    return problems


# ---- using ---------------------------------------------------------------------------


def fill(text: str, values: Mapping[str, str]) -> str:
    """The text with every {placeholder} replaced; an unknown name is left visible."""
    pieces = _pieces(text)
    if pieces is None:  # a field with a format, a conversion or a path: as str.format does it
        return string.Formatter().vformat(text, (), _Visible(values))
    out = []
    for literal, name in pieces:
        out.append(literal)
        if name is not None:
            out.append(values[name] if name in values else "{" + name + "}")
    return "".join(out)


@lru_cache(maxsize=1024)
def _pieces(text: str) -> tuple[tuple[str, str | None], ...] | None:
    """The text cut once into literal pieces, each with the plain name after it (a drag fills
    the same few texts at every step, and the formatter reads them slowly)."""
    pieces = tuple(string.Formatter().parse(text))
    if any(
        name is not None and (spec or conversion or not name.isidentifier())
        for _, name, spec, conversion in pieces
    ):
        return None
    return tuple((literal, name) for literal, name, _, _ in pieces)


class _Visible(dict):
    def __init__(self, values: Mapping[str, str]):
        super().__init__()
        self._values = values  # read only for the names the text uses

    def __missing__(self, key: str) -> str:
        return self._values[key] if key in self._values else "{" + key + "}"


def shown(paragraphs: Sequence[Paragraph], facts: frozenset[str]) -> list[Paragraph]:
    return [p for p in paragraphs if p.shows(facts)]


def comparable(scene: Scene) -> Scene:
    """A scene without what does not change its numbers' story: the title and the selection."""
    return replace(scene, title="", selected_key=0)


def same_scene(a: Scene, b: Scene) -> bool:
    return comparable(a) == comparable(b)


def preset_of(scene: Scene, titles: Sequence[Mapping[str, str]] = ()) -> str | None:
    """The preset this scene was loaded from, if it is one (its title tells equal scenes apart)."""
    matches = [name for name, p in PRESETS.items() if same_scene(p.scene, scene)]
    for name in matches:
        if scene.title == PRESETS[name].title or any(t.get(name) == scene.title for t in titles):
            return name
    return matches[0] if matches else None


def facts(
    scene: Scene, results: Results, reference: Scene | None = None, asked: Collection[str] | None = None
) -> frozenset[str]:
    """Which Conditions hold for this scene (CHANGED: it differs from `reference`).

    `asked`: the conditions a text tests (None: all). SAME_WINNER, which needs the other
    scoring rule computed, is decided only when asked.
    """
    pair, att = results.pair, results.attention
    out: set[Condition] = set()
    if reference is not None and not same_scene(scene, reference):
        out.add(Condition.CHANGED)
    if pair.relation is Relation.ACUTE:
        out.add(Condition.DOT_POSITIVE)
    elif pair.relation is Relation.OBTUSE:
        out.add(Condition.DOT_NEGATIVE)
    else:  # a right angle, or a zero vector (whose product is exactly 0)
        out.add(Condition.DOT_ZERO)
    if pair.angle_deg is not None:
        out.add(Condition.ANGLE_DEFINED)
    if pair.norm_q == 0.0:
        out.add(Condition.ZERO_QUERY)
    if pair.norm_k == 0.0:
        out.add(Condition.ZERO_KEY)
    if pair.cosine is not None and pair.cosine >= 1.0 - _ALIGNED_TOLERANCE:
        out.add(Condition.ALIGNED)
    if att.weights is not None:
        out.add(Condition.ATTENTION_DEFINED)
        taking_part = [w for w, m in zip(att.weights, scene.mask, strict=True) if m]
        if max(taking_part) - min(taking_part) <= _EQUAL_WEIGHTS_TOLERANCE:
            out.add(Condition.EQUAL_WEIGHTS)
    if att.scoring is Scoring.COSINE:
        out.add(Condition.SCORING_COSINE)
    if att.scale_is_default:
        out.add(Condition.SCALE_DEFAULT)
    if asked is None or Condition.SAME_WINNER.value in asked:
        dot_w, cos_w = results.dot_attention.winner, results.cosine_attention.winner
        if dot_w is not None and dot_w == cos_w:
            out.add(Condition.SAME_WINNER)
    return frozenset(c.value for c in out)


@dataclass(frozen=True)
class Derived:
    """The few numbers the lesson's texts spell out that Results does not name."""

    norm_product: float
    norm_k_squared: float
    projection_factor: float | None  # q·k/‖k‖², None for a zero key
    sqrt_d_k: float


def derived(results: Results) -> Derived:
    pair = results.pair
    kk = pair.norm_k * pair.norm_k
    return Derived(
        norm_product=pair.norm_q * pair.norm_k,
        norm_k_squared=kk,
        projection_factor=None if pair.projection is None or kk == 0.0 else pair.dot / kk,
        sqrt_d_k=math.sqrt(results.attention.d_k),
    )
