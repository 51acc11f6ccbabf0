"""One long drag with 8 keys, in its own process so that a crash (PySide6 6.12 on Python 3.11 dies of
`none_dealloc` after a few hundred label updates: docs/design.md, Measured pitfalls) is a failed
test, not a dead test run.

The normal suite drags 500 steps; `--long` drags 20,000 and holds the memory budget of
docs/design.md, Performance budgets (resident memory grows by at most 10 MB after the first
1,000 steps).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SOAK = Path(__file__).parents[2] / "benchmarks" / "soak.py"


def drag_in_a_process(steps: int, timeout: float) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, str(SOAK), str(steps)], capture_output=True, text=True, timeout=timeout, env=env
    )
    assert result.returncode == 0, f"the drag ended with status {result.returncode}:\n{result.stderr[-3000:]}"
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["steps"] == steps
    assert report["undo_steps"] == 1  # the whole drag is one undo step
    return report


def test_a_drag_of_500_steps_does_not_crash():
    drag_in_a_process(500, timeout=300)


@pytest.mark.long
def test_a_drag_of_20000_steps_does_not_crash_nor_grow():
    report = drag_in_a_process(20_000, timeout=3600)
    assert report["rss_end_mb"] - report["rss_warm_mb"] <= 10.0, report
