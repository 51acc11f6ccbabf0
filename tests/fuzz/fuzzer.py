"""A seeded GUI fuzzer: random real input to the main window, invariants after every event.

Each event is chosen from a seeded random generator and written to a log, so
a failure names the seed and the events that led to it; replaying the same
seed replays the same events.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDoubleSpinBox, QMessageBox, QSpinBox, QWidget

from .invariants import check_display, check_model

# Actions a fuzzer must not take: they end the program or wait for a person.
SKIPPED_ACTIONS = {"quit"}

TYPED = [
    "1",
    "-2.5",
    "0",
    "1,5",
    "2.75",
    "nan",
    "inf",
    "-inf",
    "1e308",
    "",
    "abc",
    "999999999",
    "-0",
    "1e-9",
    "  3 ",
]

KEYS = [
    (Qt.Key.Key_Left, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Up, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier),
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
    (Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier),
]


class FuzzFailure(AssertionError):
    pass


@dataclass
class Fuzzer:
    window: object
    seed: int
    log: list[str] = field(default_factory=list)

    def __post_init__(self):
        self.random = random.Random(self.seed)
        self.app = QApplication.instance()
        self.actions = [
            (self.drag, 30),
            (self.key, 18),
            (self.menu_action, 14),
            (self.type_into_spin_box, 10),
            (self.click, 6),
            (self.wheel, 5),
            (self.resize, 2),
        ]

    # ---- running ------------------------------------------------------------------

    def run(self, events: int) -> None:
        population, weights = zip(*self.actions)
        for n in range(events):
            action = self.random.choices(population, weights)[0]
            action()
            self._close_stray_dialogs()
            self.app.processEvents()
            self.check(n)

    def check(self, n: int) -> None:
        problems = check_model(self.window.controller.scene, self.window.controller.results)
        problems += check_display(self.window)
        if problems:
            tail = "\n".join(f"  {line}" for line in self.log[-40:])
            raise FuzzFailure(
                f"seed {self.seed}, event {n}: " + "; ".join(problems[:5]) + f"\nlast events:\n{tail}"
            )

    def _say(self, text: str) -> None:
        self.log.append(text)

    # ---- events ---------------------------------------------------------------------

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

    def drag(self) -> None:
        canvas = self.window.canvas
        handles = list(canvas._handles())
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

    def click(self) -> None:
        p = self._canvas_point()
        self._say(f"click {p.toTuple()}")
        QTest.mouseClick(
            self.window.canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p
        )

    def wheel(self) -> None:
        viewport = self.window.canvas.viewport()
        p = QPointF(self._canvas_point())
        delta = self.random.choice([120, -120, 480, -480])
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
        target = (
            self.window.canvas if self.random.random() < 0.6 else (QApplication.focusWidget() or self.window)
        )
        self._say(f"key {QKeySequence(key.value | modifiers.value).toString()} to {type(target).__name__}")
        if target is self.window.canvas:
            target.setFocus()
        QTest.keyClick(target, key, modifiers)

    def reachable_actions(self) -> list[QAction]:
        """The actions a person can reach: the menu bar's, recursively, and the window's shortcuts."""
        found, menus = list(self.window.actions()), [self.window.menuBar()]
        while menus:
            for action in menus.pop().actions():
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
        if not actions:
            return
        action = self.random.choice(actions)
        self._say(f"action {action.objectName() or action.text()!r}")
        action.trigger()

    def type_into_spin_box(self) -> None:
        spins = [
            s
            for s in self.window.findChildren(QDoubleSpinBox) + self.window.findChildren(QSpinBox)
            if s.isVisibleTo(self.window) and s.isEnabled()
        ]
        if not spins:
            return
        spin = self.random.choice(spins)
        text = self.random.choice(TYPED)
        self._say(f"type {text!r} into {spin.objectName() or spin.accessibleName()!r}")
        spin.setFocus()
        spin.selectAll()
        QTest.keyClicks(spin, text)
        QTest.keyClick(spin, Qt.Key.Key_Return)

    def resize(self) -> None:
        w, h = self.random.randint(700, 1600), self.random.randint(500, 1000)
        self._say(f"resize {w}x{h}")
        self.window.resize(w, h)

    def _close_stray_dialogs(self) -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QDialog | QMessageBox) and widget.isVisible():
                self._say(f"close dialog {type(widget).__name__}")
                widget.reject()


def silence_blocking_dialogs(monkeypatch) -> None:
    """Static dialogs would wait for a person: answer them at once."""
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    for name in ("getOpenFileName", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, staticmethod(lambda *a, **k: ("", "")))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: ""))
    for name in ("about", "aboutQt"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *a, **k: None))
    for name in ("information", "warning", "critical", "question"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *a, **k: QMessageBox.StandardButton.No))
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: ("", False)))
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *a, **k: (0, False)))
    monkeypatch.setattr(QInputDialog, "getDouble", staticmethod(lambda *a, **k: (0.0, False)))
    monkeypatch.setattr(QDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    monkeypatch.setattr(QMessageBox, "exec", lambda self: QMessageBox.StandardButton.No)
    assert QWidget  # keep the import for type checks in callers
