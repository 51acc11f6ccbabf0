"""The winner map against compute(): the key it shows at a point is the key a query there would weigh most."""

import math
import warnings
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, Scoring, with_vector
from qk_explorer.model.winner_map import WinnerGrid, winner_map


def attention_at(scene, point, scoring=None):
    moved = with_vector(scene, QUERY, point)
    results = compute(moved)
    scoring = scene.scoring if scoring is None else scoring
    return results.attention if results.attention.scoring is scoring else results.comparison


def assert_agrees(scene, wm, rows, cols, scoring=None, weight_tol=1e-4):
    checked = 0
    for r, c in zip(rows, cols, strict=True):
        point = wm.point(r, c)
        if point == (0.0, 0.0):
            continue
        a = attention_at(scene, point, scoring)
        w = np.array(a.weights)
        top = np.sort(w)[-2:] if len(w) > 1 else w
        assert wm.weight[r, c] == pytest.approx(w.max(), abs=weight_tol)
        assert 0.0 <= wm.sharpness[r, c] <= 1.0
        if len(w) > 1 and top[1] - top[0] <= 1e-9 * top[1]:
            continue  # a tie: either key may be shown
        assert wm.winner[r, c] == a.winner, (point, w)
        checked += 1
    return checked


def test_lesson_attention_splits_the_plane_along_the_diagonal():
    scene = preset_scene("lesson-attention")
    wm = winner_map(scene, (-4, -4, 8, 8), 64, 64)
    x = {round(v, 6): i for i, v in enumerate(wm.xs)}
    y = {round(v, 6): i for i, v in enumerate(wm.ys)}
    # q = (1.94, 0.94): q·k₁ > q·k₂, so k₁ wins; the mirror point goes to k₂.
    assert wm.winner[y[0.9375], x[1.9375]] == 0
    assert wm.winner[y[1.9375], x[0.9375]] == 1
    # At the lesson's own query (1, 2)-ish the weight is the lesson's 0.670.
    a = attention_at(scene, wm.point(y[1.9375], x[0.9375]))
    assert wm.weight[y[1.9375], x[0.9375]] == pytest.approx(max(a.weights), abs=1e-6)
    assert wm.rect == (-4.0, -4.0, 8.0, 8.0)
    assert {r.key for r in wm.regions} == {0, 1}
    assert sum(r.share for r in wm.regions) == pytest.approx(1.0)


@pytest.mark.parametrize("scoring", [Scoring.DOT, Scoring.COSINE])
def test_four_keys_agree_with_compute_everywhere_sampled(scoring):
    scene = replace(preset_scene("four-keys"), scoring=scoring)
    wm = winner_map(scene, (-3.3, -2.1, 7.0, 5.0), 140, 100)
    rng = np.random.default_rng(3)
    rows, cols = rng.integers(0, 100, 300), rng.integers(0, 140, 300)
    assert assert_agrees(scene, wm, rows, cols) > 250


def test_every_region_centre_lies_inside_its_own_region():
    scene = preset_scene("four-keys")
    wm = winner_map(scene, (-4, -4, 8, 8), 128, 128)
    assert sorted(r.key for r in wm.regions) == [0, 1, 2, 3]  # each of the four keys wins somewhere here
    for region in wm.regions:
        x, y = region.centre
        c = int(np.argmin(np.abs(wm.xs - x)))
        r = int(np.argmin(np.abs(wm.ys - y)))
        assert wm.winner[r, c] == region.key


def test_a_masked_key_never_wins():
    scene = preset_scene("masked-key")
    wm = winner_map(scene, (-4, -4, 8, 8), 64, 64)
    assert 2 not in set(np.unique(wm.winner).tolist())


def test_nothing_to_draw_for_three_dimensions_all_masked_or_an_undefined_cosine():
    assert winner_map(make_scene((1, 2, 3), [(1, 0, 0)]), (-1, -1, 2, 2)) is None
    assert winner_map(make_scene((1, 2), [(1, 0)], mask=[False]), (-1, -1, 2, 2)) is None
    zero_key = make_scene((1, 2), [(1, 0), (0, 0)], scoring="cosine")
    assert winner_map(zero_key, (-1, -1, 2, 2)) is None
    # The dot product has no trouble with a zero key: its logit is 0 everywhere.
    assert winner_map(zero_key, (-1, -1, 2, 2), scoring=Scoring.DOT) is not None


def test_a_point_on_the_origin_gets_uniform_weights():
    scene = preset_scene("four-keys")
    wm = winner_map(scene, (-3, -3, 6, 6), 3, 3)  # the middle point is (0, 0)
    assert wm.point(1, 1) == (0.0, 0.0)
    assert wm.weight[1, 1] == pytest.approx(0.25)
    assert wm.sharpness[1, 1] == pytest.approx(0.0)
    assert wm.winner[1, 1] == compute(with_vector(scene, QUERY, (0, 0))).attention.winner


