"""The canvas's tick numbers as they are drawn on the stage: no two of an axis on each other, and
none cut by the edge of the view (a number on the plot's top edge ran past the window's at 4K).

The labels' rectangles are the ones the axis would paint now (its draw specs, in the axis's
pixels), not an estimate; two neighbours along an axis must leave at least a small gap (a
few tenths of the tick font's "0"). The canvas and, when the stage shows it, the token plane.

Run as a program it checks every lesson item in both languages at each size given and prints
the problems as JSON (the tests run it so under QT_SCALE_FACTOR=2, at device pixel ratio 2).
"""

from __future__ import annotations

import json
import os
import sys
from itertools import pairwise

from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPicture

from .canvas_check import ready
from .stage_check import LANGS, check_each_state, child_window, lesson_states

SMALL_GAP = 0.4  # in widths of the tick font's "0"
SIZES = ((1280, 720), (1366, 768), (1920, 1080), (3840, 2160))


def drawn_labels(axis) -> list[tuple[str, object]]:
    """(text, rectangle) of every tick label the axis would draw now."""
    picture = QPicture()
    painter = QPainter(picture)
    if axis.style["tickFont"] is not None:
        painter.setFont(axis.style["tickFont"])
    specs = axis.generateDrawSpecs(painter)
    painter.end()
    return [] if specs is None else [(text, rect) for rect, _flags, text in specs[2]]


def crowded(axis, where: str) -> list[str]:
    """Each pair of neighbouring labels closer than the small gap, as a sentence."""
    gap = SMALL_GAP * QFontMetricsF(axis.style["tickFont"] or QFont()).horizontalAdvance("0")
    across = axis.orientation in ("top", "bottom")

    def span(rect):
        return (rect.left(), rect.right()) if across else (rect.top(), rect.bottom())

    labels = sorted(drawn_labels(axis), key=lambda label: span(label[1]))
    out = []
    for (text, rect), (after, next_rect) in pairwise(labels):
        room = span(next_rect)[0] - span(rect)[1]
        if room < gap:
            out.append(
                f"{where}: {axis.orientation} axis: {text!r} and {after!r} {room:.1f} px apart, "
                f"under {gap:.1f}"
            )
    return out


def cut(axis, plot, where: str) -> list[str]:
    """Each label that runs past the plot widget's viewport, where the window's edge cuts it."""
    shown = plot.viewport().rect()
    out = []
    for text, rect in drawn_labels(axis):
        at = plot.mapFromScene(axis.mapRectToScene(rect)).boundingRect()
        if not shown.adjusted(-1, -1, 1, 1).contains(at):
            out.append(f"{where}: {axis.orientation} axis: {text!r} cut by the view's edge at {at.getRect()}")
    return out


def plot_problems(plot, where: str) -> list[str]:
    ready(plot)
    axes = [plot.getPlotItem().getAxis(name) for name in ("bottom", "left")]
    return [p for axis in axes for p in crowded(axis, where) + cut(axis, plot, where)]


def tick_problems(window, where: str) -> list[str]:
    out = plot_problems(window.canvas, where)
    stage = window.presentation.stage
    plane = stage.drawing("plane").plot
    if stage.shows("plane") and plane is not None and plane.isVisible():
        out += plot_problems(plane, f"{where} token plane")
    return out


def check_every_item(window, size: tuple[int, int], langs=LANGS) -> list[str]:
    return check_each_state(window, size, lesson_states, tick_problems, langs, themes=("projector",))


def main(argv: list[str]) -> int:
    """python -m tests.view.lecture_hall.tick_check WxH …: the problems, as JSON, on stdout."""
    _app, window = child_window()
    found = []
    for size in argv:
        w, h = (int(x) for x in size.split("x"))
        found += check_every_item(window, (w, h))
    print(json.dumps({"ratio": window.devicePixelRatioF(), "problems": found}), flush=True)
    os._exit(0)  # no closing: the lesson's scenes would be offered for saving


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
