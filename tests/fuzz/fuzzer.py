"""A seeded GUI fuzzer: random real input to the main window, invariants after every event.

Each event is chosen from a seeded random generator and written to a log, so
a failure names the seed and the events that led to it; replaying the same
seed replays the same events (python -m tests.fuzz.run --seeds SEED --events N,
which the failure prints and the log file repeats).

Replaying works because nothing the fuzzer chooses depends on wall-clock time:
- every synthetic input carries QTest's own timestamps, and the tip drag times
  a hold by event timestamps; pyqtgraph's scene, which reads perf_counter() to
  tell a click from a drag, reads the fuzzer's clock instead (one tick per read);
- after each event the window is settled as a person pausing would find it:
  running animations (a line edit's clear button fading out, the presentation
  hint) are taken to their end, and the spoken description is renewed now
  rather than when its timer fires;
- waiting for a panel to paint processes events without waiting for time to pass;
- a run of training ends within the event that starts it, and a timeline that plays goes to its
  end, rather than showing as many snapshots as the machine's speed let through.
The window is built by start_window() in both pytest and tests.fuzz.run.

The repertoire is what a person can do: drag every tip (inside the view, far
outside it, onto the origin) and every token's in the token plane, click, zoom with the wheel, press keys and
shortcuts (the clicker's, F5/Esc, undo/redo, zoom), trigger any menu action,
step through the lesson, load presets, add/remove/mask keys with the keyboard
and with the attention panel's own widgets, change the dimension, switch theme
and language, enter and leave presentation mode, raise, close and reopen
panels, type every kind of text into every field, open and save files
(good ones, broken ones, missing ones, unwritable places) and resize the
window. After every event invariants.py checks the model and what is shown.
"""

from __future__ import annotations

import random
import shutil
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import (
    QAbstractAnimation,
    QCoreApplication,
    QEvent,
    QObject,
    QPoint,
    QPointF,
    Qt,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDockWidget,
    QLineEdit,
    QListWidget,
    QMenu,
    QMessageBox,
    QSlider,
    QTabBar,
    QTableWidget,
)
from shiboken6 import isValid

from tests.corpus.typed_values import REAL, WHOLE

from .invariants import check_display, check_model


class TargetGone(Exception):
    """The widget an action chose was deleted before it could reach it."""


# Actions a fuzzer must not take: they end the program.
SKIPPED_ACTIONS = {"quit"}

# Typed into every kind of field, in either language: the corpus of typed values (numbers
# written both ways, words, non-finite spellings, values beyond any limit) and a few plain ones.
TYPED = list(dict.fromkeys([*REAL, *WHOLE, "1", "2.75", "0.05", "8", "12"]))

KEYS = [
    (Qt.Key.Key_Left, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Up, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_PageDown, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_PageUp, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_F5, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Home, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_M, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
]

STEP_KEYS = [Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown]

UNDO_KEYS = [
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
]

PAUSE_MS = 600  # longer than any hold, fade or settling timer of the window

# Qt warnings that mean something is wrong in the program rather than in the platform.
BAD_QT_MESSAGES = ("Ambiguous shortcut", "QPainter::", "QObject::", "QLayout::", "Traceback")


class FuzzFailure(AssertionError):
    pass


def start_window(preset: str | None = None):
    """The window every fuzz run drives (pytest's and tests.fuzz.run's alike), shown and settled,
    on the lesson's attention scene or on `preset`."""
    from qk_explorer.model.presets import preset_scene
    from qk_explorer.window import build_window

    window = build_window(preset_scene(preset or "lesson-attention"), lang="en", theme="light")
    window.resize(1280, 800)
    window.show()
    QApplication.processEvents()
    window.canvas.fit_scene()
    return window


# Failures planted on purpose, to prove that a failure replays from the command it prints
# (tests/view/robustness/test_fuzz_replay.py). Each looks at the window after an event: a message, or None.
PLANTED = {
    "spanish-three-keys": lambda window: (
        "planted: Spanish with three keys or more"
        if window.translations.language == "es" and window.controller.scene.key_count >= 3
        else None
    ),
    "dark-masked-key": lambda window: (
        "planted: a masked key in the dark theme"
        if window.theme_name == "dark" and not all(window.controller.scene.mask)
        else None
    ),
}


class _Clock:
    """What pyqtgraph's scene reads as perf_counter() while the fuzzer runs: one millisecond a read,
    so telling a click from a drag never depends on how fast the machine is."""

    MODULES = ("pyqtgraph.GraphicsScene.GraphicsScene", "pyqtgraph.GraphicsScene.mouseEvents")

    def __init__(self):
        self.now = 1000.0
        self._saved = []

    def __call__(self) -> float:
        self.now += 0.001
        return self.now

    def install(self) -> None:
        for name in self.MODULES:
            module = sys.modules[name]
            self._saved.append((module, module.perf_counter))
            module.perf_counter = self

    def remove(self) -> None:
        for module, original in self._saved:
            module.perf_counter = original
        self._saved.clear()


def type_text(widget, text: str) -> None:
    """Key presses for each character; QTest.keyClicks knows ASCII only (it aborts on '−')."""
    for char in text:
        if char.isascii():
            QTest.keyClick(widget, char)
        else:
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char)
                QApplication.sendEvent(widget, event)