def test_one_key_wins_everywhere_with_weight_one():
    wm = winner_map(make_scene((1, 2), [(1, 1)]), (-2, -2, 4, 4), 16, 16)
    assert np.all(wm.winner == 0) and np.all(wm.weight == 1) and np.all(wm.sharpness == 1)


def test_scale_zero_gives_a_tie_everywhere():
    scene = make_scene((1, 2), [(1, 0), (0, 1), (-1, 0)], scale=0.0)
    wm = winner_map(scene, (-2, -2, 4, 4), 16, 16)
    assert np.allclose(wm.weight, 1 / 3) and np.allclose(wm.sharpness, 0, atol=1e-6)


def test_huge_keys_stay_finite_and_agree():
    scene = make_scene((1, 1), [(1e6, 0), (0, 1e6), (-1e6, 5e5)])
    wm = winner_map(scene, (-1e6, -1e6, 2e6, 2e6), 64, 64)  # a query can go no further
    assert np.all(np.isfinite(wm.weight)) and np.all(np.isfinite(wm.sharpness))
    rng = np.random.default_rng(0)
    assert assert_agrees(scene, wm, rng.integers(0, 64, 100), rng.integers(0, 64, 100)) > 80


@pytest.mark.parametrize(
    ("keys", "rect"),
    [
        ([(1e6, 0), (1e6, 0.01)], (-3000, -3000, 6000, 6000)),
        ([(1e6, 1e6), (1e6 - 0.01, 1e6)], (-5000, -5000, 1e4, 1e4)),
    ],
)
def test_large_nearly_equal_keys_keep_their_weights_without_overflow(keys, rect):
    """Logits of about 10⁹ that differ by a few units lost their differences in single precision:
    exp() overflowed and the map showed a winner by far where the keys nearly tie."""
    scene = make_scene((1, 1), keys)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        wm = winner_map(scene, rect, 64, 64)
    rng = np.random.default_rng(1)
    assert assert_agrees(scene, wm, rng.integers(0, 64, 100), rng.integers(0, 64, 100), weight_tol=1e-3) > 50


def test_a_grid_is_reused_for_new_keys():
    grid = WinnerGrid((-4, -4, 8, 8), 32, 32)
    first = grid.compute(preset_scene("lesson-attention"))
    second = grid.compute(preset_scene("four-keys"))
    assert grid.matches((-4, -4, 8, 8), 32, 32) and not grid.matches((-4, -4, 8, 9), 32, 32)
    assert set(np.unique(first.winner).tolist()) == {0, 1}
    assert set(np.unique(second.winner).tolist()) == {0, 1, 2, 3}


coordinate = st.floats(-5, 5, allow_nan=False).map(lambda x: round(x, 2))


@st.composite
def scenes(draw):
    count = draw(st.integers(1, 16))
    keys = draw(st.lists(st.tuples(coordinate, coordinate), min_size=count, max_size=count))
    mask = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    if not any(mask):
        mask[0] = True
    scale = draw(st.none() | st.floats(-3, 3, allow_nan=False))
    multiplier = draw(st.floats(-8, 8, allow_nan=False))
    scoring = draw(st.sampled_from(["dot", "cosine"]))
    return make_scene((1, 1), keys, mask=mask, scale=scale, scoring=scoring, cosine_multiplier=multiplier)


@given(scenes(), st.floats(0.5, 20), st.floats(-5, 5), st.floats(-5, 5), st.data())
@settings(max_examples=60, deadline=None)
def test_random_scenes_agree_with_compute(scene, size, cx, cy, data):
    rect = (cx - size / 2, cy - size / 2, size, size * 0.75)
    wm = winner_map(scene, rect, 48, 36)
    if scene.scoring is Scoring.COSINE and any(
        m and k == (0.0, 0.0) for k, m in zip(scene.keys, scene.mask, strict=True)
    ):
        assert wm is None
        return
    assert wm is not None
    assert np.all(np.isfinite(wm.weight))
    m = sum(scene.mask)
    assert np.all(wm.weight >= np.float32(1 / m) * (1 - 1e-6)) and np.all(wm.weight <= 1)
    rows = data.draw(st.lists(st.integers(0, 35), min_size=20, max_size=20))
    cols = data.draw(st.lists(st.integers(0, 47), min_size=20, max_size=20))
    assert_agrees(scene, wm, rows, cols)
    assert all(scene.mask[r.key] for r in wm.regions)
    assert math.isclose(sum(r.share for r in wm.regions), 1.0)


