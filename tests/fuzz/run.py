"""Run the GUI fuzzer outside pytest, as long as you like (offscreen).

    .venv/bin/python -m tests.fuzz.run --events 20000 --seeds 1 2 3

Each seed gets a fresh window on the lesson's attention scene, settings and
autosaves in a temporary folder. Prints events per second for each seed and a
summary; a failure prints the seed, the event, what broke and where the whole
event log was written, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


def run_seed(seed: int, events: int, folder: Path, echo: bool) -> tuple[int, float, str | None]:
    """(events run, seconds, failure message or None)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings
    from PySide6.QtWidgets import QApplication

    from qk_explorer.model.presets import preset_scene
    from qk_explorer.window import build_window

    from .fuzzer import Fuzzer, FuzzFailure, Patches, silence_blocking_dialogs

    QSettings().clear()
    patches, running = Patches(), []
    silence_blocking_dialogs(patches.setattr, lambda: running[-1] if running else None)
    window = build_window(preset_scene("lesson-attention"), lang="en", theme="light")
    window.resize(1280, 800)
    window.show()
    QApplication.processEvents()
    window.canvas.fit_scene()
    fuzzer = Fuzzer(window, seed, files=folder / f"files-{seed}", log_path=folder / f"fuzz-seed-{seed}.log")
    if echo:
        fuzzer.log = _Echo()
    running.append(fuzzer)
    start = time.perf_counter()
    failure = None
    try:
        fuzzer.run(events)
    except FuzzFailure as error:
        failure = str(error)
    seconds = time.perf_counter() - start
    window.controller.undo_stack.setClean()  # closing must not ask about unsaved changes
    if window.presentation.active:
        window.presentation.leave()
    window.close()
    window.translations.load("en")
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    patches.undo()
    return fuzzer.events, seconds, failure


class _Echo(list):
    def append(self, line) -> None:
        super().append(line)
        print(line, file=sys.stderr, flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=20000, help="events per seed (default 20000)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5], help="seeds (default 1–5)")
    parser.add_argument("--folder", help="where logs and files go (default: a new temporary folder)")
    parser.add_argument("--echo", action="store_true", help="print every event as it happens")
    options = parser.parse_args(argv)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import pyqtgraph as pg

    from qk_explorer.app import create_application
    from tests.isolation import isolate

    pg.setConfigOptions(mouseRateLimit=0)  # synthetic drags move faster than 10 ms a step
    folder = Path(options.folder or tempfile.mkdtemp(prefix="qk-fuzz-"))
    folder.mkdir(parents=True, exist_ok=True)
    isolate(folder, "qk-explorer-fuzz")
    create_application()
    total_events, total_seconds, failures = 0, 0.0, []
    for seed in options.seeds:
        done, seconds, failure = run_seed(seed, options.events, folder, options.echo)
        total_events += done
        total_seconds += seconds
        verdict = "ok" if failure is None else "FAILED"
        rate = done / max(seconds, 1e-9)
        print(f"seed {seed}: {done} events in {seconds:.1f} s, {rate:.0f} events/s, {verdict}", flush=True)
        if failure is not None:
            failures.append(seed)
            print(failure, flush=True)
    print(
        f"summary: {len(options.seeds)} seeds, {total_events} events in {total_seconds:.1f} s "
        f"({total_events / max(total_seconds, 1e-9):.0f} events/s), {len(failures)} failed"
        + (f" (seeds {' '.join(map(str, failures))})" if failures else "")
        + f"; logs in {folder}",
        flush=True,
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
