"""The training loop: Adam on fresh batches of a task, with snapshots of every parameter.

A run is reproducible bit for bit: the seed alone draws the first parameters
and then every batch, in that order, from one numpy Generator. A GUI runs
`train` off its own thread: `progress(step, loss, accuracy)` is called after
every step (the batch's loss and accuracy before that step's update),
`snapshot(s)` with each snapshot as it is taken (so a view can show the head
while it learns), and setting `cancel` (a threading.Event) stops the run after
the step under way; the snapshots so far come back, the last one where it
stopped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .adam import Adam
from .gradients import gradients
from .model import Parameters, Shape, accuracy, forward, initial_parameters, loss
from .tasks import TASKS, Task

DEFAULT_SHAPE = Shape(vocab=8, positions=8, d_model=16)
BATCH = 64
SNAPSHOT_EVERY = 20
EVALUATION_SEQUENCES = 2000
MAX_SEED = 2**32 - 1
MAX_STEPS = 20_000

Progress = Callable[[int, float, float], None]
Taken = Callable[["Snapshot"], None]


@dataclass(frozen=True)
class Settings:
    task: str
    seed: int = 0
    steps: int | None = None  # None: the task's own count, enough for every seed tried
    shape: Shape = DEFAULT_SHAPE
    batch: int = BATCH
    snapshot_every: int = SNAPSHOT_EVERY

    @property
    def the_task(self) -> Task:
        return TASKS[self.task]

    @property
    def step_count(self) -> int:
        return self.the_task.steps if self.steps is None else self.steps


@dataclass(frozen=True)
class Snapshot:
    step: int  # parameters after this many updates
    parameters: Parameters
    # The batch drawn at this step, before its update; for the last snapshot, the held-out evaluation.
    loss: float
    accuracy: float


@dataclass(frozen=True)
class Evaluation:
    """Loss and accuracy on fresh sequences no batch of training drew."""

    loss: float
    accuracy: float


@dataclass(frozen=True)
class Run:
    settings: Settings
    snapshots: tuple[Snapshot, ...]  # step 0, every snapshot_every steps, and the last
    evaluation: Evaluation  # of the last snapshot
    cancelled: bool = False

    @property
    def final(self) -> Snapshot:
        return self.snapshots[-1]

    @property
    def steps(self) -> int:
        return self.final.step


def train(
    settings: Settings,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    snapshot: Taken | None = None,
) -> Run:
    task, shape = settings.the_task, settings.shape
    rng = np.random.default_rng(settings.seed)
    parameters = initial_parameters(shape, rng)
    optimiser = Adam()
    snapshots = []
    count, done = settings.step_count, 0
    while done < count and not (cancel is not None and cancel.is_set()):
        tokens, targets, scored = task.batch(rng, settings.batch, shape.vocab, shape.positions)
        f = forward(parameters, tokens)
        batch_loss, batch_accuracy = loss(f, targets, scored), accuracy(f, targets, scored)
        if done % settings.snapshot_every == 0:
            snapshots.append(Snapshot(done, parameters.copy(), batch_loss, batch_accuracy))
            if snapshot is not None:
                snapshot(snapshots[-1])
        optimiser.update(parameters, gradients(parameters, f, targets, scored))
        done += 1
        if progress is not None:
            progress(done, batch_loss, batch_accuracy)
    evaluation = evaluate(parameters, settings)
    snapshots.append(Snapshot(done, parameters.copy(), evaluation.loss, evaluation.accuracy))
    if snapshot is not None:
        snapshot(snapshots[-1])
    return Run(settings, tuple(snapshots), evaluation, cancelled=done < count)


def evaluation_rng(seed: int) -> np.random.Generator:
    """The held-out sequences' own stream: the seed's, apart from training's."""
    return np.random.default_rng([seed, 1])


def evaluate(parameters: Parameters, settings: Settings, count: int = EVALUATION_SEQUENCES) -> Evaluation:
    shape = settings.shape
    tokens, targets, scored = settings.the_task.batch(
        evaluation_rng(settings.seed), count, shape.vocab, shape.positions
    )
    f = forward(parameters, tokens)
    return Evaluation(loss(f, targets, scored), accuracy(f, targets, scored))
