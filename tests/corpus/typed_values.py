"""The bad-input corpus for typed values: what each text must become in each kind of field.

Every editable number field of the window is either a real-number field (the
coordinates, the factor c, the cosine multiplier, the own scale, dropout p) or
a whole-number field (the dimension, the dropout seed, √d's d and number of
keys). A text is pasted whole (the field's validator sees all of it at once)
or typed key by key (it sees every prefix), then committed with Enter.

REAL and WHOLE give, for each text, the value it means in English and in
Spanish, or None when it is not a number there: then the field must refuse it,
show the value it had, and leave the scene exactly as it was (and the undo
history too). A value outside the field's range is refused the same way.
Spanish reads a decimal comma or a point; English reads only a point (a comma
is never taken for a thousands separator: "1,5" is not 15 in either language).
"""

from __future__ import annotations

NOT_NUMBERS = [
    "nan",
    "NaN",
    "inf",
    "-inf",
    "+inf",
    "Infinity",
    "1e308",
    "-1e308",
    "1e400",
    "1e-9",
    "",
    "abc",
    "\u2212",
    "1.234,5",
    "1,234.5",
    "0x10",
    "½",
]

# text: (English value, Spanish value)
REAL: dict[str, tuple[float | None, float | None]] = {
    "1.5": (1.5, 1.5),
    "-2.5": (-2.5, -2.5),
    "\u22122.5": (-2.5, -2.5),
    "\u22122,5": (None, -2.5),
    "1,5": (None, 1.5),
    "0,75": (None, 0.75),
    "0.75": (0.75, 0.75),
    ".5": (0.5, 0.5),
    "0": (0.0, 0.0),
    "-0": (0.0, 0.0),
    "  3 ": (3.0, 3.0),
    "999999999": (999999999.0, 999999999.0),  # beyond every field's range: refused
    **{text: (None, None) for text in NOT_NUMBERS},
}

WHOLE: dict[str, tuple[int | None, int | None]] = {
    "3": (3, 3),
    "1.5": (None, None),
    "1,5": (None, None),
    "2.0": (None, None),
    "1,000": (None, None),
    "1.000": (None, None),
    "-1": (-1, -1),  # below every whole field's range: refused
    "999999999999": (None, None),
    **{text: (None, None) for text in NOT_NUMBERS},
}
