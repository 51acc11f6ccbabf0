"""A common mistake on the stage keeps the back row's rules: names apart, clear of its caption.

View ▸ Common Mistakes draws each query's wrong output beside the right one, named with a ✗, and
writes the mistake's caption over the drawing. The wrong outputs' names join the canvas's rule for
names (they lay on Σwᵢvᵢ and on the outputs' names before), every name keeps clear of the
caption, and the scene is framed above it (it covered k₁ and its name before).
"""

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from qk_explorer.model.practice.mistakes import Mistake
from qk_explorer.model.presets import preset_scene
from qk_explorer.view.practice.content import MISTAKES

from .canvas_check import _box, canvas_problems, ready
from .stage_check import settle

SCENES = ("lesson-attention", "four-keys", "several-queries", "causal-self-attention")


def _caption(window):
    canvas = window.canvas
    view = canvas.getPlotItem().getViewBox()
    to_px = view.childGroup.sceneTransform() * canvas.viewportTransform()
    bounds = canvas.viewportTransform().mapRect(view.sceneBoundingRect())
    mistake = next(o for o in canvas._overlays if type(o).__name__ == "MistakeItem")
    return mistake, mistake.keeps_clear(to_px, bounds)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scene", SCENES)
def test_a_mistakes_names_lie_apart_and_clear_of_its_caption(presenting, scene, size):
    window = presenting(size, preset_scene(scene), lang="es")
    problems = []
    for mistake in MISTAKES:
        window.controller.show_mistake(mistake)
        QApplication.processEvents()
        settle()
        where = f"{scene} {mistake.value}"
        problems += canvas_problems(window, where)
        item, boxes = _caption(window)
        assert len(boxes) == 1 and item.isVisible()
        naming = window.canvas.name_boxes()
        for named, box in naming.boxes.items():
            if _box(box).intersects(boxes[0]):
                problems.append(f"{where}: the name {named.label!r} lies on the caption")
        drawn = [a for a in item.arrows() if a in naming.boxes]
        assert all(a.name_text.startswith("✗") or " = " in a.name_text or a.name_text == "" for a in drawn)
    window.controller.show_mistake(None)
    assert not problems, problems


def test_the_scene_is_framed_above_the_caption(presenting):
    """Showing a mistake frames the scene and the wrong arrows again, the caption's rows left to
    it: no tip lies under the caption; taking the mistake away frames the scene as before."""
    window = presenting((1280, 720), preset_scene("lesson-attention"), lang="es")
    window.canvas.fit_scene()  # Home, at this size
    before = window.canvas._viewbox.viewRange()
    window.controller.show_mistake(Mistake.KEYS_NOT_VALUES)
    QApplication.processEvents()
    ready(window.canvas)
    item, (box,) = _caption(window)
    canvas = window.canvas
    to_px = canvas._viewbox.childGroup.sceneTransform() * canvas.viewportTransform()
    scene = window.controller.scene
    tips = [*scene.queries, *scene.keys, *scene.values, *[(a.tip.x(), a.tip.y()) for a in item.arrows()]]
    assert not [tip for tip in tips if box.contains(to_px.map(QPointF(*tip)))]
    window.controller.show_mistake(None)
    QApplication.processEvents()
    assert window.canvas._viewbox.viewRange() == before
