"""Worked examples: the code snippets run and print the numbers on screen; the texts carry the lesson's."""

import contextlib
import importlib.util
import io
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qk_explorer.model import compute, make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import with_mask
from qk_explorer.text.names import query_name
from qk_explorer.text.worked_example import KINDS, worked_example

from .snippet_runner import run_pasted
from .snippets import agree_to_last_digit, expected_matrix_output, expected_output, parse_output

SCENES = {
    "lesson-pair": preset_scene("lesson-pair"),
    "lesson-attention": preset_scene("lesson-attention"),
    "masked-key": preset_scene("masked-key"),
    "four-keys": preset_scene("four-keys"),
    "question-1 (3-D)": preset_scene("question-1"),
    "question-7 (zero q)": preset_scene("question-7"),
    "question-8 (cosine)": preset_scene("question-8"),
    "zero key": make_scene((2, 1), [(0, 0), (1, 1)]),
    "every key masked": make_scene((1, 2), [(1, 0), (0, 1)], mask=[False, False]),
    "own scale, negatives": make_scene((-1.5, 0.25), [(2, -3), (0.1, 0.7)], scale=0.4, selected_key=1),
    "cosine, masked zero key": make_scene((1, 1), [(0, 0), (1, 0)], mask=[False, True], scoring="cosine"),
}


def run(code: str, python: str = sys.executable) -> str:
    """What a pasted program prints: run as a script of its own in one shared interpreter."""
    return run_pasted(code, python)


def run_fresh(code: str, python: str = sys.executable) -> str:
    """What it prints in a new interpreter of its own, exactly as a user runs it."""
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr, done.stderr
    return done.stdout


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(SCENES))
def test_the_numpy_snippet_runs_and_prints_the_numbers_on_screen(name, lang):
    scene = SCENES[name]
    results = compute(scene)
    printed = parse_output(run(worked_example("numpy", scene, results, lang)))
    assert printed == expected_output(scene, results, lang)


def test_the_lesson_attention_numbers_come_out_of_numpy():
    scene = SCENES["lesson-attention"]
    printed = parse_output(run(worked_example("numpy", scene, compute(scene))))
    assert printed["scores"] == "(1, 2)"
    assert printed["logits"] == "(0.707, 1.414)"
    assert printed["weights"] == "(0.33, 0.67)"
    assert printed["output"] == "(0.33, 0.67)"


def test_the_numpy_snippet_reproduces_dropout():
    scene = make_scene((1, 2), [(1, 0), (0, 1), (1, 1)], dropout_p=0.5, dropout_seed=7)
    results = compute(scene)
    printed = parse_output(run(worked_example("numpy", scene, results)))
    d = results.attention.dropout
    assert printed["dropout weights"] == expected_vec(d.weights)
    assert printed["dropout output"] == expected_vec(d.output)


def expected_vec(v):
    from .snippets import vec

    return vec(v)


def _torch_python() -> str:
    """An interpreter with torch: QK_EXPLORER_TORCH_PYTHON, or this one if it has torch."""
    python = os.environ.get("QK_EXPLORER_TORCH_PYTHON")
    if python:
        return python
    if importlib.util.find_spec("torch") is None:
        pytest.skip("torch is not installed (set QK_EXPLORER_TORCH_PYTHON to an interpreter that has it)")
    return sys.executable


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(SCENES))
def test_the_pytorch_snippet_runs_and_prints_the_numbers_on_screen(name, lang):
    python = _torch_python()
    scene = SCENES[name]
    results = compute(scene)
    code = worked_example("pytorch", scene, results, lang)
    assert "F.scaled_dot_product_attention(" in code
    printed = parse_output(run(code, python))
    assert printed == expected_output(scene, results, lang)


coordinate = st.floats(-20, 20, allow_nan=False).map(lambda x: round(x, 3))


