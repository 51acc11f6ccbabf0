"""The worked example of a scene with several queries, as a NumPy or a PyTorch program.

Both compute the whole L×S matrix at once, as the app's Q·Kᵀ panel shows it:
scores Q·Kᵀ (masked cells too: PyTorch scores every pair), logits, the mask as
−∞, softmax along each row, outputs W·V. They print, row by row, the numbers on
screen rounded as the panels round them:

    scores q₁ = (1, 2)
    logits q₁ = (0.707, 1.414)
    weights q₁ = (0.33, 0.67)
    output q₁ = (0.33, 0.67)

A score without a value (a cosine with a zero vector) prints as "—"; a row the
app calls undefined (no key to share the weight among, or a cosine with a zero
vector) prints its weights and output as undefined, with the reason in a
comment, never as NaN.

PyTorch refuses attn_mask together with is_causal, so a causal scene that also
masks cells of its own passes one boolean mask with the triangle joined in; a
causal scene with no mask of its own passes is_causal=True.

A token scene's program starts from its tokens and works Q, K and V out
(token_code.py), with one token or several; any other scene's writes them out.
"""

from __future__ import annotations

from ...model.matrix import AttentionMatrix
from ...model.results import Results
from ...model.scene import Scene, Scoring
from ...model.undefined import Why
from ..names import query_name
from .phrases import words
from .shared import heading, row_reason, scale_words
from .snippet import fmt_helpers, py_matrix, py_number
from .token_code import numpy_tokens, torch_tokens


def _header(scene: Scene, lang: str, intro: str) -> list[str]:
    return [f"# Q·K Explorer — {heading(scene, lang)}", f"# {words(lang)[intro]}"]


def _undefined_rows(m: AttentionMatrix, lang: str) -> list[str]:
    """One comment per row without weights, naming it and saying why."""
    return [f"# {row_reason(i, u, lang)}" for i, u in enumerate(m.undefined) if u is not None]


def _prints(lang: str, defined: str | None) -> list[str]:
    """The loop that prints every row; `defined` is the name of the rows-with-weights array,
    or None when every row has weights."""
    w = words(lang)
    p, undefined = w["printed"], w["undefined"]
    lines = [
        "for i, name in enumerate(names):",
        f'    print(f"{p["scores"]} {{name}} =", fmt_vec(scores[i]))',
        f'    print(f"{p["logits"]} {{name}} =", fmt_vec(logits[i]))',
    ]
    if defined is None:
        return [
            *lines,
            f'    print(f"{p["weights"]} {{name}} =", fmt_vec(weights[i]))',
            f'    print(f"{p["output"]} {{name}} =", fmt_vec(outputs[i]))',
        ]
    return [
        *lines,
        f"    if {defined}[i]:",
        f'        print(f"{p["weights"]} {{name}} =", fmt_vec(weights[i]))',
        f'        print(f"{p["output"]} {{name}} =", fmt_vec(outputs[i]))',
        f"    else:  # {w['defined_comment']}",
        f'        print(f"{p["weights"]} {{name}} =", "{undefined}")',
        f'        print(f"{p["output"]} {{name}} =", "{undefined}")',
    ]


def _inputs(scene: Scene, lang: str, make: str, dtype: str) -> list[str]:
    """Q, K and V: from the tokens in a token scene (token_code.py), else written out."""
    if scene.tokens is not None:
        if make == "np.array":
            return numpy_tokens(scene.tokens, lang)
        return torch_tokens(scene.tokens, lang)
    w = words(lang)
    return [
        f"Q = {make}({py_matrix(scene.queries)}, dtype={dtype})  # {w['one_query_per_row']}",
        f"K = {make}({py_matrix(scene.keys)}, dtype={dtype})  # {w['one_key_per_row']}",
        f"V = {make}({py_matrix(scene.values)}, dtype={dtype})  # {w['one_value_per_row']}",
    ]


