"""Training: the Train panel, its actions, the trained model's export and its place on the stage.

The panel is a tab beside Projections, closed until asked for (View ▸ Panels,
Ctrl+T, or a lesson step that speaks of the training). Its Session (session.py)
trains off the GUI thread and shows the run's snapshots on the canvas as pages.
Scenes ▸ Train the Head (Ctrl+T, also while presenting) trains the chosen task
and seed; Use the Trained Head as the Scene makes the snapshot on the timeline
the scene; File ▸ Export ▸ Trained Model writes that snapshot's model file. On
the stage, while a step speaks of the training: the loss curve beside the canvas
and where the timeline stands (content.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from ...model.lesson import TRAINING_ROWS
from ..declaration import Action, Declaration, Dock, Export, Host, Room
from ..stage.parts import StagePart
from . import content
from .session import TrainingSession
from .stage_curve import StageCurve
from .worker import Trainer

if TYPE_CHECKING:
    from .panel import TrainPanel

ROOM_CURVE = 200  # the curve's height, in pixels, that the panel asks for when it comes forward


class TrainingFeature(QObject):
    def __init__(self, host: Host):
        super().__init__()
        self._host = host
        trainer = Trainer()
        self.session = TrainingSession(host.controller, trainer, host.fit_scene, self)
        self.session.changed.connect(host.refresh_actions)
        # A run under way ends with its window, or with the application: its thread is waited for.
        self.destroyed.connect(lambda: trainer.stop())
        QApplication.instance().aboutToQuit.connect(self.session.stop)

    def declaration(self) -> Declaration:
        s = self.session
        trained = lambda _scene: bool(s.snapshots)  # noqa: E731
        dock = Dock(
            "training",
            lambda: self.tr("Train"),
            self._build_panel,
            beside="projections",
            closed=True,
            scroll=False,
            highlights=frozenset(TRAINING_ROWS),
            room=Room(short=_short),  # the curve readable: the dock above makes way if it must
        )
        actions = (
            Action(
                "trainHead",
                "scenes",
                lambda: self.tr("&Train the Head"),
                self.train,
                "Ctrl+T",
                enabled_when=lambda _scene: not s.running,
                separated=True,
            ),
            Action(
                "cancelTraining",
                "scenes",
                lambda: self.tr("&Cancel Training"),
                s.cancel,
                enabled_when=lambda _scene: s.running,
            ),
            Action(
                "useTrainedHead",
                "scenes",
                lambda: self.tr("&Use the Trained Head as the Scene"),
                s.use_as_scene,
                enabled_when=trained,
            ),
        )
        export = Export(
            "exportTrainedModel",
            lambda: self.tr("Trained &Model…"),
            lambda: self.tr("Export the Trained Model"),
            "json",
            "JSON (*.json)",
            "model",
            lambda _update: None if (text := s.model_text()) is None else text.encode("utf-8"),
            lambda: self.tr("Could not export the trained model"),
            enabled_when=trained,
        )
        stage = (
            StagePart("training", "rows", content.stage_rows(s)),
            StagePart(
                "loss_curve", "drawing", content.stage_curve_shown(s), make=lambda stage: StageCurve(s, stage)
            ),
        )
        return Declaration(docks=(dock,), actions=actions, exports=(export,), stage=stage)

    def train(self) -> None:
        """Train the panel's task and seed, the panel in sight (not while presenting)."""
        self._host.show_panel("training")
        self.session.train()

    def _build_panel(self) -> TrainPanel:
        from .panel import TrainPanel

        return TrainPanel(self.session)


def _short(panel: TrainPanel) -> int:
    """How much lower the curve is than ROOM_CURVE."""
    return ROOM_CURVE - panel.curve.height()
