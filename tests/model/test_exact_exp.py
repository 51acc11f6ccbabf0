"""exact_exp gives math.exp's float for every argument, to the bit, calling math.exp for few of them.

Arguments come in arrays long enough for the numpy path (a thousand and more), mixed
with chosen ones: 0 and −0, the least subnormals, the 0.01 grid, the edges where
eˣ nears the least normal float (−707, −708) and the largest (709), and whole
powers of 2 in the exponent (arguments near multiples of ln 2/64, where the table
takes over from the series).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import exact_exp as module
from qk_explorer.model.exact_exp import exact_exp

chosen = st.sampled_from(
    [
        0.0,
        -0.0,
        5e-324,
        -5e-324,
        1e-300,
        -1e-16,
        1e-16,
        -707.0,
        -707.0000000000001,
        -708.0,
        -708.4,
        -745.0,
        709.0,
        709.7,
        math.log(2.0),
        -math.log(2.0) / 128,
        math.log(2.0) / 128,
        -20 * math.log(2.0),
    ]
)
arguments = chosen | st.integers(-3000, 0).map(lambda x: x / 100) | st.floats(-745.0, 709.7, allow_nan=False)


def math_exps(x: np.ndarray) -> list[float]:
    return [math.exp(v) for v in x.tolist()]


counts = st.sampled_from([1000, 3000, 9000])  # under, at and over the pieces numpy works on


@given(st.lists(arguments, min_size=1, max_size=50), st.integers(0, 2**32 - 1), counts)
@settings(max_examples=150, deadline=None)
def test_every_argument_gives_math_exps_float(picked, seed, count):
    """Among ~2,000 arguments a fraction of an ulp off would show: numpy's own exp misses 4 in 100."""
    rng = np.random.default_rng(seed)
    x = np.concatenate([picked, rng.uniform(-40.0, 0.0, count - len(picked))])
    rng.shuffle(x)
    assert exact_exp(x).tolist() == math_exps(x)


def test_the_margin_is_what_keeps_it_exact(monkeypatch):
    """With a margin 8 times narrower than the one worked out, some floats are not math.exp's:
    the test above, with its thousands of arguments a run, would fail."""
    x = np.random.default_rng(7).uniform(-30.0, 0.0, 300_000)
    monkeypatch.setattr(module, "_MARGIN", 2.0**-60)
    assert exact_exp(x).tolist() != math_exps(x)


def test_math_exp_is_called_for_about_one_argument_in_eleven(monkeypatch):
    asked = []
    monkeypatch.setattr(module, "_math_exp", lambda x: asked.append(x.size) or np.exp(x))
    exact_exp(np.random.default_rng(3).uniform(-30.0, 0.0, 4096))
    assert 0.05 < sum(asked) / 4096 < 0.13


@pytest.mark.parametrize("count", [1, 1023, 1024, 4097])
def test_under_another_c_library_every_float_is_math_exps_own(monkeypatch, count):
    x = np.random.default_rng(count).uniform(-50.0, 5.0, count)
    monkeypatch.setattr(module, "_GLIBC", False)
    calls = []
    monkeypatch.setattr(module.math, "exp", lambda v: calls.append(v) or math.e**v)
    assert exact_exp(x).tolist() == [math.e**v for v in x.tolist()] and len(calls) == count
