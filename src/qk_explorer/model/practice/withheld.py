"""What an open question withholds: the ids every surface is told to hide until it is answered.

An id names a quantity wherever it appears: its digits in a panel's row or a
grid's cells, in the canvas header, on the stage, in the status bar, in the live
description read to screen readers and in the lesson's text, and the drawing
that shows it. The ids are the vocabulary the lesson already uses
(model/lesson.py): the Numbers panel's rows (PAIR_ROWS), the attention panel's
(ATTENTION_ROWS), the matrix panel's grids (MATRIX_ROWS) and the canvas's parts
(EMPHASIS_PARTS). Where a canvas part and a row share a name they are one
quantity, so withholding it hides both. ADDED names what that vocabulary had no
id for. COVERS says, for every id whose reach is not plain from its row, what it
hides.

A question's `asks` (questions.py) is built from the groups below: everything
that shows its answer, or gives it away in one step (with one key, that key's
score is q·k; the cosine and the two lengths give q·k back).
"""

from __future__ import annotations

from ..lesson import EMPHASIS_PARTS, HIGHLIGHT_IDS

ADDED = {
    "winner": "which key gets the largest weight, however it is marked: its name in words, "
    "a row set in bold or coloured",
    "winner_map": "the canvas's map of which key a query at each point would weigh most, and its names",
    "bilinear": "B = W_Qᵀ W_K in the Projections panel, with whether it is symmetric and an inner product",
}

COVERS = {
    "dot": "q·k: the Numbers row with its terms written out, the canvas header's q·k, "
    "the same-product overlay's number",
    "angle": "θ: its row, the canvas header's θ, and the angle's arc on the canvas with its label "
    "(the arc's size shows the kind of angle)",
    "cosine": "cos θ: its row and the canvas header's cos θ",
    "relation": "acute, right or obtuse: the Numbers row, the status bar, the live description",
    "projection": "the canvas's construction of proj_k(q): the projected arrow, its foot, "
    "the perpendicular remainder and the band between them",
    "weights": "every weight: the attention table's column, every bar chart of the weights, the stage's bars",
    "output": "Σ wᵢvᵢ: its row, its arrow on the canvas and the tip-to-tail construction",
    "matrix_outputs": "every query's output: the matrix panel's column and the other rows' output arrows",
    **ADDED,
}

IDS = frozenset(HIGHLIGHT_IDS | EMPHASIS_PARTS | ADDED.keys())

# Groups a question's `asks` is made of.
PRODUCT = frozenset({"dot", "scores", "logits", "matrix_scores", "matrix_logits"})
ANGLE = frozenset({"cosine", "angle", "relation", "ratio"})
PROJECTION = frozenset({"comp", "proj", "perp", "projection"})
WEIGHTS = frozenset({"weights", "output", "winner", "winner_map", "matrix_weights", "matrix_outputs"})
# Under cosine scoring the scores and logits are the cosines themselves.
COSINE_SCORES = frozenset({"scores", "logits", "matrix_scores", "matrix_logits"})
