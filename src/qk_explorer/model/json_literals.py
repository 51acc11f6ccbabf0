"""JSON literals a scene file may hold that Python's json module cannot hand over as they are:
NaN and Infinity (stand-ins until the field that holds one is known), integers too long
for int(), and text with a lone surrogate, which reads but could never be written back."""

from __future__ import annotations

from .safe_paths import printable


class NonFiniteLiteral(str):
    """Stands for a NaN or Infinity literal until the field holding it is known."""


class HugeInteger:
    """Stands for an integer literal too long for int() (over sys.get_int_max_str_digits()
    digits): larger than any field allows, so out of range wherever it is."""

    def __init__(self, digits: str):
        self.negative = digits.startswith("-")
        digits = digits.lstrip("-")
        self.text = f"{'-' if self.negative else ''}{digits[:6]}…{digits[-6:]} ({len(digits)} digits)"


def integer(digits: str) -> int | HugeInteger:
    try:
        return int(digits)
    except ValueError:
        return HugeInteger(digits)


def writable(text: str) -> bool:
    """False for text holding a lone surrogate: JSON's "\\ud800" reads, but no UTF-8 file can hold it."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def field_with_bad_text(document) -> str | None:
    """The first field, in document order, whose text or name is not writable Unicode."""
    pending: list[tuple[object, tuple]] = [(document, ())]
    while pending:
        value, where = pending.pop()
        if isinstance(value, str):
            if not writable(value):
                return field_name(where)
        elif isinstance(value, dict):
            for name in value:
                if not writable(name):
                    return field_name((*where, name))
            pending.extend(
                (item, (*where, name))
                for name, item in reversed(value.items())
                if isinstance(item, str | list | dict)
            )
        elif isinstance(value, list):
            pending.extend(
                (item, (*where, i))
                for i, item in reversed(list(enumerate(value)))
                if isinstance(item, str | list | dict)
            )
    return None


def field_name(where: tuple) -> str:
    """("keys", 0, 1) -> "keys[0][1]", ("scene", "title") -> "scene.title"."""
    name = ""
    for part in where:
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else str(part))
    return printable(name)
