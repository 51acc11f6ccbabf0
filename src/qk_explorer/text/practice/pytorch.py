"""The one line of PyTorch that makes each mistake, beside the line that does it right.

Code reads the same in every language. A mistake made by hand only (a lost
sign, a score taken for its mirror) has no line of its own.
"""

from __future__ import annotations

from ...model.practice import Mistake

_SOFTMAX = "weights = torch.softmax(Q @ K.T / math.sqrt(d_k), dim=-1)"

PYTORCH: dict[Mistake, tuple[str, str]] = {  # (wrong, right)
    Mistake.ADDED_NOT_MULTIPLIED: ("score = (q + k).sum()", "score = (q * k).sum()"),
    Mistake.ONE_LENGTH_ONLY: ("cos = (q @ k) / k.norm()", "cos = (q @ k) / (q.norm() * k.norm())"),
    Mistake.DOT_FOR_COSINE: ("cos = q @ k", "cos = (q @ k) / (q.norm() * k.norm())"),
    Mistake.SCALED_DOT_FOR_COSINE: (
        "cos = (q @ k) / math.sqrt(d_k)",
        "cos = F.cosine_similarity(q, k, dim=0)",
    ),
    Mistake.DIVIDED_BY_LENGTH_NOT_SQUARED: ("proj = (q @ k) / k.norm() * k", "proj = (q @ k) / (k @ k) * k"),
    Mistake.DIVIDED_BY_SQUARED_LENGTH: ("comp = (q @ k) / (k @ k)", "comp = (q @ k) / k.norm()"),
    Mistake.DOT_FOR_PROJECTION: ("comp = q @ k", "comp = (q @ k) / k.norm()"),
    Mistake.PROJECTED_THE_WRONG_WAY: ("proj = (q @ k) / (q @ q) * q", "proj = (q @ k) / (k @ k) * k"),
    Mistake.NOT_SCALED: ("weights = torch.softmax(Q @ K.T, dim=-1)", _SOFTMAX),
    Mistake.SCALED_BY_DK: ("weights = torch.softmax(Q @ K.T / d_k, dim=-1)", _SOFTMAX),
    Mistake.SCALED_BY_SQRT_D_MODEL: (
        "weights = torch.softmax(Q @ K.T / math.sqrt(d_model), dim=-1)",
        _SOFTMAX,
    ),
    Mistake.NO_EXPONENTIAL: (
        "weights = logits / logits.sum(dim=-1, keepdim=True)",
        "weights = logits.softmax(dim=-1)",
    ),
    Mistake.NO_SOFTMAX: ("weights = logits", "weights = logits.softmax(dim=-1)"),
    Mistake.NO_MAX_SUBTRACTED: (
        "weights = logits.exp() / logits.exp().sum(dim=-1, keepdim=True)",
        "weights = logits.softmax(dim=-1)",
    ),
    Mistake.SOFTMAX_OVER_QUERIES: ("weights = logits.softmax(dim=0)", "weights = logits.softmax(dim=-1)"),
    Mistake.MASK_AFTER_SOFTMAX: (
        "weights = logits.softmax(dim=-1) * mask",
        "weights = logits.masked_fill(~mask, float('-inf')).softmax(dim=-1)",
    ),
    Mistake.KEYS_NOT_VALUES: ("output = weights @ K", "output = weights @ V"),
    Mistake.ZERO_VECTOR_ANGLE: (
        "theta = torch.rad2deg(torch.acos(F.cosine_similarity(q, k, dim=0)))",
        "theta = None if q.norm() == 0 or k.norm() == 0 else torch.rad2deg(torch.acos(cos))",
    ),
}
