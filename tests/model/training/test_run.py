"""The training loop: reproducible bit for bit, snapshots, progress and cancelling."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from qk_explorer.model.training.model import NAMES
from qk_explorer.model.training.run import SNAPSHOT_EVERY, Settings, train
from qk_explorer.model.training.tasks import TASKS


def same_bits(a, b) -> bool:
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("task", list(TASKS))
def test_the_same_seed_gives_the_same_model_bit_for_bit(task):
    """Every task, at its own step count: two runs of one seed, every snapshot the same bits."""
    one, two = train(Settings(task, 5)), train(Settings(task, 5))
    assert len(one.snapshots) == len(two.snapshots)
    for a, b in zip(one.snapshots, two.snapshots, strict=True):
        assert a.step == b.step and a.loss == b.loss and a.accuracy == b.accuracy
        assert all(same_bits(getattr(a.parameters, n), getattr(b.parameters, n)) for n in NAMES)
    assert one.evaluation == two.evaluation


def test_another_seed_gives_another_model():
    one, two = train(Settings("pointer", 5, 10)), train(Settings("pointer", 6, 10))
    assert not np.array_equal(one.final.parameters.w_q, two.final.parameters.w_q)


def test_snapshots_every_few_steps_and_at_the_end():
    run = train(Settings("previous-token", 0, 50))
    assert [s.step for s in run.snapshots] == [0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, 50]
    assert run.steps == 50 and not run.cancelled
    # Snapshots are copies: the parameters moved on after each.
    assert not np.array_equal(run.snapshots[0].parameters.w_q, run.snapshots[1].parameters.w_q)
    assert run.final.loss == run.evaluation.loss and run.final.accuracy == run.evaluation.accuracy


def test_no_steps_is_the_untrained_head():
    run = train(Settings("previous-token", 3, 0))
    assert [s.step for s in run.snapshots] == [0]
    assert run.evaluation.accuracy < 0.5


def test_progress_is_told_every_step():
    seen = []
    train(
        Settings("running-max", 0, 30),
        progress=lambda step, loss, accuracy: seen.append((step, loss, accuracy)),
    )
    assert [s for s, _, _ in seen] == list(range(1, 31))
    assert all(loss > 0 and 0 <= accuracy <= 1 for _, loss, accuracy in seen)
    assert seen[-1][1] < seen[0][1]  # it learns


def test_each_snapshot_is_told_as_it_is_taken():
    seen = []
    run = train(Settings("previous-token", 0, 50), snapshot=seen.append)
    assert seen == list(run.snapshots)  # the same objects, in order, the final one last
    steps_told = []
    train(
        Settings("previous-token", 0, 25),
        progress=lambda step, loss, accuracy: steps_told.append(step),
        snapshot=lambda s: steps_told.append(("snapshot", s.step)),
    )
    # Step 20's snapshot is taken before its update: after progress said 20 steps were done.
    assert steps_told.index(("snapshot", 20)) == steps_told.index(20) + 1


def test_cancelling_stops_after_the_step_under_way_and_keeps_the_snapshots():
    cancel = threading.Event()

    def progress(step, loss, accuracy):
        if step == 45:
            cancel.set()

    run = train(Settings("pointer", 0, 1000), progress=progress, cancel=cancel)
    assert run.cancelled and run.steps == 45
    assert [s.step for s in run.snapshots] == [0, 20, 40, 45]
    whole = train(Settings("pointer", 0, 45))  # the same steps as an uncancelled run of 45
    assert np.array_equal(run.final.parameters.w_k, whole.final.parameters.w_k)


def test_a_run_in_another_thread_is_the_same_run():
    result = []
    thread = threading.Thread(target=lambda: result.append(train(Settings("pointer", 2, 40))))
    thread.start()
    thread.join()
    assert np.array_equal(
        result[0].final.parameters.w_v, train(Settings("pointer", 2, 40)).final.parameters.w_v
    )
