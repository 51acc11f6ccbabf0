"""The change summary: which vectors moved, or that more than vectors changed."""

from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import scene as edits
from qk_explorer.model.change import EVERYTHING, NOTHING, scene_change
from qk_explorer.model.scene import QUERY, key_ref, make_scene, value_ref

SCENE = make_scene(query=(1, 2), keys=[(1, 0), (0, 1), (1, 1)], values=[(1, 0), (0, 1), (2, 2)])
coordinate = st.floats(-10, 10, allow_nan=False)
refs = st.sampled_from([QUERY, key_ref(0), key_ref(2), value_ref(1)])


def test_no_scene_before_is_everything_and_the_same_scene_is_nothing():
    assert scene_change(None, SCENE) == EVERYTHING
    assert scene_change(SCENE, SCENE) == NOTHING
    assert not NOTHING.touches(QUERY) and EVERYTHING.touches(QUERY)


@given(refs, coordinate, coordinate)
def test_one_moved_vector_is_named_alone(ref, x, y):
    after = edits.with_vector(SCENE, ref, (x, y))
    change = scene_change(SCENE, after)
    moved = set() if after.vector(ref) == SCENE.vector(ref) else {ref}
    assert change.moved == moved
    assert not change.everything and not change.selection
    assert change.touches(ref) == bool(moved)
    assert change.keys_moved == (bool(moved) and ref.kind.value == "key")
    assert change.values_moved == (bool(moved) and ref.kind.value == "value")


@given(st.lists(st.tuples(refs, coordinate, coordinate), max_size=5))
def test_several_moves_name_exactly_the_vectors_that_differ(moves):
    after = SCENE
    for ref, x, y in moves:
        after = edits.with_vector(after, ref, (x, y))
    expected = {ref for ref, _, _ in moves if after.vector(ref) != SCENE.vector(ref)}
    assert scene_change(SCENE, after).moved == expected


def test_settings_and_selection():
    for after in (
        edits.with_mask(SCENE, 1, False),
        edits.with_scale(SCENE, 2.0),
        edits.with_scoring(SCENE, "cosine"),
        edits.with_dropout(SCENE, 0.5),
        edits.with_dimension(SCENE, 3),
        edits.remove_key(SCENE, 2),
    ):
        change = scene_change(SCENE, after)
        assert change.settings and change.everything and change.touches(QUERY), after
    added = edits.add_key(SCENE)
    assert scene_change(SCENE, added).settings and scene_change(SCENE, added).selection
    selected = edits.with_selected_key(SCENE, 2)
    assert scene_change(SCENE, selected) == type(NOTHING)(selection=True)
