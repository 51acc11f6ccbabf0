"""The Train panel's state: the run, the snapshot the timeline stands at, the sequence the head reads.

The panel, the stage and the feature's actions share one Session. Training runs
off the GUI thread (worker.py); the Session takes each snapshot as it comes and,
while it follows the run, shows it. Showing a snapshot puts the head, reading one
sequence of its task, on the canvas as a page (SceneController.show_page): no
undo step, and the scene does not count as modified — the history is for edits,
as with the lesson's pages. The query selected on screen stays selected, with the
key it weighs most at each snapshot, so the pair the panels show is the one
training lines up; the canvas is framed anew, since the arrows lengthen as the
head learns. Nothing is shown while
a drag is under way: the drag keeps its scene, and the timeline stays where it is.

Use as Scene makes the snapshot on screen the scene, one undoable step; from then
on it is an ordinary scene of tokens. The model at the timeline's snapshot can be
written as a model file (model_text): the task, the seed and the steps that train
it again, and its accuracy on the task's held-out sequences.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from ...model import Scene
from ...model.training.head_scene import head_scene
from ...model.training.model_file import TrainedModel, write_model
from ...model.training.run import DEFAULT_SHAPE, Evaluation, Settings, Snapshot, evaluate
from ...model.training.stored_heads import STORED_HEADS
from ...model.training.tasks import TASKS

PLAY_MS = 120  # a snapshot's time on screen when the timeline plays
LESSON_SEED = STORED_HEADS[0].seed  # the lesson's heads: training from the untrained one on screen


class TrainingSession(QObject):
    changed = Signal()  # anything the panel or the stage show

    def __init__(self, controller, trainer, fit, parent: QObject | None = None):
        """`fit()` frames the scene on the canvas."""
        super().__init__(parent)
        self._controller = controller
        self._fit = fit
        self.task = "previous-token"  # what the next run trains
        self.seed = LESSON_SEED
        self.steps: int | None = None  # None: the task's own count
        self.settings: Settings | None = None  # of the run on the timeline
        self.snapshots: list[Snapshot] = []
        self.curve: list[tuple[int, float, float]] = []  # every step: (step, loss, accuracy)
        self.evaluation: Evaluation | None = None  # of the run's last snapshot, once done
        self.index = 0  # the snapshot the timeline stands at
        self.running = False
        self.cancelled = False
        self.sequence_number: int | None = None  # a fresh sequence of the task, or None: its example
        self._following = False  # the timeline moves on with each snapshot that comes
        self._run = 0
        self.trainer = trainer
        trainer.setParent(self)
        trainer.advanced.connect(self._advanced)
        trainer.finished.connect(self._finished)
        self._player = QTimer(self)
        self._player.setInterval(PLAY_MS)
        self._player.timeout.connect(self._play_on)

    # ---- reading ------------------------------------------------------------------------------

    @property
    def snapshot(self) -> Snapshot | None:
        return self.snapshots[self.index] if self.snapshots else None

    @property
    def total_steps(self) -> int:
        """The steps the run on the timeline asks for (the task's own count unless set)."""
        return 0 if self.settings is None else self.settings.step_count

    @property
    def playing(self) -> bool:
        return self._player.isActive()

    @property
    def sequence_task(self) -> str:
        return self.settings.task if self.settings is not None else self.task

    @property
    def sequence(self) -> tuple[int, ...]:
        """The symbols the head reads on the canvas: its task's example, or fresh sequence N."""
        task = TASKS[self.sequence_task]
        if self.sequence_number is None:
            return task.example
        shape = DEFAULT_SHAPE if self.settings is None else self.settings.shape
        return task.sequence(self.sequence_number, shape.vocab, shape.positions)

    def scene_at(self, index: int, title: str | None = None) -> Scene:
        """The head at snapshot `index` on the sequence. The query selected on screen stays selected
        (the last when the scene on screen is no head on as many tokens), with the key it weighs
        most at this snapshot: the pair shown is the one training aligns."""
        snapshot, s = self.snapshots[index], self.settings
        if title is None:
            title = self.tr("Training: {task}, seed {seed}, step {step}").format(
                task=s.task, seed=s.seed, step=snapshot.step
            )
        on_screen = self._controller.scene
        same = on_screen.tokens is not None and on_screen.query_count == len(self.sequence)
        query = on_screen.selected_query if same else None
        return head_scene(snapshot.parameters, self.sequence, title=title, query=query)

    def model_text(self) -> str | None:
        """The model file of the snapshot on the timeline, or None when there is none."""
        snapshot = self.snapshot
        if snapshot is None:
            return None
        s = self.settings
        accuracy = evaluate(snapshot.parameters, s).accuracy
        return write_model(TrainedModel(s.task, s.seed, snapshot.step, snapshot.parameters, accuracy))

    # ---- training -------------------------------------------------------------------------------

    def train(self) -> None:
        """Train the chosen task and seed afresh; the timeline follows the run as it comes."""
        self.pause()
        self.settings = Settings(self.task, self.seed, self.steps)
        self.snapshots, self.curve, self.evaluation = [], [], None
        self.index, self.running, self.cancelled = 0, True, False
        self._following = True
        self._run = self.trainer.start(self.settings)
        self.changed.emit()

    def cancel(self) -> None:
        if self.running:
            self.trainer.cancel()

    def stop(self) -> None:
        """Stop training for good (the window closes): wait for the thread to end."""
        self._player.stop()
        self.trainer.stop()
        self.running = False

    def _advanced(self, run: int, snapshot: Snapshot, steps) -> None:
        if run != self._run:
            return  # a run given up since
        self.snapshots.append(snapshot)
        self.curve.extend(steps)
        if self._following:
            self.show(len(self.snapshots) - 1)
        else:
            self.changed.emit()

    def _finished(self, run: int, result) -> None:
        if run != self._run:
            return
        self.running, self.cancelled = False, result.cancelled
        self.snapshots = list(result.snapshots)
        self.evaluation = result.evaluation
        if self._following:
            self.show(len(self.snapshots) - 1)
        self._following = False
        self.changed.emit()

    # ---- the timeline -----------------------------------------------------------------------------

    def scrub(self, index: int) -> None:
        """The timeline moved by hand: stay at that snapshot, unless it is the newest of a run still
        under way."""
        self._following = self.running and index >= len(self.snapshots) - 1
        self.show(index)

    def show(self, index: int) -> None:
        """Stand at snapshot `index` and show the head there on the canvas (not in a drag)."""
        if not self.snapshots:
            return
        self.index = max(0, min(index, len(self.snapshots) - 1))
        if self._controller.dragging:
            self._following = False  # the drag keeps its scene; the timeline stays here after it
        else:
            self._controller.show_page(self.scene_at(self.index))
            self._fit()  # the arrows grow as the head learns: every one stays in sight
        self.changed.emit()

    def play(self) -> None:
        """Go through the snapshots at PLAY_MS each, from the first when at the last."""
        if not self.snapshots or self.running:
            return
        if self.index >= len(self.snapshots) - 1:
            self.show(0)
        self._player.start()
        self.changed.emit()

    def pause(self) -> None:
        if self._player.isActive():
            self._player.stop()
            self.changed.emit()

    def _play_on(self) -> None:
        if self.index + 1 >= len(self.snapshots):
            self.pause()
        else:
            self.show(self.index + 1)

    # ---- the sequence and the scene ---------------------------------------------------------------------

    def another_sequence(self) -> None:
        """A fresh sequence of the task (the next one each time), shown at the same snapshot."""
        self.sequence_number = 0 if self.sequence_number is None else self.sequence_number + 1
        self.show(self.index)

    def example_sequence(self) -> None:
        self.sequence_number = None
        self.show(self.index)

    def use_as_scene(self) -> None:
        """The head at the timeline's snapshot becomes the scene: one undoable step."""
        snapshot = self.snapshot
        if snapshot is None:
            return
        s = self.settings
        title = self.tr("Trained head: {task}, seed {seed}, {steps} steps").format(
            task=s.task, seed=s.seed, steps=snapshot.step
        )
        self.pause()
        self._following = False
        self._controller.load(self.scene_at(self.index, title), self.tr("Use the Trained Head as the Scene"))
