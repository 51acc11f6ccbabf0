"""Scenes of several queries for the matrix's property tests: masks, causal and fully masked rows."""

from __future__ import annotations

from hypothesis import strategies as st

from qk_explorer.model import make_scene

grid = st.integers(-1000, 1000).map(lambda x: x / 100)  # the 0.01 grid, where rounding shows


@st.composite
def scenes(draw, coordinates, dimension: int = 8, largest: int = 8):
    n = draw(st.integers(1, dimension))
    rows, columns = draw(st.integers(1, largest)), draw(st.integers(1, largest))
    vectors = st.lists(coordinates, min_size=n, max_size=n)
    mask_row = st.lists(st.booleans(), min_size=columns, max_size=columns)
    return make_scene(
        queries=draw(st.lists(vectors, min_size=rows, max_size=rows)),
        keys=draw(st.lists(vectors, min_size=columns, max_size=columns)),
        values=draw(st.lists(vectors, min_size=columns, max_size=columns)),
        mask=draw(st.lists(mask_row | st.just([False] * columns), min_size=rows, max_size=rows)),
        causal=draw(st.booleans()),
        scale=draw(st.none() | st.sampled_from([0.05, 0.5, 2.0, -1.0])),
        selected_query=draw(st.integers(0, rows - 1)),
    )
