"""Where every name on a drawing goes: one rule, for the canvas and the token plane alike.

Each name belongs to a point — an arrow's tip, a point of B's unit circle — and may sit in
one of a few places around it, in a fixed order of preference: beyond the tip along its
arrow, then turning away from it by sixteenths of a turn on either side, then the same a
step further out, and another. Names are placed one after another, the most important first; each takes the
first of its places that covers nothing already there — the header, an arrow head, a name
placed before it — and stays inside the drawing. Of the places that cover nothing, one that
crosses no arrow's shaft, then no axis, is preferred (a name over a line can be read, but
less well), as long as it is not rings further out for it.
A name placed far from its point (a crowd's) is tied to it by a thin line: of its places, one
whose line runs through no name placed before is preferred as much as one crossing no shaft,
and a later name keeps off such lines as off the shafts (a line through a name would seem to
tie it to another arrow). A place straight back along its own arrow is weighed as one whose line
runs through a name: the line would lie under the arrow's shaft, unseen, and tie it to nothing.
When every place covers something, a name that may be left out (a value's, another row's
output's: drawn faint, and named in the numbers beside) is not written: two names on each
other cannot be read at all. One that must be written takes the place covering least.

Everything here is in the viewport's pixels (y down), so what the rule avoids is what the
eye sees, at any zoom, size or device pixel ratio.
"""

from __future__ import annotations

import math

import numpy as np

# The directions tried, as turns from the arrow's own (0 = beyond its tip): beyond, then away
# from it on either side by sixteenths of a turn, to straight back along its shaft.
TURNS = (0.0, *(side * k / 16 for k in range(1, 8) for side in (1, -1)), 0.5)
RINGS = (1.0, 2.2, 3.4, 4.6, 6.0)  # how far out, in gaps: the near ring first
SHAFT_SAMPLES = 12  # points per shaft tested against a name
# A name whose box lies farther than this many of its heights from its point is tied to the point
# by a line, its leader (vector_item.leader draws it): else the back row cannot tell which arrow it names.
LEADER_AFTER = 1.0
# A line within this angle of running back along its own arrow lies under the arrow's shaft.
UNSEEN_LEADER = math.cos(math.radians(15.0))
# The costs of a place, most to least serious: covering something, leaving the drawing, crossing
# a shaft or a name's line, its own line crossing a name, crossing an axis, and each ring further
# out (a name far from its tip is read less surely).
COVERS, OUTSIDE, CROSSES, LEADS, AXIS, FURTHER = 1000.0, 1000.0, 10.0, 10.0, 3.0, 2.0


_ANGLES = 2 * np.pi * np.tile(np.array(TURNS), len(RINGS))
_COS, _SIN = np.cos(_ANGLES), np.sin(_ANGLES)
_RING = np.repeat(np.array(RINGS), len(TURNS))
_FURTHER = FURTHER * np.repeat(np.arange(len(RINGS)), len(TURNS))
_ALONG = np.linspace(0.08, 0.92, SHAFT_SAMPLES)[None, :, None]  # where a line's points are tested
_NO_LINE = np.zeros((0, SHAFT_SAMPLES, 2))


def _places(directions: np.ndarray, sizes: np.ndarray, gaps: np.ndarray) -> np.ndarray:
    """The centres each name (n) of `sizes` may take around its point, offsets in pixels, in
    order: (n, places, 2)."""
    ux, uy = directions[:, 0:1].copy(), directions[:, 1:2].copy()
    still = (ux == 0.0) & (uy == 0.0)
    ux[still], uy[still] = math.sqrt(0.5), -math.sqrt(0.5)  # no direction (a zero vector): up and right
    dx, dy = ux * _COS - uy * _SIN, ux * _SIN + uy * _COS
    # Far enough that the name's box clears a circle of `gap` round the point.
    reach = gaps[:, None] * _RING + np.abs(dx) * (sizes[:, 0:1] / 2) + np.abs(dy) * (sizes[:, 1:2] / 2)
    return np.stack((dx * reach, dy * reach), axis=2)


