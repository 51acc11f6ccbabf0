"""How long the exploration panels take per update (not collected by pytest).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_explorations.py

Times, in milliseconds of this thread's CPU time (time.thread_time: other
programs on a busy machine do not inflate it), median and 95th percentile:
- the √d panel when d moves by one slider step: the lookups, the plot items'
  setData, the texts, and a synchronous repaint of its three plots;
- a canvas drag step (controller edit → Results → canvas and visible panels
  repainted) with the q·k–θ plot hidden and shown, and with Scale q shown.
"""

from __future__ import annotations

import statistics
import time

import pyqtgraph as pg

from qk_explorer.app import create_application
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import key_ref
from qk_explorer.window import build_window

clock = time.thread_time


def summary(samples: list[float]) -> str:
    samples = sorted(samples)
    p95 = samples[int(0.95 * (len(samples) - 1))]
    return f"median {statistics.median(samples):6.2f} ms   p95 {p95:6.2f} ms   (n = {len(samples)})"


def settle(app, rounds: int = 5) -> None:
    for _ in range(rounds):
        app.processEvents()


def bench_sqrt_panel(app, window) -> None:
    dock, panel = window.docks["sqrt_dk"], window.panel("sqrt_dk")
    dock.show()
    start = clock()
    settle(app)
    print(f"√d panel first shown (draws the samples): {1000 * (clock() - start):.0f} ms")
    plots = (panel.raw_plot, panel.scaled_plot, panel.weight_plot)
    for keys in (8, 64):
        panel.set_keys(keys)
        settle(app)
        update, total = [], []
        for position in list(range(0, 101)) * 3:
            t0 = clock()
            panel._slider.setValue(position)
            t1 = clock()
            for plot in plots:
                plot.viewport().repaint()
            t2 = clock()
            update.append(1000 * (t1 - t0))
            total.append(1000 * (t2 - t0))
            panel._slider.setValue((position + 50) % 101)  # jump away so each step is a real change
        print(f"√d slider step, n = {keys:2d}: update only   {summary(update)}")
        print(f"√d slider step, n = {keys:2d}: with repaint   {summary(total)}")
    dock.hide()
    settle(app)


def bench_drag(app, window, label: str) -> None:
    controller, canvas = window.controller, window.canvas
    ref = key_ref(0)
    controller.begin_drag(ref)
    times = []
    for i in range(400):
        x = 1.0 + 0.8 * ((i % 40) / 40.0)
        t0 = clock()
        controller.drag_to(ref, (x, 2.0 - 0.5 * x), free=True)
        canvas.viewport().repaint()
        for name, panel in window.panels.items():
            if window.dock_shown(name):
                panel.repaint()  # with its children, a plot's viewport among them
        times.append(1000 * (clock() - t0))
    controller.end_drag()
    print(f"drag step, {label:28s} {summary(times[20:])}")


def main() -> None:
    pg.setConfigOptions(mouseRateLimit=0)
    app = create_application()
    window = build_window(preset_scene("lesson-pair"), lang="en", theme="light")
    window.resize(1280, 800)
    window.show()
    settle(app)
    window.docks["coordinates"].raise_()
    settle(app)
    bench_drag(app, window, "coordinates tab shown:")
    window.docks["angle_plot"].raise_()
    settle(app)
    bench_drag(app, window, "q·k–θ plot shown:")
    window.docks["magnitude"].raise_()
    settle(app)
    bench_drag(app, window, "Scale q shown:")
    window.docks["numbers"].hide()
    window.docks["coordinates"].raise_()
    settle(app)
    bench_drag(app, window, "numbers hidden, coordinates:")
    window.docks["angle_plot"].raise_()
    settle(app)
    bench_drag(app, window, "numbers hidden, q·k–θ plot:")
    window.docks["numbers"].show()
    bench_sqrt_panel(app, window)


if __name__ == "__main__":
    main()
