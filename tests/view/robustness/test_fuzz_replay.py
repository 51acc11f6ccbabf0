"""A fuzz failure replays from the command it prints: the same failure at the same event.

A failure is planted on purpose (fuzzer.PLANTED) that needs a state only a long run of events
reaches. The first run pauses now and then, letting timers and animations run out as a slow
machine or a person would; the replay runs flat out. Both must take the same path to it.
"""

import re
import shlex

from .test_fuzz import run_fuzzer

SEED, PLANT = 3, "spanish-three-keys"  # reached at event 112


def failure_and_events(output: str) -> tuple[str, list[str]]:
    """The failure's first line, and its last events with the run's own folder names left out."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"seed \d+, event \d+: ", line))
    events = [line for line in lines[lines.index("last events:", start) + 1 :] if line.startswith("  ")]
    return lines[start], [re.sub(r"'/[^']*?/files-\d+(?=['/])", "'FILES", e) for e in events]


def test_a_failure_replays_from_the_command_it_prints(tmp_path):
    first = run_fuzzer(
        *("--seeds", str(SEED), "--events", "600", "--plant", PLANT, "--pause-every", "9"),
        *("--folder", str(tmp_path / "first")),
        timeout=1800,
    )
    assert first.returncode == 1, first.stdout + first.stderr
    failure, events = failure_and_events(first.stdout)
    n = int(re.match(rf"seed {SEED}, event (\d+): planted: Spanish", failure)[1])
    assert n > 50  # a long way in: a replay that drifted from the first run would not get there
    replay = re.search(r"^replay: (.*)$", first.stdout, re.M)[1]
    assert replay == f"python -m tests.fuzz.run --seeds {SEED} --events {n + 1} --plant {PLANT}"
    log = next((tmp_path / "first").glob("fuzz-seed-*.log")).read_text().splitlines()
    assert log[1] == f"replay: {replay}"  # the log file carries the command too

    python, dash_m, module, *args = shlex.split(replay)
    assert (python, dash_m, module) == ("python", "-m", "tests.fuzz.run")
    again = run_fuzzer(*args, "--folder", str(tmp_path / "again"), timeout=1800)
    assert again.returncode == 1, again.stdout + again.stderr
    assert failure_and_events(again.stdout) == (failure, events)
