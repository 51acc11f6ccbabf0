"""The command line's trained heads: --train TASK [--seed N] [--steps K] and --export-model OUT.json.

--train trains a head (model/training/) and opens it as the scene, on its
task's example sequence, as any scene opens: --screenshot, --export-numbers
(which adds "training": task, seed, steps, and the held-out accuracy and loss)
and --presentation work on it. --export-model writes the trained model.
cli.py adds these options and refuses bad ones with the messages below.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .model import Scene, compute
from .model.numbers_export import numbers_document
from .model.training.head_scene import head_scene
from .model.training.model_file import trained_model, write_model
from .model.training.run import MAX_SEED, MAX_STEPS, Run, Settings, train
from .model.training.tasks import TASKS


def add_arguments(parser) -> None:
    tasks = ", ".join(TASKS)
    parser.add_argument("--train", metavar="TASK", help=f"train a head on a task ({tasks}) and open it")
    parser.add_argument("--seed", metavar="N", help=f"the training's seed, 0 to {MAX_SEED} (default 0)")
    parser.add_argument(
        "--steps", metavar="K", help=f"training steps, 0 to {MAX_STEPS} (default: the task's)"
    )
    parser.add_argument("--export-model", metavar="OUT.json", help="write the trained model as JSON")


def problem(options) -> str | None:
    """What is wrong with the training options, on one line, or None; fills in seed and steps."""
    if options.train is None:
        given = [f for f, v in (("--seed", options.seed), ("--steps", options.steps)) if v is not None]
        if options.export_model is not None:
            given.append("--export-model")
        return f"{given[0]} needs --train TASK" if given else None
    if options.train not in TASKS:
        return f"--train must be one of {', '.join(TASKS)}, not '{options.train}'"
    if options.scene or options.preset or options.step:
        which = "a scene file" if options.scene else "--preset" if options.preset else "--step"
        return f"give either --train or {which}, not both: --train opens the head it trains as the scene"
    for name, low, high in (("seed", 0, MAX_SEED), ("steps", 0, MAX_STEPS)):
        text = getattr(options, name)
        if text is None:
            continue
        if not re.fullmatch(r"\s*\d{1,20}\s*", text) or not low <= int(text) <= high:
            return f"--{name} must be a whole number from {low} to {high}, not '{text}'"
        setattr(options, name, int(text))
    return None


@dataclass(frozen=True)
class TrainedHead:
    run: Run
    scene: Scene

    def numbers_text(self) -> str:
        """The scene's numbers export, with "training": what trained the head and how well it does."""
        document = numbers_document(self.scene, compute(self.scene))
        s, evaluation = self.run.settings, self.run.evaluation
        document["training"] = {
            "task": s.task,
            "seed": s.seed,
            "steps": self.run.steps,
            "accuracy": evaluation.accuracy,
            "loss": evaluation.loss,
        }
        return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"

    def model_text(self) -> str:
        return write_model(trained_model(self.run))


def train_head(options) -> TrainedHead:
    """Train as the options say (checked by `problem`) and open the head on the task's example."""
    settings = Settings(options.train, options.seed or 0, options.steps)
    run = train(settings)
    title = f"Trained head: {settings.task}, seed {settings.seed}, {run.steps} steps"
    return TrainedHead(run, head_scene(run.final.parameters, settings.the_task.example, title=title))
