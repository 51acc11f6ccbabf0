"""Each task is learned: ≥ 99 % on 2,000 fresh sequences for five seeds, at the task's own steps.

(CPU time is a benchmark row, tests/benchmarks/training.py, not a timed test.)
"""

from __future__ import annotations

import numpy as np
import pytest

from qk_explorer.model.training.model import forward
from qk_explorer.model.training.run import Settings, evaluate, train
from qk_explorer.model.training.stored_heads import stored_model
from qk_explorer.model.training.tasks import TASKS

SEEDS = (0, 1, 2, 3, 4)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("task", list(TASKS))
def test_each_task_reaches_99_percent_on_fresh_sequences(task, seed):
    run = train(Settings(task, seed))
    assert run.evaluation.accuracy >= 0.99
    fresh = evaluate(run.final.parameters, Settings(task, seed + 1000))  # sequences of another stream
    assert fresh.accuracy >= 0.99


def test_previous_token_weighs_the_token_before_most_at_every_position():
    """At the end, argmaxⱼ wᵢⱼ = i − 1 at every position i ≥ 1 of 2,000 fresh sequences."""
    for parameters in (
        train(Settings("previous-token", 3)).final.parameters,
        stored_model("trained-previous-token").parameters,
    ):
        tokens, _, _ = TASKS["previous-token"].batch(np.random.default_rng(12345), 2000, 8, 8)
        weights = forward(parameters, tokens).weights
        assert (np.argmax(weights[:, 1:], axis=-1) == np.arange(7)).all()


def test_before_training_the_head_does_not_look_back_one():
    weights = forward(
        stored_model("untrained-head").parameters, np.array([TASKS["previous-token"].example])
    ).weights
    assert not (np.argmax(weights[0, 1:], axis=-1) == np.arange(7)).all()
