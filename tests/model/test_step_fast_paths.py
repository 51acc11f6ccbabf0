"""The cheap paths a drag step takes give exactly what the general ones gave.

lift/to_plane against the numpy formulas they replaced, with_vector against
dataclasses.replace (which checks the whole scene), the comparison computed on
first use, and attention's scores equal to the pair's numbers to the last bit.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model import scene as edits
from qk_explorer.model.attention import attention
from qk_explorer.model.geometry import pair_geometry
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, Scene, Scoring, key_ref, value_ref

finite = st.floats(-1e6, 1e6, allow_nan=False) | st.sampled_from([0.0, -0.0, 1e-310, -1e-300])
any_float = st.floats(allow_nan=True, allow_infinity=True)


@st.composite
def planes(draw):
    """The plane of a scene of 1–16 dimensions, as compute() makes it."""
    n = draw(st.sampled_from([1, 2]) | st.integers(3, 16))  # the flat planes half the time
    q = draw(st.lists(finite, min_size=n, max_size=n))
    k = draw(st.lists(finite, min_size=n, max_size=n))
    return compute(make_scene(q, [k])).plane


def numpy_lift(plane, point):
    a, b = point
    e1, e2 = (np.asarray(e) for e in plane.basis)
    return tuple(float(x) + 0.0 for x in a * e1 + b * e2)


def numpy_to_plane(plane, vector):
    v = np.asarray(vector, dtype=np.float64)
    e1, e2 = (np.asarray(e) for e in plane.basis)
    return float(v @ e1) + 0.0, float(v @ e2) + 0.0


def bits(numbers) -> list[str]:
    return [float(x).hex() for x in numbers]  # tells 0.0 from −0.0


@given(planes(), finite, finite)
@example(compute(make_scene((1.0,), [(1.0,)])).plane, -0.0, -0.0)
@example(compute(make_scene((1.0, 2.0), [(1.0, 0.0)])).plane, -0.0, -0.0)
def test_lift_is_numpys_a_e1_plus_b_e2_to_the_bit(plane, a, b):
    lifted = plane.lift((a, b))
    assert bits(lifted) == bits(numpy_lift(plane, (a, b)))
    assert all(type(x) is float for x in lifted)


@given(st.integers(1, 2).flatmap(lambda n: st.lists(finite, min_size=n, max_size=n)))
@example([-0.0])
@example([-0.0, -0.0])
def test_to_plane_of_a_flat_scene_is_numpys_to_the_bit(vector):
    plane = compute(make_scene(vector, [vector])).plane
    assert plane.shows_all
    assert bits(plane.to_plane(vector)) == bits(numpy_to_plane(plane, vector))
    assert bits(plane.to_plane(tuple(vector))) == bits(plane.to_plane(np.array(vector)))


@st.composite
def edits_of_one_vector(draw):
    n = draw(st.integers(1, 16))
    count = draw(st.integers(1, 8))
    vectors = st.lists(finite, min_size=n, max_size=n)
    scene = make_scene(
        draw(vectors),
        draw(st.lists(vectors, min_size=count, max_size=count)),
        draw(st.lists(vectors, min_size=count, max_size=count)),
    )
    ref = draw(st.sampled_from([QUERY, *map(key_ref, range(count)), *map(value_ref, range(count))]))
    return scene, ref, draw(st.lists(any_float, min_size=n, max_size=n))


def _replaced(scene: Scene, ref, vector) -> Scene:
    """with_vector as it was: dataclasses.replace, which checks the whole scene again."""
    if ref is QUERY:
        queries = list(scene.queries)
        queries[scene.selected_query] = vector
        return dataclasses.replace(scene, queries=tuple(queries))
    field = "keys" if ref.kind is edits.Kind.KEY else "values"
    items = list(getattr(scene, field))
    items[ref.index] = vector
    return dataclasses.replace(scene, **{field: tuple(items)})


@given(edits_of_one_vector())
def test_with_vector_makes_the_scene_replace_made_and_a_valid_one(edit):
    scene, ref, coordinates = edit
    edited = edits.with_vector(scene, ref, coordinates)
    assert edited == _replaced(scene, ref, edits._vector(coordinates))
    assert dataclasses.replace(edited) == edited  # every check of a new Scene passes
    assert hash(edited) == hash(dataclasses.replace(edited))
    assert scene == make_scene(scene.query, scene.keys, scene.values)  # the old one is untouched


@pytest.mark.parametrize("ref", [QUERY, key_ref(0), value_ref(0)])
@pytest.mark.parametrize("bad", [(math.nan, 0.0), (math.inf, 0.0), (2e6, 0.0), (1.0,)])
def test_with_vector_still_checks_the_vector_it_puts_in(monkeypatch, ref, bad):
    # _vector clamps every coordinate; should it ever let one through, the Scene check catches it.
    scene = make_scene((2, 1), [(1, 2)])
    monkeypatch.setattr(edits, "_vector", lambda coordinates: bad)
    with pytest.raises(ValueError, match=r"dimension|coordinate"):
        edits.with_vector(scene, ref, (3.0, 4.0))


@pytest.mark.parametrize("scoring", list(Scoring))
def test_the_comparison_is_the_other_rule_computed_on_first_use(scoring):
    scene = edits.with_scoring(preset_scene("four-keys"), scoring)
    results = compute(scene)
    assert "comparison" not in vars(results)
    other = Scoring.COSINE if scoring is Scoring.DOT else Scoring.DOT
    assert results.comparison == attention(scene, other)
    assert results.comparison is results.comparison
    assert {results.dot_attention.scoring, results.cosine_attention.scoring} == {Scoring.DOT, Scoring.COSINE}
    assert results.dot_attention == attention(scene, Scoring.DOT)
    assert results.cosine_attention == attention(scene, Scoring.COSINE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        results.comparison = None


@given(st.integers(1, 16).flatmap(lambda n: st.lists(st.lists(finite, min_size=n, max_size=n), min_size=2)))
def test_a_keys_score_is_the_pairs_product_and_cosine_to_the_bit(vectors):
    q, *keys = vectors
    scene = make_scene(q, keys)
    dot, cosine = attention(scene, Scoring.DOT), attention(scene, Scoring.COSINE)
    for i, k in enumerate(scene.keys):
        pair = pair_geometry(scene.query, k, i)
        assert dot.scores[i].hex() == pair.dot.hex()
        if pair.cosine is None:
            assert cosine.scores[i] is None
        else:
            assert cosine.scores[i].hex() == pair.cosine.hex()