def _names(scene: Scene) -> str:
    return "names = [" + ", ".join(f'"{query_name(i)}"' for i in range(scene.query_count)) + "]"


# ---- NumPy -------------------------------------------------------------------------------------


def numpy_matrix(scene: Scene, results: Results, lang: str = "en") -> str:
    w, m = words(lang), results.matrix
    p = w["printed"]
    lines = [
        *_header(scene, lang, "numpy_intro"),
        "import numpy as np",
        "",
        *_inputs(scene, lang, "np.array", "float"),
        *_mask_literal("np.array", scene.mask_matrix, w["matrix_mask_comment"]),
    ]
    if scene.causal:
        lines += [f"# {w['causal_comment']}", "mask = mask & np.tril(np.ones(mask.shape, dtype=bool))"]
    lines += [_names(scene), "", "", *fmt_helpers(lang, "np.isfinite"), "", ""]
    lines.append(f"# {w['matrix_attention']}: {scale_words(m.rows[0], lang)}")
    if m.scoring is Scoring.COSINE:
        lines += [
            "norm_q, norm_k = np.linalg.norm(Q, axis=1), np.linalg.norm(K, axis=1)",
            "norms = norm_q[:, None] * norm_k[None, :]",
            f"# {w['cosine_cell_comment']}",
            "cosines = np.divide(Q @ K.T, norms, out=np.full(norms.shape, np.nan), where=norms > 0)",
            "scores = np.clip(cosines, -1, 1)",
            f"multiplier = {py_number(m.scale)}",
            f"# {w['masked_cells_comment']}",
            "logits = scores * multiplier",
        ]
    else:
        scale = (
            f"scale = 1 / np.sqrt(Q.shape[1])  # {w['default_scale_comment']}"
            if m.scale_is_default
            else f"scale = {py_number(m.scale)}  # {w['own_scale']}"
        )
        lines += [
            f"scores = Q @ K.T  # {w['cell_comment']}",
            scale,
            f"# {w['masked_cells_comment']}",
            "logits = scores * scale",
        ]
    every_row = all(u is None for u in m.undefined)
    lines += [f"# {w['minus_inf_comment']}", "masked = np.where(mask, logits, -np.inf)"]
    if m.scoring is Scoring.COSINE:
        lines.append("defined = mask.any(axis=1) & ~np.isnan(np.where(mask, scores, 0.0)).any(axis=1)")
    else:
        lines.append("defined = mask.any(axis=1)")
    lines += [
        f"# {w['row_softmax_comment']}",
        "top = np.where(defined, masked.max(axis=1), 0.0)",
        "exps = np.exp(masked - top[:, None])",
        "total = exps.sum(axis=1, keepdims=True)",
        "weights = np.divide(exps, total, out=np.zeros(exps.shape), where=defined[:, None])",
        f"outputs = weights @ V  # {w['outputs_comment']}",
        *_undefined_rows(m, lang),
        *_prints(lang, None if every_row else "defined"),
    ]
    if scene.dropout_p > 0:
        lines += [
            "",
            f"# {w['dropout_comment']}",
            f"p, seed = {py_number(scene.dropout_p)}, {scene.dropout_seed}",
            "kept = np.random.default_rng(seed).random(weights.shape) >= p",
            "dropped = np.where(kept, weights / (1 - p), 0.0)",
            "for i, name in enumerate(names):",
            *([] if every_row else ["    if not defined[i]:", "        continue"]),
            f'    print(f"{p["dropout weights"]} {{name}} =", fmt_vec(dropped[i]))',
            f'    print(f"{p["dropout output"]} {{name}} =", fmt_vec(dropped[i] @ V))',
        ]
    return "\n".join(lines) + "\n"


def _mask_literal(make: str, rows, comment: str) -> list[str]:
    """mask = make([...]) with one row of the mask per line."""
    return [f"mask = {make}([  # {comment}", *(f"    {list(row)}," for row in rows), "])"]


