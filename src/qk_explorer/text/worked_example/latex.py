"""The worked example as LaTeX: two align* blocks, the pair and attention, with amsmath.

The numbers are Results' own, rounded as the panels round them (decimal comma in Spanish).
"""

from __future__ import annotations

from ...model.results import Results
from ...model.scene import Scene, Scoring
from .. import numbers
from ..names import key_name
from .phrases import words
from .shared import heading, reason, scale_words, scores_undefined


def _tex_number(x: float | None, lang: str, places: int = 3) -> str:
    return numbers.number(x, lang, places).replace(numbers.MINUS, "-").replace(",", "{,}")


def _separator(lang: str) -> str:
    return ";\\ " if numbers.decimal_separator(lang) == "," else ",\\ "


def _tex_vector(v, lang: str) -> str:
    separator = _separator(lang)
    return "(" + separator.join(_tex_number(x, lang) for x in v) + ")"


def _tex_key(index: int) -> str:
    return f"k_{{{index + 1}}}"


def _tex_entries(values, mask, lang: str, masked: str) -> str:
    separator = _separator(lang)
    return (
        "("
        + separator.join(
            _tex_number(x, lang) if m else f"\\text{{{masked}}}" for x, m in zip(values, mask, strict=True)
        )
        + ")"
    )


def latex(scene: Scene, results: Results, lang: str = "en") -> str:
    w, pair, a = words(lang), results.pair, results.attention
    t = lambda x: _tex_number(x, lang)  # noqa: E731
    k = _tex_key(scene.selected_key)
    undefined = f"\\text{{{w['undefined']}}}"
    lines = [f"% Q·K Explorer — {heading(scene, lang)}", f"% {w['latex_intro']}", "\\begin{align*}"]
    keys = ",\\quad ".join(f"{_tex_key(i)} = {_tex_vector(v, lang)}" for i, v in enumerate(scene.keys))
    lines.append(f"q &= {_tex_vector(scene.query, lang)},\\quad {keys}\\\\")
    terms = " + ".join(
        f"{t(x) if x >= 0 else '(' + t(x) + ')'}({t(y)})"
        for x, y in zip(scene.query, scene.keys[scene.selected_key], strict=True)
    )
    lines.append(f"q\\cdot {k} &= {terms} = {t(pair.dot)}\\\\")
    lines.append(f"\\lVert q\\rVert &= {t(pair.norm_q)},\\quad \\lVert {k}\\rVert = {t(pair.norm_k)}\\\\")
    if pair.cosine is None:
        lines.append(f"\\cos\\theta &= {undefined}\\\\")
    else:
        lines.append(
            f"\\cos\\theta &= \\frac{{q\\cdot {k}}}{{\\lVert q\\rVert\\,\\lVert {k}\\rVert}} = "
            f"\\frac{{{t(pair.dot)}}}{{{t(pair.norm_q)}\\cdot {t(pair.norm_k)}}} = {t(pair.cosine)}\\\\"
        )
        relation = w["relation"][pair.relation]
        lines.append(
            f"\\theta &= {_tex_number(pair.angle_deg, lang, 2)}^\\circ\\quad\\text{{({relation})}}\\\\"
        )
    if pair.projection is None:
        lines.append(f"\\operatorname{{proj}}_{{{k}}}(q) &= {undefined}\\\\")
    else:
        lines.append(
            f"\\operatorname{{comp}}_{{{k}}}(q) &= \\frac{{q\\cdot {k}}}{{\\lVert {k}\\rVert}} = "
            f"{t(pair.scalar_projection)}\\\\"
        )
        lines.append(
            f"\\operatorname{{proj}}_{{{k}}}(q) &= \\frac{{q\\cdot {k}}}{{\\lVert {k}\\rVert^{{2}}}}\\,{k} = "
            f"{_tex_vector(pair.projection, lang)}\\\\"
        )
        lines.append(f"q - \\operatorname{{proj}}_{{{k}}}(q) &= {_tex_vector(pair.perpendicular, lang)}\\\\")
    lines[-1] = lines[-1].removesuffix("\\\\")
    lines.append("\\end{align*}")
    if pair.undefined is not None:
        lines.append(f"% {reason(pair.undefined, lang)}")

    lines.append(f"% {w['attention']}: {scale_words(a, lang)}")
    lines.append("\\begin{align*}")
    masked = w["masked"]
    if a.scoring is Scoring.COSINE:
        scores = _tex_entries(a.scores, scene.mask, lang, masked)
        logits = _tex_entries(a.logits, scene.mask, lang, masked)
        if scores_undefined(a):
            scores = logits = undefined
        lines.append(f"s_i &= \\cos(q, k_i):\\quad s = {scores}\\\\")
        lines.append(f"\\ell_i &= {t(a.scale)}\\, s_i:\\quad \\ell = {logits}")
    else:
        scale = "\\frac{s_i}{\\sqrt{d_k}}" if a.scale_is_default else f"{t(a.scale)}\\, s_i"
        lines.append(f"d_k &= {a.d_k}\\\\")
        lines.append(f"s_i &= q\\cdot k_i:\\quad s = {_tex_entries(a.scores, scene.mask, lang, masked)}\\\\")
        lines.append(f"\\ell_i &= {scale}:\\quad \\ell = {_tex_entries(a.logits, scene.mask, lang, masked)}")
    lines[-1] += "\\\\"
    if a.undefined is None:
        lines.append(f"w &= \\operatorname{{softmax}}(\\ell) = {_tex_vector(a.weights, lang)}\\\\")
        lines.append(f"o &= \\textstyle\\sum_i w_i v_i = {_tex_vector(a.output, lang)}")
    else:
        lines.append(f"w &= {undefined},\\quad o = {undefined}")
    lines.append("\\end{align*}")
    if a.undefined is not None:
        lines.append(f"% {reason(a.undefined, lang)}")
    else:
        lines.append(
            "% "
            + w["largest"].format(
                key=key_name(a.winner),
                percent=numbers.percent(a.weights[a.winner], lang).replace("\u202f", " "),
            )
        )
    return "\n".join(lines) + "\n"