@st.composite
def scenes(draw):
    n = draw(st.integers(1, 4))
    count = draw(st.integers(1, 5))
    vectors = st.lists(coordinate, min_size=n, max_size=n)
    keys = draw(st.lists(vectors, min_size=count, max_size=count))
    values = draw(st.lists(vectors, min_size=count, max_size=count))
    mask = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    scoring = draw(st.sampled_from(["dot", "cosine"]))
    scale = draw(st.none() | st.floats(0.05, 3).map(lambda x: round(x, 2)))
    return make_scene(
        draw(vectors),
        keys,
        values,
        mask,
        scale=scale,
        scoring=scoring,
        selected_key=draw(st.integers(0, count - 1)),
    )


@settings(max_examples=80, deadline=None)
@given(scenes())
def test_any_scenes_numpy_snippet_agrees_with_the_model(scene):
    results = compute(scene)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(worked_example("numpy", scene, results), "<snippet>", "exec"), {})
    # Exact rounding ties (x.xxx5) may round the other way: the snippet uses the lesson's formulas,
    # the model numerically careful ones. Anything else must agree.
    assert not agree_to_last_digit(parse_output(out.getvalue()), expected_output(scene, results))


def test_latex_carries_the_lesson_numbers():
    pair = worked_example("latex", SCENES["lesson-pair"], compute(SCENES["lesson-pair"]))
    for text in ("2(1) + 1(2) = 4", "= 0.8", "36.87^\\circ", "1.789", "(0.8,\\ 1.6)", "(1.2,\\ -0.6)"):
        assert text in pair
    assert "\\begin{align*}" in pair and pair.count("\\begin{align*}") == pair.count("\\end{align*}")
    attention = worked_example("latex", SCENES["lesson-attention"], compute(SCENES["lesson-attention"]))
    for text in ("s = (1,\\ 2)", "(0.707,\\ 1.414)", "(0.33,\\ 0.67)", "\\sqrt{d_k}", "softmax"):
        assert text in attention


def test_spanish_latex_writes_a_braced_decimal_comma():
    scene = SCENES["lesson-attention"]
    text = worked_example("latex", scene, compute(scene), "es")
    assert "(0{,}707;\\ 1{,}414)" in text
    assert "(0{,}33;\\ 0{,}67)" in text
    assert "recibe el peso mayor" in text


def test_markdown_carries_the_lesson_numbers_in_both_languages():
    scene = SCENES["lesson-pair"]
    en = worked_example("markdown", scene, compute(scene), "en")
    assert "| q·k₁ | 2(1) + 1(2) = 4 |" in en
    assert "| 36.87° (acute) |" in en
    assert "(0.8, 1.6)" in en
    es = worked_example("markdown", scene, compute(scene), "es")
    assert "36,87° (agudo)" in es
    assert "(0,8; 1,6)" in es
    scene = SCENES["lesson-attention"]
    table = worked_example("markdown", scene, compute(scene), "en")
    assert "| k₁ | (1, 0) | 1 | 0.707 | 0.33 | (1, 0) |" in table
    assert "| k₂ | (0, 1) | 2 | 1.414 | 0.67 | (0, 1) |" in table
    assert "k₂ gets the largest weight (67\u202f%)" in table


def test_undefined_quantities_are_named_never_nan():
    for name in ("question-7 (zero q)", "zero key", "every key masked"):
        scene = SCENES[name]
        for kind in KINDS:
            text = worked_example(kind, scene, compute(scene), "en")
            assert "undefined" in text
            shown = [line for line in text.lower().splitlines() if not line.lstrip().startswith(("#", "%"))]
            assert not any("nan" in line.replace("math.nan", "").replace("np.nan", "") for line in shown)


def test_a_title_can_replace_the_scenes_own():
    scene = SCENES["lesson-pair"]
    text = worked_example("markdown", scene, compute(scene), "es", title="El par de la lección")
    assert text.startswith("### Ejemplo resuelto: El par de la lección")


