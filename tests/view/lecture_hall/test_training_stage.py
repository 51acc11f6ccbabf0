"""The training on the stage: the loss curve beside the canvas and where the timeline stands, for the
back row, while the lesson's step speaks of the training."""

from __future__ import annotations

import pytest

from qk_explorer.model.presets import preset_scene

from .stage_check import (
    NUMBER_RULE,
    TEXT_RULE,
    capital_height,
    digit_height,
    global_rect,
    page_problems,
    problems,
    settle,
)

RUN_MS = 60_000


def train(qtbot, window, steps: int = 60) -> None:
    session = window.training.session
    session.steps = steps
    window.training.train()  # Ctrl+T: presenting, the panel stays hidden
    qtbot.waitUntil(lambda: not session.running, timeout=RUN_MS)
    settle()


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_training_step_shows_the_curve_and_the_timeline_to_the_back_row(qtbot, presenting, size, lang):
    window = presenting(size, preset_scene("untrained-head"), lang=lang)
    window.lesson.go_to("training")
    settle()
    stage = window.presentation.stage
    assert not stage.shows("loss_curve") and not stage.shows("training")  # nothing trained yet
    train(qtbot, window)
    assert not window.dock_shown("training")  # no dock over the stage
    assert stage.shows("loss_curve") and stage.shows("training")
    values = [label.text() for label in stage.block("training").number_labels()]
    assert values[0] == ("60 of 60" if lang == "en" else "60 de 60") and values[2].endswith("%")
    assert problems(window, f"training {size}") == []
    curve = stage.drawing("loss_curve").plot
    assert curve.isVisible() and window.rect().contains(global_rect(curve))
    assert not global_rect(curve).intersects(global_rect(window.canvas))
    floor = size[1] / NUMBER_RULE
    tick_font = curve.getPlotItem().getAxis("bottom").style["tickFont"]
    assert digit_height(tick_font) >= floor  # the steps and the loss, read as numbers are
    assert capital_height(curve._legend_font) >= size[1] / TEXT_RULE
    assert curve.loss.getData()[0].size == 60 and curve.marker.value() == 60


def test_the_timeline_moves_the_stage_with_it_and_other_steps_show_no_curve(qtbot, presenting):
    window = presenting((1366, 768), preset_scene("untrained-head"))
    window.lesson.go_to("training")
    train(qtbot, window)
    stage = window.presentation.stage
    window.training.session.scrub(1)
    settle()
    assert stage.block("training").number_labels()[0].text() == "20 of 60"
    assert stage.drawing("loss_curve").plot.marker.value() == 20
    window.lesson.go_to("what-it-learned")  # reading the result: the table of q₈, no curve
    settle()
    assert not stage.shows("loss_curve") and not stage.shows("training") and stage.shows("attention")
    assert problems(window, "what-it-learned") == []


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_chapter_keeps_every_paragraph_on_the_stage(qtbot, presenting, size, lang):
    """A step of the chapter, and its question asked and solved, say all they have to say: every
    paragraph on one of the stage's pages, the training step trained as the room sees it too."""
    window = presenting(size, preset_scene("untrained-head"), lang=lang)
    guide = window.lesson
    chapter = [item for item in guide.lesson.items if item.chapter]
    assert [item.kind.value for item in chapter] == ["step", "step", "step", "question"]
    left_out = []
    for item in chapter:
        guide.go_to(item.id)
        settle()
        states = {"asked": None, "solved": lambda: guide.reveal(True)}
        if item.id == "training":
            states = {"trained": lambda: train(qtbot, window)}
        elif item.kind.value != "question":
            states = {"shown": None}
        for state, reach in states.items():
            if reach is not None:
                reach()
                settle()
            left_out += page_problems(window, f"{item.id} {state}")
    assert left_out == []