def _covering(rects: np.ndarray, others: np.ndarray) -> np.ndarray:
    """How many of `others` (m, 4: x0, y0, x1, y1) each of `rects` (c, 4) overlaps."""
    if len(others) == 0:
        return np.zeros(len(rects))
    x0, y0, x1, y1 = (rects[:, i : i + 1] for i in range(4))
    overlap = (x0 < others[:, 2]) & (others[:, 0] < x1) & (y0 < others[:, 3]) & (others[:, 1] < y1)
    return overlap.sum(axis=1)


def _reach(rects: np.ndarray) -> np.ndarray:
    """The box (1, 4) round all of `rects` (c, 4)."""
    return np.concatenate((rects[:, :2].min(axis=0), rects[:, 2:].max(axis=0)))[None, :]


def _inside(points: np.ndarray, rects: np.ndarray) -> np.ndarray:
    """Whether each of `points` (k, 2) lies strictly inside each of `rects` (c, 4): (c, k)."""
    x, y = points[:, 0], points[:, 1]
    return (x > rects[:, 0:1]) & (x < rects[:, 2:3]) & (y > rects[:, 1:2]) & (y < rects[:, 3:4])


def shaft_points(shafts: np.ndarray) -> np.ndarray:
    """Points along each shaft (k, 4: x0, y0, x1, y1), its ends left out, as a (k·n, 2) array."""
    if len(shafts) == 0:
        return np.zeros((0, 2))
    start, end = shafts[:, None, :2], shafts[:, None, 2:]
    return (start + (end - start) * _ALONG).reshape(-1, 2)


def leader_end(point: tuple[float, float], box: tuple[float, ...]) -> tuple[float, float] | None:
    """Where the line tying a name's `box` (x0, y0, x1, y1) to its `point` ends: the box's point
    nearest to it; None when the box lies within LEADER_AFTER of its heights (no line)."""
    x, y = point
    near = (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))
    if math.hypot(near[0] - x, near[1] - y) <= LEADER_AFTER * (box[3] - box[1]):
        return None
    return near