def test_a_title_from_a_file_can_never_become_code():
    scene = make_scene((2, 1), [(1, 2)], title="pair\nimport os; print('escaped')\r\x0bstill a comment")
    for lang in ("en", "es"):
        out = run(worked_example("numpy", scene, compute(scene), lang))
        assert "escaped" not in out
    text = worked_example("latex", scene, compute(scene))
    assert text.splitlines()[0].startswith("% Q·K Explorer — Worked example: pair import os;")


GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.stem)
def test_a_one_query_scenes_worked_example_is_unchanged(path):
    """One query: the worked examples are exactly what they were before the matrix form existed."""
    name, lang, kind = path.stem.split(".")
    scene = preset_scene(name)
    assert worked_example(kind, scene, compute(scene), lang) == path.read_text(encoding="utf-8")


# ---- several queries: the matrix form ----------------------------------------------------------


def _no_key_for_q2(scene):
    for j in range(scene.key_count):
        scene = with_mask(scene, j, False, query=1)
    return scene


MATRIX_SCENES = {
    "several-queries": preset_scene("several-queries"),
    "padding-mask": preset_scene("padding-mask"),
    "causal-self-attention": preset_scene("causal-self-attention"),
    "cross-attention": preset_scene("cross-attention"),
    "causal and a padding mask": with_mask(preset_scene("causal-self-attention"), 3, False),
    "causal, k₁ masked: q₁ sees nothing": with_mask(preset_scene("causal-self-attention"), 0, False),
    "q₂ sees no key": _no_key_for_q2(preset_scene("several-queries")),
    "own scale, 3-D": make_scene(
        queries=[(1, 0, 2), (-1, 1, 0.5)],
        keys=[(1, 1, 1), (0, 2, -1), (0.5, 0, 0)],
        values=[(1, 0, 0), (0, 1, 0), (0, 0, 1)],
        scale=0.4,
        selected_query=1,
        selected_key=2,
    ),
    "cosine, a zero query": make_scene(queries=[(0, 0), (1, 2)], keys=[(1, 0), (0, 1)], scoring="cosine"),
    "cosine, a zero key seen by one row": make_scene(
        queries=[(1, 1), (2, 0)],
        keys=[(0, 0), (1, 0)],
        mask=[[False, True], [True, True]],
        scoring="cosine",
        cosine_multiplier=2,
    ),
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(MATRIX_SCENES))
def test_the_numpy_matrix_snippet_prints_every_row_on_screen(name, lang):
    scene = MATRIX_SCENES[name]
    results = compute(scene)
    code = worked_example("numpy", scene, results, lang)
    assert "Q @ K.T" in code and "-np.inf" in code and "weights @ V" in code
    assert parse_output(run(code)) == expected_matrix_output(scene, results, lang)


# Each run starts torch in a process of its own (seconds): every scene in English, two in Spanish.
TORCH_RUNS = [(name, "en") for name in MATRIX_SCENES] + [
    ("causal and a padding mask", "es"),
    ("cosine, a zero key seen by one row", "es"),
]


@pytest.mark.parametrize(("name", "lang"), TORCH_RUNS)
def test_the_pytorch_matrix_snippet_prints_every_row_on_screen(name, lang):
    python = _torch_python()
    scene = MATRIX_SCENES[name]
    results = compute(scene)
    code = worked_example("pytorch", scene, results, lang)
    calls = [line for line in code.splitlines() if "F.scaled_dot_product_attention(" in line]
    assert len(calls) == 2
    for call in calls:  # PyTorch refuses both at once
        assert not ("attn_mask=" in call and "is_causal=" in call)
        assert ("attn_mask=mask" in call) == (not all(all(row) for row in scene.mask_matrix))
        assert ("is_causal=True" in call) == (scene.causal and all(all(row) for row in scene.mask_matrix))
    assert parse_output(run(code, python)) == expected_matrix_output(scene, results, lang)


