"""The normal suite's fuzz run: 2,000 seeded events; `--long` runs 20,000 for each of several seeds."""

import pytest

from qk_explorer.model.presets import preset_scene
from tests.fuzz.fuzzer import Fuzzer, silence_blocking_dialogs


@pytest.fixture
def fuzz_window(make_window, monkeypatch):
    silence_blocking_dialogs(monkeypatch)
    return make_window(preset_scene("lesson-attention"))


def test_fuzz_two_thousand_events(fuzz_window):
    Fuzzer(fuzz_window, seed=20261129).run(2000)


@pytest.mark.long
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_fuzz_long(fuzz_window, seed):
    Fuzzer(fuzz_window, seed=seed).run(20000)
