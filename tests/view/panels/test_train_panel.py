"""The Train panel, driven with the mouse: train, scrub the timeline, cancel, keep a head as the scene."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyle, QStyleOptionSlider

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import key_ref, query_ref, value_ref
from qk_explorer.model.training.head_scene import head_scene
from qk_explorer.model.training.model_file import read_model_file
from qk_explorer.model.training.run import Settings, train
from qk_explorer.model.training.tasks import TASKS

from ..helpers import act, raise_panel

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
EXAMPLE = TASKS["previous-token"].example
RUN_MS = 60_000  # what a run may take on a loaded machine, before the test gives up


@pytest.fixture
def trainer(make_window):
    """A window on the untrained head, its Train panel in front; runs of 100 steps (six snapshots)."""
    window = make_window(preset_scene("untrained-head"), size=(1600, 1000))
    panel = raise_panel(window, "training")
    window.training.session.steps = 100
    return window, panel


def click(widget) -> None:
    QTest.mouseClick(widget, LEFT, NONE, widget.rect().center())


def trained(qtbot, window, panel) -> None:
    click(panel.train)
    qtbot.waitUntil(lambda: not window.training.session.running, timeout=RUN_MS)


def handle_centre(slider) -> QPoint:
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    rect = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, slider
    )
    return rect.center()


def scrub_to(slider, index: int) -> None:
    """Drag the timeline's handle with the mouse to the snapshot `index`."""
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    groove = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, slider
    )
    handle = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, slider
    )
    span = groove.width() - handle.width()
    x = groove.x() + handle.width() // 2 + QStyle.sliderPositionFromValue(0, slider.maximum(), index, span)
    start = handle_centre(slider)
    end = QPoint(x, start.y())
    QTest.mousePress(slider, LEFT, NONE, start)
    for i in range(1, 9):
        QTest.mouseMove(slider, start + (end - start) * (i / 8))
    QTest.mouseRelease(slider, LEFT, NONE, end)


def drawn(window, ref) -> tuple[float, float]:
    tip = window.canvas.tip_position(ref)
    return tip.x(), tip.y()


def test_train_then_scrub_the_timeline_and_the_canvas_shows_each_snapshots_head(qtbot, trainer):
    window, panel = trainer
    session = window.training.session
    trained(qtbot, window, panel)
    assert [s.step for s in session.snapshots] == [0, 20, 40, 60, 80, 100]
    assert session.index == 5 and panel.progress.value() == 100
    assert panel.curve.loss.getData()[0].tolist() == list(range(1, 101))  # every step's loss
    for index in (0, 2, 5, 1):
        scrub_to(panel.timeline, index)
        assert session.index == index and panel.timeline.value() == index
        expected = head_scene(session.snapshots[index].parameters, EXAMPLE)
        for i in range(8):  # the arrows are that snapshot's W_Q xᵢ, W_K xᵢ and W_V xᵢ
            for ref, vectors in ((query_ref(i), expected.queries), (key_ref(i), expected.keys)):
                assert drawn(window, ref) == pytest.approx(vectors[i], abs=1e-9)
            assert drawn(window, value_ref(i)) == pytest.approx(expected.values[i], abs=1e-9)
        weights = window.controller.results.matrix.weights  # the matrix panel's attention pattern
        assert np.allclose(weights, compute_weights(expected), atol=1e-12)
        assert f"step {session.snapshots[index].step} of 100" in panel.position.text()
    # Showing a snapshot is no edit: nothing to undo, nothing to save.
    assert window.controller.undo_stack.count() == 0 and not window.isWindowModified()


def compute_weights(scene):
    from qk_explorer.model import compute

    return compute(scene).matrix.weights


def test_the_trained_head_weighs_the_previous_token_and_the_pair_follows_it(qtbot, trainer):
    window, panel = trainer
    window.training.session.steps = None  # the task's own 400 steps
    trained(qtbot, window, panel)
    scene = window.controller.scene
    assert scene.selected_query == 7 and scene.selected_key == 6  # q₈ weighs k₇ most
    assert window.controller.results.attention.weights[6] > 0.95
    assert "100" in panel.status.text()  # right on every fresh sequence
    scrub_to(panel.timeline, 0)
    assert window.controller.results.attention.weights[6] < 0.5  # it had not learned it yet


def test_cancel_mid_training_leaves_a_usable_window(qtbot, trainer):
    window, panel = trainer
    session = window.training.session
    session.steps = None
    click(panel.train)
    qtbot.waitUntil(lambda: len(session.snapshots) >= 2, timeout=RUN_MS)
    assert panel.cancel.isEnabled() and not panel.train.isEnabled()
    click(panel.cancel)
    qtbot.waitUntil(lambda: not session.running, timeout=RUN_MS)
    assert session.cancelled and session.snapshots[-1].step < 400
    assert panel.status.text() == f"Cancelled after {session.snapshots[-1].step} steps."
    assert panel.train.isEnabled() and panel.timeline.isEnabled() and not panel.cancel.isEnabled()
    # The window goes on as before: a lesson pair to drag, and training again from the start.
    window.load_preset("lesson-pair")
    assert window.controller.scene.query == (2.0, 1.0)
    session.steps = 40
    trained(qtbot, window, panel)
    assert [s.step for s in session.snapshots] == [0, 20, 40] and not session.cancelled


