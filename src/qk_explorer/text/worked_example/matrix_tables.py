"""The worked example of a scene with several queries, as Markdown tables or LaTeX matrices.

The grids of the app's Q·Kᵀ panel: scores Q·Kᵀ, scaled logits (a masked cell
keeps both; after the mask its logit is −∞), weights with each row's sum, and
the outputs W·V. The numbers are Results.matrix's own, rounded as the panels
round them (decimal comma in Spanish); a row without weights says undefined,
and why. A token scene's starts from its tokens and their projections (token_tables.py).
"""

from __future__ import annotations

from ...model.matrix import AttentionMatrix
from ...model.results import Results
from ...model.scene import Scene, Scoring
from .. import numbers
from ..names import key_name, query_name, value_name
from .phrases import words
from .shared import heading, row_reason, scale_words
from .token_tables import latex_comments, latex_tokens, markdown_tokens


def _heading_words(scene: Scene, m: AttentionMatrix, lang: str) -> str:
    w = words(lang)
    shape = w["shape"].format(L=scene.query_count, S=scene.key_count)
    causal = f", {w['causal_mask']}" if scene.causal else ""
    return f"{scale_words(m.rows[0], lang)}, {shape}{causal}"


def _has_masked_cell(m: AttentionMatrix) -> bool:
    return not all(all(row) for row in m.mask)


# ---- Markdown ----------------------------------------------------------------------------------


def markdown_matrix(scene: Scene, results: Results, lang: str = "en") -> str:
    w, m = words(lang), results.matrix
    n = lambda x: w["undefined"] if x is None else numbers.number(x, lang)  # noqa: E731
    vec = lambda v: w["undefined"] if v is None else numbers.vector(v, lang)  # noqa: E731
    keys = [key_name(j) for j in range(scene.key_count)]
    out = [f"### {heading(scene, lang)}", ""]
    if scene.tokens is not None:
        out += markdown_tokens(scene, results, lang)
    vectors = [f"{query_name(i)} = {vec(q)}" for i, q in enumerate(scene.queries)]
    vectors += [f"{key_name(j)} = {vec(k)}" for j, k in enumerate(scene.keys)]
    vectors += [f"{value_name(j)} = {vec(v)}" for j, v in enumerate(scene.values)]
    out += [f"**{w['vectors']}.** " + ", ".join(vectors) + f" (n = {scene.dimension})", ""]
    out += [f"**{w['matrix_attention']}** ({_heading_words(scene, m, lang)})", ""]
    if m.scoring is Scoring.DOT:  # a cosine cell is not the inner product itself
        i, j = scene.selected_query, scene.selected_key
        cell = f"{query_name(i)}·{key_name(j)} = " + numbers.expanded_product(
            scene.queries[i], scene.keys[j], results.pair.dot, lang
        )
        out += [w["cell_sentence"].format(cell=cell), ""]

    def table(title: str, cells, extra: str | None = None) -> list[str]:
        header = ["", *keys] + ([extra] if extra else [])
        lines = [f"**{title}**", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join([query_name(r), *row]) + " |" for r, row in enumerate(cells)]
        return [*lines, ""]

    out += table(w["scores_table"], [[n(x) for x in row] for row in m.scores])
    logits = [
        [n(x) if takes_part else f"{n(x)} → −∞" for x, takes_part in zip(row, mask, strict=True)]
        for row, mask in zip(m.logits, m.mask, strict=True)
    ]
    out += table(w["logits_table"], logits)
    if _has_masked_cell(m):
        out += [w["masked_sentence"], ""]
    weights = [
        [n(None)] * (scene.key_count + 1)
        if row.weights is None
        else [*map(n, row.weights), n(row.weight_sum)]
        for row in m.rows
    ]
    out += table(w["weights_table"], weights, "Σ")
    out += [w["rows_sum"], ""]
    out += [f"**{w['outputs_table']}**", "", f"| {w['query']} | {w['output']} |", "|---|---|"]
    out += [f"| {query_name(r)} | {vec(o)} |" for r, o in enumerate(m.outputs)]
    reasons = [row_reason(r, u, lang) for r, u in enumerate(m.undefined) if u is not None]
    if reasons:
        out += [""] + [f"_{text}._" for text in reasons]
    return "\n".join(out) + "\n"


