"""A spin box for one real number, written the way the panels write numbers.

It shows 2, 0.8 or −1.5 (trailing zeros dropped, a true minus sign; a decimal
comma in Spanish) and reads what people type: either minus sign, and in
Spanish either a comma or a point. A comma is never a thousands separator:
"1,5" in English is refused, not read as 15. (The mouse wheel changes it only while it
has focus, as every spin box of the app: wheel_guard.py.)
"""

from __future__ import annotations

import re

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

from ...text import numbers

_PARTIAL = re.compile(r"^[+\-\u2212]?\d*([.,]\d*)?$")


def parse_number(text: str, lang: str) -> float | None:
    """The number in `text`, or None; '−' and '-' are both minus, ',' is a decimal point in Spanish."""
    t = text.strip().replace(numbers.MINUS, "-")
    if lang == "es":
        t = t.replace(",", ".")
    if not re.fullmatch(r"[+\-]?(\d+\.?\d*|\.\d+)", t):
        return None
    return float(t)


def is_being_edited(spin) -> bool:
    """Whether a spin box holds typed text not committed yet: only then must an update leave it alone.

    Focus alone is not enough: a focused box must still follow an undo or a drag."""
    return spin.hasFocus() and spin.lineEdit().text() != spin.textFromValue(spin.value())


class NumberSpin(QDoubleSpinBox):
    # QDoubleSpinBox rounds the value it holds to the decimals it shows, with its own rule for
    # ties (0.0625 → 0.063, where the panels write 0.062): it holds as many decimals as Qt allows
    # (any fewer, such as 15, still nudge values near a tie) and only the text is rounded, the
    # way every other number on screen is.
    HELD_DECIMALS = 323

    def __init__(self, parent=None):
        super().__init__(parent)
        self.lang = "en"
        self._shown_decimals = 2
        super().setDecimals(self.HELD_DECIMALS)

    def setDecimals(self, decimals: int) -> None:
        self._shown_decimals = decimals
        self.blockSignals(True)
        self.lineEdit().setText(self.textFromValue(self.value()))
        self.blockSignals(False)

    def decimals(self) -> int:
        return self._shown_decimals

    def set_language(self, lang: str) -> None:
        """The same value written in `lang` — and anew in the same language when the decimal
        separator setting changed what it writes."""
        self.lang = lang
        text = self.textFromValue(self.value())
        if self.lineEdit().text() != text:
            self.blockSignals(True)
            self.lineEdit().setText(text)
            self.blockSignals(False)

    def textFromValue(self, value: float) -> str:
        return numbers.number(value, self.lang, self.decimals())

    def valueFromText(self, text: str) -> float:
        if text == self.textFromValue(self.value()):
            return self.value()  # Enter on the text as shown keeps the value, not its rounding
        x = parse_number(text, self.lang)
        return self.value() if x is None else x

    def fixup(self, text: str) -> str:
        return text  # QDoubleSpinBox would drop "thousands separators": "1,5" would become 15

    def validate(self, text: str, pos: int):
        x = parse_number(text, self.lang)
        if x is not None and self.minimum() <= x <= self.maximum():
            return QValidator.State.Acceptable, text, pos
        if _PARTIAL.match(text.strip()):
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Invalid, text, pos


class _DigitsOnly:
    """Digits only, no thousands separators: Qt's spin boxes drop the locale's group separator
    when their range reaches 1000, so "1.5" in Spanish or "1,5" in English would become 15."""

    def validate(self, text: str, pos: int):
        if not _WHOLE.fullmatch(text):
            return QValidator.State.Invalid, text, pos
        return super().validate(text, pos)

    def fixup(self, text: str) -> str:
        return text


class WholeNumberSpin(_DigitsOnly, QSpinBox):
    """A spin box for a whole number, digits only."""


class WideWholeNumberSpin(_DigitsOnly, QDoubleSpinBox):
    """A whole number past a QSpinBox's 32 bits (a dropout seed goes to 2³² − 1): held as a double,
    exact up to 2⁵³, written in plain digits and read as WholeNumberSpin reads them."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setDecimals(0)


_WHOLE = re.compile(r"\s*[+\-]?\d*\s*")
