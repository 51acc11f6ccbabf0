"""The change summary: which vectors moved, or that more than vectors changed."""

from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import scene as edits
from qk_explorer.model.change import EVERYTHING, NOTHING, SceneChange, scene_change
from qk_explorer.model.scene import QUERY, Kind, key_ref, make_scene, query_ref, value_ref

SCENE = make_scene(query=(1, 2), keys=[(1, 0), (0, 1), (1, 1)], values=[(1, 0), (0, 1), (2, 2)])
coordinate = st.floats(-10, 10, allow_nan=False)
refs = st.sampled_from([QUERY, key_ref(0), key_ref(2), value_ref(1)])


def names(ref):
    """How a change names a moved vector: the selected query both as QUERY and by its index."""
    return {QUERY, query_ref(0)} if ref.kind is Kind.QUERY else {ref}


def test_no_scene_before_is_everything_and_the_same_scene_is_nothing():
    assert scene_change(None, SCENE) == EVERYTHING
    assert scene_change(SCENE, SCENE) == NOTHING
    assert not NOTHING.touches(QUERY) and EVERYTHING.touches(QUERY)


@given(refs, coordinate, coordinate)
def test_one_moved_vector_is_named_alone(ref, x, y):
    after = edits.with_vector(SCENE, ref, (x, y))
    change = scene_change(SCENE, after)
    moved = set() if after.vector(ref) == SCENE.vector(ref) else names(ref)
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
    expected = set()
    for ref, _, _ in moves:
        if after.vector(ref) != SCENE.vector(ref):
            expected |= names(ref)
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


SEVERAL = make_scene(
    queries=[(1, 2), (2, 1), (0, 1)], keys=[(1, 0), (0, 1)], mask=[[True, True], [True, False], [True, True]]
)


@given(st.integers(0, 2), coordinate, coordinate)
def test_a_moved_query_is_named_by_its_index_and_as_q_when_selected(index, x, y):
    after = edits.with_vector(SEVERAL, query_ref(index), (x, y))
    change = scene_change(SEVERAL, after)
    if after.queries[index] == SEVERAL.queries[index]:
        assert change == NOTHING
        return
    assert change.moved == ({query_ref(index), QUERY} if index == 0 else {query_ref(index)})
    assert change.queries_moved and not change.keys_moved and not change.values_moved
    assert not change.everything and not change.selection


def test_several_queries_settings_and_selection():
    for after in (
        edits.with_mask(SEVERAL, 1, True, query=1),  # a row other than the selected one
        edits.with_mask(SEVERAL, 0, False),
        edits.with_causal(SEVERAL, True),
        edits.remove_query(SEVERAL, 2),
    ):
        change = scene_change(SEVERAL, after)
        assert change.settings and change.touches(query_ref(2)), after
    added = edits.add_query(SEVERAL)
    assert scene_change(SEVERAL, added) == SceneChange(settings=True, selection=True)


def test_selecting_another_query_is_a_selection_and_moves_q_only_if_it_lies_elsewhere():
    selected = edits.with_selected_query(SEVERAL, 2)
    assert scene_change(SEVERAL, selected) == SceneChange(moved=frozenset({QUERY}), selection=True)
    twin = edits.with_vector(SEVERAL, query_ref(2), (1, 2))
    assert scene_change(twin, edits.with_selected_query(twin, 2)) == SceneChange(selection=True)
    both = edits.with_selected_key(selected, 1)
    assert scene_change(SEVERAL, both).selection
