"""The numbers a feedback sentence may name beside the answer: the steps, never the answer itself.

"0.378 and 0.622 are what softmax gives if each score is divided by dₖ = 2;
attention divides by √dₖ ≈ 1.414" names dₖ and √dₖ: steps of the computation
that the question gives or that the student needs, not what it asks.
"""

from __future__ import annotations

import math
from typing import Any

from .instance import Instance
from .questions import PLACE_WEIGHT


def sentence_facts(instance: Instance) -> dict[str, Any]:
    scene, pair = instance.scene, instance.results.pair
    d_k = scene.dimension
    facts = {
        "d_k": d_k,
        "sqrt_d_k": math.sqrt(d_k),
        "norm_q": pair.norm_q,
        "norm_k": pair.norm_k,
        "norm_k_squared": pair.norm_k**2,
        "zero": _zero_vectors(pair.norm_q, pair.norm_k),
        "largest_exponent": math.log(1.7976931348623157e308),  # e^x is no float beyond it
        "place_weight": PLACE_WEIGHT,
        "place_gap": math.log(PLACE_WEIGHT / (1 - PLACE_WEIGHT)),  # the lead in logits that weight needs
    }
    if scene.tokens is not None:
        facts["d_model"] = scene.tokens.d_model
        facts["sqrt_d_model"] = math.sqrt(scene.tokens.d_model)
    return facts


def _zero_vectors(norm_q: float, norm_k: float) -> str | None:
    """Which of the pair is the zero vector: "q", "k", "both", or None."""
    if norm_q == 0 and norm_k == 0:
        return "both"
    return "q" if norm_q == 0 else "k" if norm_k == 0 else None
