"""The Q·Kᵀ matrix against an independent float64 numpy computation of the whole matrix at once.

The reference below is written from the definition (PyTorch's order: scores
QKᵀ, times the scale, the mask, softmax along each row with its largest
logit subtracted, W·V), in matrices, sharing no code with the model. The
tolerances are those of test_attention_oracle.py, entry by entry: a score may
differ by numpy's rounding bound for its dot product, a logit by the scale
times that plus its own rounding, a weight by how far exp's argument moved.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model import results as results_module
from qk_explorer.model.attention import attention
from qk_explorer.model.presets import DEFAULT_PRESET, PRESETS
from qk_explorer.model.scene import Scene, Scoring
from qk_explorer.model.undefined import Undefined, Why

EPS = 2.0**-52
TINY = 4 * 2.0**-1074


class Reference:
    """Every number of the matrix for `scene`, in float64 numpy."""

    def __init__(self, scene: Scene, scoring: Scoring):
        q = np.array(scene.queries, dtype=np.float64)
        k = np.array(scene.keys, dtype=np.float64)
        self.values = np.array(scene.values, dtype=np.float64)
        rows, columns = len(q), len(k)
        mask = np.array(scene.mask_matrix, dtype=bool)
        if scene.causal:
            mask &= np.tril(np.ones((rows, columns), dtype=bool))  # torch.ones(L, S).tril()
        self.mask = mask
        q_zero, k_zero = ~q.any(axis=1), ~k.any(axis=1)
        if scoring is Scoring.DOT:
            self.scale = 1 / math.sqrt(q.shape[1]) if scene.scale is None else scene.scale
            self.scores = q @ k.T
            self.defined = np.ones((rows, columns), dtype=bool)
        else:
            self.scale = scene.cosine_multiplier
            self.scores = np.clip(_units(q) @ _units(k).T, -1.0, 1.0)
            self.defined = ~q_zero[:, None] & ~k_zero[None, :]
        self.logits = self.scores * self.scale
        self.undefined: list[Undefined | None] = []
        self.weights: list[np.ndarray | None] = []
        for i in range(rows):
            reason = None
            if scoring is Scoring.COSINE and q_zero[i]:
                reason = Undefined(Why.ZERO_QUERY_COSINE)
            elif scoring is Scoring.COSINE and (mask[i] & k_zero).any():
                reason = Undefined(Why.ZERO_KEY_COSINE, int(np.argmax(mask[i] & k_zero)))
            elif not mask[i].any():
                reason = Undefined(Why.ALL_MASKED)
            self.undefined.append(reason)
            if reason is not None:
                self.weights.append(None)
                continue
            shifted = np.where(mask[i], self.logits[i] - self.logits[i][mask[i]].max(), -np.inf)
            e = np.exp(shifted)
            self.weights.append(e / e.sum())


def _units(x: np.ndarray) -> np.ndarray:
    """Each row divided by its length, computed on the row rescaled by its largest coordinate."""
    peak = np.abs(x).max(axis=1, keepdims=True)
    scaled = np.divide(x, peak, out=np.zeros_like(x), where=peak > 0)
    length = np.sqrt((scaled * scaled).sum(axis=1, keepdims=True))
    return np.divide(scaled, length, out=np.zeros_like(x), where=length > 0)


def differences(scene: Scene, scoring: Scoring) -> list[str]:
    matrix = compute(scene).matrix if scoring is scene.scoring else None
    if matrix is None:
        from qk_explorer.model.matrix import attention_matrix

        matrix = attention_matrix(scene, scoring)
    ref = Reference(scene, scoring)
    problems: list[str] = []
    n = scene.dimension
    rows, columns = scene.query_count, scene.key_count
    if matrix.shape != (rows, columns):
        return [f"shape {matrix.shape}"]
    if matrix.mask != tuple(map(tuple, ref.mask.tolist())):
        problems.append(f"mask {matrix.mask} vs {ref.mask}")
    if matrix.scale != ref.scale:
        problems.append(f"scale {matrix.scale} vs {ref.scale}")
    for i, q in enumerate(scene.queries):
        logit_error = []
        for j, k in enumerate(scene.keys):
            s, ell = matrix.scores[i][j], matrix.logits[i][j]
            if not ref.defined[i, j]:
                if s is not None or ell is not None:
                    problems.append(f"[{i}][{j}]: {s}, {ell} for a cosine without a value")
                continue
            if scoring is Scoring.COSINE:
                score_tolerance = (2 * n + 6) * EPS
            else:
                products = [abs(a * b) for a, b in zip(q, k) if a and b]
                score_tolerance = 2 * max(len(products), 1) * EPS * math.fsum(products) + n * TINY
            _check(problems, f"scores[{i}][{j}]", s, float(ref.scores[i, j]), score_tolerance)
            if s is None:
                continue
            score_error = abs(s - ref.scores[i, j])
            rounding = 2 * EPS * abs(ref.logits[i, j]) + TINY
            _check(
                problems,
                f"logits[{i}][{j}]",
                ell,
                float(ref.logits[i, j]),
                abs(ref.scale) * score_error + rounding,
            )
            if ell is not None and ref.mask[i, j]:
                logit_error.append(abs(ell - ref.logits[i, j]))
        if matrix.undefined[i] != ref.undefined[i]:
            problems.append(f"row {i}: {matrix.undefined[i]} vs {ref.undefined[i]}")
        w_ref, w = ref.weights[i], matrix.weights[i]
        if (w is None) != (w_ref is None) or (matrix.outputs[i] is None) != (w_ref is None):
            problems.append(f"row {i}: weights {w} vs {w_ref}")
            continue
        if w_ref is None:
            continue
        delta = max(logit_error, default=0.0)
        largest = max(abs(x) for x in ref.logits[i][ref.mask[i]])
        moved = 2 * delta + 4 * EPS * largest if delta else 0.0
        spread = 2 * math.expm1(min(moved, 700.0)) + (columns + 10) * EPS
        # A weight lies in [0, 1]: no tolerance need exceed 1 (and the outputs' stays finite).
        tolerances = [min(float(x) * spread, 1.0) + TINY for x in w_ref]
        for j in range(columns):
            _check(problems, f"weights[{i}][{j}]", w[j], float(w_ref[j]), tolerances[j])
            if not ref.mask[i, j] and w[j] != 0.0:
                problems.append(f"weights[{i}][{j}]: a masked key weighs {w[j]}")
        output_ref = w_ref @ ref.values
        for c in range(n):
            v = ref.values[:, c]
            carried = math.fsum(t * abs(x) for t, x in zip(tolerances, v))
            tolerance = carried + (columns + 1) * EPS * float(np.abs(w_ref * v).sum()) + columns * TINY
            _check(problems, f"outputs[{i}][{c}]", matrix.outputs[i][c], float(output_ref[c]), tolerance)
    return problems


def _check(problems: list[str], name: str, x, y: float, tolerance: float) -> None:
    if x is None or type(x) is not float:
        problems.append(f"{name}: {x!r} where the reference has {y!r}")
    elif not math.isfinite(x) or not abs(x - y) <= tolerance:
        problems.append(f"{name}: {x!r} vs {y!r}, tolerance {tolerance:.3g}")
    elif x == 0 and math.copysign(1.0, x) < 0:
        problems.append(f"{name}: −0.0")


magnitudes = st.sampled_from([0.0, 1e-300, 1e-6, 1.0, 1e3, 1e6])


@st.composite
def vectors(draw, n):
    sizes = draw(st.lists(magnitudes, min_size=n, max_size=n))
    return [draw(st.floats(-1, 1, allow_nan=False)) * s for s in sizes]


@st.composite
def scenes(draw):
    n = draw(st.integers(1, 6))
    rows, columns = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    mask_row = st.lists(st.booleans(), min_size=columns, max_size=columns)
    mask = draw(
        st.lists(
            mask_row | st.just([False] * columns) | st.just([True] * columns), min_size=rows, max_size=rows
        )
    )
    return make_scene(
        queries=[draw(vectors(n)) for _ in range(rows)],
        keys=[draw(vectors(n)) for _ in range(columns)],
        values=[draw(vectors(n)) for _ in range(columns)],
        mask=mask,
        causal=draw(st.booleans()),
        scale=draw(st.none() | st.floats(-10, 10, allow_nan=False) | st.sampled_from([1e-6, 1e6, -1e6])),
        scoring=draw(st.sampled_from(list(Scoring))),
        cosine_multiplier=draw(st.sampled_from([1.0, -1.0, 10.0])),
        selected_query=draw(st.integers(0, rows - 1)),
    )


@given(scenes())
@example(
    make_scene(queries=[(1e6, -1e6), (-1e6, 1e6)], keys=[(1e6, 1e6), (-1e6, 1e6), (1e6, -1e6)], scale=1e6)
)
@example(make_scene(queries=[(1, 2), (2, 1)], keys=[(1, 0), (0, 1)], mask=[[False, False], [True, False]]))
@example(make_scene(queries=[(1, 2), (0, 0)], keys=[(1, 0), (0, 0)], scoring="cosine", mask=[True, False]))
@example(make_scene(queries=[(1, 0)] * 3, keys=[(1, 0)] * 5, causal=True, mask=[[False] * 5] * 3))
@settings(max_examples=300, deadline=None)
def test_the_matrix_equals_a_numpy_computation_of_it(scene):
    for scoring in Scoring:
        assert differences(scene, scoring) == [], scoring


@given(scenes())
@settings(max_examples=100, deadline=None)
def test_each_row_is_that_query_selected(scene):
    results = compute(scene)
    for i in range(scene.query_count):
        assert results.matrix.rows[i] == attention(scene, query=i)
    assert results.matrix.rows[scene.selected_query] is results.attention


def test_one_query_scenes_keep_every_number():
    for name, preset in PRESETS.items():
        scene = preset.scene
        if scene.query_count > 1:
            continue
        results = compute(scene)
        assert results.matrix.rows == (results.attention,), name
        assert results.matrix.weights == (results.attention.weights,), name
        for j, takes_part in enumerate(scene.mask):
            if takes_part:
                assert results.matrix.scores[0][j] == results.attention.scores[j], name
                assert results.matrix.logits[0][j] == results.attention.logits[j], name


def test_one_querys_matrix_is_not_computed_until_it_is_asked_for():
    results = compute(PRESETS[DEFAULT_PRESET].scene)
    assert "matrix" not in results.__dict__
    assert results.matrix is results.matrix


def test_with_several_queries_the_selected_row_is_read_from_the_matrix_not_worked_out_twice(monkeypatch):
    scene = PRESETS["several-queries"].scene
    expected = attention(scene)
    calls = []
    monkeypatch.setattr(results_module, "attention", lambda *a, **k: calls.append(a) or attention(*a, **k))
    results = compute(scene)
    assert calls == []
    assert "matrix" in results.__dict__  # worked out with the results, and kept
    assert results.attention == expected
    assert results.matrix.rows[scene.selected_query] is results.attention
