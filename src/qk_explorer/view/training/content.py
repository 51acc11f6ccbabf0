"""What the Train panel and the stage say about a run: where the timeline stands, the loss, the
accuracy; the names of the tasks; the curve's points.

Written once here for the panel's line under the timeline and the stage's rows.
The loss and accuracy of a snapshot are those of the batch drawn at its step
(before that step's update); the last snapshot's, once the run is done, those of
the 2,000 held-out sequences it is judged on (the status line says so).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...model.lesson import TRAINING_ROWS
from ...model.training.head_scene import token_label
from ...model.training.run import EVALUATION_SEQUENCES
from ...text import numbers
from ..stage.parts import Row, Rows

LOSS_PLACES = 4  # a trained head's loss is some thousandths


translate = QCoreApplication.translate  # as translate("Training", …): pyside6-lupdate finds them


def task_names() -> dict[str, str]:
    """Each task as the panel offers it, in the interface language."""
    return {
        "previous-token": translate("Training", "previous token: the symbol just before"),
        "running-max": translate("Training", "running maximum: the largest symbol so far"),
        "pointer": translate("Training", "pointer: the symbol at the position a symbol names"),
    }


def position(session, lang: str) -> list[tuple[str, str, str]]:
    """(id, name, value) for where the timeline stands: its step, the loss, the accuracy; empty
    before any run."""
    snapshot = session.snapshot
    if snapshot is None:
        return []
    return [
        (
            "training_step",
            translate("Training", "step"),
            translate("Training", "{step} of {total}").format(step=snapshot.step, total=session.total_steps),
        ),
        ("training_loss", translate("Training", "loss"), numbers.number(snapshot.loss, lang, LOSS_PLACES)),
        ("training_accuracy", translate("Training", "accuracy"), numbers.percent(snapshot.accuracy, lang)),
    ]


def status(session, lang: str) -> str:
    """What the run is doing, for the line beside the progress bar."""
    if session.running:
        return translate("Training", "Training…")
    if session.cancelled:
        return translate("Training", "Cancelled after {steps} steps.").format(
            steps=session.snapshots[-1].step
        )
    if session.evaluation is not None:
        return translate("Training", "Trained: {accuracy} right on {count} fresh sequences.").format(
            accuracy=numbers.percent(session.evaluation.accuracy, lang), count=EVALUATION_SEQUENCES
        )
    return translate("Training", "Choose a task and a seed, then Train.")


def sequence_text(session) -> str:
    """The sequence the head reads, as the canvas names its tokens (symbol@position)."""
    return " ".join(token_label(s, i) for i, s in enumerate(session.sequence))


def curve(session) -> tuple[list[int], list[float], list[float]]:
    """Steps, losses and accuracies of every step trained so far."""
    steps = [s for s, _, _ in session.curve]
    return steps, [loss for _, loss, _ in session.curve], [a for _, _, a in session.curve]


def spoken(moment) -> bool:
    """The lesson's step speaks of the training."""
    return bool(moment.spoken & set(TRAINING_ROWS))


def stage_rows(session):
    """The timeline's position on the stage, while the lesson's step speaks of the training."""

    def texts(moment, _update, style) -> Rows | None:
        rows = position(session, style.lang) if spoken(moment) else []
        return Rows(tuple(Row(i, name, value) for i, name, value in rows)) if rows else None

    return texts


def stage_curve_shown(session):
    """The loss curve on the stage, beside the canvas, while the step speaks of the training. (It
    takes the room the token plane would: the heads it shows have 16 coordinates, never drawn in
    the plane; a scene of two would keep the plane.)"""

    def texts(moment, update, _style) -> bool | None:
        tokens = update.scene.tokens
        plane = tokens is not None and tokens.d_model == 2
        return True if spoken(moment) and session.curve and not plane else None

    return texts


def curve_name(kind: str) -> str:
    """The curve's legend ("loss", "accuracy") and the plot's name for a screen reader ("plot")."""
    return {
        "loss": translate("Training", "loss"),
        "accuracy": translate("Training", "accuracy"),
        "plot": translate("Training", "Loss and accuracy against the training steps"),
    }[kind]