# ---- PyTorch -----------------------------------------------------------------------------------


def pytorch_matrix(scene: Scene, results: Results, lang: str = "en") -> str:
    w, m = words(lang), results.matrix
    own_mask = not all(all(row) for row in scene.mask_matrix)
    every_row = all(u is None for u in m.undefined)
    lines = [
        *_header(scene, lang, "torch_intro"),
        "import math",
        "",
        "import torch",
        "import torch.nn.functional as F",
        *([] if scene.tokens is None else ["from torch import nn"]),
        "",
        *_inputs(scene, lang, "torch.tensor", "torch.float64"),
    ]
    # The boolean mask is written out when the scene has one; a causal scene without one passes
    # is_causal=True, and needs the mask only to tell which rows have weights.
    if own_mask:
        lines += _mask_literal("torch.tensor", scene.mask_matrix, w["matrix_mask_comment"])
    elif not every_row:
        lines.append(f"mask = torch.ones(len(Q), len(K), dtype=torch.bool)  # {w['matrix_mask_comment']}")
    if scene.causal and (own_mask or not every_row):
        lines += [
            f"# {w['causal_comment']}",
            *([f"# {w['torch_mask_and_causal']}"] if own_mask else []),
            "mask = mask & torch.ones(mask.shape, dtype=torch.bool).tril()",
        ]
    lines += [_names(scene), "", "", *fmt_helpers(lang, "math.isfinite"), "", ""]
    lines.append(f"# {w['matrix_attention']}: {scale_words(m.rows[0], lang)}")
    if m.scoring is Scoring.COSINE:
        lines += [
            "norm_q, norm_k = torch.linalg.vector_norm(Q, dim=-1), torch.linalg.vector_norm(K, dim=-1)",
            "norms = norm_q[:, None] * norm_k[None, :]",
            f"# {w['cosine_cell_comment']}",
            "scores = ((Q @ K.T) / norms).clamp(-1, 1)",
            f"# {w['torch_cosine']}",
            "Q_in, K_in = F.normalize(Q, dim=-1), F.normalize(K, dim=-1)",
            f"scale = {py_number(m.scale)}",
        ]
    else:
        scale = (
            f"scale = None  # {w['default_scale_comment']}"
            if m.scale_is_default
            else f"scale = {py_number(m.scale)}  # {w['own_scale']}"
        )
        lines += [f"scores = Q @ K.T  # {w['cell_comment']}", "Q_in, K_in = Q, K", scale]
    lines += [
        f"# {w['masked_cells_comment']}",
        "logits = scores * (1 / math.sqrt(Q.shape[-1]) if scale is None else scale)",
    ]
    if own_mask:
        masking = ", attn_mask=mask"
    elif scene.causal:
        lines.append(f"# {w['torch_is_causal']}")
        masking = ", is_causal=True"
    else:
        masking = ""
    if scene.dropout_p > 0:
        lines.append(f"# {w['torch_dropout']}")
    lines += [
        f"outputs = F.scaled_dot_product_attention(Q_in, K_in, V{masking}, scale=scale)",
        f"# {w['sdpa_weights']}",
        "identity = torch.eye(len(K), dtype=torch.float64)",
        f"weights = F.scaled_dot_product_attention(Q_in, K_in, identity{masking}, scale=scale)",
    ]
    if not every_row:
        lines += _undefined_rows(m, lang)
        if any(u is not None and u.why is Why.ALL_MASKED for u in m.undefined):
            lines.append(f"# {w['torch_nan']}")
        if m.scoring is Scoring.COSINE:
            lines.append("defined = mask.any(dim=-1) & ~torch.where(mask, scores, 0.0).isnan().any(dim=-1)")
        else:
            lines.append("defined = mask.any(dim=-1)")
    lines += _prints(lang, None if every_row else "defined")
    return "\n".join(lines) + "\n"
