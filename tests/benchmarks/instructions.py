"""Instructions per drag step, counted by valgrind: a measure that does not move with the machine.

On a shared machine wall-clock figures drift by a third between runs, which hides a
change of a few per cent. Under valgrind's callgrind the count of executed
instructions is the same run after run, so two versions of the code can be
compared with a few steps each. Only the steps are counted (callgrind collects
inside processEvents(flags, maxtime), which nothing but the measured steps calls).
The app paints without Qt's GUI thread pool (app.prepare_qt, which ensure_app
calls), so all of a step's painting is counted; time spent waiting is not, and a
picture copied over many pixels costs few instructions for its time.

    .venv/bin/python tests/benchmarks/instructions.py [--keys 8] [--queries 1] [--tokens N] [--steps 100]
        [--no-map] [--drag k1|t1] [--panels still|floor|matrix-still] [--without MECHANISM] [--app-only]
        [--keep OUT] [--present WxH [--dpr 2]]

needs valgrind on the PATH and takes a few minutes (the app runs ~50× slower).
It prints millions of instructions a step for the app and for the bare baseline.
--drag names the app's tip dragged: q (the default), or a key or value as k1, v3 …; t1, t2 …
drags a token's tip in the token plane of a scene of tokens: learned-projections' four, or
--tokens N of them built like it (scenes.token_scene; --tokens alone drags t1). --keys and
--queries are then its own, N each; the matrix panel shows by itself.
--queries 8 gives the scene that many queries (the matrix panel then shows by itself).
--panels still counts the canvas alone, --panels floor the least any panels could
cost (panel_floor.py), --panels matrix-still all but the matrix panel (with --queries).
--without switches one of the drag surface's speed mechanisms off (switches.py), to count what
it buys; --app-only leaves the baseline out; --keep OUT keeps the app's callgrind file (read it
with callgrind_annotate --inclusive=yes OUT).
--present WxH drags q while presenting (presenting.enter_presenting) in a window of W × H device
pixels; --dpr 2 draws it at device pixel ratio 2 (QT_SCALE_FACTOR=2: W/2 × H/2 logical pixels),
as a 3840×2160 projector does. Beside it, in place of the baseline, the same drag presenting at
1280×800, and the ratio against its budget (docs/design.md: at most 2× at 3840×2160).
"""

from __future__ import annotations

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COUNTED = "QCoreApplication::processEvents(QFlags<QEventLoop::ProcessEventsFlag>, int)"
WARM_UP = 20
# Under valgrind a step takes a good part of a second, more on a busy machine: a timer of the
# window's (the status line's sentence after 400 ms of stillness, the autosave) would fire
# mid-drag, as it never does at a real drag's pace, and the count would follow the machine's load.
SLOWED = 1000
PRESENT_REFERENCE = "1280x800"  # presentation's budget compares a screen with this one
PRESENT_BUDGET = 2.0


def count(
    target: str,
    keys: int,
    queries: int,
    steps: int,
    winner_map: bool,
    tip: str,
    panels: str,
    tokens: int = 4,
    keep=None,
    without: str | None = None,
    present: str | None = None,
    dpr: int = 1,
) -> int:
    with tempfile.TemporaryDirectory() as folder:
        out = keep or os.path.join(folder, "out")
        cmd = [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            f"--toggle-collect={COUNTED}",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--child",
            target,
            "--keys",
            str(keys),
            "--queries",
            str(queries),
            "--steps",
            str(steps),
            "--drag",
            tip,
            "--panels",
            panels,
            "--tokens",
            str(tokens),
        ]
        cmd += ([] if winner_map else ["--no-map"]) + ([] if without is None else ["--without", without])
        cmd += [] if present is None else ["--present", present, "--dpr", str(dpr)]
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONHASHSEED": "0"}
        if dpr != 1:
            env["QT_SCALE_FACTOR"] = str(dpr)
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"the counted drag failed:\n{done.stderr[-3000:]}")
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def child(
    target: str,
    keys: int,
    queries: int,
    steps: int,
    winner_map: bool,
    tip: str,
    panels: str,
    tokens: int,
    without: str | None = None,
    present: tuple[int, int] | None = None,
) -> None:
    """The drag itself, in the process valgrind watches."""
    sys.path.insert(0, str(HERE))
    if without is not None:
        from switches import switch_off

        switch_off(without)
    from drag import SIZE, close_window, ensure_app, open_app_window
    from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QPoint, QPointF, Qt, QTimer
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtTest import QTest

    app = ensure_app()
    radius = 70  # px: the circle the pointer goes round
    if target == "app":
        from scenes import scene_with_keys, token_scene

        scene = token_scene(tokens) if tip[0] == "t" else scene_with_keys(keys, queries)
        window = open_app_window(app, scene, winner_map, panels)
        if present is not None:
            from presenting import enter_presenting

            enter_presenting(app, window, present)
        for timer in window.findChildren(QTimer):
            timer.setInterval(timer.interval() * SLOWED)
        if tip[0] == "t":  # a token's tip in the token plane, pressed as a person would
            from drag import TOKEN_RADIUS, token_tip

            viewport, start = token_tip(window, int(tip[1:]) - 1)
            radius = TOKEN_RADIUS
        else:
            viewport = window.canvas.viewport()
            start = window.canvas.mapFromScene(window.canvas.tip_scene_position(tip_ref(tip)))
    else:
        from baseline import BaselineWindow

        window = BaselineWindow()
        window.resize(*SIZE)
        window.show()
        app.processEvents()
        viewport = window.viewport
        start = window.plot.mapFromScene(window.tip_scene_position())
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(8, 8))  # past pyqtgraph's drag threshold
    app.processEvents()

    def move(i: int) -> None:
        angle = 2 * math.pi * i / 97.0
        p = QPointF(start + QPoint(round(radius * math.cos(angle)), round(radius * math.sin(angle))))
        buttons = Qt.MouseButton.LeftButton
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            p,
            viewport.mapToGlobal(p),
            Qt.MouseButton.NoButton,
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )
        QCoreApplication.postEvent(viewport, event)

    for i in range(WARM_UP):  # caches filled, not counted
        move(i)
        app.processEvents()
    for i in range(steps):  # counted: the move and the repaint it causes
        move(WARM_UP + i)
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 1000)
    close_window(app, window)


