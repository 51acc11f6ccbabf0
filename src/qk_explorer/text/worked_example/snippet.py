"""What the NumPy and PyTorch snippets share: Python literals, the fmt helpers, the pair's lines.

A snippet starts from the scene's exact coordinates, computes every quantity
itself and prints it rounded as the panels round it, so running it reproduces
the numbers on screen:

    q·k = 4
    ‖q‖ = 2.236
    …
    weights = (0.33, 0.67)

Printed numbers always use a decimal point (it is program output); a masked
key's score and logit print as "—"; a quantity the app calls undefined is
printed as undefined with its reason in a comment, never computed into NaN.
"""

from __future__ import annotations

from ...model.results import Results
from ...model.scene import Scene
from ..names import key_name
from .phrases import words
from .shared import reason


def py_number(x: float) -> str:
    x = float(x) + 0.0
    return str(int(x)) if x.is_integer() and abs(x) < 2**53 else repr(x)


def py_vector(v) -> str:
    return "[" + ", ".join(py_number(x) for x in v) + "]"


def py_matrix(rows) -> str:
    return "[" + ", ".join(py_vector(r) for r in rows) + "]"


def fmt_helpers(lang: str, finite: str) -> list[str]:
    w = words(lang)
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


def pair_code(scene: Scene, results: Results, lang: str, lib: str) -> list[str]:
    """The pair's lines; `lib` is "np" or "torch" (their spelling differs in three places)."""
    w, pair = words(lang), results.pair
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
            f"# {reason(pair.undefined, lang)}",
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
