"""Run the GUI fuzzer outside pytest, as long as you like (offscreen).

    .venv/bin/python -m tests.fuzz.run --events 20000 --seeds 1 2 3

Each seed gets a fresh window on the lesson's attention scene, in a process of
its own, settings and autosaves in a temporary folder. Prints events per second for each seed and a
summary; a failure prints the seed, the event, what broke, the command that
replays it and where the whole event log was written, and the exit status is 1.
A seed runs the same whether it comes first or after others, and however fast.

--plant NAME adds a deliberate failure (fuzzer.PLANTED), to check that replays work.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_seed(
    seed: int,
    events: int,
    folder: Path,
    echo: bool,
    planted: str | None = None,
    pause_every: int = 0,
    preset: str | None = None,
) -> tuple[int, float, str | None]:
    """(events run, seconds, failure message or None)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings

    from .fuzzer import Fuzzer, FuzzFailure, Patches, silence_blocking_dialogs, start_window

    QSettings().clear()
    patches, running = Patches(), []
    silence_blocking_dialogs(patches.setattr, lambda: running[-1] if running else None)
    window = start_window(preset)
    fuzzer = Fuzzer(
        window,
        seed,
        files=folder / f"files-{seed}",
        log_path=folder / f"fuzz-seed-{seed}.log",
        planted=planted,
        pause_every=pause_every,
        start_preset=preset,
    )
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
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from .fuzzer import PLANTED

    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=20000, help="events per seed (default 20000)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5], help="seeds (default 1–5)")
    parser.add_argument("--folder", help="where logs and files go (default: a new temporary folder)")
    parser.add_argument("--echo", action="store_true", help="print every event as it happens")
    parser.add_argument("--plant", choices=sorted(PLANTED), help="add a deliberate failure (to test replays)")
    parser.add_argument(
        "--pause-every",
        type=int,
        default=0,
        metavar="K",
        help="after every K-th event let 0.6 s of timers and animations run (a replay must not care)",
    )
    parser.add_argument("--preset", help="the scene the window starts on (default lesson-attention)")
    options = parser.parse_args(argv)
    folder = Path(options.folder or tempfile.mkdtemp(prefix="qk-fuzz-"))
    folder.mkdir(parents=True, exist_ok=True)
    if len(options.seeds) > 1:
        return _each_seed_alone(options, folder)

    import pyqtgraph as pg

    from qk_explorer.app import create_application
    from tests.isolation import isolate

    pg.setConfigOptions(mouseRateLimit=0)  # synthetic drags move faster than 10 ms a step
    isolate(folder, "qk-explorer-fuzz")
    create_application()
    [seed] = options.seeds
    done, seconds, failure = run_seed(
        seed, options.events, folder, options.echo, options.plant, options.pause_every, options.preset
    )
    verdict = "ok" if failure is None else "FAILED"
    rate = done / max(seconds, 1e-9)
    print(f"seed {seed}: {done} events in {seconds:.1f} s, {rate:.0f} events/s, {verdict}", flush=True)
    if failure is not None:
        print(failure, flush=True)
    return 0 if failure is None else 1


def _each_seed_alone(options, folder: Path) -> int:
    """Several seeds: each in a process of its own, so that it runs exactly as its replay
    (--seeds SEED alone) will. A window leaves the application's fonts and styles changed in
    ways no reset undoes exactly, and a later seed would start from them."""
    total_events, total_seconds, failures = 0, 0.0, []
    for seed in options.seeds:
        command = [
            sys.executable,
            "-m",
            "tests.fuzz.run",
            "--seeds",
            str(seed),
            "--events",
            str(options.events),
        ]
        command += ["--folder", str(folder / f"seed-{seed}"), "--pause-every", str(options.pause_every)]
        command += ["--echo"] * options.echo + (["--plant", options.plant] if options.plant else [])
        command += ["--preset", options.preset] if options.preset else []
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
            for line in child.stdout:
                print(line, end="", flush=True)
                done = re.match(rf"seed {seed}: (\d+) events in ([\d.]+) s", line)
                if done:
                    total_events += int(done[1])
                    total_seconds += float(done[2])
        if child.returncode != 0:
            failures.append(seed)
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
