"""Training off the GUI thread: a thread of its own runs model.training.train and hands its
snapshots back through Qt signals.

The thread pauses a few milliseconds after every step (STEP_PAUSE_S). A step is
some 0.6 ms of NumPy on small arrays, mostly the interpreter's own work, so a
thread that never paused would hold the interpreter lock most of the time and
the GUI thread would wait for it at every frame of a drag (docs/performance.md
gives the figures). Sleeping hands the lock back at once; it also paces the run,
so that a room can watch the queries turn (400 steps: about two seconds), while
the CPU a run costs stays what training costs.

A signal carries, at every snapshot (every 20 steps, and the last), that
snapshot and the loss and accuracy of the steps since the one before; at the
end, the run. Each names the run it comes from (a number counting the runs
started), so that what an abandoned run still had queued is told apart. The
signals are queued to the GUI thread, where the Session (session.py) takes them.
"""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, Signal

from ...model.training.run import Run, Settings, Snapshot, train

STEP_PAUSE_S = 0.004


class Trainer(QObject):
    """One run at a time; `start` begins it, `cancel` stops it after the step under way."""

    advanced = Signal(int, object, object)  # (run, Snapshot, [(step, loss, accuracy), …] since the last)
    finished = Signal(int, object)  # (run, the Run: complete, or cancelled with the snapshots so far)

    def __init__(self, parent: QObject | None = None, pause: float = STEP_PAUSE_S):
        super().__init__(parent)
        self.pause = pause
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self.runs = 0  # runs started: the number of the latest

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, settings: Settings) -> int:
        """Begin a run (after stopping the one under way); its number."""
        self.stop()
        self.runs += 1
        self._cancel = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(self.runs, settings, self._cancel), name="qk-training", daemon=True
        )
        self._thread.start()
        return self.runs

    def cancel(self) -> None:
        self._cancel.set()

    def stop(self, timeout: float = 5.0) -> None:
        """Cancel a run under way and wait for its thread (the window is closing, or a new run)."""
        if self._thread is not None:
            self._cancel.set()
            self._thread.join(timeout)
            self._thread = None

    def _run(self, number: int, settings: Settings, cancel: threading.Event) -> None:
        steps: list[tuple[int, float, float]] = []

        def progress(step: int, loss: float, accuracy: float) -> None:
            steps.append((step, loss, accuracy))
            if self.pause:
                time.sleep(self.pause)  # the interpreter lock goes to the GUI thread meanwhile

        def taken(snapshot: Snapshot) -> None:
            told = steps.copy()
            steps.clear()
            self.advanced.emit(number, snapshot, told)

        run: Run = train(settings, progress, cancel, taken)
        self.finished.emit(number, run)
