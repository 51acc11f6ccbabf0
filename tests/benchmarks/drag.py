"""Time drag steps: a synthetic mouse move on the canvas viewport until the window has repainted.

One step = QTest.mouseMove on the viewport (the event goes through pyqtgraph,
the controller, compute() and every view) plus the event processing that
paints the canvas viewport and the panels. Paint events are counted on the
viewport and on every widget of every panel on screen, so a step that did not
repaint is caught rather than timed as fast.
"""

from __future__ import annotations

import gc
import math
import time

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

SIZE = (1280, 800)


class PaintCounter(QObject):
    def __init__(self):
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def watch(widgets) -> PaintCounter:
    counter = PaintCounter()
    for w in widgets:
        w.installEventFilter(counter)
    return counter


def percentile(values, q):
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(times_ms):
    return {
        "p50_ms": percentile(times_ms, 0.5),
        "p95_ms": percentile(times_ms, 0.95),
        "max_ms": max(times_ms),
        "steps": len(times_ms),
    }


def drag_steps(app, viewport, start: QPoint, steps: int, panel_counters=(), radius=70, canvas=None):
    """Press at `start`, then `steps` timed moves on a circle; returns per-step ms and repaint proof.
    A step ends when `canvas` (the viewport pressed, unless given) has repainted."""
    viewport_counter = watch([viewport if canvas is None else canvas])
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(8, 8))  # past pyqtgraph's drag threshold
    app.processEvents()
    times, missed_viewport, missed_panels = [], 0, 0
    for i in range(steps):
        angle = 2 * math.pi * i / 97.0
        p = start + QPoint(round(radius * math.cos(angle)), round(radius * math.sin(angle)))
        before = viewport_counter.count
        panels_before = [c.count for c in panel_counters]
        t0 = time.perf_counter()
        QTest.mouseMove(viewport, p)
        for _ in range(6):
            app.processEvents()
            if viewport_counter.count > before:
                break
        times.append((time.perf_counter() - t0) * 1000.0)
        missed_viewport += viewport_counter.count == before
        missed_panels += any(c.count == b for c, b in zip(panel_counters, panels_before, strict=True))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    app.processEvents()
    result = summary(times)
    result["steps_without_viewport_paint"] = missed_viewport
    result["steps_without_panel_paint"] = missed_panels
    return result


def measure_baseline(app, steps: int) -> dict:
    from baseline import BaselineWindow

    window = BaselineWindow()
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    start = window.plot.mapFromScene(window.tip_scene_position())
    result = drag_steps(app, window.viewport, start, steps)
    close_window(app, window)
    return result


def open_app_window(app, scene, winner_map: bool = False, panels: str = "live"):
    """The app's window on `scene`. `panels`: "live" as in the app; "still", the panels keep
    what they show (the canvas's share of a step); "floor", surfaces over the docks paint just
    their changing numbers (panel_floor: the least any panels could cost); "matrix-still",
    the matrix panel alone keeps what it shows."""
    from qk_explorer.window import build_window

    window = build_window(scene, lang="en", theme="light")
    window.controller.snap_enabled = False  # every step moves: a real free drag
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    window.canvas.fit_scene()
    set_winner_map(window, winner_map)
    if panels != "live":
        import panel_floor

        getattr(panel_floor, panels.replace("-", "_"))(window)
    app.processEvents()
    # As the app does once its window is up (app.run_gui): the objects made so far live as long
    # as the window, and the garbage collector leaves them alone instead of walking them mid-drag.
    gc.freeze()
    return window


def opening_cpu_seconds(app, scene) -> float:
    """CPU time from building the app's window on `scene` to its canvas's first paint on screen."""
    from qk_explorer.window import build_window

    counter = PaintCounter()
    start = time.process_time()
    window = build_window(scene, lang="en", theme="light")
    window.resize(*SIZE)
    window.canvas.viewport().installEventFilter(counter)
    window.show()
    while not counter.count:
        app.processEvents()
    spent = time.process_time() - start
    close_window(app, window)
    return spent