def test_the_numpy_matrix_is_the_models_to_the_last_bits():
    for name, scene in MATRIX_SCENES.items():
        m = compute(scene).matrix
        space = {}
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(worked_example("numpy", scene, compute(scene)), "<snippet>", "exec"), space)
        for i in range(scene.query_count):
            for got, want in ((space["scores"][i], m.scores[i]), (space["logits"][i], m.logits[i])):
                assert [None if math.isnan(x) else x for x in got.tolist()] == pytest.approx(
                    want, abs=1e-12
                ), name
            if m.weights[i] is None:
                assert not space["defined"][i], name
            else:
                assert space["weights"][i].tolist() == pytest.approx(m.weights[i], abs=1e-12), name
                assert space["outputs"][i].tolist() == pytest.approx(m.outputs[i], abs=1e-12), name


def test_pytorch_gives_a_row_that_sees_no_key_nan_or_zeros_and_the_snippet_says_undefined():
    _torch_python()
    import torch

    for name in ("q₂ sees no key", "causal, k₁ masked: q₁ sees nothing"):
        scene = MATRIX_SCENES[name]
        results = compute(scene)
        code = worked_example("pytorch", scene, results)
        assert "NaN in older versions" in code  # the comment says what PyTorch returns there
        space, out = {}, io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "<snippet>", "exec"), space)
        for i, u in enumerate(results.matrix.undefined):
            row = space["weights"][i]
            if u is None:
                assert not torch.isnan(row).any()
                continue
            assert torch.isnan(row).all() or (row == 0).all(), (name, row)  # NaN in older versions
            assert parse_output(out.getvalue())[f"weights {query_name(i)}"] == "undefined"


def test_the_several_queries_preset_gives_the_lessons_row_in_every_form():
    scene = preset_scene("several-queries")
    results = compute(scene)
    printed = parse_output(run(worked_example("numpy", scene, results)))
    assert (printed["scores q₁"], printed["logits q₁"]) == ("(1, 2)", "(0.707, 1.414)")
    assert printed["weights q₁"] == "(0.33, 0.67)" and printed["weights q₂"] == "(0.67, 0.33)"
    md = worked_example("markdown", scene, results)
    assert "| q₁ | 0.33 | 0.67 | 1 |" in md and "| q₃ | 0.5 | 0.5 | 1 |" in md
    assert "| q₁ | 1 | 2 |" in md and "| q₁ | 0.707 | 1.414 |" in md
    assert "q₁·k₁ = 1(1) + 2(0) = 1" in md and "3 × 2 (queries × keys)" in md
    es = worked_example("markdown", scene, results, "es")
    assert "| q₁ | 0,33 | 0,67 | 1 |" in es and "3 × 2 (consultas × claves)" in es
    tex = worked_example("latex", scene, results)
    assert "S = QK^\\top &= \\begin{bmatrix} 1 & 2 \\\\ 2 & 1 \\\\ 1 & 1 \\end{bmatrix}" in tex
    assert "0.33 & 0.67 \\\\ 0.67 & 0.33 \\\\ 0.5 & 0.5" in tex
    assert tex.count("\\begin{bmatrix}") == tex.count("\\end{bmatrix}") == 7  # Q K V S L W O
    assert "L + M" not in tex  # nothing is masked
    tex_es = worked_example("latex", scene, results, "es")
    assert "0{,}33 & 0{,}67" in tex_es