def test_use_as_scene_is_one_undoable_step_and_the_head_then_works_as_any_scene(qtbot, trainer):
    window, panel = trainer
    trained(qtbot, window, panel)
    scrub_to(panel.timeline, 3)
    click(panel.use)
    c = window.controller
    assert c.undo_stack.count() == 1 and window.isWindowModified()
    assert c.scene.title == "Trained head: previous-token, seed 3, 60 steps"
    assert c.scene.queries == head_scene(window.training.session.snapshots[3].parameters, EXAMPLE).queries
    numpy_code = window.desktop.exporting.example_text("numpy")
    assert "W_Q" in numpy_code and "F@8" in numpy_code
    # A scrub of one of W_Q's entries moves the arrows, one more undo step.
    projections = raise_panel(window, "projections")
    line = projections.editors["w_q"].spins[0][0].lineEdit()
    start = QPoint(line.width() // 2, line.height() // 2)
    before = c.scene.queries
    QTest.mousePress(line, LEFT, NONE, start)
    for dx in range(10, 60, 10):
        QTest.mouseMove(line, start + QPoint(dx, 0))
    QTest.mouseRelease(line, LEFT, NONE, start + QPoint(50, 0))
    assert c.scene.queries != before and c.undo_stack.count() == 2
    c.undo_stack.undo()
    c.undo_stack.undo()
    assert c.undo_stack.index() == 0


def test_another_sequence_shows_the_same_snapshot_reading_other_symbols(qtbot, trainer):
    window, panel = trainer
    trained(qtbot, window, panel)
    click(panel.another)
    labels = window.controller.scene.tokens.labels
    assert labels != preset_scene("untrained-head").tokens.labels
    assert "Sequence: " + " ".join(labels) == panel.sequence.text()
    fresh = TASKS["previous-token"].sequence(0, 8, 8)
    snapshot = window.training.session.snapshot
    assert window.controller.scene.queries == head_scene(snapshot.parameters, fresh).queries
    click(panel.example)
    assert window.controller.scene.tokens.labels == preset_scene("untrained-head").tokens.labels


def test_the_trained_model_export_writes_the_snapshot_that_training_gives_again(qtbot, trainer, tmp_path):
    window, panel = trainer
    assert not act(window, "exportTrainedModel").isEnabled()  # nothing trained yet
    trained(qtbot, window, panel)
    scrub_to(panel.timeline, 2)
    assert act(window, "exportTrainedModel").isEnabled()
    path = tmp_path / "head.json"
    assert window.desktop.exporting.export("exportTrainedModel", str(path))
    model = read_model_file(str(path))
    assert (model.task, model.seed, model.steps) == ("previous-token", 3, 40)
    again = train(Settings(model.task, model.seed, model.steps)).final.parameters
    assert np.array_equal(again.w_q, model.parameters.w_q) and np.array_equal(again.w_k, model.parameters.w_k)


def test_ctrl_t_trains_and_the_actions_follow_the_run(qtbot, make_window):
    window = make_window(preset_scene("lesson-pair"), size=(1600, 1000))
    session = window.training.session
    session.steps = 40
    assert not window.dock_shown("training")
    window.activateWindow()  # a key press as the user makes it: the window active, the canvas focused
    QTest.qWaitForWindowActive(window)
    window.canvas.setFocus()
    QTest.keyClick(window.canvas, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert session.running
    qtbot.waitUntil(lambda: window.dock_shown("training"))  # its tab comes forward
    assert act(window, "cancelTraining").isEnabled() and not act(window, "trainHead").isEnabled()
    qtbot.waitUntil(lambda: not session.running, timeout=RUN_MS)
    assert act(window, "useTrainedHead").isEnabled() and not act(window, "cancelTraining").isEnabled()
    assert window.controller.scene.tokens is not None  # the head is on the canvas


def test_a_window_closed_mid_training_takes_its_thread_with_it(qtbot):
    import threading

    from PySide6.QtCore import QCoreApplication, QEvent

    from qk_explorer.window import build_window

    window = build_window(preset_scene("untrained-head"), lang="en", theme="light")  # deleted below
    window.show()
    session = window.training.session
    window.training.train()
    qtbot.waitUntil(lambda: len(session.snapshots) >= 1, timeout=RUN_MS)
    assert session.running and "qk-training" in [t.name for t in threading.enumerate()]
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert "qk-training" not in [t.name for t in threading.enumerate()]  # waited for, not left running
