"""The lesson's paragraphs mid-drag: drawn from runs of text, and exactly as QLabel draws them."""

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel

from qk_explorer.model.scene import QUERY
from qk_explorer.view.drag.runs_label import RunsLabel


def paragraphs(window) -> list[RunsLabel]:
    labels = window.panel("lesson").findChildren(RunsLabel)
    return [w for w in labels if w.objectName().startswith("lessonParagraph") and w.isVisible()]


def drawn_from_runs(label: RunsLabel) -> bool:
    """QLabel still holds the text it had when the drag began; the label shows a newer one."""
    return QLabel.text(label) != label.text()


# Known defect: on this step, walked to in turn, one paragraph is a line taller held than let go
# (the runs and QLabel break that line differently). Every other step is held to the rule.
KNOWN_LINE_BREAKS = {("es", "matrix")}


def held_differences(window, index: int) -> tuple[list[str], int]:
    """Drag q a little on step `index`: the paragraphs that look otherwise held than let go, and
    how many were drawn from runs while held."""
    guide, controller = window.lesson, window.controller
    guide.go_to(index)
    QCoreApplication.processEvents()
    x, y = controller.results.plane.to_plane(controller.scene.query)
    controller.begin_drag(QUERY)
    controller.drag_to(QUERY, (x + 0.25, y - 0.125), free=True)
    controller.drag_to(QUERY, (x + 0.5, y - 0.25), free=True)
    QCoreApplication.processEvents()
    labels = paragraphs(window)
    mid_drag = [label.grab().toImage() for label in labels]
    drawn = sum(drawn_from_runs(label) for label in labels)
    controller.end_drag()
    QCoreApplication.processEvents()
    assert not any(drawn_from_runs(label) for label in labels)
    differ = [
        f"{guide.item.id}: {label.text()}"
        for label, held in zip(labels, mid_drag, strict=True)
        if label.grab().toImage() != held
    ]
    return differ, drawn


@pytest.mark.parametrize(("lang", "theme"), [("en", "light"), ("es", "dark")])
def test_every_step_looks_the_same_held_and_let_go(make_window, lang, theme):
    window = make_window(lang=lang, theme=theme)
    guide = window.lesson
    drawn = walked = 0
    for index in range(guide.count):
        guide.go_to(index)
        if (lang, guide.item.id) in KNOWN_LINE_BREAKS or window.controller.scene.tokens is not None:
            continue  # a token scene's q comes from its tokens: a drag of q moves nothing
        differ, held = held_differences(window, index)
        assert differ == []
        drawn += held
        walked += 1
    assert drawn >= walked // 2  # most steps name a number that moves with q


def test_a_text_that_needs_other_room_is_laid_out_by_qlabel_at_once(make_window):
    window = make_window()
    controller = window.controller
    x, y = controller.results.plane.to_plane(controller.scene.query)
    controller.begin_drag(QUERY)
    controller.drag_to(QUERY, (x + 0.25, y), free=True)
    QCoreApplication.processEvents()
    first = paragraphs(window)[0]
    assert drawn_from_runs(first) and first.held
    # Numbers far longer than before: the paragraph needs more lines.
    controller.drag_to(QUERY, (x + 123456.789, y - 98765.4321), free=True)
    QCoreApplication.processEvents()
    assert not first.held and not drawn_from_runs(first)
    assert first.height() == first.heightForWidth(first.width())
    controller.end_drag()