def tip_name(name: str) -> str:
    """q, k1, v3 …, t1, t2 …: a tip's name as --drag takes it."""
    numbered = name[:1] in ("k", "v", "t") and name[1:].isdigit() and int(name[1:]) >= 1
    if name != "q" and not numbered:
        raise argparse.ArgumentTypeError(f"not a tip: {name!r} (q, k1, v3 …, t1 …)")
    return name


def tip_ref(name: str):
    """The VectorRef a tip's name names."""
    from qk_explorer.model.scene import QUERY, key_ref, value_ref

    if name == "q":
        return QUERY
    return (key_ref if name[0] == "k" else value_ref)(int(name[1:]) - 1)


def size_of(text: str) -> tuple[int, int]:
    """WxH, as --present takes it."""
    found = re.fullmatch(r"(\d+)x(\d+)", text)
    if found is None:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (WxH, such as 3840x2160)")
    return int(found.group(1)), int(found.group(2))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=8)
    parser.add_argument("--queries", type=int, default=1)
    parser.add_argument("--tokens", type=int, help="a scene of N tokens built like learned-projections")
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--no-map", action="store_true")
    parser.add_argument(
        "--drag", type=tip_name, help="the app's tip dragged: q (the default), k1, v3 …, or a token's: t1 …"
    )
    parser.add_argument("--panels", default="live", choices=("live", "still", "floor", "matrix-still"))
    parser.add_argument("--without", metavar="MECHANISM", help="a speed mechanism switched off (switches.py)")
    parser.add_argument("--app-only", action="store_true", help="leave the baseline out")
    parser.add_argument("--keep", metavar="OUT", help="keep the app's callgrind file here")
    parser.add_argument("--present", metavar="WxH", type=size_of, help="q dragged while presenting at W × H")
    parser.add_argument(
        "--dpr", type=int, default=1, choices=(1, 2), help="with --present: device pixel ratio"
    )
    parser.add_argument("--child", choices=("app", "baseline"))
    options = parser.parse_args()
    if options.drag is None:
        options.drag = "q" if options.tokens is None else "t1"
    if options.tokens is None:
        options.tokens = 4
    if options.drag[0] == "t" and not 1 <= int(options.drag[1:]) <= options.tokens <= 64:
        parser.error(f"--drag {options.drag} needs a scene of 1–64 tokens with that one (--tokens)")
    if options.present is not None and (options.drag != "q" or options.panels != "live"):
        parser.error("--present drags q with the panels live")
    logical = None if options.present is None else tuple(v // options.dpr for v in options.present)
    if options.child:
        child(
            options.child,
            options.keys,
            options.queries,
            options.steps,
            not options.no_map,
            options.drag,
            options.panels,
            options.tokens,
            options.without,
            logical,
        )
        return 0
    targets = ("app",) if options.app_only else ("app", "baseline")
    if options.present is not None:  # presentation is held against itself on a smaller screen
        targets = ("app",) if options.app_only else ("app", PRESENT_REFERENCE)
    per_step = {
        target: count(
            "app" if target == PRESENT_REFERENCE else target,
            options.keys,
            options.queries,
            options.steps,
            not options.no_map,
            options.drag,
            options.panels,
            options.tokens,
            options.keep if target == "app" else None,
            options.without if target != "baseline" else None,
            target if target == PRESENT_REFERENCE else presented(options, target),
            options.dpr if target == "app" else 1,
        )
        / options.steps
        / 1e6
        for target in targets
    }
    where = (
        f"{options.keys} keys" if options.queries == 1 else f"{options.queries} queries × {options.keys} keys"
    )
    if options.drag[0] == "t":
        where = f"{options.tokens} tokens"
    where += f", winner map {'off' if options.no_map else 'on'}, {options.drag} dragged"
    where += "" if options.panels == "live" else f", panels {options.panels}"
    where += "" if options.without is None else f", without {options.without}"
    if options.present is not None:
        width, height = options.present
        where += f", presenting at {width}×{height}, device pixel ratio {options.dpr}"
    print(f"instructions per drag step ({where}, {options.steps} steps):")
    print(f"  app       {per_step['app']:7.2f} M")
    if "baseline" in per_step:
        print(f"  baseline  {per_step['baseline']:7.2f} M")
        print(f"  ratio     {per_step['app'] / per_step['baseline']:7.2f}")
    if PRESENT_REFERENCE in per_step:
        ratio = per_step["app"] / per_step[PRESENT_REFERENCE]
        verdict = "within" if ratio <= PRESENT_BUDGET else "OVER"
        print(f"  the same presenting at {PRESENT_REFERENCE.replace('x', '×')}, device pixel ratio 1:")
        print(f"  app       {per_step[PRESENT_REFERENCE]:7.2f} M")
        print(f"  ratio     {ratio:7.2f}  ({verdict} the budget of {PRESENT_BUDGET:g}×)")
    return 0


def presented(options, target: str) -> str | None:
    """The screen the app presents on, as --present takes it; None for a window or the baseline."""
    return None if options.present is None or target != "app" else "x".join(map(str, options.present))


if __name__ == "__main__":
    sys.exit(main())
