"""Reading an answer as typed: a number, a vector, a list or a choice, in either language's form.

Numbers take either decimal mark and either minus sign: −8, -8, −8,0, -8e0 and
8.0 all read; so do a fraction (4/5) and a word for "undefined". A list or a
vector may be bracketed or not; its numbers are separated by semicolons, by
spaces, by "and"/"y", or by commas where the commas cannot be decimal marks:
(0.8, 1.6), (0,8; 1,6), 0.8 1.6 and 0,378 y 0,622 all read. A choice is its
index from 1, its id, or one of its words (given by the caller: the words are
text, in text/practice). What cannot be read raises Unreadable with a reason and
the details a sentence needs; an unreadable answer is not a try.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from enum import StrEnum

from .fields import Field, FieldKind, Value

# Words that mean "this has no value", in either language, folded (no accents, lower case).
UNDEFINED_WORDS = frozenset(
    {
        "undefined",
        "not defined",
        "none",
        "no value",
        "nan",
        "-",
        "—",
        "indefinido",
        "indefinida",
        "no definido",
        "no definida",
        "no esta definido",
        "no esta definida",
        "ninguno",
        "sin valor",
    }
)
_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?")
_MINUSES = str.maketrans({"−": "-", "–": "-", "﹣": "-", "－": "-", "＋": "+"})
_BRACKETS = "()[]{}⟨⟩"


class Why(StrEnum):
    EMPTY = "empty"
    NOT_A_NUMBER = "not-a-number"  # details: text
    TOO_LARGE = "too-large"  # details: text
    COUNT = "count"  # details: expected, found
    COMMAS = "commas"  # decimal commas and separating commas cannot be told apart
    NOT_A_CHOICE = "not-a-choice"  # details: text, count


class Unreadable(ValueError):
    """An answer that cannot be read; `why` and `details` make the sentence (text/practice)."""

    def __init__(self, why: Why, **details):
        super().__init__(f"{why.value} {details}")
        self.why = why
        self.details = details


def fold(text: str) -> str:
    """Lower case, accents dropped, spaces collapsed, end punctuation trimmed: how words compare."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return " ".join(text.split()).strip(" .!¡?¿")


def read_number(text: str) -> float | None:
    """One number, or None for a word meaning undefined; Unreadable otherwise."""
    plain = "".join(unicodedata.normalize("NFKC", text).lower().translate(_MINUSES).split())
    if not plain:
        raise Unreadable(Why.EMPTY)
    if fold(text) in UNDEFINED_WORDS:
        return None
    if plain.count("/") == 1:  # a fraction: 4/5, −1/2
        top, bottom = plain.split("/")
        a, b = _plain_number(top, text), _plain_number(bottom, text)
        if b == 0:
            raise Unreadable(Why.NOT_A_NUMBER, text=text)
        return _finite(a / b, text)
    return _plain_number(plain, text)


def _plain_number(plain: str, text: str) -> float:
    if not _NUMBER.fullmatch(plain):
        raise Unreadable(Why.NOT_A_NUMBER, text=text)
    try:
        return _finite(float(plain.replace(",", ".")), text)
    except OverflowError:
        raise Unreadable(Why.TOO_LARGE, text=text) from None


def _finite(x: float, text: str) -> float:
    if not math.isfinite(x):
        raise Unreadable(Why.TOO_LARGE, text=text)
    return x + 0.0


def read_numbers(text: str, count: int) -> tuple[float | None, ...]:
    """`count` numbers: a list or a vector, in any of the forms above."""
    inner = text.strip()
    while len(inner) >= 2 and inner[0] in _BRACKETS and inner[-1] in _BRACKETS:
        inner = inner[1:-1].strip()
    if not inner:
        raise Unreadable(Why.EMPTY)
    inner = re.sub(r"\s+(?:and|y)\s+", ";", inner, flags=re.IGNORECASE)
    if ";" in inner:
        pieces = inner.split(";")
    elif re.search(r"\s", inner):
        pieces = re.sub(r"\s*,\s+|\s+", " ", inner).split(" ")  # a comma followed by a space separates
    elif count == 1:
        pieces = [inner]
    else:
        pieces = inner.split(",")
        if len(pieces) != count and "." not in inner:
            raise Unreadable(Why.COMMAS)
    pieces = [p for p in (p.strip() for p in pieces) if p]
    if len(pieces) != count:
        raise Unreadable(Why.COUNT, expected=count, found=len(pieces))
    return tuple(read_number(p) for p in pieces)


def read_choice(text: str, choices: tuple[str, ...], words: Mapping[str, Iterable[str]] | None = None) -> str:
    """The id of the choice meant: by index from 1, by id, or by one of its words.

    A word also matches by its beginning when that is at least three letters and
    fits one choice alone ("perp" for perpendicular)."""
    folded = fold(text)
    if not folded:
        raise Unreadable(Why.EMPTY)
    if folded.isdigit() and 1 <= int(folded) <= len(choices):
        return choices[int(folded) - 1]
    words = words or {}
    names = {c: {fold(c), *(fold(w) for w in words.get(c, ()))} for c in choices}
    exact = [c for c, ws in names.items() if folded in ws]
    if len(exact) == 1:
        return exact[0]
    if len(folded) >= 3:
        begun = [c for c, ws in names.items() if any(w.startswith(folded) for w in ws)]
        if len(begun) == 1:
            return begun[0]
    raise Unreadable(Why.NOT_A_CHOICE, text=text, count=len(choices))


def read_answer(field: Field, instance, text: str, words: Mapping[str, Iterable[str]] | None = None) -> Value:
    """`text` read as `field` asks: a number, a tuple of numbers or a choice's id.

    A place reads as the coordinates of the tip it moves."""
    kind = field.kind
    if kind is FieldKind.NUMBER:
        return read_number(text)
    if kind is FieldKind.CHOICE:
        return read_choice(text, field.choices(instance), words)
    numbers = read_numbers(text, field.length(instance))
    if kind is FieldKind.PLACE and any(x is None for x in numbers):
        raise Unreadable(Why.NOT_A_NUMBER, text=text)
    return numbers
