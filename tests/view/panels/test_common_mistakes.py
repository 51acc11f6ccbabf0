"""View ▸ Common Mistakes: the wrong computation beside the right one, on the canvas and in the grids."""

import pytest
from PySide6.QtGui import QAction

from qk_explorer.model.practice import Mistake
from qk_explorer.model.practice.wrong_attention import wrong_attention
from qk_explorer.model.presets import preset_scene
from qk_explorer.text import numbers
from qk_explorer.text.practice.pytorch import PYTORCH
from qk_explorer.view.practice.content import MISTAKES

from ..helpers import raise_panel

SCENES = ("lesson-attention", "several-queries", "causal-tokens", "padding-mask")


@pytest.mark.parametrize("preset", SCENES)
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.value)
def test_each_mistake_is_drawn_beside_the_right_computation(make_window, preset, mistake):
    window = make_window(preset_scene(preset))
    window.findChild(QAction, f"mistake_{mistake.value}").trigger()
    assert window.controller.mistake is mistake
    scene, results = window.controller.scene, window.controller.results
    wrong = wrong_attention(scene, mistake, results.matrix)
    item = window.practice.mistake_item
    assert item.isVisible()
    said = " ".join(item.texts())
    assert PYTORCH[mistake][0] in said
    if wrong is None:  # √d_model without tokens
        assert "cannot happen in this scene" in said and not item.arrows()
        return
    outputs = [row.output for row in wrong.rows if row.output is not None]
    assert len(item.arrows()) == len(outputs)
    drawn = sorted(tuple(round(c, 9) for c in (a.tip.x(), a.tip.y())) for a in item.arrows())
    assert drawn == sorted(tuple(round(c, 9) for c in o) for o in outputs)
    if scene.query_count > 1 or scene.tokens is not None:
        panel = raise_panel(window, "matrix")
        weighs = mistake is not Mistake.KEYS_NOT_VALUES
        assert panel.grids["mistake"].isVisibleTo(panel) == weighs
        assert panel.grids["mistake_outputs"].isVisibleTo(panel)
        for i, row in enumerate(wrong.rows):
            if weighs and row.weights is not None:
                texts = [panel.cell_text("mistake", i, j) for j in range(scene.key_count + 1)]
                expected = [numbers.number(w, "en", 2) for w in row.weights]
                masked = [not m for m in results.matrix.mask[i]]
                expected = ["0" if m else t for t, m in zip(expected, masked, strict=True)]
                assert texts == [*expected, numbers.number(row.weight_sum, "en", 2)]
    window.findChild(QAction, "mistake_none").trigger()
    assert window.controller.mistake is None and not item.isVisible()


def test_mask_after_softmax_leaves_weights_that_add_up_to_less_than_one(make_window):
    window = make_window(preset_scene("padding-mask"))
    window.findChild(QAction, "mistake_mask-after-softmax").trigger()
    panel = raise_panel(window, "matrix")
    keys = window.controller.scene.key_count
    sums = [panel.cell_text("mistake", i, keys) for i in range(window.controller.scene.query_count)]
    assert any(float(s) < 1 for s in sums)
    assert panel.titles["mistake"].text().startswith("✗ The mask after softmax")


def test_exponentials_without_the_maximum_overflow_and_say_so(make_window):
    from qk_explorer.model.scene import make_scene

    window = make_window(make_scene((1000.0, 0.0), [(1000.0, 0.0), (0.0, 1.0)]))
    window.findChild(QAction, "mistake_no-max-subtracted").trigger()
    said = " ".join(window.practice.mistake_item.texts())
    assert "no weights" in said and "too large for a float" in said  # said in words, never drawn
    assert not window.practice.mistake_item.arrows()
