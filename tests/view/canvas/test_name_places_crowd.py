"""The rule for names in a crowd (canvas/name_places.py): what does not hang on the names placed
before (each name's places, their leaving the drawing, crossing an axis) is worked out for all
the names at once, and the answers are those of the rule tested place by place against
everything on the drawing."""

import numpy as np
import pytest

from qk_explorer.view.canvas import name_places
from qk_explorer.view.canvas.name_places import (
    AXIS,
    COVERS,
    CROSSES,
    LEADER_AFTER,
    LEADS,
    OUTSIDE,
    place,
    shaft_points,
)


def crowd(seed: int, n: int):
    """`n` arrows from near one origin to tips on a 0.5-pixel grid, some names optional."""
    rng = np.random.default_rng(seed)
    origin = rng.uniform(200, 400, 2).round(1)
    tips = (origin + rng.uniform(-150, 150, (n, 2))).round(1) * 2 // 1 / 2
    vectors = tips - origin
    lengths = np.hypot(vectors[:, 0], vectors[:, 1])[:, None]
    directions = np.where(lengths >= 1.0, vectors / np.maximum(lengths, 1.0), 0.0)
    sizes = np.column_stack([rng.choice([18.0, 26.5, 41.0], n), np.full(n, 22.0)])
    gaps = rng.choice([12.0, 16.0], n)
    heads = np.column_stack([tips - 7.0, tips + 7.0])
    shafts = np.column_stack([np.repeat(origin[None, :], n, axis=0), tips - directions * 14.0])
    taken = np.concatenate(([[0.0, 0.0, 300.0, 40.0]], heads))
    optional = rng.uniform(size=n) < 0.6
    return tips, directions, sizes, gaps, taken, shafts, (0.0, 0.0, 640.0, 560.0), optional, tuple(origin)


def one_place_at_a_time(points, directions, sizes, gaps, taken, shafts, bounds, optional, axes):
    """The rule as its docstring says it, every place tested against everything placed."""
    lines, taken = shaft_points(shafts), [tuple(box) for box in taken]
    left, top, right, bottom = bounds
    result, names, leaders = [], [], []  # the names placed, the points along their leaders
    for i, point in enumerate(points):
        w, h = sizes[i]
        reach = gaps[i] * name_places._RING
        ux, uy = directions[i] if np.any(directions[i]) else (np.sqrt(0.5), -np.sqrt(0.5))
        dx, dy = ux * name_places._COS - uy * name_places._SIN, ux * name_places._SIN + uy * name_places._COS
        reach = reach + np.abs(dx) * (w / 2) + np.abs(dy) * (h / 2)
        costs = []
        for k, (cx, cy) in enumerate(zip(point[0] + dx * reach, point[1] + dy * reach, strict=True)):
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            covers = sum(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in taken)
            x, y = lines[:, 0], lines[:, 1]
            crossed = np.any((box[0] < x) & (x < box[2]) & (box[1] < y) & (y < box[3]))
            crossed = crossed or any(inside(p, box) for p in leaders)
            axis = box[0] < axes[0] < box[2] or box[1] < axes[1] < box[3]
            outside = box[0] < left or box[1] < top or box[2] > right or box[3] > bottom
            line = leader_of(point, box)
            through = any(inside(p, name) for p in line for name in names)
            unseen = bool(line) and runs_back(point, directions[i], box)
            cost = COVERS * covers + OUTSIDE * outside + CROSSES * crossed + AXIS * axis
            cost += LEADS * through + LEADS * unseen
            costs.append((cost + name_places._FURTHER[k], k, box))
        cost, _, box = min(costs)
        if cost >= COVERS and optional[i]:
            result.append(None)
            continue
        taken.append(box)
        names.append(box)
        leaders += leader_of(point, box)
        result.append(box)
    return result


def leader_of(point, box) -> list:
    """Points along the line tying a name's `box` to its `point`, when it lies far from it."""
    near = (min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3]))
    if np.hypot(near[0] - point[0], near[1] - point[1]) <= LEADER_AFTER * (box[3] - box[1]):
        return []
    ts = np.linspace(0.08, 0.92, name_places.SHAFT_SAMPLES)
    return [(point[0] + (near[0] - point[0]) * t, point[1] + (near[1] - point[1]) * t) for t in ts]


def runs_back(point, direction, box) -> bool:
    """Whether the line from `point` to `box` runs within 15° of straight back along `direction`."""
    near = (min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3]))
    dx, dy = near[0] - point[0], near[1] - point[1]
    back = -(dx * direction[0] + dy * direction[1])
    return back > np.cos(np.radians(15.0)) * np.hypot(dx, dy)


def inside(p, box) -> bool:
    return box[0] < p[0] < box[2] and box[1] < p[1] < box[3]


@pytest.mark.parametrize("seed", range(6))
def test_a_crowd_is_placed_as_one_place_at_a_time_would(seed):
    args = crowd(seed, 120)
    _, boxes, _ = place(*args)
    expected = one_place_at_a_time(*args)
    assert len(boxes) == len(expected)
    for got, want in zip(boxes, expected, strict=True):
        if want is None:
            assert np.isnan(got).all()
        else:
            assert tuple(got) == pytest.approx(want, abs=1e-9)
    assert sum(want is None for want in expected) > 5  # a crowd: optional names left out
    assert sum(want is not None for want in expected) > 20


def test_the_places_of_every_name_are_worked_out_at_once(monkeypatch):
    calls = []
    places = name_places._places

    def counted(*args):
        calls.append(args)
        return places(*args)

    monkeypatch.setattr(name_places, "_places", counted)
    place(*crowd(0, 90))
    assert len(calls) == 1


def through_names(points, boxes) -> int:
    """How many of the names placed are tied to their points by a line through another name."""
    placed = [(i, box) for i, box in enumerate(boxes) if not np.isnan(box[0])]
    return sum(
        any(inside(p, other) for p in leader_of(points[i], box) for j, other in placed if j != i)
        for i, box in placed
    )


def test_a_far_names_line_keeps_off_the_other_names(monkeypatch):
    crowds = [crowd(seed, 60) for seed in range(8)]
    kept = sum(through_names(args[0], place(*args)[1]) for args in crowds)
    monkeypatch.setattr(name_places, "LEADER_AFTER", 1e9)  # the rule as it was: no name tied by a line
    before = sum(through_names(args[0], place(*args)[1]) for args in crowds)
    assert before >= 10, before  # crowds where far names' lines would cross names
    assert kept <= before // 2, (kept, before)


def test_the_rule_ties_a_line_where_the_canvas_draws_one():
    """The rule weighs each place's line in arrays (_leaders); the canvas draws it by leader_end."""
    rng = np.random.default_rng(7)
    point = np.array([300.0, 200.0])
    centres = point + rng.uniform(-120, 120, (400, 2))
    half = rng.uniform(5, 40, (400, 2))
    rects = np.concatenate((centres - half, centres + half), axis=1)
    far, lines = name_places._leaders(point, rects)
    ends = [name_places.leader_end(tuple(point), tuple(rect)) for rect in rects]
    assert list(far) == [end is not None for end in ends]
    assert 50 < far.sum() < 350  # near and far boxes both
    for line, end in zip(lines, [e for e in ends if e is not None], strict=True):
        step = (np.array(end) - point) * (name_places._ALONG[0, 1, 0] - name_places._ALONG[0, 0, 0])
        assert line[1] - line[0] == pytest.approx(step)
