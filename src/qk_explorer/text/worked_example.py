"""The scene on screen as a worked example: LaTeX, Markdown, NumPy or PyTorch.

Pure text from (scene, results, lang), no Qt. The LaTeX and Markdown texts
show the numbers of Results rounded as the panels round them (decimal comma
in Spanish). The NumPy and PyTorch snippets start from the scene's exact
coordinates, compute every quantity themselves and print it rounded the same
way, so running one reproduces the numbers on screen:

    q·k = 4
    ‖q‖ = 2.236
    …
    weights = (0.33, 0.67)

Printed numbers always use a decimal point (it is program output); a masked
key's score and logit print as "—"; a quantity the app calls undefined is
printed as undefined with its reason in a comment, never computed into NaN.
Sentences come from the phrase tables below, in English and Spanish.
"""

from __future__ import annotations

from dataclasses import replace

from ..model.attention import Attention
from ..model.geometry import Relation
from ..model.results import Results
from ..model.scene import Scene, Scoring
from ..model.undefined import Undefined, Why
from . import numbers

KINDS = ("latex", "markdown", "numpy", "pytorch")

_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")

_PHRASES = {
    "en": {
        "title": "Worked example",
        "vectors": "Vectors",
        "pair": "The pair",
        "quantity": "Quantity",
        "value": "Value",
        "attention": "Attention",
        "key": "Key",
        "score": "score",
        "logit": "scaled logit",
        "weight": "weight",
        "masked": "masked",
        "undefined": "undefined",
        "output": "Output",
        "largest": "{key} gets the largest weight ({percent}).",
        "weights_sum": "The weights sum to 1 over the keys that take part.",
        "default_scale": "scale 1/√d_k",
        "own_scale": "scale set by hand",
        "cosine_rule": "cosine scoring: each score is cos(q, kᵢ), times the multiplier {m}",
        "printed": {
            "scores": "scores",
            "logits": "logits",
            "weights": "weights",
            "output": "output",
            "dropout weights": "dropout weights",
            "dropout output": "dropout output",
        },
        "relation": {
            Relation.ACUTE: "acute",
            Relation.RIGHT: "right angle",
            Relation.OBTUSE: "obtuse",
        },
        "numpy_intro": "Runs with NumPy alone and prints the numbers the app shows, rounded the same way.",
        "torch_intro": "Runs with PyTorch and prints the numbers the app shows, rounded the same way.",
        "latex_intro": "Needs \\usepackage{amsmath}.",
        "one_key_per_row": "one key per row",
        "one_value_per_row": "one value per row, matching the keys",
        "mask_comment": "True: the key takes part in softmax",
        "fmt_doc": "Round as the app's panels do: 3 decimals, no trailing zeros, never -0.",
        "selected": "the selected key",
        "masked_nan": "masked keys have no score: they print as —",
        "softmax_comment": "softmax over the keys that take part: subtract the largest logit first",
        "default_scale_comment": "PyTorch's default: 1/√d_k",
        "sdpa_weights": "with V = I the same call returns the weights themselves",
        "torch_cosine": "PyTorch has no cosine scoring: normalise q and the keys, and pass the multiplier "
        "as the scale",
        "torch_dropout": "dropout is left out: PyTorch draws its own random mask, "
        "so its numbers would differ",
        "torch_nan": "scaled_dot_product_attention still returns a row here (zeros in recent PyTorch, "
        "NaN in older versions), but no weighting stands behind it",
        "dropout_comment": "training-mode dropout as the app draws it: keep each weight with probability "
        "1 − p, rescaled by 1/(1 − p)",
        "angle_comment": "θ = arccos(cos θ), in degrees",
        "proj_comment": "projection of q onto {key} and the perpendicular remainder",
        "reasons": {
            Why.ZERO_QUERY: "q is the zero vector: it has no direction, so there is no angle",
            Why.ZERO_KEY: "{key} is the zero vector: it has no direction, so there is no angle and "
            "nothing to project onto",
            Why.ZERO_BOTH: "q and {key} are both the zero vector: neither has a direction",
            Why.ALL_MASKED: "every key is masked: softmax has nothing to share the weight among",
            Why.ZERO_KEY_COSINE: "{key} is the zero vector: its cosine with q is undefined",
            Why.ZERO_QUERY_COSINE: "q is the zero vector: its cosine with every key is undefined",
        },
    },
    "es": {
        "title": "Ejemplo resuelto",
        "vectors": "Vectores",
        "pair": "El par",
        "quantity": "Magnitud",
        "value": "Valor",
        "attention": "Atención",
        "key": "Clave",
        "score": "puntuación",
        "logit": "logit escalado",
        "weight": "peso",
        "masked": "enmascarada",
        "undefined": "indefinido",
        "output": "Salida",
        "largest": "{key} recibe el peso mayor ({percent}).",
        "weights_sum": "Los pesos suman 1 sobre las claves que participan.",
        "default_scale": "escala 1/√d_k",
        "own_scale": "escala elegida a mano",
        "cosine_rule": "puntuación por coseno: cada puntuación es cos(q, kᵢ), por el multiplicador {m}",
        "printed": {
            "scores": "puntuaciones",
            "logits": "logits",
            "weights": "pesos",
            "output": "salida",
            "dropout weights": "pesos con dropout",
            "dropout output": "salida con dropout",
        },
        "relation": {
            Relation.ACUTE: "agudo",
            Relation.RIGHT: "recto",
            Relation.OBTUSE: "obtuso",
        },
        "numpy_intro": "Funciona solo con NumPy e imprime los números que muestra la aplicación, "
        "redondeados igual.",
        "torch_intro": "Funciona con PyTorch e imprime los números que muestra la aplicación, "
        "redondeados igual.",
        "latex_intro": "Necesita \\usepackage{amsmath}.",
        "one_key_per_row": "una clave por fila",
        "one_value_per_row": "un valor por fila, en el orden de las claves",
        "mask_comment": "True: la clave participa en softmax",
        "fmt_doc": "Redondea como los paneles de la aplicación: 3 decimales, sin ceros finales, nunca -0.",
        "selected": "la clave seleccionada",
        "masked_nan": "las claves enmascaradas no tienen puntuación: se imprimen como —",
        "softmax_comment": "softmax sobre las claves que participan: primero se resta el logit mayor",
        "default_scale_comment": "el valor por defecto de PyTorch: 1/√d_k",
        "sdpa_weights": "con V = I la misma llamada devuelve los propios pesos",
        "torch_cosine": "PyTorch no puntúa por coseno: se normalizan q y las claves y el multiplicador "
        "se pasa como escala",
        "torch_dropout": "se omite el dropout: PyTorch sortea su propia máscara y sus números serían otros",
        "torch_nan": "scaled_dot_product_attention devuelve aun así una fila (ceros en PyTorch reciente, "
        "NaN en versiones antiguas), pero no hay ningún reparto de pesos detrás",
        "dropout_comment": "dropout en modo entrenamiento, como lo dibuja la aplicación: cada peso se "
        "conserva con probabilidad 1 − p y se reescala por 1/(1 − p)",
        "angle_comment": "θ = arccos(cos θ), en grados",
        "proj_comment": "proyección de q sobre {key} y el resto perpendicular",
        "reasons": {
            Why.ZERO_QUERY: "q es el vector cero: no tiene dirección, así que no hay ángulo",
            Why.ZERO_KEY: "{key} es el vector cero: no tiene dirección, así que no hay ángulo ni recta "
            "sobre la que proyectar",
            Why.ZERO_BOTH: "q y {key} son ambos el vector cero: ninguno tiene dirección",
            Why.ALL_MASKED: "todas las claves están enmascaradas: softmax no tiene entre quién repartir "
            "el peso",
            Why.ZERO_KEY_COSINE: "{key} es el vector cero: su coseno con q no está definido",
            Why.ZERO_QUERY_COSINE: "q es el vector cero: su coseno con cada clave no está definido",
        },
    },
}


