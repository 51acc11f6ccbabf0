"""A categorical palette that tells keys apart on the winner map (and in its legend).

Arrows keep their role colours (every key is drawn in the key colour); only the
background map, which must tell up to 16 winners apart, gives each key its own
hue. The first eight are Okabe–Ito's colour-blind-safe set, the next eight Paul
Tol's muted ones; keys beyond 16 (from a file) reuse them in order. Each region
also carries its key's name, so colour is never the only cue.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

PALETTE = (
    "#e69f00",  # orange
    "#56b4e9",  # sky blue
    "#009e73",  # bluish green
    "#f0e442",  # yellow
    "#0072b2",  # blue
    "#d55e00",  # vermillion
    "#cc79a7",  # reddish purple
    "#8c8c8c",  # grey
    "#882255",  # wine
    "#44aa99",  # teal
    "#999933",  # olive
    "#332288",  # indigo
    "#ddcc77",  # sand
    "#117733",  # green
    "#aa4499",  # purple
    "#88ccee",  # cyan
)


def key_colour(index: int) -> QColor:
    return QColor(PALETTE[index % len(PALETTE)])


def label_colour(index: int, dark: bool) -> QColor:
    """The key's colour, deepened on a light background and lightened on a dark one, for text."""
    colour = key_colour(index)
    h, s, v, _ = colour.getHsvF()
    if dark:
        return QColor.fromHsvF(h, min(s, 0.55), max(v, 0.95))
    return QColor.fromHsvF(h, max(s, 0.6), min(v, 0.55))
