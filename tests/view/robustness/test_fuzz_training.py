"""Training in a fuzz run: a run ends within the event that starts it, and a timeline that plays
goes to its end. As many snapshots as the machine's speed let through before the next event
would make the same seed take another path on a faster or busier machine."""

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction

from qk_explorer.model.presets import preset_scene
from tests.fuzz.fuzzer import Fuzzer

STEPS = 100  # six snapshots: one every 20 steps, and the last


def test_a_training_run_has_every_snapshot_when_the_next_event_comes(make_window):
    window = make_window(preset_scene("untrained-head"))
    fuzzer = Fuzzer(window, seed=0)
    session = window.training.session
    session.steps = STEPS
    fuzzer._trigger(window.findChild(QAction, "trainHead"))
    QCoreApplication.processEvents()  # what the fuzzer does after every event
    assert not session.running
    assert [s.step for s in session.snapshots] == [0, 20, 40, 60, 80, 100]
    assert session.index == len(session.snapshots) - 1  # the timeline followed the run to its end

    session.show(0)
    window.panel("training").play.click()
    assert not session.playing
    assert session.index == len(session.snapshots) - 1