def worked_example(
    kind: str, scene: Scene, results: Results, lang: str = "en", title: str | None = None
) -> str:
    """The worked example of `kind` (one of KINDS) for the scene, in `lang` ("en" or "es").

    `title` replaces the scene's own title in the heading (e.g. a preset's translated title).
    """
    if title is not None:
        scene = replace(scene, title=title)
    writers = {"latex": latex, "markdown": markdown, "numpy": numpy_code, "pytorch": pytorch_code}
    return writers[kind](scene, results, lang)


# ---- shared pieces -----------------------------------------------------------------------


def _words(lang: str) -> dict:
    return _PHRASES.get(lang, _PHRASES["en"])


def key_name(index: int) -> str:
    return "k" + str(index + 1).translate(_SUBSCRIPTS)


def value_name(index: int) -> str:
    return "v" + str(index + 1).translate(_SUBSCRIPTS)


def _reason(undefined: Undefined | None, lang: str) -> str:
    if undefined is None:
        return ""
    key = "k" if undefined.key is None else key_name(undefined.key)
    return _words(lang)["reasons"][undefined.why].format(key=key)


def _heading(scene: Scene, lang: str) -> str:
    """The title line. The scene's title comes from a file: it is flattened to one printable line,
    so it can never end a comment and run as code in a snippet."""
    title = _words(lang)["title"]
    own = " ".join("".join(c if c.isprintable() else " " for c in scene.title).split())
    return f"{title}: {own}" if own else title


