"""Backpropagation written out (gradients.py) against PyTorch's autograd on the same forward pass.

Random small models in float64: every vocabulary size, length, width and batch
the hypothesis strategy draws, random targets and scored positions. Every
parameter's gradient agrees to a relative 1e-9 of its largest entry. A
gradient that is a sum of terms cancelling to almost nothing (1e-8 from terms of
size 1) cannot keep nine digits in either program: the floor for it is 1e-12 of
the model's largest gradient entry, a few thousand roundings of double precision.
"""

from __future__ import annotations

import numpy as np
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model.training.adam import Adam
from qk_explorer.model.training.gradients import gradients
from qk_explorer.model.training.model import NAMES, Shape, forward, initial_parameters, loss
from tests.model.training import reference

RELATIVE = 1e-9
FLOOR = 1e-12


@st.composite
def problems(draw):
    vocab = draw(st.integers(2, 8))
    positions = draw(st.integers(1, 8))
    d_model = draw(st.integers(1, 16))
    batch = draw(st.integers(1, 5))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    p = initial_parameters(Shape(vocab, positions, d_model), rng)
    scale = draw(st.sampled_from([0.3, 1.0, 3.0]))  # trained heads have entries of several units
    p = type(p)(**{name: a * scale / 0.3 for name, a in p.arrays().items()})
    n = draw(st.integers(1, positions))
    tokens = rng.integers(0, vocab, size=(batch, n))
    targets = rng.integers(0, vocab, size=(batch, n))
    scored = rng.random((batch, n)) < 0.7
    scored[rng.integers(batch), rng.integers(n)] = True  # at least one position counts
    return p, tokens, targets, scored


def assert_close(mine: np.ndarray, theirs: np.ndarray, name: str, largest: float = 0.0) -> None:
    """Equal to a relative 1e-9 of the largest entry, with the floor for cancellation (`largest`:
    the model's largest gradient entry)."""
    allowed = RELATIVE * float(np.abs(theirs).max()) + FLOOR * largest
    assert mine.shape == theirs.shape, name
    assert np.abs(mine - theirs).max() <= allowed, (name, np.abs(mine - theirs).max(), allowed)


@settings(max_examples=150, deadline=None)
@given(problems())
def test_every_gradient_equals_autograd(problem):
    p, tokens, targets, scored = problem
    f = forward(p, tokens)
    their_loss, theirs = reference.gradients(p, tokens, targets, scored)
    assert abs(loss(f, targets, scored) - their_loss) <= RELATIVE * their_loss
    mine = gradients(p, f, targets, scored)
    largest = max(float(np.abs(g).max()) for g in theirs.values())
    for name in NAMES:
        assert_close(getattr(mine, name), theirs[name], name, largest)


def test_the_attention_is_pytorchs():
    p, tokens, _, _ = _fixed_problem()
    _, weights = reference.forward(reference.tensors(p), tokens)
    assert np.abs(forward(p, tokens).weights - weights.detach().numpy()).max() <= 1e-12


def test_a_gradient_check_fails_when_a_gradient_is_wrong():
    """The comparison can fail: W_Q's gradient off by one part in 10⁸ is caught."""
    p, tokens, targets, scored = _fixed_problem()
    _, theirs = reference.gradients(p, tokens, targets, scored)
    mine = gradients(p, forward(p, tokens), targets, scored)
    try:
        assert_close(mine.w_q * (1 + 1e-8), theirs["w_q"], "w_q")
    except AssertionError:
        return
    raise AssertionError("a wrong gradient passed")


def test_adam_follows_torch_optim_adam():
    """Ten steps of Adam on the same gradients give torch.optim.Adam's parameters."""
    p, tokens, targets, scored = _fixed_problem()
    t = reference.tensors(p)
    optimiser = torch.optim.Adam(list(t.values()), lr=1e-2)
    mine = Adam()
    for _ in range(10):
        optimiser.zero_grad()
        reference.loss(t, tokens, targets, scored).backward()
        optimiser.step()
        mine.update(p, gradients(p, forward(p, tokens), targets, scored))
    for name in NAMES:
        assert_close(getattr(p, name), t[name].detach().numpy(), name)


def _fixed_problem():
    rng = np.random.default_rng(7)
    p = initial_parameters(Shape(5, 6, 4), rng)
    tokens = rng.integers(0, 5, size=(3, 6))
    targets = rng.integers(0, 5, size=(3, 6))
    scored = np.ones((3, 6), dtype=bool)
    scored[:, 0] = False
    return p, tokens, targets, scored
