"""The trained heads the lesson opens as presets, stored so that opening one does not train.

Each is a model file in resources/heads/, written by scripts/train-heads.py
from the task, seed and steps below; a test retrains each and finds the stored
parameters bit for bit. Its preset is the head on the task's example sequence.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from ...resources import resource_path
from ..scene import Scene
from .head_scene import head_scene
from .model_file import TrainedModel, read_model_file
from .tasks import TASKS


@dataclass(frozen=True)
class StoredHead:
    name: str  # the preset's name, and the file's: resources/heads/<name>.json
    title: str  # English; resources/lessons/<lang>/lesson.json translates it
    task: str
    seed: int
    steps: int


STORED_HEADS = (
    StoredHead(
        "untrained-head", "An untrained head: random W_Q and W_K, before any step", "previous-token", 3, 0
    ),
    StoredHead(
        "trained-previous-token",
        "A trained head: each token looks at the one before it",
        "previous-token",
        3,
        400,
    ),
    StoredHead(
        "trained-running-max",
        "A trained head: each token looks at the largest symbol so far",
        "running-max",
        3,
        600,
    ),
    StoredHead(
        "trained-pointer", "A trained head: each symbol names the position it looks at", "pointer", 3, 600
    ),
)


def head_path(name: str) -> Path:
    return resource_path("heads", f"{name}.json")


@cache
def stored_model(name: str) -> TrainedModel:
    return read_model_file(str(head_path(name)))


def stored_scene(head: StoredHead) -> Scene:
    """The stored head on its task's example sequence."""
    return head_scene(stored_model(head.name).parameters, TASKS[head.task].example, title=head.title)


# The check question on training: the previous-token head on a sequence it was never shown as an
# example (F C H B G A D E), its fifth query selected and k₁ beside it, so that the selected pair
# points at nothing. q₅ = G@5 puts 0.99 of its weight on k₄ = B@4.
QUESTION_HEAD = "trained-previous-token"
QUESTION_SEQUENCE = (5, 2, 7, 1, 6, 0, 3, 4)
QUESTION_QUERY = 4


def question_scene(title: str) -> Scene:
    scene = head_scene(stored_model(QUESTION_HEAD).parameters, QUESTION_SEQUENCE, title=title)
    return replace(scene, selected_query=QUESTION_QUERY, selected_key=0)
