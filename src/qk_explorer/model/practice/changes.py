"""Which cells of the matrix change when the scene changes: one column, one row, all, none.

Questions 9 and 10 ask for it; the answer is found by making the change and
comparing compute() before and after, cell by cell.
"""

from __future__ import annotations

from ..results import compute
from ..scene import Scene, key_ref, with_vector

CHANGES = ("column", "row", "cell", "all", "none")
_SAME = 1e-9  # relative: softmax's own rounding moves a weight by less


def changed_cells(before, after) -> frozenset[tuple[int, int]]:
    """The cells (i, j) where two L×S grids differ (a row without values counts as unchanged)."""
    cells = set()
    for i, (row_a, row_b) in enumerate(zip(before, after, strict=True)):
        if row_a is None or row_b is None:
            continue
        for j, (a, b) in enumerate(zip(row_a, row_b, strict=True)):
            if (a is None) != (b is None) or (a is not None and abs(a - b) > _SAME * max(1.0, abs(a))):
                cells.add((i, j))
    return frozenset(cells)


def kind_of_change(cells: frozenset[tuple[int, int]], shape: tuple[int, int]) -> str:
    """One of CHANGES for a set of cells in an L×S grid; "some" when it is none of them."""
    rows, columns = shape
    if not cells:
        return "none"
    if len(cells) == rows * columns:
        return "all"
    if len({j for _, j in cells}) == 1 and len(cells) == rows:
        return "column"
    if len({i for i, _ in cells}) == 1 and len(cells) == columns:
        return "row"
    return "cell" if len(cells) == 1 else "some"


def moving_a_key(scene: Scene, key: int) -> tuple[str, str]:
    """What moving key `key` changes: (the kind of change of the scores, of the weights).

    The key moves by a step that no query is perpendicular to, so that every
    score it takes part in does change."""
    steps = ((1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, -1.0), (2.0, 1.0), (1.0, 2.0))
    for step in steps:
        full = (*step, *(1.0,) * (scene.dimension - 2))[: scene.dimension]
        if all(sum(a * b for a, b in zip(q, full)) != 0 for q in scene.queries):
            break
    moved = [a + b for a, b in zip(scene.keys[key], full)]
    return _compare(scene, with_vector(scene, key_ref(key), moved))


def shifting_every_key(scene: Scene, shift) -> tuple[str, str]:
    """What adding `shift` to every key changes (the values stay): (scores, weights)."""
    return _compare(scene, shifted(scene, shift))


def shifted(scene: Scene, shift) -> Scene:
    """Every key moved by `shift`; the values as they were."""
    for j, k in enumerate(scene.keys):
        scene = with_vector(scene, key_ref(j), [a + c for a, c in zip(k, shift)])
    return scene


def _compare(before: Scene, after: Scene) -> tuple[str, str]:
    a, b = compute(before).matrix, compute(after).matrix
    return (
        kind_of_change(changed_cells(a.scores, b.scores), a.shape),
        kind_of_change(changed_cells(a.weights, b.weights), a.shape),
    )
