"""Q·Kᵀ in numpy, every row at once, reads exactly as the exact computation: on screen and in files.

The exact computation is the definition worked out in exact arithmetic, sharing no code
with the model: a score is the sum of the rounded products qₖ·kₖ, its exact value
(fractions.Fraction) rounded once; a logit the score times the scale; a weight
exp(logit − the row's largest) over the exact sum of the row's exponentials (math.exp,
as the app takes it); their sum and each output coordinate Σⱼ wⱼ·vⱼ exact, rounded once.
Every number the matrix holds must be that float, to the bit, and so read the same
wherever it is shown: the panels' 3 decimals, the grid cells' 2, the weights' fixed 3,
and the exports' full precision (the numbers file, as JSON and as CSV). Inputs on the 0.01
grid matter most: there numpy's own summation reads differently in a few cells in a
hundred (8.571499999999999 for 8.5715). PyTorch's scaled_dot_product_attention (float64)
agrees within rounding (test_matrix_torch.py, on the 0.01 grid and up to 16 dimensions
too); a row with every key masked has no weights (PyTorch gives NaN or 0).
"""

from __future__ import annotations

import csv
import io
import json
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.attention import attention
from qk_explorer.model.exact_sums import exact_products
from qk_explorer.model.numbers_export import csv_cell, write_numbers, write_numbers_csv
from qk_explorer.model.scene import Scene
from qk_explorer.text import numbers
from tests.model.matrix_scenes import grid, scenes
from tests.model.test_matrix_torch import assert_matches_torch


def exact(terms) -> float:
    """The exact sum of floats, rounded once to the nearest float (ties to even)."""
    return float(sum(map(Fraction, terms), Fraction(0))) + 0.0


class Exact:
    """Every number of the matrix (dot products), row by row, in exact arithmetic."""

    def __init__(self, scene: Scene):
        scale = 1 / math.sqrt(scene.dimension) if scene.scale is None else scene.scale
        self.scores, self.logits, self.weights, self.sums, self.outputs = [], [], [], [], []
        for i, q in enumerate(scene.queries):
            scores = [exact([a * b for a, b in zip(q, k)]) for k in scene.keys]
            logits = [s * scale + 0.0 for s in scores]
            self.scores.append(scores)
            self.logits.append(logits)
            mask = scene.mask_row(i)
            if not any(mask):
                self.weights.append(None), self.sums.append(None), self.outputs.append(None)
                continue
            top = max(x for x, m in zip(logits, mask) if m)
            exps = [math.exp(x - top) if m else 0.0 for x, m in zip(logits, mask)]
            total = exact(exps)
            weights = [e / total for e in exps]
            self.weights.append(weights)
            self.sums.append(exact(weights))
            columns = zip(*[[w * x + 0.0 for x in v] for w, v in zip(weights, scene.values)])
            self.outputs.append([exact(c) for c in columns])


def readings(x: float) -> tuple[str, ...]:
    """A number as the panels, the weight columns, the grid cells and the exports write it."""
    return (
        numbers.number(x, "en"),
        numbers.weight(x, "es"),
        numbers.number(x, "es", numbers.GRID_PLACES),
        csv_cell(x),
        json.dumps(x),
    )


def assert_reads_as_exact(scene: Scene) -> None:
    results = compute(scene)
    m, e = results.matrix, Exact(scene)
    for i in range(scene.query_count):
        for name in ("scores", "logits", "weights", "outputs"):
            got, want = getattr(m, name)[i], getattr(e, name)[i]
            if want is None:
                assert got is None and m.undefined[i] is not None
                continue
            assert [readings(x) for x in got] == [readings(x) for x in want], (name, i)
            assert list(got) == want  # and so to the bit: the same float
        if e.sums[i] is not None:
            assert readings(m.rows[i].weight_sum) == readings(e.sums[i])
    document = json.loads(write_numbers(scene, results))["matrix"]  # the numbers export
    assert document["scores"] == e.scores and document["weights"] == e.weights
    assert document["outputs"] == e.outputs
    table = {}  # the numbers CSV: (quantity, query, key or coordinate) → value
    for name, query, key, coordinate, value, _ in csv.reader(io.StringIO(write_numbers_csv(scene, results))):
        table[name, query, key or coordinate] = value
    for i, (scores, outputs) in enumerate(zip(e.scores, e.outputs, strict=True)):
        for j, x in enumerate(scores):
            assert table["matrix.score", str(i + 1), str(j + 1)] == csv_cell(x)
        for c, x in enumerate(outputs or ()):
            assert table["matrix.output", str(i + 1), str(c + 1)] == csv_cell(x)


