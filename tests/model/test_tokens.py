"""Token scenes: q, k and v derived from embeddings and W_Q, W_K, W_V, and edited only through them."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute
from qk_explorer.model.change import scene_change
from qk_explorer.model.scene import (
    COORDINATE_LIMIT,
    QUERY,
    add_key,
    add_query,
    key_ref,
    query_ref,
    remove_key,
    remove_query,
    value_ref,
    with_causal,
    with_coordinate,
    with_dimension,
    with_mask,
    with_query_scaled,
    with_vector,
)
from qk_explorer.model.token_scene import (
    add_token,
    remove_token,
    token_scene,
    with_embedding,
    with_embedding_coordinate,
    with_label,
    with_projection_entry,
)
from qk_explorer.model.tokens import good_label, make_tokens
from tests.model.token_scenes import independent_vectors, token_scenes


def small() -> object:
    return token_scene(
        ["I", "saw", "her"],
        [(1, 0), (0, 1), (1, 1)],
        w_q=[(1, 2), (0, 1)],
        w_k=[(2, 0), (1, 1)],
        w_v=[(1, 0), (0, -1)],
    )


def test_each_token_gives_its_query_key_and_value_as_column_vectors():
    scene = small()
    # q₃ = W_Q x₃ = [[1, 2], [0, 1]] (1, 1) = (3, 1); k₃ = (2, 2); v₃ = (1, −1)
    assert scene.queries == ((1.0, 0.0), (2.0, 1.0), (3.0, 1.0))
    assert scene.keys == ((2.0, 1.0), (0.0, 1.0), (2.0, 2.0))
    assert scene.values == ((1.0, 0.0), (0.0, -1.0), (1.0, -1.0))
    assert scene.query_count == scene.key_count == 3 and scene.dimension == 2
    assert scene.tokens.labels == ("I", "saw", "her")


@given(token_scenes())
@settings(max_examples=150, deadline=None)
def test_every_derived_vector_matches_an_independent_float64_computation(scene):
    t = scene.tokens
    for derived, w in ((scene.queries, t.w_q), (scene.keys, t.w_k), (scene.values, t.w_v)):
        expected = independent_vectors(t.embeddings, w)
        size = max(1.0, *(abs(a) * abs(b) for row in w for a in row for x in t.embeddings for b in x))
        for got, want in zip(derived, expected, strict=True):
            assert list(got) == pytest.approx(want, rel=1e-12, abs=1e-13 * size)


@given(token_scenes())
@settings(max_examples=100, deadline=None)
def test_the_matrix_is_self_attention_over_the_derived_vectors(scene):
    """Q·Kᵀ over the tokens' q and k, computed here with numpy from X and the matrices."""
    t = scene.tokens
    x = np.asarray(t.embeddings)
    q, k = x @ np.asarray(t.w_q).T, x @ np.asarray(t.w_k).T
    scores = q @ k.T
    matrix = compute(scene).matrix
    size = max(1.0, float(np.abs(q).max() * np.abs(k).max()) * t.d_k)
    assert np.asarray(matrix.scores) == pytest.approx(scores, abs=1e-12 * size)
    assert matrix.shape == (t.count, t.count)


# ---- a derived vector is not edited by itself ------------------------------------------------------


def test_editing_a_derived_vector_directly_is_refused():
    scene = small()
    for edit in (
        lambda s: with_vector(s, QUERY, (5, 5)),
        lambda s: with_vector(s, key_ref(1), (5, 5)),
        lambda s: with_vector(s, value_ref(2), (5, 5)),
        lambda s: with_coordinate(s, query_ref(0), 1, 7.0),
        lambda s: with_query_scaled(s, 2.0),
        lambda s: add_key(s),
        lambda s: remove_key(s, 0),
        lambda s: add_query(s),
        lambda s: remove_query(s, 0),
        lambda s: with_dimension(s, 3),
    ):
        assert edit(scene) is scene


def test_settings_keep_the_tokens():
    scene = with_causal(with_mask(small(), 0, False, query=2), True)
    assert scene.tokens == small().tokens and scene.queries == small().queries
    assert scene.applied_mask == ((True, False, False), (True, True, False), (False, True, True))


# ---- edits through the tokens ------------------------------------------------------------------


def rebuilt(scene, **changed):
    """The scene made again from scratch with some of its tokens' fields replaced."""
    t = scene.tokens
    fields = {n: getattr(t, n) for n in ("embeddings", "w_q", "w_k", "w_v")} | changed
    return token_scene(t.labels, **fields, mask=scene.mask_matrix, causal=scene.causal, scale=scene.scale)


@given(token_scenes(), st.data())
@settings(max_examples=100, deadline=None)
def test_an_embedding_edit_derives_the_vectors_again(scene, data):
    t = scene.tokens
    i = data.draw(st.integers(0, t.count - 1))
    x = data.draw(st.lists(st.integers(-9, 9), min_size=t.d_model, max_size=t.d_model))
    edited = with_embedding(scene, i, x)
    embeddings = list(t.embeddings)
    embeddings[i] = tuple(float(c) for c in x)
    expected = rebuilt(scene, embeddings=embeddings)
    assert (edited.queries, edited.keys, edited.values) == (expected.queries, expected.keys, expected.values)
    assert edited.tokens.embeddings[i] == tuple(float(c) for c in x)