def _scale_words(a: Attention, lang: str) -> str:
    w = _words(lang)
    if a.scoring is Scoring.COSINE:
        return w["cosine_rule"].format(m=numbers.number(a.scale, lang))
    label = w["default_scale"] if a.scale_is_default else w["own_scale"]
    return f"d_k = {a.d_k}, {label} = {numbers.number(a.scale, lang)}"


# ---- Markdown ------------------------------------------------------------------------------


def markdown(scene: Scene, results: Results, lang: str = "en") -> str:
    w, pair, a = _words(lang), results.pair, results.attention
    n = lambda x: numbers.number(x, lang)  # noqa: E731
    vec = lambda v: numbers.vector(v, lang)  # noqa: E731
    k = key_name(scene.selected_key)
    undefined = w["undefined"]
    out = [f"### {_heading(scene, lang)}", ""]
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
        out += ["", f"_{_reason(pair.undefined, lang)}._"]
    out += ["", f"**{w['attention']}** ({_scale_words(a, lang)})", ""]
    out += [
        f"| {w['key']} | kᵢ | {w['score']} | {w['logit']} | {w['weight']} | vᵢ |",
        "|---|---|---|---|---|---|",
    ]
    for i in range(scene.key_count):
        if not scene.mask[i]:
            score = logit = w["masked"]
        elif _scores_undefined(a):
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
        out.append(f"_{_reason(a.undefined, lang)}._")
    else:
        out.append(f"{w['output']} Σ wᵢvᵢ = {vec(a.output)}. {w['weights_sum']}")
        out.append(
            w["largest"].format(key=key_name(a.winner), percent=numbers.percent(a.weights[a.winner], lang))
        )
    return "\n".join(out) + "\n"


# ---- LaTeX -----------------------------------------------------------------------------------


def _tex_number(x: float | None, lang: str, places: int = 3) -> str:
    return numbers.number(x, lang, places).replace(numbers.MINUS, "-").replace(",", "{,}")


def _tex_vector(v, lang: str) -> str:
    separator = ";\\ " if lang == "es" else ",\\ "
    return "(" + separator.join(_tex_number(x, lang) for x in v) + ")"


def _tex_key(index: int) -> str:
    return f"k_{{{index + 1}}}"


def _tex_entries(values, mask, lang: str, masked: str) -> str:
    separator = ";\\ " if lang == "es" else ",\\ "
    return (
        "("
        + separator.join(
            _tex_number(x, lang) if m else f"\\text{{{masked}}}" for x, m in zip(values, mask, strict=True)
        )
        + ")"
    )


def latex(scene: Scene, results: Results, lang: str = "en") -> str:
    w, pair, a = _words(lang), results.pair, results.attention
    t = lambda x: _tex_number(x, lang)  # noqa: E731
    k = _tex_key(scene.selected_key)
    undefined = f"\\text{{{w['undefined']}}}"
    lines = [f"% Q·K Explorer — {_heading(scene, lang)}", f"% {w['latex_intro']}", "\\begin{align*}"]
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
        lines.append(f"% {_reason(pair.undefined, lang)}")

    lines.append(f"% {w['attention']}: {_scale_words(a, lang)}")
    lines.append("\\begin{align*}")
    masked = w["masked"]
    if a.scoring is Scoring.COSINE:
        scores = _tex_entries(a.scores, scene.mask, lang, masked)
        logits = _tex_entries(a.logits, scene.mask, lang, masked)
        if _scores_undefined(a):
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
        lines.append(f"% {_reason(a.undefined, lang)}")
    else:
        lines.append(
            "% "
            + w["largest"].format(
                key=key_name(a.winner),
                percent=numbers.percent(a.weights[a.winner], lang).replace("\u202f", " "),
            )
        )
    return "\n".join(lines) + "\n"