coordinates = grid | st.integers(-20, 20).map(lambda x: x / 2) | st.floats(-10, 10, allow_nan=False)


@given(scenes(coordinates, dimension=16, largest=10))
@example(make_scene(queries=[(-2.32, 2.12, -0.27)], keys=[(-1.59, 1.13, -2.83)]))  # 6.849, numpy's @ 6.848
@example(make_scene(queries=[(1, 2), (2, 1)], keys=[(1, 0), (0, 1)], mask=[[False, False], [True, False]]))
@example(make_scene(queries=[(1, 0)] * 3, keys=[(1, 0)] * 5, causal=True, mask=[[False] * 5] * 3))
@settings(max_examples=300, deadline=None)
def test_every_number_reads_as_the_exact_computation(scene):
    assert_reads_as_exact(scene)


@pytest.mark.parametrize("seed", [1, 2])
def test_64_queries_by_64_keys_of_16_on_the_grid_are_every_row_as_attention_gives_it(seed):
    """A scene as large as the app takes, where plain float sums read otherwise in some cells."""
    rng = np.random.default_rng(seed)
    draw = lambda shape: (rng.integers(-300, 301, shape) / 100).tolist()  # noqa: E731
    mask = rng.random((64, 64)) > 0.2
    mask[7] = False  # a row with every key masked
    scene = make_scene(queries=draw((64, 16)), keys=draw((64, 16)), values=draw((64, 16)), mask=mask.tolist())
    matrix = compute(scene).matrix
    for i in range(64):
        assert matrix.rows[i] == attention(scene, query=i)
    plain = np.array(scene.queries) @ np.array(scene.keys).T  # numpy's own sums …
    assert (plain != matrix.arrays.scores).sum() > 50  # … differ in the last bit: the test can fail
    assert_matches_torch(scene, 1e-9)


floats = st.floats(-1e6, 1e6, allow_nan=False) | st.sampled_from([0.0, -0.0, 1.0, 2.0**-53, 3e-320])


@given(st.lists(st.lists(floats, min_size=3, max_size=8), min_size=1, max_size=40))
@example([[1.0, 2.0**-53, 0.0]])  # a tie: to even
@example([[1.0, 2.0**-53, 2.0**-106], [1.0, 2.0**-53, -(2.0**-106)]])  # just past a tie, each way
@example([[1.0, 2.0**-53 + 2.0**-51, 2.0**-52 + 2.0**-104, -(2.0**-52)]])  # low parts of 54 bits, at a tie
@example([[1e16, 1.0, -1e16, 1e-300], [1.0, 1e-16, 1e-16, -1.0], [0.1, 0.2, -0.3, 0.0]])  # cancelling
@example([[3e-320, 5e-324, 0.0, 3e-320], [0.0] * 4])  # subnormal, and nothing at all
@settings(max_examples=500, deadline=None)
def test_exact_products_are_fsums_of_the_products(rows):
    """Each row's terms summed, negated and halved (exact products with 1, −1 and 0.5), in blocks
    of rows large enough for the vectorised sums, and each sum as math.fsum gives it."""
    n = max(map(len, rows))
    a = np.array([[*row, *[0.0] * (n - len(row))] for row in rows] * (1 + 300 // (3 * n * len(rows))))
    b = np.ones((n, 3)) * [1.0, -1.0, 0.5]
    want = [[math.fsum(x * y for x, y in zip(row, column)) for column in b.T.tolist()] for row in a.tolist()]
    assert exact_products(a, b).tolist() == want


@given(st.integers(0, 2**32 - 1), st.sampled_from([0.01, 0.5, 1.0, 8.0]), st.booleans(), st.booleans())
@settings(max_examples=25, deadline=None)
def test_64_by_64_scenes_of_any_spread_are_every_row_as_attention_gives_it(seed, spread, on_grid, causal):
    """Large enough for the numpy paths of the sums and the exponentials: inputs on a grid (every
    sum's low parts exact) or free, logits spread from under one unit to thousands (weights down
    to subnormal and 0), masked cells and a row with every key masked."""
    rng = np.random.default_rng(seed)

    def draw(shape):
        x = rng.integers(-300, 301, shape) / 100 if on_grid else rng.uniform(-3.0, 3.0, shape)
        return (x * spread).tolist()

    mask = rng.random((64, 64)) > rng.choice([0.0, 0.5])
    mask[rng.integers(64)] = False
    scene = make_scene(
        queries=draw((64, 16)), keys=draw((64, 16)), values=draw((64, 16)), mask=mask.tolist(), causal=causal
    )
    matrix = compute(scene).matrix
    for i in range(64):
        assert matrix.rows[i] == attention(scene, query=i)
