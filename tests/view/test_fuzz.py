"""The normal suite's fuzz run: 2,000 seeded events; `--long` runs 20,000 for each of several seeds.

A failure names the seed, the event, what broke, the last events and a file with
the whole event log; `python -m tests.fuzz.run --seeds SEED --events N` replays it.
"""

import pytest

from qk_explorer.model.presets import preset_scene
from tests.corpus import scene_files
from tests.fuzz.fuzzer import Fuzzer, silence_blocking_dialogs

NORMAL_SEED = 20261129
LONG_SEEDS = [1, 2, 3, 4, 5]


@pytest.fixture
def fuzz(make_window, monkeypatch, tmp_path):
    """make(seed) -> a Fuzzer driving a fresh window, answering dialogs itself."""
    running = []
    silence_blocking_dialogs(monkeypatch.setattr, lambda: running[-1] if running else None)

    def make(seed: int) -> Fuzzer:
        window = make_window(preset_scene("lesson-attention"))
        fuzzer = Fuzzer(window, seed, files=tmp_path / "files", log_path=tmp_path / f"fuzz-seed-{seed}.log")
        running.append(fuzzer)
        return fuzzer

    return make


def test_fuzz_two_thousand_events(fuzz):
    corpus_before = {p: p.read_bytes() for p in scene_files.committed_paths()}
    fuzzer = fuzz(NORMAL_SEED)
    fuzzer.run(2000)
    assert fuzzer.events == 2000
    # It opens and saves copies: File > Save must never have written into the committed corpus.
    assert {p: p.read_bytes() for p in scene_files.committed_paths()} == corpus_before


@pytest.mark.long
@pytest.mark.parametrize("seed", LONG_SEEDS)
def test_fuzz_long(fuzz, seed):
    fuzzer = fuzz(seed)
    fuzzer.run(20000)
    assert fuzzer.events == 20000
