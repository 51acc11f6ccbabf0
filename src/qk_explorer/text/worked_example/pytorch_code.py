"""The worked example as a PyTorch program: the pair by hand, attention through
F.scaled_dot_product_attention, printing the numbers on screen (see snippet.py)."""

from __future__ import annotations

from ...model.results import Results
from ...model.scene import Scene, Scoring
from ...model.undefined import Why
from .phrases import words
from .shared import heading, reason, scale_words, scores_undefined
from .snippet import fmt_helpers, pair_code, py_matrix, py_number, py_vector


def pytorch_code(scene: Scene, results: Results, lang: str = "en") -> str:
    w, a = words(lang), results.attention
    p = w["printed"]
    undefined = w["undefined"]
    lines = [
        f"# Q·K Explorer — {heading(scene, lang)}",
        f"# {w['torch_intro']}",
        "import math",
        "",
        "import torch",
        "import torch.nn.functional as F",
        "",
        f"q = torch.tensor([{py_vector(scene.query)}], dtype=torch.float64)  # (1, d)",
        f"K = torch.tensor({py_matrix(scene.keys)}, dtype=torch.float64)  # {w['one_key_per_row']}",
        f"V = torch.tensor({py_matrix(scene.values)}, dtype=torch.float64)  # {w['one_value_per_row']}",
        f"mask = torch.tensor([{list(scene.mask)}])  # {w['mask_comment']}",
        "",
        "",
        *fmt_helpers(lang, "math.isfinite"),
        "",
        *pair_code(scene, results, lang, "torch"),
        "",
        f"# {w['attention']}: {scale_words(a, lang)}",
    ]
    if a.scoring is Scoring.COSINE:
        lines += [
            f"# {w['torch_cosine']}",
            "q_in, K_in = F.normalize(q, dim=-1), F.normalize(K, dim=-1)",
            f"scale = {py_number(a.scale)}",
            "scores = (q_in @ K_in.T).clamp(-1, 1)",
        ]
    else:
        scale = (
            f"scale = None  # {w['default_scale_comment']}"
            if a.scale_is_default
            else f"scale = {py_number(a.scale)}  # {w['own_scale']}"
        )
        lines += ["q_in, K_in = q, K", scale, "scores = q @ K.T"]
    lines.append("logits = scores * (1 / math.sqrt(q.shape[-1]) if scale is None else scale)")
    if scores_undefined(a):
        lines += [f'print("{p["scores"]} =", "{undefined}")', f'print("{p["logits"]} =", "{undefined}")']
    else:
        lines += [
            f"# {w['masked_nan']}",
            f'print("{p["scores"]} =", fmt_vec(torch.where(mask, scores, math.nan)[0]))',
            f'print("{p["logits"]} =", fmt_vec(torch.where(mask, logits, math.nan)[0]))',
        ]
    if a.undefined is not None:
        lines.append(f"# {reason(a.undefined, lang)}")
        if a.undefined.why is Why.ALL_MASKED:
            lines += [
                f"# {w['torch_nan']}",
                "output = F.scaled_dot_product_attention(q_in, K_in, V, attn_mask=mask, scale=scale)",
            ]
        lines += [
            f'print("{p["weights"]} =", "{undefined}")',
            f'print("{p["output"]} =", "{undefined}")',
        ]
        return "\n".join(lines) + "\n"
    if scene.dropout_p > 0:
        lines.append(f"# {w['torch_dropout']}")
    lines += [
        "output = F.scaled_dot_product_attention(q_in, K_in, V, attn_mask=mask, scale=scale)",
        f"# {w['sdpa_weights']}",
        "identity = torch.eye(len(K), dtype=torch.float64)",
        "weights = F.scaled_dot_product_attention(q_in, K_in, identity, attn_mask=mask, scale=scale)",
        f'print("{p["weights"]} =", fmt_vec(weights[0]))',
        f'print("{p["output"]} =", fmt_vec(output[0]))',
    ]
    return "\n".join(lines) + "\n"