def test_the_cosine_weight_is_exact_beside_a_tie():
    """Beside the direction where two keys tie, the largest weight has a corner that a table of
    it would round off (0.50016 against 0.50002 here): the map reads the winner's own curve."""
    keys = [(1.86, 0.55), (0, 0), (0, 0), (0, 0), (-0.24, 2.88), (0, 0), (0, 0), (0, 0)]
    mask = [True, False, False, False, True, False, False, False]
    scene = make_scene((1, 1), keys, keys, mask, scoring="cosine")
    cx, cy, size = 2.8515625, 3.734375, 1.0
    wm = winner_map(scene, (cx - size / 2, cy - size / 2, size, size * 0.75), 48, 36)
    assert assert_agrees(scene, wm, [26] * 5 + list(range(36)), [11] * 5 + [11] * 36, weight_tol=1e-5) > 0


@pytest.mark.parametrize("name", ["lesson-attention", "four-keys", "masked-key"])
def test_first_and_later_maps_of_a_grid_agree_point_for_point(name):
    """A grid's first map looks each point up; later ones reuse the points sorted by direction."""
    scene = preset_scene(name)
    grid = WinnerGrid((-3, -3, 6, 6), 61, 61)  # odd: points sit on the axes and the diagonals
    first, second = grid.compute(scene), grid.compute(scene)
    assert np.array_equal(first.winner, second.winner)
    assert np.array_equal(first.weight, second.weight)
    fresh = WinnerGrid((-3, -3, 6, 6), 61, 61).compute(replace(scene, scoring=Scoring.COSINE))
    again = grid.compute(replace(scene, scoring=Scoring.COSINE))
    assert np.array_equal(fresh.winner, again.winner)


def brute_force_winners(c: np.ndarray, angles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """By brute force over every key, in each direction u: the key with the largest cᵢ·u, and
    all the cᵢ·u in increasing order."""
    scores = c[:, 0, None] * np.cos(angles)[None, :] + c[:, 1, None] * np.sin(angles)[None, :]
    return np.argmax(scores, axis=0), np.sort(scores, axis=0)


points_2d = st.lists(
    st.tuples(st.integers(-6, 6), st.integers(-6, 6)).map(lambda p: (p[0] / 2, p[1] / 2)),
    min_size=1,
    max_size=40,
)


@given(points_2d)
@settings(max_examples=200, deadline=None)
def test_hull_edges_bound_every_point_and_turn_one_way(points):
    """On a lattice (duplicates and collinear points are common) every point lies inside or on
    each hull edge, and the corners go round counter-clockwise without repeating."""
    from qk_explorer.model.winner_map import hull_edges

    c = np.array(points, dtype=float)
    i, j = hull_edges(c)
    assert len(i) == len(j)
    distinct = {tuple(p) for p in c.tolist()}
    if len(distinct) == 1:
        assert len(i) == 0
        return
    assert len({tuple(c[k]) for k in i}) == len(i)  # no corner twice
    for a, b in zip(i, j, strict=True):
        edge = c[b] - c[a]
        cross = edge[0] * (c[:, 1] - c[a, 1]) - edge[1] * (c[:, 0] - c[a, 0])
        assert np.all(cross >= 0.0)  # every point on the left of (or on) the edge


@given(st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=64), st.floats(0.1, 3))
@settings(max_examples=120, deadline=None)
def test_the_hull_cuts_find_the_winner_of_every_direction(keys, scale):
    """Cuts from the hull's edges alone give, in every direction, the key that a brute-force
    argmax over all keys finds (away from ties, where either may be shown)."""
    c = scale * np.array(keys, dtype=float)
    grid = WinnerGrid((-4, -4, 8, 8), 40, 40)
    local = grid._winners(c).ravel()
    angles = grid._angles
    best, ordered = brute_force_winners(c, angles)
    if len(c) > 1:
        clear = ordered[-1] - ordered[-2] > 1e-9 * (1 + np.abs(ordered[-1]))
    else:
        clear = np.ones_like(angles, dtype=bool)
    assert np.all(np.take(c, local, axis=0)[clear] == np.take(c, best, axis=0)[clear])


def test_sixty_four_keys_need_only_their_hull():
    """The map of many keys costs what their hull's corners cost, not what their pairs do."""
    from qk_explorer.model.winner_map import hull_edges

    angles = np.linspace(0, 2 * np.pi, 64, endpoint=False)
    ring = np.column_stack([np.cos(angles), np.sin(angles)]) * np.where(np.arange(64) % 2, 1.0, 0.5)[:, None]
    i, _ = hull_edges(ring)
    assert sorted(i.tolist()) == list(range(1, 64, 2))  # the inner ring never wins
