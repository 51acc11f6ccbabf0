"""The Train panel: pick a task and a seed, train, and go through the run's snapshots.

From the top: the task, the seed, Train and Cancel with a progress bar; the loss
and accuracy against the steps (curve.py); the timeline — Play and a slider over
the snapshots — with where it stands; the sequence the head reads on the canvas,
another one of the task or its example; Use as Scene. It draws what the Session
says (session.py) whenever that changes; the scene on screen is not its concern.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from ...model.lesson import TRAINING_ROWS
from ...model.training.run import MAX_SEED
from ...model.training.tasks import TASKS
from ..contract import Update
from ..theme import Theme
from ..widgets.number_spin import WideWholeNumberSpin
from . import content
from .curve import LossCurve

MIN_CURVE = 110  # pixels: the fall of the loss readable; more would squeeze the matrix under it at 1366 × 768


class _WheelWithFocus(QObject):
    """A wheel turned over a control without focus scrolls the panel instead of changing it."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Wheel and not watched.hasFocus():
            event.ignore()
            return True
        return False


class TrainPanel(QWidget):
    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.setObjectName("trainPanel")
        self.session = session
        self._lang = "en"
        self._theme: Theme | None = None
        self._highlighted = False
        self.task = QComboBox()
        self.task.setObjectName("trainTask")
        self.seed = WideWholeNumberSpin()
        self.seed.setObjectName("trainSeed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(session.seed)
        self.train = QPushButton()
        self.train.setObjectName("trainButton")
        self.cancel = QPushButton()
        self.cancel.setObjectName("trainCancel")
        self.progress = QProgressBar()
        self.progress.setObjectName("trainProgress")
        self.status = QLabel()
        self.status.setObjectName("trainStatus")
        self.curve = LossCurve()
        self.curve.setMinimumHeight(MIN_CURVE)
        self.play = QPushButton()
        self.play.setObjectName("trainPlay")
        self.timeline = QSlider(Qt.Orientation.Horizontal)
        self.timeline.setObjectName("trainTimeline")
        self.timeline.setPageStep(1)
        self.position = QLabel()
        self.position.setObjectName("trainPosition")
        self.position.setWordWrap(True)
        self.sequence = QLabel()
        self.sequence.setObjectName("trainSequence")
        self.sequence.setWordWrap(True)
        self.another = QPushButton()
        self.another.setObjectName("trainAnotherSequence")
        self.example = QPushButton()
        self.example.setObjectName("trainExample")
        self.use = QPushButton()
        self.use.setObjectName("trainUseAsScene")
        self._task_label, self._seed_label = QLabel(), QLabel()
        wheel = _WheelWithFocus(self)
        for control in (self.task, self.seed, self.timeline):
            control.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            control.installEventFilter(wheel)

        form = QGridLayout()
        form.addWidget(self._task_label, 0, 0)
        form.addWidget(self.task, 0, 1, 1, 2)
        form.addWidget(self._seed_label, 1, 0)
        form.addWidget(self.seed, 1, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.train)
        buttons.addWidget(self.cancel)
        form.addLayout(buttons, 1, 2)
        form.setColumnStretch(2, 1)
        timeline = QHBoxLayout()
        timeline.addWidget(self.play)
        timeline.addWidget(self.timeline, 1)
        sequence = QHBoxLayout()
        sequence.addWidget(self.another)
        sequence.addWidget(self.example)
        sequence.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.curve, 1)
        layout.addLayout(timeline)
        layout.addWidget(self.position)
        layout.addWidget(self.sequence)
        layout.addLayout(sequence)
        layout.addWidget(self.use)

        self.task.currentIndexChanged.connect(self._task_chosen)
        self.seed.valueChanged.connect(lambda value: setattr(session, "seed", int(value)))
        self.train.clicked.connect(session.train)
        self.cancel.clicked.connect(session.cancel)
        self.play.clicked.connect(lambda: session.pause() if session.playing else session.play())
        self.timeline.valueChanged.connect(self._scrubbed)
        self.another.clicked.connect(session.another_sequence)
        self.example.clicked.connect(session.example_sequence)
        self.use.clicked.connect(session.use_as_scene)
        session.changed.connect(self.refresh)
        self.retranslate()

    # ---- the view contract ------------------------------------------------------------------

    def render(self, update: Update) -> None:
        pass  # the panel shows the run (the Session's changes), whatever the scene on screen

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.curve.set_theme(theme)
        self._mark()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.curve.set_language(lang)
        self.retranslate()

    def highlight(self, ids) -> None:
        self._highlighted = bool(set(ids) & set(TRAINING_ROWS))
        self._mark()

    def _mark(self) -> None:
        """Where the timeline stands, marked while a lesson step speaks of the training."""
        on = self._highlighted and self._theme is not None
        self.position.setStyleSheet(f"background: {self._theme.highlight};" if on else "")

    # ---- drawing -----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self._task_label.setText(self.tr("T&ask:"))
        self._task_label.setBuddy(self.task)
        self._seed_label.setText(self.tr("S&eed:"))
        self._seed_label.setBuddy(self.seed)
        self.train.setText(self.tr("&Train"))
        self.train.setToolTip(self.tr("Train a head on the task from this seed (Ctrl+T)"))
        self.cancel.setText(self.tr("Cancel"))
        self.another.setText(self.tr("Another Sequence"))
        self.another.setToolTip(self.tr("Read a fresh sequence of the task: does the head generalise?"))
        self.example.setText(self.tr("The Task's Example"))
        self.use.setText(self.tr("&Use as Scene"))
        self.use.setToolTip(self.tr("Make the head at this snapshot the scene, to drag, save and export"))
        self.timeline.setAccessibleName(self.tr("Timeline of the training's snapshots"))
        self.task.blockSignals(True)
        self.task.clear()
        for name, text in content.task_names().items():
            self.task.addItem(text, name)
        self.task.setCurrentIndex(list(TASKS).index(self.session.task))
        self.task.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        has_run = bool(s.snapshots)
        self.train.setEnabled(not s.running)
        self.cancel.setEnabled(s.running)
        self.progress.setRange(0, max(1, s.total_steps))
        self.progress.setValue(s.curve[-1][0] if s.curve else 0)
        self.status.setText(content.status(s, self._lang))
        self.curve.show_run(s)
        self.play.setEnabled(has_run and not s.running)
        self.play.setText(self.tr("Pause") if s.playing else self.tr("Play"))
        self.timeline.setEnabled(has_run)
        self.timeline.blockSignals(True)
        self.timeline.setRange(0, max(0, len(s.snapshots) - 1))
        self.timeline.setValue(s.index)
        self.timeline.blockSignals(False)
        rows = content.position(s, self._lang)
        self.position.setText(" · ".join(f"{name} {value}" for _id, name, value in rows))
        self.sequence.setText(self.tr("Sequence: {tokens}").format(tokens=content.sequence_text(s)))
        self.another.setEnabled(has_run)
        self.example.setEnabled(has_run and s.sequence_number is not None)
        self.use.setEnabled(has_run)

    def _task_chosen(self, index: int) -> None:
        self.session.task = self.task.itemData(index)

    def _scrubbed(self, value: int) -> None:
        self.session.pause()
        self.session.scrub(value)
