"""The normal suite's fuzz run: 2,000 seeded events; `--long` runs 20,000 for each of several seeds.

Each run is `python -m tests.fuzz.run` in a process of its own, exactly as the replay command that
a failure prints, so that what fails here fails again there. A failure names the seed, the event,
what broke, the last events and a file with the whole event log.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import scene_files

NORMAL_SEED = 20261129
LONG_SEEDS = [1, 2, 3, 4, 5]
ROOT = Path(__file__).resolve().parents[3]


def run_fuzzer(*args: str, timeout: float) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-m", "tests.fuzz.run", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def test_fuzz_two_thousand_events(tmp_path):
    corpus_before = {p: p.read_bytes() for p in scene_files.committed_paths()}
    result = run_fuzzer(
        "--seeds", str(NORMAL_SEED), "--events", "2000", "--folder", str(tmp_path), timeout=3600
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"seed {NORMAL_SEED}: 2000 events in ")
    # It opens and saves copies: File > Save must never have written into the committed corpus.
    assert {p: p.read_bytes() for p in scene_files.committed_paths()} == corpus_before


def test_fuzz_a_scene_of_tokens(tmp_path):
    """From a scene of tokens, so that tokens are dragged in the token plane from the start."""
    result = run_fuzzer(
        "--seeds", str(NORMAL_SEED), "--events", "1000", "--preset", "learned-projections",
        "--folder", str(tmp_path), timeout=3600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"seed {NORMAL_SEED}: 1000 events in ")


@pytest.mark.long
@pytest.mark.parametrize("seed", LONG_SEEDS)
def test_fuzz_long(seed, tmp_path):
    result = run_fuzzer(
        "--seeds", str(seed), "--events", "20000", "--folder", str(tmp_path), timeout=6 * 3600
    )
    assert result.returncode == 0, result.stdout + result.stderr