@given(token_scenes(), st.sampled_from(["w_q", "w_k", "w_v"]), st.data())
@settings(max_examples=100, deadline=None)
def test_a_matrix_entry_edit_derives_the_vectors_again(scene, name, data):
    t = scene.tokens
    r, c = data.draw(st.integers(0, t.d_k - 1)), data.draw(st.integers(0, t.d_model - 1))
    edited = with_projection_entry(scene, name, r, c, 3.5)
    assert edited.tokens.matrix(name)[r][c] == 3.5
    matrix = [list(row) for row in t.matrix(name)]
    matrix[r][c] = 3.5
    expected = rebuilt(scene, **{name: matrix})
    assert (edited.queries, edited.keys, edited.values) == (expected.queries, expected.keys, expected.values)


def test_an_edit_that_would_pass_the_limit_goes_only_as_far_as_it_may():
    scene = token_scene(["a", "b"], [(1000, 0), (0, 1)], [(1, 0)], [(1, 0)], [(0, 1)])
    edited = with_projection_entry(scene, "w_q", 0, 0, 5000)  # q₁ would be 5·10⁶
    assert 999 < edited.tokens.w_q[0][0] <= 1000 + 1e-9
    assert max(abs(x) for q in edited.queries for x in q) <= COORDINATE_LIMIT
    assert edited.queries[0][0] == pytest.approx(COORDINATE_LIMIT, rel=1e-9)
    pushed = with_embedding(scene, 0, (math.inf, -math.inf))  # clamped to ±10⁶, then to what fits
    assert all(abs(x) <= COORDINATE_LIMIT for v in (*pushed.queries, *pushed.keys) for x in v)
    assert with_embedding(scene, 0, (math.nan, 2)).tokens.embeddings[0] == (0.0, 2.0)


def test_out_of_range_indices_and_names_leave_the_scene_as_it_was():
    scene = small()
    assert with_embedding(scene, 3, (1, 1)) is scene
    assert with_embedding(scene, 0, (1, 1, 1)) is scene
    assert with_embedding_coordinate(scene, 0, 2, 1.0) is scene
    assert with_projection_entry(scene, "w_x", 0, 0, 1.0) is scene
    assert with_projection_entry(scene, "w_q", 2, 0, 1.0) is scene
    assert with_projection_entry(scene, "w_q", 0, -1, 1.0) is scene


@pytest.mark.parametrize(
    ("label", "good"),
    [
        ("cat", True),
        ("gato", True),
        ("niño", True),
        ("twelve-chars", True),
        ("thirteen-char", False),
        ("", False),
        ("  ", False),
        ("a\nb", False),
        ("a\u202eb", False),
        (3, False),
        (None, False),
    ],
)
def test_labels_are_short_words(label, good):
    assert good_label(label) is good
    edited = with_label(small(), 1, label)
    assert (edited.tokens.labels[1] == label) is good


def test_adding_and_removing_tokens_keeps_the_mask_square():
    scene = with_mask(small(), 1, False, query=0)
    grown = add_token(scene, "now", (2, 0))
    assert grown.tokens.labels == ("I", "saw", "her", "now")
    assert grown.queries[3] == (2.0, 0.0) and grown.keys[3] == (4.0, 2.0)
    assert grown.mask_matrix[0] == (True, False, True, True) and grown.mask_matrix[3] == (True,) * 4
    assert (grown.selected_query, grown.selected_key) == (3, 3)
    assert add_token(scene, "bad\tlabel") is scene
    shrunk = remove_token(grown, 1)
    assert shrunk.tokens.labels == ("I", "her", "now")
    assert shrunk.mask_matrix == ((True, True, True),) * 3
    assert shrunk.queries == (grown.queries[0], grown.queries[2], grown.queries[3])
    only = token_scene(["x"], [(1,)], [(1,)], [(1,)], [(1,)])
    assert remove_token(only, 0) is only


def test_tokens_that_do_not_give_the_scene_s_vectors_are_refused():
    scene = small()
    with pytest.raises(ValueError):
        type(scene)(
            **{**scene.__dict__, "tokens": make_tokens(["a"], [(1, 0)], [(1, 0)], [(1, 0)], [(1, 0)])}
        )
    with pytest.raises(ValueError):
        make_tokens(["a"], [(1, 0)], [(1, 0)], [(1, 0)], [(1, 0), (0, 1)])  # d_v ≠ d_k


# ---- what a token edit changes ---------------------------------------------------------------------


def test_an_embedding_edit_moves_that_token_s_query_key_and_value():
    scene = small()
    change = scene_change(scene, with_embedding(scene, 1, (2, 1)))
    assert change.moved == {query_ref(1), key_ref(1), value_ref(1)}
    assert change.tokens and not change.settings
    assert not change.projections  # W_Q, W_K, W_V and B stay: their views need not redraw


def test_a_matrix_edit_that_moves_no_vector_is_still_a_token_change():
    scene = token_scene(["a", "b"], [(1, 0), (2, 0)], [(1, 1)], [(1, 1)], [(1, 1)])
    change = scene_change(scene, with_projection_entry(scene, "w_k", 0, 1, 5.0))  # x₂ = 0 everywhere
    assert change.moved == frozenset() and change.tokens and change.projections


def test_labels_and_tokens_coming_or_going_are_settings():
    scene = small()
    assert scene_change(scene, with_label(scene, 0, "We")).settings
    assert scene_change(scene, add_token(scene, "new")).settings
