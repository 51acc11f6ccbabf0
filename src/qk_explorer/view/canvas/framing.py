"""The canvas's frame around a scene: a square range of the plane, as large as the view allows.

It holds the origin and the given points with a margin; where names and the header take many
pixels (the stage's large type) it leaves them their pixels: the names around the tips, the
header above them, and below them what an overlay writes at the foot of the drawing (a common
mistake's caption).
"""

from __future__ import annotations

MIN_FIT_SPAN = 2.0  # a small scene is still shown at a sensible size


def frame(
    points, width: float, height: float, room: float, header: float, footer: float = 0.0
) -> tuple[float, float, float]:
    """The middle (x, y) and half the side of the square range framing `points` and the origin in
    a view of `width` × `height` pixels, leaving `room` pixels for names at its edges, `header`
    pixels above the highest point and `footer` below the lowest."""
    xs = [0.0, *(x for x, _ in points)]
    ys = [0.0, *(y for _, y in points)]
    span = max(max(xs) - min(xs), max(ys) - min(ys), MIN_FIT_SPAN)
    margin = 0.18 * span
    x_mid = (max(xs) + min(xs)) / 2
    y_mid = (max(ys) + min(ys)) / 2 + 0.06 * span  # the header sits at the top
    half = span / 2 + margin
    inner_w, inner_h = width - 2 * room, height - 2 * room - header - footer
    if min(inner_w, inner_h) > 40.0:
        unit = max((max(xs) - min(xs)) / inner_w, (max(ys) - min(ys)) / inner_h)  # per pixel
        if unit * min(width, height) > 2 * half:
            top = max(ys) + (header + room) * unit
            y_mid = top - height * unit / 2
            half = min(width, height) * unit / 2
    return x_mid, y_mid, half