# ---- LaTeX -------------------------------------------------------------------------------------


def _tex(x: float | None, lang: str, undefined: str) -> str:
    if x is None:
        return f"\\text{{{undefined}}}"
    return numbers.number(x, lang).replace(numbers.MINUS, "-").replace(",", "{,}")


def _bmatrix(rows) -> str:
    return "\\begin{bmatrix} " + " \\\\ ".join(" & ".join(row) for row in rows) + " \\end{bmatrix}"


def latex_matrix(scene: Scene, results: Results, lang: str = "en") -> str:
    w, m = words(lang), results.matrix
    u = w["undefined"]
    t = lambda x: _tex(x, lang, u)  # noqa: E731
    grid = lambda rows: _bmatrix([[t(x) for x in row] for row in rows])  # noqa: E731
    lines = [f"% Q·K Explorer — {heading(scene, lang)}", f"% {w['latex_intro']}"]
    lines.append(f"% {w['matrix_attention']}: {_heading_words(scene, m, lang)}")
    if scene.tokens is not None:
        lines += latex_comments(scene, results, lang)
    lines.append("\\begin{align*}")
    if scene.tokens is not None:
        lines += latex_tokens(scene, results, grid)
    lines.append(
        f"Q &= {grid(scene.queries)},\\quad K = {grid(scene.keys)},\\quad V = {grid(scene.values)}\\\\"
    )
    if m.scoring is Scoring.COSINE:
        lines.append(f"S_{{ij}} = \\cos(q_i, k_j):\\quad S &= {grid(m.scores)}\\\\")
        lines.append(f"L = {t(m.scale)}\\, S &= {grid(m.logits)}\\\\")
    else:
        i, j = scene.selected_query, scene.selected_key
        terms = " + ".join(
            f"{t(a) if a >= 0 else '(' + t(a) + ')'}({t(b)})"
            for a, b in zip(scene.queries[i], scene.keys[j], strict=True)
        )
        lines.append(f"q_{{{i + 1}}}\\cdot k_{{{j + 1}}} &= {terms} = {t(results.pair.dot)}\\\\")
        lines.append(f"S = QK^\\top &= {grid(m.scores)}\\\\")
        scaled = (
            f"\\frac{{QK^\\top}}{{\\sqrt{{{m.d_k}}}}}" if m.scale_is_default else f"{t(m.scale)}\\, QK^\\top"
        )
        lines.append(f"L = {scaled} &= {grid(m.logits)}\\\\")
    softmax_of = "L"
    if _has_masked_cell(m):
        masked = [
            [t(x) if takes_part else "-\\infty" for x, takes_part in zip(row, mask, strict=True)]
            for row, mask in zip(m.logits, m.mask, strict=True)
        ]
        lines.append(f"L + M &= {_bmatrix(masked)}\\\\")
        softmax_of = "L + M"
    weights = [
        [t(None)] * scene.key_count if row.weights is None else list(map(t, row.weights)) for row in m.rows
    ]
    lines.append(f"W = \\operatorname{{softmax}}_{{\\text{{row}}}}({softmax_of}) &= {_bmatrix(weights)}\\\\")
    outputs = [[t(None)] * scene.dimension if o is None else list(map(t, o)) for o in m.outputs]
    lines.append(f"O = WV &= {_bmatrix(outputs)}")
    lines.append("\\end{align*}")
    if _has_masked_cell(m):
        lines.append(f"% {w['masked_sentence']}")
    lines.append(f"% {w['rows_sum']}")
    lines += [f"% {row_reason(r, un, lang)}" for r, un in enumerate(m.undefined) if un is not None]
    return "\n".join(lines) + "\n"