def test_the_tables_show_masked_cells_and_the_mask_as_minus_infinity():
    scene = preset_scene("padding-mask")
    results = compute(scene)
    md = worked_example("markdown", scene, results)
    assert "| q₁ | 1 | 2 | 1 | 6 |" in md  # the padding key is scored like any other
    assert "| q₁ | 0.707 | 1.414 | 0.707 | 4.243 → −∞ |" in md
    assert "| q₁ | 0.248 | 0.503 | 0.248 | 0 | 1 |" in md
    assert "| q₁ | (0, 0.752) |" in md
    tex = worked_example("latex", scene, results, "es")
    assert "L + M &= \\begin{bmatrix} 0{,}707 & 1{,}414 & 0{,}707 & -\\infty" in tex
    assert "\\operatorname{softmax}_{\\text{row}}(L + M)" in tex
    causal = worked_example(
        "markdown", preset_scene("causal-self-attention"), compute(preset_scene("causal-self-attention"))
    )
    assert "causal mask" in causal and "| q₁ | 2.828 | 1.414 → −∞ | 0 → −∞ | −1.414 → −∞ |" in causal


@pytest.mark.parametrize("name", ["q₂ sees no key", "cosine, a zero query"])
def test_a_row_without_weights_is_named_undefined_never_nan(name):
    scene = MATRIX_SCENES[name]
    results = compute(scene)
    for kind in KINDS:
        for lang, word in (("en", "undefined"), ("es", "indefinido")):
            text = worked_example(kind, scene, results, lang)
            assert word in text, kind
            shown = [line for line in text.lower().splitlines() if not line.lstrip().startswith(("#", "%"))]
            cleaned = [
                line.replace("np.nan", "").replace("isnan", "").replace("math.nan", "") for line in shown
            ]
            assert not any(
                "nan" in line or "inf" in line.replace("-np.inf", "").replace("\\infty", "")
                for line in cleaned
            )
    md = worked_example("markdown", scene, results)
    assert ("_q₂: every key is masked" if name == "q₂ sees no key" else "_q₁: q is the zero vector") in md


def test_the_numpy_matrix_snippet_reproduces_dropout_row_by_row():
    scene = make_scene(queries=[(1, 2), (2, 1)], keys=[(1, 0), (0, 1), (1, 1)], dropout_p=0.5, dropout_seed=7)
    results = compute(scene)
    printed = parse_output(run(worked_example("numpy", scene, results)))
    for i, row in enumerate(results.matrix.rows):
        assert printed[f"dropout weights {query_name(i)}"] == expected_vec(row.dropout.weights)
        assert printed[f"dropout output {query_name(i)}"] == expected_vec(row.dropout.output)


@st.composite
def matrix_scenes(draw):
    n = draw(st.integers(1, 3))
    rows, count = draw(st.integers(2, 4)), draw(st.integers(1, 4))
    vectors = st.lists(coordinate, min_size=n, max_size=n)
    mask = st.lists(st.lists(st.booleans(), min_size=count, max_size=count), min_size=rows, max_size=rows)
    return make_scene(
        queries=draw(st.lists(vectors, min_size=rows, max_size=rows)),
        keys=draw(st.lists(vectors, min_size=count, max_size=count)),
        values=draw(st.lists(vectors, min_size=count, max_size=count)),
        mask=draw(mask),
        causal=draw(st.booleans()),
        scale=draw(st.none() | st.floats(0.05, 3).map(lambda x: round(x, 2))),
        scoring=draw(st.sampled_from(["dot", "cosine"])),
    )


@settings(max_examples=60, deadline=None)
@given(matrix_scenes())
def test_any_several_queries_numpy_snippet_agrees_with_the_model(scene):
    results = compute(scene)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(worked_example("numpy", scene, results), "<snippet>", "exec"), {})
    assert not agree_to_last_digit(parse_output(out.getvalue()), expected_matrix_output(scene, results))


def test_a_title_from_a_file_can_never_become_code_in_the_matrix_form_either():
    scene = make_scene(queries=[(2, 1), (1, 1)], keys=[(1, 2)], title="m\nimport os; print('escaped')")
    for kind in ("numpy", "pytorch"):
        code = worked_example(kind, scene, compute(scene))
        assert code.splitlines()[0].startswith("# Q·K Explorer — Worked example: m import os;")
    assert "escaped" not in run(worked_example("numpy", scene, compute(scene)))