def _modifier_name(modifiers) -> str:
    return QKeySequence(modifiers.value).toString() if modifiers.value else ""


@dataclass
class Fuzzer:
    """Drives one window; `files` is a folder for the files it opens and saves."""

    window: object
    seed: int
    files: Path | None = None
    log_path: Path | None = None
    log: list[str] = field(default_factory=list)
    planted: str | None = None  # a name in PLANTED: a deliberate failure (testing the replay)
    pause_every: int = 0  # after every n-th event, let 0.6 s of timers run (testing the replay)
    start_preset: str | None = None  # the scene the window started on, when not the lesson's attention

    def __post_init__(self):
        self.random = random.Random(self.seed)
        self.app = QApplication.instance()
        self.events = 0
        self._errors: list[str] = []
        self._previous_hook = None
        self._previous_handler = None
        self._clock = _Clock()
        self.actions = [
            (self.drag, 26),
            (self.token_drag, 3),
            (self.key, 12),
            (self.menu_action, 8),
            (self.shortcut, 5),
            (self.type_into_field, 9),
            (self.panel_widget, 8),
            (self.keys_edit, 4),
            (self.dimension, 3),
            (self.undo_redo, 4),
            (self.lesson_step, 4),
            (self.preset, 2),
            (self.theme_or_language, 2),
            (self.presentation, 1),
            (self.dock, 4),
            (self.file, 2),
            (self.click, 4),
            (self.wheel, 4),
            (self.resize, 1),
        ]
        self._train_within_the_event()
        if self.files is not None:
            self.files.mkdir(parents=True, exist_ok=True)
            # Copies: File > Save after opening one would otherwise write into the committed corpus.
            from tests.corpus import scene_files

            self._corpus = self.files / "corpus"
            self._corpus.mkdir(exist_ok=True)
            for original in scene_files.committed_paths():
                shutil.copyfile(original, self._corpus / original.name)

    def _train_within_the_event(self) -> None:
        """A run of training ends within the event that starts it, and a timeline that plays goes to
        its end: their snapshots arrive when the events are next processed, all of them, not as many
        as the machine's speed let through by then. (A run is never cancelled half-way.)"""
        session = self.window.training.session
        trainer, start, play = session.trainer, session.trainer.start, session.play

        def start_and_finish(settings) -> int:
            run = start(settings)
            while trainer.running:  # its thread works alone; its signals wait in the queue
                time.sleep(0.001)
            return run

        def play_to_the_end() -> None:
            play()
            if session.playing:
                session.show(len(session.snapshots) - 1)
                session.pause()

        trainer.pause = 0.0  # no GUI thread to hand the interpreter to while it waits
        trainer.start = start_and_finish
        session.play = play_to_the_end

    # ---- running ------------------------------------------------------------------

    def run(self, events: int) -> None:
        population, weights = zip(*self.actions, strict=True)
        self._install_catchers()
        try:
            for _ in range(events):
                action = self.random.choices(population, weights)[0]
                try:
                    action()
                except TargetGone:
                    self._say("  its target was deleted as its window came forward")
                self._close_stray_dialogs()
                self.app.processEvents()
                # The event loop deletes closed dialogs and menus (deleteLater) between two user
                # events; processEvents() never does, and thousands of them would pile up.
                QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
                if self.pause_every and (self.events + 1) % self.pause_every == 0:
                    QTest.qWait(PAUSE_MS)  # a person's pause: timers and animations run out
                self._settle()
                self.events += 1
                self.check(self.events - 1)
        finally:
            self._remove_catchers()

    def _settle(self) -> None:
        """The window as a person pausing after the event finds it, whatever the time it took:
        animations at their end, and the description renewed (not left to its timer)."""
        for _ in range(3):  # an animation's end can start another (a fade, then a hide)
            running = [
                a
                for top in QApplication.topLevelWidgets()
                for a in top.findChildren(QAbstractAnimation)
                if a.state() == QAbstractAnimation.State.Running and a.totalDuration() >= 0
            ]
            if not running:
                break
            for animation in running:
                animation.setCurrentTime(animation.totalDuration())
            self.app.processEvents()
        description = self.window.findChild(QObject, "liveDescription")
        if description is not None:
            description.refresh()

    def check(self, n: int) -> None:
        problems = list(self._errors)
        self._errors.clear()
        problems += check_model(self.window.controller.scene, self.window.controller.results)
        problems += self._settled_display_problems()
        if self.planted is not None:
            planted = PLANTED[self.planted](self.window)
            problems += [planted] if planted else []
        if problems:
            raise FuzzFailure(self._failure_message(n, problems))

    def _settled_display_problems(self) -> list[str]:
        """What the window shows; a panel that paints on its next frame gets a few rounds of events
        (without waiting for time to pass: timers due later must not fire in one run and not another)."""
        problems = check_display(self.window)
        for _ in range(5):
            if not problems:
                break
            self.app.processEvents()
            QCoreApplication.sendPostedEvents()
            problems = check_display(self.window)
        return problems

    def replay_command(self, events: int) -> str:
        plant = f" --plant {self.planted}" if self.planted else ""
        plant += f" --preset {self.start_preset}" if self.start_preset else ""
        return f"python -m tests.fuzz.run --seeds {self.seed} --events {events}{plant}"

    def _failure_message(self, n: int, problems: list[str]) -> str:
        tail = "\n".join(f"  {line}" for line in self.log[-40:])
        replay = self.replay_command(n + 1)
        where = ""
        if self.log_path is not None:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            self.log_path.write_text(
                f"seed {self.seed}\nreplay: {replay}\n"
                + "\n".join(self.log)
                + "\n\n"
                + "\n".join(problems)
                + "\n",
                encoding="utf-8",
            )
            where = f"\nfull event log: {self.log_path}"
        return (
            f"seed {self.seed}, event {n}: "
            + "; ".join(problems[:5])
            + f"\nreplay: {replay}"
            + where
            + f"\nlast events:\n{tail}"
        )

    def _say(self, text: str) -> None:
        self.log.append(f"{self.events}: {text}")

    # ---- catching what Qt would only print -------------------------------------------

    def _install_catchers(self) -> None:
        self._clock.install()
        self._previous_hook = sys.excepthook

        def hook(kind, value, traceback):
            import traceback as tb

            # Raised in a slot or a virtual called from C++: its traceback starts there;
            # the Python frames that led into Qt are still on the stack.
            outer = "".join(tb.format_stack()[:-1][-12:])
            inner = "".join(tb.format_exception(kind, value, traceback))
            self._errors.append(f"exception: {inner}called from:\n{outer}")

        sys.excepthook = hook

        def handler(mode, context, message):
            if mode in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg) and any(
                bad in message for bad in BAD_QT_MESSAGES
            ):
                self._errors.append(f"Qt: {message}")

        self._previous_handler = qInstallMessageHandler(handler)

        # numpy's overflow and invalid-value warnings: a NaN or infinity on its way to the screen.
        self._warnings = warnings.catch_warnings()
        self._warnings.__enter__()
        warnings.simplefilter("always", RuntimeWarning)

        def show(message, category, filename, lineno, file=None, line=None):
            if issubclass(category, RuntimeWarning):
                self._errors.append(f"{category.__name__}: {message} ({filename}:{lineno})")

        warnings.showwarning = show

    def _remove_catchers(self) -> None:
        self._clock.remove()
        sys.excepthook = self._previous_hook
        qInstallMessageHandler(self._previous_handler)
        self._warnings.__exit__(None, None, None)

    # ---- where things are -------------------------------------------------------------

    def _canvas_point(self) -> QPoint:
        viewport = self.window.canvas.viewport()
        r = self.random.random()
        if r < 0.1:  # onto the origin
            scene_pos = self.window.canvas.getPlotItem().vb.mapViewToScene(QPointF(0, 0))
            return self.window.canvas.mapFromScene(scene_pos)
        if r < 0.2:  # far outside the viewport
            return QPoint(self.random.randint(-3000, 3000), self.random.randint(-3000, 3000))
        return QPoint(
            self.random.randint(0, max(1, viewport.width() - 1)),
            self.random.randint(0, max(1, viewport.height() - 1)),
        )

    def _shown(self, widget) -> bool:
        top = widget.window()
        ours = top is self.window or top in self.window.docks.values()  # floating panels too
        return ours and widget.isVisible() and widget.isEnabled()

    def _focus(self, widget) -> None:
        """Give a widget the keyboard focus as a click would: its window comes to the front first.
        Bringing it forward runs what was pending (a field left commits its number, and a panel
        may make its rows anew): a widget chosen before then may be gone, as a person's click
        would find it gone; the action ends there."""
        top = widget.window()
        if not top.isActiveWindow():
            top.activateWindow()
            self.app.processEvents()
            if not isValid(widget):
                raise TargetGone
        widget.setFocus()

    def _widgets(self, kind) -> list:
        return [w for w in self.window.findChildren(kind) if self._shown(w)]

    def _action(self, name: str) -> QAction | None:
        return self.window.findChild(QAction, name)

    def _trigger(self, action: QAction | None) -> None:
        if action is None or not action.isEnabled():
            return
        self._say(f"action {action.objectName() or action.text()!r}")
        action.trigger()

    def _send_key(self, target, key, modifiers) -> None:
        self._say(
            f"key {_modifier_name(modifiers)}{QKeySequence(key.value).toString()} "
            f"to {type(target).__name__} {target.objectName()!r}"
        )
        if target is self.window.canvas:
            self._focus(target)
        QTest.keyClick(target, key, modifiers)

    def _focus_target(self):
        focus = QApplication.focusWidget()
        return focus if focus is not None and self._shown(focus) else self.window

    # ---- events ---------------------------------------------------------------------

    def drag(self) -> None:
        canvas = self.window.canvas
        handles = list(canvas._arrows.handles())
        if handles and self.random.random() < 0.85:
            ref, item = self.random.choice(handles)
            start = canvas.mapFromScene(canvas.getPlotItem().vb.mapViewToScene(item.tip))
        else:
            ref, start = None, self._canvas_point()
        end = self._canvas_point()
        steps = self.random.randint(1, 8)
        modifiers = (
            Qt.KeyboardModifier.ControlModifier
            if self.random.random() < 0.2
            else Qt.KeyboardModifier.NoModifier
        )
        self._say(
            f"drag {ref} from {start.toTuple()} to {end.toTuple()} in {steps} steps mod={modifiers.value}"
        )
        viewport = canvas.viewport()
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, modifiers, start)
        for i in range(1, steps + 1):
            p = start + (end - start) * (i / steps)
            QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifiers, end)

    def token_drag(self) -> None:
        """A tip of the token plane (the Tokens panel's or the stage's) pressed, moved and let go;
        now and then the plane is hidden before the release, as a tab switch or a step would."""
        if self.window.presentation.active:
            plot = self.window.presentation.stage.drawing("plane").plot
        else:
            panel = self.window.panels.get("tokens")  # not built: no token scene was ever shown
            plot = panel.plot if panel is not None and self.window.dock_shown("tokens") else None
        if plot is None or not plot.isVisible() or not plot.arrows:
            return
        viewport = plot.viewport()
        token = self.random.randrange(len(plot.arrows))
        start = plot.point_of(plot._tips[token]).toPoint()
        steps = self.random.randint(1, 6)
        w, h = viewport.width(), viewport.height()
        end = QPoint(self.random.randint(-50, w + 50), self.random.randint(-50, h + 50))
        hide = self.random.random() < 0.1
        self._say(
            f"token drag {token} from {start.toTuple()} to {end.toTuple()} in {steps} steps, hide {hide}"
        )
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        for i in range(1, steps + 1):
            p = start + (end - start) * (i / steps)
            QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
        if hide:
            plot.hide()
            self.app.processEvents()
            plot.show()
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)

    def click(self) -> None:
        p = self._canvas_point()
        button = self.random.choice([Qt.MouseButton.LeftButton] * 4 + [Qt.MouseButton.RightButton])
        self._say(f"click {button.name} {p.toTuple()}")
        QTest.mouseClick(self.window.canvas.viewport(), button, Qt.KeyboardModifier.NoModifier, p)
        self._close_menus()  # a right click opens pyqtgraph's context menu: a person would close it

    def wheel(self) -> None:
        viewport = self.window.canvas.viewport()
        p = QPointF(self._canvas_point())
        delta = self.random.choice([120, -120, 480, -480, 2400, -2400])
        self._say(f"wheel {delta} at {p.toTuple()}")
        event = QWheelEvent(
            p,
            viewport.mapToGlobal(p),
            QPoint(),
            QPoint(0, delta),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(viewport, event)

    def key(self) -> None:
        key, modifiers = self.random.choice(KEYS)
        target = self.window.canvas if self.random.random() < 0.6 else self._focus_target()
        self._send_key(target, key, modifiers)

    def reachable_actions(self) -> list[QAction]:
        """The actions a person can reach: the menu bar's, recursively (menus filled as when
        they open), and the window's own shortcuts."""
        found, menus = list(self.window.actions()), [self.window.menuBar()]
        while menus:
            menu = menus.pop()
            if isinstance(menu, QMenu):
                menu.aboutToShow.emit()  # menus filled on opening: recent files, panels
            for action in menu.actions():
                if action.menu() is not None:
                    menus.append(action.menu())
                else:
                    found.append(action)
        return [
            a
            for a in dict.fromkeys(found)
            if a.isEnabled() and not a.isSeparator() and a.objectName() not in SKIPPED_ACTIONS
        ]

    def menu_action(self) -> None:
        actions = self.reachable_actions()
        if actions:
            self._trigger(self.random.choice(actions))

    def shortcut(self) -> None:
        """Press the keys of an action's shortcut, where the keyboard focus is."""
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        sequences = [
            s
            for a in self.window.actions()
            for s in a.shortcuts()
            if a.objectName() not in SKIPPED_ACTIONS and s not in quit_keys
        ]
        if not sequences:
            return
        combination = self.random.choice(sequences)[0]
        target = self.window.canvas if self.random.random() < 0.5 else self._focus_target()
        self._send_key(target, combination.key(), combination.keyboardModifiers())

    def _type(self, widget, text: str) -> None:
        self._say(
            f"type {text!r} into {type(widget).__name__} {widget.objectName() or widget.accessibleName()!r}"
        )
        self._focus(widget)
        line = widget.lineEdit() if isinstance(widget, QAbstractSpinBox) else widget
        line.selectAll()
        if text == "":
            QTest.keyClick(line, Qt.Key.Key_Backspace)
        else:
            type_text(widget, text)
        if self.random.random() < 0.75:
            QTest.keyClick(widget, Qt.Key.Key_Return)
        else:  # commit by leaving the field
            self._say("  and leave it")
            self._focus(self.window.canvas)

    def type_into_field(self) -> None:
        fields = self._widgets(QAbstractSpinBox) + [
            e for e in self._widgets(QLineEdit) if not isinstance(e.parent(), QAbstractSpinBox)
        ]
        if fields:
            self._type(self.random.choice(fields), self.random.choice(TYPED))

    def panel_widget(self) -> None:
        """Click, pick or slide one of the panels' own controls."""
        controls = [
            w
            for w in self._widgets(QAbstractButton)
            + self._widgets(QComboBox)
            + self._widgets(QSlider)
            + self._widgets(QListWidget)
            + self._widgets(QTableWidget)
            + self._widgets(QTabBar)
            + self._widgets(QAbstractSpinBox)
            if not w.objectName().startswith("qt_dockwidget_")  # the dock's own buttons: dock()
        ]
        if controls:
            self._operate(self.random.choice(controls))

    def _operate(self, widget) -> None:
        name = f"{type(widget).__name__} {widget.objectName()!r}"
        if isinstance(widget, QAbstractButton):
            self._say(f"click {name} {widget.text()!r}")
            if getattr(widget, "menu", lambda: None)() is not None:
                # Its menu opens in a loop of its own that waits for a choice (the menu bar's » in a
                # narrow window): a person would close it again.
                QTimer.singleShot(0, self._close_menus)
            QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())
        elif isinstance(widget, QAbstractSpinBox):
            if self.random.random() < 0.5:
                self._say(f"click into {name}")
                self._focus(widget)
                QTest.mouseClick(widget.lineEdit(), Qt.MouseButton.LeftButton)
            else:
                self._focus(widget)
                self._send_key(widget, self.random.choice(STEP_KEYS), Qt.KeyboardModifier.NoModifier)
        elif isinstance(widget, QComboBox):
            key = self.random.choice([Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_End, Qt.Key.Key_Home])
            self._send_key(widget, key, Qt.KeyboardModifier.NoModifier)
        elif isinstance(widget, QSlider):
            if self.random.random() < 0.5:
                key = self.random.choice(
                    [
                        Qt.Key.Key_PageUp,
                        Qt.Key.Key_PageDown,
                        Qt.Key.Key_Left,
                        Qt.Key.Key_Right,
                        Qt.Key.Key_End,
                    ]
                )
                self._focus(widget)
                self._send_key(widget, key, Qt.KeyboardModifier.NoModifier)
            else:
                a = QPoint(self.random.randint(0, widget.width()), widget.height() // 2)
                b = QPoint(self.random.randint(-50, widget.width() + 50), widget.height() // 2)
                self._say(f"slide {name} from {a.x()} to {b.x()}")
                QTest.mousePress(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
                for i in range(1, 5):
                    QTest.mouseMove(widget, a + (b - a) * (i / 4))
                QTest.mouseRelease(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
        elif isinstance(widget, QListWidget):
            if widget.count():
                item = widget.item(self.random.randrange(widget.count()))
                self._say(f"click {name} item {item.text()[:40]!r}")
                QTest.mouseClick(
                    widget.viewport(), Qt.MouseButton.LeftButton, pos=widget.visualItemRect(item).center()
                )
        elif isinstance(widget, QTableWidget):
            if widget.rowCount() and widget.columnCount():
                r, c = self.random.randrange(widget.rowCount()), self.random.randrange(widget.columnCount())
                rect = widget.visualRect(widget.model().index(r, c))
                self._say(f"click {name} cell ({r}, {c})")
                QTest.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        elif isinstance(widget, QTabBar) and widget.count():
            i = self.random.randrange(widget.count())
            self._say(f"click tab {widget.tabText(i)!r}")
            QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.tabRect(i).center())

    def keys_edit(self) -> None:
        """Add, remove or mask keys: shortcuts, the Edit menu, or the attention panel's widgets."""
        how = self.random.random()
        if how < 0.4:
            key, modifiers = self.random.choice(
                [
                    (Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier),
                    (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
                    (Qt.Key.Key_M, Qt.KeyboardModifier.NoModifier),
                ]
            )
            self._send_key(self.window.canvas, key, modifiers)
            return
        if how < 0.55:
            self._trigger(self._action(self.random.choice(["addKey", "removeKey", "toggleMask"])))
            return
        if not self.window.docks["attention"].isVisible() or self.random.random() < 0.3:
            self._say("show the attention panel")
            self.window.show_dock("attention")
            self.app.processEvents()
        panel = self.window.panel("attention")
        add, remove = (panel.findChild(QAbstractButton, name) for name in ("addKey", "removeKey"))
        table = panel.table
        rows = list(range(table.rowCount())) if table.isVisible() else []  # each row's mask check box
        choice = self.random.choice([w for w in (add, remove) if w.isVisible()] + rows or [add])
        if isinstance(choice, int):
            self._say(f"click the mask box of row {choice}")
            box = table.mask_rect(choice).center()
            QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=box)
        else:
            self._operate(choice)

    def dimension(self) -> None:
        dock = self.window.docks["coordinates"]
        if not dock.isVisible() or self.random.random() < 0.3:
            self._say("show the coordinates panel")
            dock.show()
            dock.raise_()
            self.app.processEvents()
        spin = self.window.coordinates._dimension
        if not spin.isEnabled():
            return
        if self.random.random() < 0.7:
            self._type(spin, str(self.random.randint(0, 9)) if self.random.random() < 0.9 else "1e308")
        else:
            self._focus(spin)
            self._send_key(spin, self.random.choice(STEP_KEYS), Qt.KeyboardModifier.NoModifier)

    def undo_redo(self) -> None:
        if self.random.random() < 0.7:
            key, modifiers = self.random.choice(UNDO_KEYS)
            self._send_key(self._focus_target(), key, modifiers)
        else:
            self._trigger(self._action(self.random.choice(["undo", "redo"])))

    def lesson_step(self) -> None:
        r = self.random.random()
        if r < 0.4:
            key = self.random.choice(
                [Qt.Key.Key_PageDown, Qt.Key.Key_PageUp, Qt.Key.Key_Space, Qt.Key.Key_Backspace]
            )
            self._send_key(self.window.canvas, key, Qt.KeyboardModifier.NoModifier)
        elif r < 0.75:
            names = [
                "lessonNextAction",
                "lessonPreviousAction",
                "lessonRevealAction",
                "lessonResetAction",
                "lessonLeaveAction",
            ]
            self._trigger(self._action(self.random.choice(names)))
        else:
            steps = [a for a in self.window.findChildren(QAction) if a.objectName().startswith("lessonGoTo_")]
            if steps:
                self._trigger(self.random.choice(steps))

    def preset(self) -> None:
        presets = [a for a in self.window.actions() if a.objectName().startswith("preset_")]
        if presets:
            self._trigger(self.random.choice(presets))

    def theme_or_language(self) -> None:
        names = [a.objectName() for a in self.window.findChildren(QAction)]
        choices = [n for n in names if n.startswith(("theme_", "language_"))]
        self._trigger(self._action(self.random.choice(choices)))

    def presentation(self) -> None:
        if self.random.random() < 0.6:
            key = self.random.choice([Qt.Key.Key_F5, Qt.Key.Key_Escape])
            self._send_key(self._focus_target(), key, Qt.KeyboardModifier.NoModifier)
        else:
            self._trigger(self._action("presentation"))

    def dock(self) -> None:
        """Raise a panel's tab, close a panel with its ×, reopen it from View ▸ Panels, float it."""
        name = self.random.choice(list(self.window.docks))
        dock: QDockWidget = self.window.docks[name]
        r = self.random.random()
        if r < 0.35:
            self._say(f"raise panel {name}")
            dock.show()
            dock.raise_()
        elif r < 0.6:
            button = dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
            if button is not None and button.isVisible():
                self._say(f"close panel {name} with its button")
                QTest.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.rect().center())
            else:
                self._say(f"close panel {name}")
                dock.close()
        elif r < 0.9:
            self._say(f"View > Panels > {name}")
            dock.toggleViewAction().trigger()
        else:
            button = dock.findChild(QAbstractButton, "qt_dockwidget_floatbutton")
            if button is not None and button.isVisible():
                self._say(f"float or dock panel {name} with its button")
                QTest.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.rect().center())

    def file(self) -> None:
        """Open, save or export through the File menu; the file dialogs answer from answer_path()."""
        name = self.random.choice(
            ["open", "open", "save", "saveAs", "exportNumbers", "exportCsv", "exportSvg"]
        )
        self._trigger(self._action(name))

    def answer_path(self, saving: bool) -> str:
        """What a file dialog answers: a path in the fuzzer's folder, a broken file, nothing, or a place
        that cannot be written."""
        if self.files is None:
            return ""
        r = self.random.random()
        if r < 0.2:
            path = ""
        elif saving:
            path = (
                "/proc/qk-explorer-cannot-write.json" if r < 0.3 else str(self.files / "saved.qkscene.json")
            )
        else:
            candidates = [
                str(self.files / "saved.qkscene.json"),
                str(self.files),
                str(self.files / "missing.json"),
            ]
            candidates += [str(p) for p in sorted(self._corpus.iterdir())]
            path = self.random.choice(candidates)
        self._say(f"  the file dialog answers {path!r}")
        return path

    def answer_unsaved(self):
        from qk_explorer.view.desktop.documents import Choice

        choice = self.random.choice([Choice.DISCARD, Choice.DISCARD, Choice.CANCEL, Choice.SAVE])
        self._say(f"  asked about unsaved changes: {choice.name}")
        return choice

    def resize(self) -> None:
        w, h = self.random.randint(500, 1600), self.random.randint(400, 1000)
        self._say(f"resize {w}x{h}")
        self.window.resize(w, h)

    @staticmethod
    def _close_menus() -> None:
        for menu in QApplication.topLevelWidgets():
            if isinstance(menu, QMenu) and menu.isVisible():
                menu.close()

    def _close_stray_dialogs(self) -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QDialog | QMessageBox) and widget.isVisible():
                if self.random.random() < 0.2 and widget.objectName() == "pictureSizeDialog":
                    self._say(f"accept dialog {widget.objectName()}")
                    widget.accept()
                else:
                    self._say(f"close dialog {type(widget).__name__} {widget.objectName()!r}")
                    widget.reject()
        self._close_menus()
        # A person types into the window in front: after a dialog, the main window is active again
        # (keys sent to a widget of an inactive window arrive without focus events).
        if not self.window.isActiveWindow():
            self.window.activateWindow()
            self.app.processEvents()