def set_winner_map(window, on: bool) -> bool:
    """Switch the winner map through its View action; False when the app has none."""
    action = window.findChild(type(window.menus["view"].menuAction()), "winnerMap")
    if action is None:
        return False
    if action.isChecked() != on:
        action.trigger()
    return True


def visible_panel_widgets(window):
    """The widgets of every panel on screen (a dock in a tab behind another is visible to Qt)."""
    groups = []
    for name, dock in window.docks.items():
        shown = window.dock_shown(name)
        if shown:
            groups.append([dock.widget(), *dock.widget().findChildren(QWidget)])
    return groups


def measure_app(
    app, scene, steps: int, winner_map: bool, ref=None, panels: str = "live", training: float | None = None
) -> dict:
    """Drag q (or the tip `ref`) in the app's window, its `panels` as open_app_window takes
    them; the step times and the repaint proof. With `training` (the seconds its thread pauses
    after each step), the window's Train panel trains a head all through the drag."""
    from qk_explorer.model.scene import QUERY

    window = open_app_window(app, scene, winner_map, panels)
    session = window.training.session
    if training is not None:
        session.trainer.pause = training
        session.steps = 20_000  # longer than any drag measured
        session.train()  # its snapshots arrive mid-drag: the drag keeps its scene
    # Still panels paint nothing at a step: only the canvas is proved to repaint.
    counters = [watch(group) for group in visible_panel_widgets(window)] if panels != "still" else []
    ref = QUERY if ref is None else ref
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(ref))
    recomputes = []
    window.controller.updated.connect(lambda u: u.drag.turned or recomputes.append(1))
    result = drag_steps(app, window.canvas.viewport(), start, steps, counters)
    result["recomputes_per_step"] = len(recomputes) / steps
    dragged = window.controller.active  # the tip the press took: the drag measured
    result["dragged"] = "q" if dragged == QUERY else f"{dragged.kind} {dragged.index + 1}"
    if training is not None:
        result["trained_steps"] = len(session.curve)  # proof that training ran all along
        session.stop()
    close_window(app, window)
    return result


TOKEN_RADIUS = 35  # px: the token plane is a small plot, and on this circle the tip stays in sight


def token_tip(window, token: int):
    """The token plane's viewport and where token `token`'s tip is on it, for a press."""
    plot = window.panel("tokens").plot
    assert window.dock_shown("tokens") and plot.isVisible(), "the token plane is not on screen"
    return plot.viewport(), plot.point_of(window.controller.scene.tokens.embeddings[token]).toPoint()


def measure_tokens(app, scene, steps: int, winner_map: bool, token: int = 0) -> dict:
    """Drag token `token`'s tip in the token plane; a step ends when the canvas has repainted,
    and the panels on screen (the matrix, the token plane …) are proved to have repainted too."""
    window = open_app_window(app, scene, winner_map)
    counters = [watch(group) for group in visible_panel_widgets(window)]
    viewport, start = token_tip(window, token)
    recomputes = []
    window.controller.updated.connect(lambda u: u.drag.turned or recomputes.append(1))
    result = drag_steps(app, viewport, start, steps, counters, TOKEN_RADIUS, window.canvas.viewport())
    result["recomputes_per_step"] = len(recomputes) / steps
    result["dragged"] = f"token {token + 1}"
    close_window(app, window)
    return result


def ensure_app():
    """The application, with settings and autosaves in a temporary folder of the benchmark's own."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.isolation import isolate_for_this_process

    from qk_explorer.app import prepare_qt

    prepare_qt()  # the app's Qt settings, for the baseline measured in this process as well
    app = QApplication.instance() or QApplication(["qk-benchmark"])
    isolate_for_this_process("qk-benchmark")
    return app


def close_window(app, window) -> None:
    controller = getattr(window, "controller", None)
    if controller is not None:  # a drag leaves unsaved changes: closing must not ask about them
        controller.undo_stack.setClean()
    window.close()
    window.deleteLater()
    # processEvents() does not run deleteLater(): a window left alive keeps its cached pictures
    # in Qt's global pixmap cache, and the next scene measured would pay for them.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
