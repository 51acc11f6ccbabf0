"""Adam (Kingma & Ba 2015), as torch.optim.Adam with its defaults but the learning rate.

m ← β₁ m + (1 − β₁) g,   u ← β₂ u + (1 − β₂) g²
θ ← θ − lr / (1 − β₁ᵗ) · m / (√u / √(1 − β₂ᵗ) + ε)      (in torch's order of operations)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .model import Parameters

LEARNING_RATE = 1e-2
BETA_1, BETA_2, EPSILON = 0.9, 0.999, 1e-8


@dataclass
class Adam:
    learning_rate: float = LEARNING_RATE
    step: int = 0
    first: dict[str, np.ndarray] = field(default_factory=dict)  # m: running mean of the gradients
    second: dict[str, np.ndarray] = field(default_factory=dict)  # u: of their squares

    def update(self, p: Parameters, g: Parameters) -> None:
        """One step: every array of `p` changed in place."""
        self.step += 1
        step_size = self.learning_rate / (1 - BETA_1**self.step)
        second_fix = np.sqrt(1 - BETA_2**self.step)
        for name, theta in p.arrays().items():
            grad = getattr(g, name)
            m = self.first.setdefault(name, np.zeros_like(theta))
            u = self.second.setdefault(name, np.zeros_like(theta))
            m *= BETA_1
            m += (1 - BETA_1) * grad
            u *= BETA_2
            u += (1 - BETA_2) * grad * grad
            theta -= step_size * m / (np.sqrt(u) / second_fix + EPSILON)