def silence_blocking_dialogs(setattr_, fuzzer_of=lambda: None) -> None:
    """Static dialogs would wait for a person: answer them at once.

    `setattr_` is monkeypatch.setattr or Patches.setattr; `fuzzer_of()` gives the running
    fuzzer, which answers file dialogs and the question about unsaved changes.
    """
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    from qk_explorer.view.desktop import documents

    def open_name(*_a, **_k):
        fuzzer = fuzzer_of()
        return (fuzzer.answer_path(saving=False) if fuzzer else "", "")

    def save_name(*_a, **_k):
        fuzzer = fuzzer_of()
        return (fuzzer.answer_path(saving=True) if fuzzer else "", "")

    def unsaved(_parent, _name):
        fuzzer = fuzzer_of()
        return fuzzer.answer_unsaved() if fuzzer else documents.Choice.DISCARD

    setattr_(QFileDialog, "getOpenFileName", staticmethod(open_name))
    setattr_(QFileDialog, "getSaveFileName", staticmethod(save_name))
    setattr_(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: ""))
    setattr_(documents, "ask_save_changes", unsaved)
    for name in ("about", "aboutQt"):
        setattr_(QMessageBox, name, staticmethod(lambda *a, **k: None))
    for name in ("information", "warning", "critical", "question"):
        setattr_(QMessageBox, name, staticmethod(lambda *a, **k: QMessageBox.StandardButton.No))
    setattr_(QInputDialog, "getItem", staticmethod(lambda *a, **k: ("", False)))
    setattr_(QInputDialog, "getInt", staticmethod(lambda *a, **k: (0, False)))
    setattr_(QInputDialog, "getDouble", staticmethod(lambda *a, **k: (0.0, False)))
    setattr_(QDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    setattr_(QMessageBox, "exec", lambda self: QMessageBox.StandardButton.No)


class Patches:
    """monkeypatch.setattr outside pytest: undo() puts everything back."""

    def __init__(self):
        self._saved = []

    def setattr(self, target, name, value) -> None:
        self._saved.append((target, name, target.__dict__.get(name, _MISSING)))
        setattr(target, name, value)

    def undo(self) -> None:
        for target, name, old in reversed(self._saved):
            if old is _MISSING:
                delattr(target, name)
            else:
                setattr(target, name, old)
        self._saved.clear()


_MISSING = object()
