"""The worked example as a NumPy program that prints the numbers on screen (see snippet.py)."""

from __future__ import annotations

from ...model.results import Results
from ...model.scene import Scene, Scoring
from .phrases import words
from .shared import heading, reason, scale_words, scores_undefined
from .snippet import fmt_helpers, pair_code, py_matrix, py_number, py_vector


def numpy_code(scene: Scene, results: Results, lang: str = "en") -> str:
    w, a = words(lang), results.attention
    p = w["printed"]
    undefined = w["undefined"]
    lines = [
        f"# Q·K Explorer — {heading(scene, lang)}",
        f"# {w['numpy_intro']}",
        "import numpy as np",
        "",
        f"q = np.array({py_vector(scene.query)}, dtype=float)",
        f"K = np.array({py_matrix(scene.keys)}, dtype=float)  # {w['one_key_per_row']}",
        f"V = np.array({py_matrix(scene.values)}, dtype=float)  # {w['one_value_per_row']}",
        f"mask = np.array({list(scene.mask)})  # {w['mask_comment']}",
        "",
        "",
        *fmt_helpers(lang, "np.isfinite"),
        "",
        *pair_code(scene, results, lang, "np"),
        "",
        f"# {w['attention']}: {scale_words(a, lang)}",
    ]
    if a.scoring is Scoring.COSINE:
        lines += [
            "norms = np.linalg.norm(K, axis=1) * np.linalg.norm(q)",
            "cosines = np.divide(K @ q, norms, out=np.zeros(len(K)), where=mask & (norms > 0))",
            "scores = np.clip(cosines, -1, 1)",
            f"multiplier = {py_number(a.scale)}",
            "logits = scores * multiplier",
        ]
    else:
        scale = (
            f"scale = 1 / np.sqrt(q.shape[0])  # {w['default_scale_comment']}"
            if a.scale_is_default
            else f"scale = {py_number(a.scale)}  # {w['own_scale']}"
        )
        lines += ["scores = K @ q", scale, "logits = scores * scale"]
    if scores_undefined(a):
        lines = lines[: -4 if a.scoring is Scoring.COSINE else -3]
        lines += [f'print("{p["scores"]} =", "{undefined}")', f'print("{p["logits"]} =", "{undefined}")']
    else:
        lines += [
            f"# {w['masked_nan']}",
            f'print("{p["scores"]} =", fmt_vec(np.where(mask, scores, np.nan)))',
            f'print("{p["logits"]} =", fmt_vec(np.where(mask, logits, np.nan)))',
        ]
    if a.undefined is not None:
        lines += [
            f"# {reason(a.undefined, lang)}",
            f'print("{p["weights"]} =", "{undefined}")',
            f'print("{p["output"]} =", "{undefined}")',
        ]
        return "\n".join(lines) + "\n"
    lines += [
        f"# {w['softmax_comment']}",
        "shifted = np.where(mask, logits - logits[mask].max(), -np.inf)",
        "weights = np.exp(shifted) / np.exp(shifted).sum()",
        "output = weights @ V",
        f'print("{p["weights"]} =", fmt_vec(weights))',
        f'print("{p["output"]} =", fmt_vec(output))',
    ]
    if scene.dropout_p > 0:
        lines += [
            "",
            f"# {w['dropout_comment']}",
            f"p, seed = {py_number(scene.dropout_p)}, {scene.dropout_seed}",
            "kept = np.random.default_rng(seed).random(len(weights)) >= p",
            "dropped = np.where(kept, weights / (1 - p), 0.0)",
            f'print("{p["dropout weights"]} =", fmt_vec(dropped))',
            f'print("{p["dropout output"]} =", fmt_vec(dropped @ V))',
        ]
    return "\n".join(lines) + "\n"