# ---- code ------------------------------------------------------------------------------------


def _py_number(x: float) -> str:
    x = float(x) + 0.0
    return str(int(x)) if x.is_integer() and abs(x) < 2**53 else repr(x)


def _py_vector(v) -> str:
    return "[" + ", ".join(_py_number(x) for x in v) + "]"


def _py_matrix(rows) -> str:
    return "[" + ", ".join(_py_vector(r) for r in rows) + "]"


def _scores_undefined(a: Attention) -> bool:
    """Cosine scores of a zero vector: no score is shown at all, as in the app."""
    return a.undefined is not None and a.undefined.why is not Why.ALL_MASKED


def _fmt_helpers(lang: str, finite: str) -> list[str]:
    w = _words(lang)
    return [
        "def fmt(x, places=3):",
        f'    """{w["fmt_doc"]}"""',
        "    x = float(x)",
        f"    if not {finite}(x):",
        '        return "—"',
        '    text = f"{abs(x):.{places}f}".rstrip("0").rstrip(".")',
        '    return ("-" if x < 0 and text != "0" else "") + text',
        "",
        "",
        "def fmt_vec(v):",
        '    return "(" + ", ".join(fmt(x) for x in v) + ")"',
    ]


def _pair_code(scene: Scene, results: Results, lang: str, lib: str) -> list[str]:
    """The pair's lines; `lib` is "np" or "torch" (their spelling differs in three places)."""
    w, pair = _words(lang), results.pair
    k = key_name(scene.selected_key)
    norm = "np.linalg.norm" if lib == "np" else "torch.linalg.vector_norm"
    q = "q" if lib == "np" else "q[0]"
    lines = [
        "",
        f"# {w['pair']} q, {k} ({w['selected']})",
        f"k = K[{scene.selected_key}]",
        f"dot = {q} @ k",
        f'print("q·{k} =", fmt(dot))',
        f"norm_q = {norm}({q})",
        f"norm_k = {norm}(k)",
        'print("‖q‖ =", fmt(norm_q))',
        f'print("‖{k}‖ =", fmt(norm_k))',
    ]
    undefined = w["undefined"]
    if pair.cosine is None:
        lines += [
            f"# {_reason(pair.undefined, lang)}",
            f'print("cos θ =", "{undefined}")',
            f'print("θ =", "{undefined}")',
        ]
    else:
        clip = "np.clip" if lib == "np" else "torch.clamp"
        degrees = "np.degrees(np.arccos" if lib == "np" else "torch.rad2deg(torch.arccos"
        lines += [
            "cos = dot / (norm_q * norm_k)",
            f"theta = {degrees}({clip}(cos, -1.0, 1.0)))  # {w['angle_comment']}",
            'print("cos θ =", fmt(cos))',
            'print("θ =", fmt(theta, 2) + "°")',
        ]
    if pair.projection is None:
        lines += [
            f'print("comp_{k}(q) =", "{undefined}")',
            f'print("proj_{k}(q) =", "{undefined}")',
            f'print("q − proj_{k}(q) =", "{undefined}")',
        ]
    else:
        lines += [
            f"# {w['proj_comment'].format(key=k)}",
            "comp = dot / norm_k",
            "proj = (dot / (k @ k)) * k",
            f"perp = {q} - proj",
            f'print("comp_{k}(q) =", fmt(comp))',
            f'print("proj_{k}(q) =", fmt_vec(proj))',
            f'print("q − proj_{k}(q) =", fmt_vec(perp))',
            f'print("(q − proj)·{k} =", fmt(perp @ k))',
        ]
    return lines