def _towards(point: np.ndarray, rects: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """From `point` (…, 2) to the nearest point of each of `rects` (…, 4), as leader_end finds it,
    and whether that lies far enough to have a line."""
    towards = np.minimum(np.maximum(point, rects[..., :2]), rects[..., 2:]) - point
    far = np.hypot(towards[..., 0], towards[..., 1]) > LEADER_AFTER * (rects[..., 3] - rects[..., 1])
    return towards, far


def _leaders(point: np.ndarray, rects: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """leader_end for a name at each of `rects` (c, 4), for all at once: which places lie far
    enough to have a line (c,), and points along each of those lines from `point` (2,), its ends
    left out (f, SHAFT_SAMPLES, 2)."""
    towards, far = _towards(point, rects)
    return far, point + towards[far][:, None, :] * _ALONG


def _along_own_arrow(points: np.ndarray, directions: np.ndarray, rects: np.ndarray) -> np.ndarray:
    """Whether the line from each name's point (n, 2) to each of its places (n, places, 4) would run
    back along its own arrow (`directions`, n × 2): far, and nearly straight back from the tip."""
    towards, far = _towards(points[:, None, :], rects)
    back = -(towards[..., 0] * directions[:, 0:1] + towards[..., 1] * directions[:, 1:2])
    return far & (back > UNSEEN_LEADER * np.hypot(towards[..., 0], towards[..., 1]))


def place(
    points: np.ndarray,
    directions: np.ndarray,
    sizes: np.ndarray,
    gaps: np.ndarray,
    taken: np.ndarray,
    shafts: np.ndarray,
    bounds: tuple[float, float, float, float],
    optional: np.ndarray | None = None,
    axes: tuple[float, float] | None = None,
    leaders: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Place names, in the order given: name i of `sizes[i]` (w, h) at `points[i]`, its arrow
    along `directions[i]` (a unit vector; zero for none), `gaps[i]` pixels off. `taken`: boxes
    (m, 4) no name may cover; `shafts`: segments (k, 4) better not crossed; `bounds`: the
    drawing's box; `optional[i]`: name i may be left out; `axes`: where the drawing's axes run
    (x of the vertical, y of the horizontal), crossed as little as a shaft; `leaders[i]`: name i is
    tied to its point by a line where it lies far (an arrow's name; all when None). Returns each name's
    centre offset from its point (n, 2), its box (n, 4) — NaN for a name left out — and whether
    it had to cover something (n,)."""
    n = len(points)
    offsets, boxes, forced = np.zeros((n, 2)), np.zeros((n, 4)), np.zeros(n, dtype=bool)
    fixed = np.asarray(taken, dtype=float).reshape(-1, 4)
    occupied = np.empty((len(fixed) + n, 4))  # the boxes no later name may cover, filled in turn
    occupied[: len(fixed)] = fixed
    count = len(fixed)
    lines = shaft_points(np.asarray(shafts, dtype=float).reshape(-1, 4))
    lines = lines[np.argsort(lines[:, 0], kind="stable")]  # by x: those within reach are a slice
    drawn_leaders = np.zeros((0, 2))  # points along the lines tying the names placed so far
    leaders = np.ones(n, dtype=bool) if leaders is None else np.asarray(leaders, dtype=bool)
    # What does not hang on the names placed before, for every name at once: its places' boxes,
    # their leaving the drawing, crossing an axis, rings further out.
    sizes = np.asarray(sizes, dtype=float).reshape(-1, 2)
    centres = points[:, None, :] + _places(np.asarray(directions, dtype=float).reshape(-1, 2), sizes, gaps)
    half = sizes[:, None, :] / 2
    all_rects = np.concatenate((centres - half, centres + half), axis=2)
    left, top, right, bottom = bounds
    x0, y0, x1, y1 = (all_rects[:, :, i] for i in range(4))
    reaches = np.stack((x0.min(axis=1), y0.min(axis=1), x1.max(axis=1), y1.max(axis=1)), axis=1)
    base = _FURTHER + OUTSIDE * ((x0 < left) | (y0 < top) | (x1 > right) | (y1 > bottom))
    unseen = _along_own_arrow(points, np.asarray(directions, dtype=float).reshape(-1, 2), all_rects)
    base = base + LEADS * (unseen & leaders[:, None])
    if axes is not None:
        x, y = axes
        base = base + AXIS * (((x0 < x) & (x < x1)) | ((y0 < y) & (y < y1)))
    for i in range(n):
        rects = all_rects[i]
        # Only what lies within reach of some place can cover it: the rest is left out before
        # the place-by-place tests (the same answers, for a few names' work).
        near = _overlapping(occupied[:count], reaches[i])
        cost = COVERS * _covering(rects, near) + base[i]
        # Crossing a shaft adds CROSSES: it can decide only between places that cost at most
        # that much more than the cheapest (costs are whole numbers), and a name that may be left
        # out and covers something wherever it goes is left out, whatever it crosses.
        cheapest = cost.min()
        if cheapest >= COVERS and optional is not None and optional[i]:
            offsets[i], boxes[i] = np.nan, np.nan
            continue
        tested = cost <= cheapest + CROSSES
        placed = cost.copy()
        placed[tested] += CROSSES * _crossing(rects[tested], lines, drawn_leaders)
        best = _first_cheapest(placed)
        # A line through a name adds LEADS. Tested only where the best place's line runs through
        # one (most names lie near their tips): then every place that could still be cheaper is.
        named = occupied[len(fixed) : count]
        line = _leaders(points[i], rects[best : best + 1])[1] if leaders[i] else _NO_LINE
        if len(line) and _runs_through(line, named)[0]:
            wider = (cost <= cheapest + CROSSES + LEADS) & ~tested
            placed[wider] += CROSSES * _crossing(rects[wider], lines, drawn_leaders)
            weighed = tested | wider
            far, far_lines = _leaders(points[i], rects[weighed])
            through = np.zeros(len(far), dtype=bool)
            through[far] = _runs_through(far_lines, named)
            placed[weighed] += LEADS * through
            best = _first_cheapest(placed)
            line = _leaders(points[i], rects[best : best + 1])[1]
        if placed[best] >= COVERS and optional is not None and optional[i]:
            offsets[i], boxes[i] = np.nan, np.nan
            continue
        offsets[i], boxes[i], forced[i] = centres[i, best] - points[i], rects[best], placed[best] >= COVERS
        occupied[count] = rects[best]
        count += 1
        if len(line):
            drawn_leaders = np.concatenate((drawn_leaders, line.reshape(-1, 2)))
    return offsets, boxes, forced


def _first_cheapest(cost: np.ndarray) -> int:
    return int(np.argmin(cost + np.arange(len(cost)) * 1e-3))  # ties: the earlier place


def _crossing(rects: np.ndarray, lines: np.ndarray, leaders: np.ndarray) -> np.ndarray:
    """Whether each of `rects` (c, 4) crosses a shaft (`lines`, points sorted by x) or a line tying a
    name placed before to its point (`leaders`, points): (c,)."""
    if len(rects) == 0:
        return np.zeros(0, dtype=bool)
    reach = _reach(rects)[0]
    crossed = np.concatenate((_within(lines, reach), _within(leaders, reach, ordered=False)))
    return _inside(crossed, rects).any(axis=1) if len(crossed) else np.zeros(len(rects), dtype=bool)


def _runs_through(lines: np.ndarray, names: np.ndarray) -> np.ndarray:
    """Whether each line (f ≥ 1, k, 2: points along it) runs through any of the boxes `names` (m, 4)."""
    along = lines.reshape(-1, 2)
    near = _overlapping(names, np.concatenate((along.min(axis=0), along.max(axis=0))))
    if len(near) == 0:
        return np.zeros(len(lines), dtype=bool)
    return _inside(along, near).any(axis=0).reshape(len(lines), -1).any(axis=1)


def _overlapping(rects: np.ndarray, box: np.ndarray) -> np.ndarray:
    """Those of `rects` (m, 4) that overlap `box` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return rects[(rects[:, 0] < x1) & (x0 < rects[:, 2]) & (rects[:, 1] < y1) & (y0 < rects[:, 3])]


def _within(points: np.ndarray, box: np.ndarray, ordered: bool = True) -> np.ndarray:
    """Those of `points` (k, 2; sorted by x when `ordered`) strictly inside `box` (x0, y0, x1, y1)."""
    x = points[:, 0]
    if ordered:
        start, stop = np.searchsorted(x, box[0], side="right"), np.searchsorted(x, box[2], side="left")
        some = points[start:stop]
        return some[(some[:, 1] > box[1]) & (some[:, 1] < box[3])]
    return points[(x > box[0]) & (x < box[2]) & (points[:, 1] > box[1]) & (points[:, 1] < box[3])]


def head_box(tip: tuple[float, float], direction: tuple[float, float], head: float) -> np.ndarray:
    """The box (x0, y0, x1, y1) of an arrow head `head` pixels long ending at `tip` (a zero
    vector's ring of that radius where there is no direction)."""
    x, y = tip
    ux, uy = direction
    if ux == 0.0 and uy == 0.0:
        return np.array([x - head, y - head, x + head, y + head])
    bx, by = x - ux * head, y - uy * head
    nx, ny = -uy * head * 0.42, ux * head * 0.42
    xs, ys = (x, bx + nx, bx - nx), (y, by + ny, by - ny)
    return np.array([min(xs), min(ys), max(xs), max(ys)])
