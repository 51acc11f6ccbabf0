"""Where each name goes when several arrows end on one tip: a place each, in a fixed order,
the first beside the tip on the side with room, the next on the other."""

from types import SimpleNamespace

import pytest

from qk_explorer.view.canvas.label_side import CLOCKWISE, COUNTER_CLOCKWISE
from qk_explorer.view.canvas.tip_names import BEYOND, name_place

TIP = (2.0, 0.0)
ABOVE, BELOW = (2.0, 0.5), (2.0, -0.5)  # an arrow passing close by either side of TIP's


def scene(keys=(), queries=(ABOVE, ABOVE), values=()):
    """The arrows that end on TIP, with a query ending ABOVE it, so the room is below."""
    return SimpleNamespace(
        keys=[*keys, ABOVE], queries=list(queries), values=[*values, ABOVE], query_count=len(queries)
    )


def place(kind, at_tip):
    return name_place(kind, at_tip, TIP, None)  # a 2-D scene: no plane to turn


@pytest.mark.parametrize("kind", ["key", "query", "value", "output"])
def test_alone_on_its_tip_a_name_is_written_beyond_it(kind):
    assert place(kind, scene()) == BEYOND


def test_key_query_value_and_output_on_one_tip_take_every_place_and_the_output_none():
    """Self-attention with W_V = W_K, and a row that attends to its own key alone."""
    every = scene(keys=[TIP], queries=[TIP, ABOVE], values=[TIP])
    places = {kind: place(kind, every) for kind in ("key", "query", "value")}
    assert places == {"key": BEYOND, "query": CLOCKWISE, "value": COUNTER_CLOCKWISE}
    assert place("output", every) is None


def test_a_query_a_value_and_an_output_share_the_three_places():
    """causal-tokens: q₁ = v₁ = o₁."""
    three = scene(queries=[TIP, ABOVE], values=[TIP])
    assert [place(kind, three) for kind in ("query", "value", "output")] == [
        BEYOND,
        CLOCKWISE,
        COUNTER_CLOCKWISE,
    ]


def test_the_first_name_beside_a_tip_takes_the_side_with_room():
    assert place("value", scene(keys=[TIP])) == CLOCKWISE  # k₄ = v₄, another arrow above
    below = scene(keys=[TIP], queries=[BELOW, BELOW])
    assert place("value", below) == COUNTER_CLOCKWISE
    assert place("output", scene(values=[TIP])) == CLOCKWISE  # o₁ = v₁


def test_the_one_query_of_a_scene_keeps_its_name_beyond_a_keys_tip():
    """It passes over the keys' tips as it is dragged; several queries on keys go beside."""
    assert place("query", scene(keys=[TIP], queries=[TIP])) == BEYOND
    assert place("query", scene(keys=[TIP], queries=[TIP, ABOVE])) == CLOCKWISE
