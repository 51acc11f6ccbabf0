"""The matrix panel's cells: which cells new numbers repaint, and what every cell then reads."""

import numpy as np
import pytest

from qk_explorer.text import numbers
from qk_explorer.view.matrix.cells import DIVERGING_MAP, SEQUENTIAL_MAP, ColourScale, GridCells, nice_bound


def set_numbers(cells: GridCells, values) -> set[tuple[int, int]]:
    """Give the cells new numbers (all defined, none masked); the cells it says to repaint."""
    values = np.array(values, dtype=float)
    defined = np.ones(values.shape, dtype=bool)
    block = cells.set(values, defined, ~defined, [None] * values.shape[0])
    if block is None:
        return set()
    if cells.dirty is None:
        r0, r1, c0, c1 = block
        return {(i, j) for i in range(r0, r1) for j in range(c0, c1)}
    return set(zip(*(d.tolist() for d in cells.dirty), strict=True))


def weights() -> GridCells:
    return GridCells(ColourScale(SEQUENTIAL_MAP, diverging=False))


@pytest.mark.parametrize(
    "before, after",
    [(0.004, 0.005), (0.016, 0.015), (0.0249, 0.025), (0.064, 0.065), (0.076, 0.075), (0.1251, 0.125)],
)
def test_a_number_at_a_rounding_tie_is_repainted_as_it_reads(before, after):
    # 100 × 0.005 is 0.5 exactly in floating point, which rounds to 0; the text says 0.01.
    cells = weights()
    set_numbers(cells, [[before, 0.5]])
    assert cells.text(0, 0) == numbers.number(before, "en", 2)
    assert (0, 0) in set_numbers(cells, [[after, 0.5]])
    assert cells.text(0, 0) == numbers.number(after, "en", 2)


def test_a_number_that_moves_but_reads_and_colours_the_same_is_left_alone():
    cells = weights()
    set_numbers(cells, [[0.301, 0.7]])
    cells.text(0, 0)
    assert set_numbers(cells, [[0.302, 0.7]]) == set()
    assert set_numbers(cells, [[0.302, 0.64]]) == {(0, 1)}
    assert cells.text(0, 0) == "0.3" and cells.text(0, 1) == "0.64"


@pytest.mark.parametrize("diverging", [False, True])
def test_every_cell_that_reads_or_colours_otherwise_is_repainted(diverging):
    """A random walk of an 8 × 9 grid but its first row, many of its numbers near a tie: each step
    repaints every cell whose text or colour changed, none that stood still (unless the colour
    scale moved), and every cell then reads its own number."""
    rng = np.random.default_rng(7)
    scale = ColourScale(DIVERGING_MAP if diverging else SEQUENTIAL_MAP, diverging)
    cells = GridCells(scale)
    values = rng.uniform(-3 if diverging else 0, 3 if diverging else 1, (8, 9))
    set_numbers(cells, values)
    for _ in range(300):
        shown = [[cells.text(i, j) for j in range(9)] for i in range(8)]
        colours = cells.colour.copy()
        values = values + rng.normal(0, 0.004, values.shape)
        near = rng.random(values.shape) < 0.2  # onto a tie and a few ulps either side of it
        ties = (np.floor(values * 100) + 0.5) / 100
        values[near] = ties[near] + rng.integers(-3, 4, values.shape)[near] * np.spacing(ties[near])
        if not diverging:
            values = np.clip(values, 0, 1)
        values[0] = cells.values[0]
        dirty = set_numbers(cells, values)
        for i in range(8):
            for j in range(9):
                text = numbers.number(values[i, j], "en", 2)
                if text != shown[i][j] or cells.colour[i, j] != colours[i, j]:
                    assert (i, j) in dirty, (values[i, j], shown[i][j], text)
                assert cells.text(i, j) == text
        assert cells.dirty is None or all(i > 0 for i, _ in dirty)


@pytest.mark.parametrize(
    "magnitude", [5e-324, 2.2250738585072014e-308, 1e-300, 9e-5, 0.95, 7.3, 1.6e13, 1e300]
)
def test_the_colour_scale_has_a_bound_for_any_score_a_scene_can_hold(magnitude):
    """Tiny coordinates give scores down to the least float (5e-324, where 10⁻³²⁴ is already 0)."""
    bound = nice_bound(magnitude)
    assert magnitude <= bound <= 10 * magnitude
    scale = ColourScale(DIVERGING_MAP, diverging=True)
    scale.fit(magnitude)
    assert scale.bound == bound