def numpy_code(scene: Scene, results: Results, lang: str = "en") -> str:
    w, a = _words(lang), results.attention
    p = w["printed"]
    undefined = w["undefined"]
    lines = [
        f"# Q·K Explorer — {_heading(scene, lang)}",
        f"# {w['numpy_intro']}",
        "import numpy as np",
        "",
        f"q = np.array({_py_vector(scene.query)}, dtype=float)",
        f"K = np.array({_py_matrix(scene.keys)}, dtype=float)  # {w['one_key_per_row']}",
        f"V = np.array({_py_matrix(scene.values)}, dtype=float)  # {w['one_value_per_row']}",
        f"mask = np.array({list(scene.mask)})  # {w['mask_comment']}",
        "",
        "",
        *_fmt_helpers(lang, "np.isfinite"),
        "",
        *_pair_code(scene, results, lang, "np"),
        "",
        f"# {w['attention']}: {_scale_words(a, lang)}",
    ]
    if a.scoring is Scoring.COSINE:
        lines += [
            "norms = np.linalg.norm(K, axis=1) * np.linalg.norm(q)",
            "cosines = np.divide(K @ q, norms, out=np.zeros(len(K)), where=mask & (norms > 0))",
            "scores = np.clip(cosines, -1, 1)",
            f"multiplier = {_py_number(a.scale)}",
            "logits = scores * multiplier",
        ]
    else:
        scale = (
            f"scale = 1 / np.sqrt(q.shape[0])  # {w['default_scale_comment']}"
            if a.scale_is_default
            else f"scale = {_py_number(a.scale)}  # {w['own_scale']}"
        )
        lines += ["scores = K @ q", scale, "logits = scores * scale"]
    if _scores_undefined(a):
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
            f"# {_reason(a.undefined, lang)}",
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
            f"p, seed = {_py_number(scene.dropout_p)}, {scene.dropout_seed}",
            "kept = np.random.default_rng(seed).random(len(weights)) >= p",
            "dropped = np.where(kept, weights / (1 - p), 0.0)",
            f'print("{p["dropout weights"]} =", fmt_vec(dropped))',
            f'print("{p["dropout output"]} =", fmt_vec(dropped @ V))',
        ]
    return "\n".join(lines) + "\n"


def pytorch_code(scene: Scene, results: Results, lang: str = "en") -> str:
    w, a = _words(lang), results.attention
    p = w["printed"]
    undefined = w["undefined"]
    lines = [
        f"# Q·K Explorer — {_heading(scene, lang)}",
        f"# {w['torch_intro']}",
        "import math",
        "",
        "import torch",
        "import torch.nn.functional as F",
        "",
        f"q = torch.tensor([{_py_vector(scene.query)}], dtype=torch.float64)  # (1, d)",
        f"K = torch.tensor({_py_matrix(scene.keys)}, dtype=torch.float64)  # {w['one_key_per_row']}",
        f"V = torch.tensor({_py_matrix(scene.values)}, dtype=torch.float64)  # {w['one_value_per_row']}",
        f"mask = torch.tensor([{list(scene.mask)}])  # {w['mask_comment']}",
        "",
        "",
        *_fmt_helpers(lang, "math.isfinite"),
        "",
        *_pair_code(scene, results, lang, "torch"),
        "",
        f"# {w['attention']}: {_scale_words(a, lang)}",
    ]
    if a.scoring is Scoring.COSINE:
        lines += [
            f"# {w['torch_cosine']}",
            "q_in, K_in = F.normalize(q, dim=-1), F.normalize(K, dim=-1)",
            f"scale = {_py_number(a.scale)}",
            "scores = (q_in @ K_in.T).clamp(-1, 1)",
        ]
    else:
        scale = (
            f"scale = None  # {w['default_scale_comment']}"
            if a.scale_is_default
            else f"scale = {_py_number(a.scale)}  # {w['own_scale']}"
        )
        lines += ["q_in, K_in = q, K", scale, "scores = q @ K.T"]
    lines.append("logits = scores * (1 / math.sqrt(q.shape[-1]) if scale is None else scale)")
    if _scores_undefined(a):
        lines += [f'print("{p["scores"]} =", "{undefined}")', f'print("{p["logits"]} =", "{undefined}")']
    else:
        lines += [
            f"# {w['masked_nan']}",
            f'print("{p["scores"]} =", fmt_vec(torch.where(mask, scores, math.nan)[0]))',
            f'print("{p["logits"]} =", fmt_vec(torch.where(mask, logits, math.nan)[0]))',
        ]
    if a.undefined is not None:
        lines.append(f"# {_reason(a.undefined, lang)}")
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
