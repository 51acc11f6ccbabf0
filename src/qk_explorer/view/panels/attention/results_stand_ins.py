"""Stand-ins for two Results fields the attention panel shows and the model does not give yet.

How many keys take part in softmax, and how much of its cell each weight's bar fills,
are numbers like any other the panel shows: they belong in Results, derived once by
the model. Until Results has them, they are worked out here and nowhere else in the
view, so that swapping these functions for the fields is a change of a few lines.
"""

from __future__ import annotations

from ....model import Scene
from ....model.attention import Attention, Dropout


def keys_taking_part(scene: Scene) -> int:
    """How many keys the mask lets take part in softmax."""
    return sum(scene.mask)


def weight_bars(att: Attention, mask) -> list[float]:
    """Per key, the fraction of its cell the weight's bar fills: the weight, or 0 when masked or undefined."""
    if att.weights is None:
        return [0.0] * len(mask)
    return [w if takes_part else 0.0 for w, takes_part in zip(att.weights, mask)]


def dropout_bars(dropout: Dropout, mask) -> list[float]:
    """Per key, the bar of its weight after dropout, over the largest such weight (at least 1);
    0 when the key is masked or dropped."""
    top = max(1.0, *dropout.weights)
    return [
        w / top if takes_part and kept else 0.0
        for w, kept, takes_part in zip(dropout.weights, dropout.kept, mask)
    ]
