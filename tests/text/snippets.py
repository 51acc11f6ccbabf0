"""What a worked-example snippet should print: Results rounded as the panels round them."""

from __future__ import annotations

import re

from qk_explorer.text.names import key_name, query_name
from qk_explorer.text.numbers import MINUS, number

UNDEFINED = {"en": "undefined", "es": "indefinido"}
LABELS = {
    "en": {"scores": "scores", "logits": "logits", "weights": "weights", "output": "output"},
    "es": {"scores": "puntuaciones", "logits": "logits", "weights": "pesos", "output": "salida"},
}


def plain(text: str) -> str:
    """A panel's text as program output writes it: decimal point, ', ' and '-'."""
    return text.replace(MINUS, "-").replace("; ", ", ").replace(",", ".").replace(". ", ", ")


def n(x, places: int = 3) -> str:
    return number(x, "en", places).replace(MINUS, "-")


def vec(v) -> str:
    return "(" + ", ".join(n(x) for x in v) + ")"


def expected_output(scene, results, lang: str = "en") -> dict[str, str]:
    """label -> printed value, for every line a snippet prints."""
    pair, a = results.pair, results.attention
    k, u, labels = key_name(scene.selected_key), UNDEFINED[lang], LABELS[lang]
    out = {f"q·{k}": n(pair.dot), "‖q‖": n(pair.norm_q), f"‖{k}‖": n(pair.norm_k)}
    out["cos θ"] = u if pair.cosine is None else n(pair.cosine)
    out["θ"] = u if pair.angle_deg is None else n(pair.angle_deg, 2) + "°"
    out[f"comp_{k}(q)"] = u if pair.scalar_projection is None else n(pair.scalar_projection)
    out[f"proj_{k}(q)"] = u if pair.projection is None else vec(pair.projection)
    out[f"q − proj_{k}(q)"] = u if pair.perpendicular is None else vec(pair.perpendicular)
    if pair.residual is not None:
        out[f"(q − proj)·{k}"] = n(pair.residual)
    cosine_undefined = a.undefined is not None and a.undefined.why.value != "all-masked"
    # A snippet prints a masked key's score and logit as "—" (program output masks them).
    masked = lambda xs: [x if m else None for x, m in zip(xs, scene.mask, strict=True)]  # noqa: E731
    out[labels["scores"]] = u if cosine_undefined else vec(masked(a.scores))
    out[labels["logits"]] = u if cosine_undefined else vec(masked(a.logits))
    out[labels["weights"]] = u if a.weights is None else vec(a.weights)
    out[labels["output"]] = u if a.output is None else vec(a.output)
    return out


def parse_output(text: str) -> dict[str, str]:
    lines = [line for line in text.splitlines() if line.strip()]
    return dict(line.split(" = ", 1) for line in lines)


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def agree_to_last_digit(printed: dict[str, str], expected: dict[str, str]) -> list[str]:
    """Differences beyond one unit of the last printed digit (a value on an exact rounding tie may
    round either way when two formulas differ in the last bit)."""
    problems = []
    if printed.keys() != expected.keys():
        return [f"labels differ: {sorted(printed)} != {sorted(expected)}"]
    for label, want in expected.items():
        got = printed[label]
        if _NUMBER.sub("#", got) != _NUMBER.sub("#", want):
            problems.append(f"{label}: {got!r} != {want!r}")
            continue
        for a, b in zip(_NUMBER.findall(got), _NUMBER.findall(want), strict=True):
            unit = 10.0 ** -max(len(a.partition(".")[2]), len(b.partition(".")[2]), 0)
            if abs(float(a) - float(b)) > 1.01 * unit:
                problems.append(f"{label}: {got!r} != {want!r}")
    return problems


def expected_matrix_output(scene, results, lang: str = "en") -> dict[str, str]:
    """label -> printed value, for every line a several-queries snippet prints: row by row, the
    scores and logits of every cell (masked ones too; "—" where a cosine has no value), then the
    weights and the output, or undefined for a row without weights."""
    m, u, labels = results.matrix, UNDEFINED[lang], LABELS[lang]
    out = {}
    for i in range(scene.query_count):
        name = query_name(i)
        out[f"{labels['scores']} {name}"] = vec(m.scores[i])
        out[f"{labels['logits']} {name}"] = vec(m.logits[i])
        out[f"{labels['weights']} {name}"] = u if m.weights[i] is None else vec(m.weights[i])
        out[f"{labels['output']} {name}"] = u if m.outputs[i] is None else vec(m.outputs[i])
    return out
