"""The worked example as Markdown: the vectors, a table of the pair, a table of attention.

The numbers are Results' own, rounded as the panels round them (decimal comma in Spanish).
"""

from __future__ import annotations

from ...model.results import Results
from ...model.scene import Scene
from .. import numbers
from ..names import key_name
from .phrases import words
from .shared import heading, reason, scale_words, scores_undefined


def markdown(scene: Scene, results: Results, lang: str = "en") -> str:
    w, pair, a = words(lang), results.pair, results.attention
    n = lambda x: numbers.number(x, lang)  # noqa: E731
    vec = lambda v: numbers.vector(v, lang)  # noqa: E731
    k = key_name(scene.selected_key)
    undefined = w["undefined"]
    out = [f"### {heading(scene, lang)}", ""]
    vectors = [f"q = {vec(scene.query)}"]
    vectors += [f"{key_name(i)} = {vec(key)}" for i, key in enumerate(scene.keys)]
    out += [f"**{w['vectors']}.** " + ", ".join(vectors) + f" (n = {scene.dimension})", ""]
    out += [f"**{w['pair']} q, {k}**", "", f"| {w['quantity']} | {w['value']} |", "|---|---|"]
    rows = [
        (f"q·{k}", numbers.expanded_product(scene.query, scene.keys[scene.selected_key], pair.dot, lang)),
        ("‖q‖", n(pair.norm_q)),
        (f"‖{k}‖", n(pair.norm_k)),
        (f"cos θ = q·{k} / (‖q‖ ‖{k}‖)", undefined if pair.cosine is None else n(pair.cosine)),
        (
            "θ",
            undefined
            if pair.angle_deg is None
            else f"{numbers.angle(pair.angle_deg, lang)} ({w['relation'][pair.relation]})",
        ),
        (
            f"comp_{k}(q) = q·{k} / ‖{k}‖",
            undefined if pair.scalar_projection is None else n(pair.scalar_projection),
        ),
        (
            f"proj_{k}(q) = (q·{k} / ‖{k}‖²) {k}",
            undefined if pair.projection is None else vec(pair.projection),
        ),
        (f"q − proj_{k}(q)", undefined if pair.perpendicular is None else vec(pair.perpendicular)),
    ]
    out += [f"| {name} | {value} |" for name, value in rows]
    if pair.undefined is not None:
        out += ["", f"_{reason(pair.undefined, lang)}._"]
    out += ["", f"**{w['attention']}** ({scale_words(a, lang)})", ""]
    out += [
        f"| {w['key']} | kᵢ | {w['score']} | {w['logit']} | {w['weight']} | vᵢ |",
        "|---|---|---|---|---|---|",
    ]
    for i in range(scene.key_count):
        if not scene.mask[i]:
            score = logit = w["masked"]
        elif scores_undefined(a):
            score = logit = undefined
        else:
            score, logit = n(a.scores[i]), n(a.logits[i])
        weight = undefined if a.weights is None else n(a.weights[i])
        out.append(
            f"| {key_name(i)} | {vec(scene.keys[i])} | {score} | {logit} | {weight} | "
            f"{vec(scene.values[i])} |"
        )
    out.append("")
    if a.undefined is not None:
        out.append(f"_{reason(a.undefined, lang)}._")
    else:
        out.append(f"{w['output']} Σ wᵢvᵢ = {vec(a.output)}. {w['weights_sum']}")
        out.append(
            w["largest"].format(key=key_name(a.winner), percent=numbers.percent(a.weights[a.winner], lang))
        )
    return "\n".join(out) + "\n"
