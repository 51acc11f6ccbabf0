"""The drawing on the stage, measured as a back row would need it, without painting it.

For the canvas (and the token plane a scene of tokens shows under it): tick numbers and the
arrows' names with digits at least 1/50 of the screen's height, the header's at least 1/40 (in
device pixels); no two names on each other, none on the header, on θ or on an arrow head. The
boxes are the ones the name rule placed (canvas/naming.py), in the viewport's pixels.

Run as a program it checks every lesson item and every preset in both languages and both
presentation themes at one size and prints the problems as JSON (the tests run it so under
QT_SCALE_FACTOR=2 for 3840 × 2160 at device pixel ratio 2).
"""

from __future__ import annotations

import json
import os
import sys
from itertools import chain

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from .stage_check import LANGS, THEMES, check_each_state, child_window, lesson_states, settle

TICK_RULE, NAME_RULE, HEADER_RULE = 50, 50, 40


def digits(font) -> float:
    return QFontMetricsF(font).tightBoundingRect("0123456789").height()


def _box(box) -> QRectF:
    x0, y0, x1, y1 = box
    return QRectF(x0, y0, x1 - x0, y1 - y0)


def _overlaps(where: str, names: dict, fixed: dict) -> list[str]:
    """Every pair of names that overlap, and every name over a fixed box."""
    out, shown = [], list(names.items())
    for i, (name, box) in enumerate(shown):
        for other, other_box in shown[i + 1 :]:
            if box.intersects(other_box):
                out.append(f"{where}: the names {name!r} and {other!r} overlap")
        for what, fixed_box in fixed.items():
            if not fixed_box.isEmpty() and box.intersects(fixed_box) and what != f"{name}'s head":
                out.append(f"{where}: the name {name!r} lies on {what}")
    return out


def _drawing_problems(plot, naming, device_height: float, ratio: float, where: str, taken: dict) -> list[str]:
    out = []
    tick = plot.getPlotItem().getAxis("bottom").style["tickFont"]
    if tick is None or digits(tick) * ratio < device_height / TICK_RULE:
        size = 0 if tick is None else digits(tick) * ratio
        out.append(f"{where}: tick numbers {size:.1f} px, less than 1/{TICK_RULE} of {device_height:.0f}")
    names, fixed = {}, dict(taken)
    for item, box in naming.boxes.items():
        label = getattr(item, "label", "xᵀBx = 1")
        names[label] = _box(box)
        font = getattr(item, "_font", None)
        if font is not None and digits(font) * ratio < device_height / NAME_RULE:
            out.append(
                f"{where}: the name {label!r} is {digits(font) * ratio:.1f} px, less than 1/{NAME_RULE}"
            )
    for item, head in naming.heads().items():
        fixed[f"{item.label}'s head"] = _box(head)
    return out + _overlaps(where, names, fixed)


def ready(plot) -> None:
    """What a paint would do first: the view's range and transform brought up to date (which
    places the names again when they moved)."""
    plot.getPlotItem().getViewBox().prepareForPaint()


def canvas_problems(window, where: str) -> list[str]:
    """Everything wrong with the drawing on the stage now, as sentences naming `where`."""
    canvas = window.canvas
    ready(canvas)
    ratio = window.devicePixelRatioF()
    device_height = window.height() * ratio
    paragraphs = canvas._readout._paragraphs
    out = []
    header = canvas._readout._font(paragraphs[0][2], paragraphs[0][3])
    if digits(header) * ratio < device_height / HEADER_RULE:
        out.append(f"{where}: the header is {digits(header) * ratio:.1f} px, less than 1/{HEADER_RULE}")
    to_px = canvas._viewbox.childGroup.sceneTransform() * canvas.viewportTransform()
    taken = {"the header": canvas.header_rect(), "θ": canvas._pair.angle_label_rect(to_px)}
    out += _drawing_problems(canvas, canvas.name_boxes(), device_height, ratio, where, taken)
    stage = window.presentation.stage
    plot = stage.drawing("plane").plot
    if stage.shows("plane") and plot is not None and plot.isVisible():
        ready(plot)
        out += _drawing_problems(plot, plot.name_boxes(), device_height, ratio, f"{where} token plane", {})
    return out


def preset_states(window):
    """Every preset, outside the lesson; yield its name."""
    from qk_explorer.model.presets import PRESETS, preset_scene

    if window.lesson.active:
        window.lesson.leave()
    for name in PRESETS:
        window.controller.load(preset_scene(name))
        settle()
        yield name


def check_every_state(window, size: tuple[int, int], langs=LANGS, themes=THEMES) -> list[str]:
    def states(w):
        return chain(lesson_states(w), preset_states(w))

    return check_each_state(window, size, states, canvas_problems, langs, themes)


def main(argv: list[str]) -> int:
    """python -m tests.view.lecture_hall.canvas_check WxH: the problems, as JSON, on stdout."""
    _app, window = child_window()
    w, h = (int(x) for x in argv[0].split("x"))
    found = check_every_state(window, (w, h))
    print(json.dumps({"ratio": window.devicePixelRatioF(), "problems": found}), flush=True)
    os._exit(0)  # no closing: the presets loaded would be offered for saving


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
