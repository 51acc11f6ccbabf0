"""The lesson's resources: complete in both languages, consistent, and only using what the app can fill."""

import json
import math
import shutil
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute
from qk_explorer.model.lesson import (
    CONDITIONS,
    EMPHASIS_PARTS,
    HIGHLIGHT_IDS,
    MATRIX_ROWS,
    PLACEHOLDERS,
    Kind,
    LessonError,
    Paragraph,
    placeholders_in,
    text_problems,
)
from qk_explorer.model.lesson_format import lessons_root, load_lesson, preset_titles, validate
from qk_explorer.model.lesson_logic import (
    derived,
    facts,
    fill,
    keys_shifted,
    matrix_numbers,
    preset_of,
    same_scene,
    shown,
)
from qk_explorer.model.presets import PRESETS, preset_scene
from qk_explorer.model.scene import (
    QUERY,
    key_ref,
    with_mask,
    with_selected_key,
    with_selected_query,
    with_title,
    with_vector,
)

REQUIRED_PRESETS = (
    ["lesson-pair", "lesson-attention", "same-dot-aligned"]
    + [f"question-{n}" for n in range(1, 9)]
    + ["several-queries", "causal-self-attention", "cross-attention", "padding-mask"]
)


@pytest.fixture
def copy_root(tmp_path):
    """A writable copy of resources/lessons, and a way to edit one of its JSON files."""
    root = tmp_path / "lessons"
    shutil.copytree(lessons_root(), root)

    def edit(relative, change):
        path = root / relative
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    return root, edit


# ---- the real resources --------------------------------------------------------------------


def test_the_shipped_lesson_has_no_problems():
    assert validate() == []


SINGLE_QUERY_STEPS = [
    "multiply",
    "lengths-angle",
    "sign",
    "zero",
    "projection",
    "magnitude",
    "scores",
    "scale-softmax",
    "three-quantities",
    "dot-vs-cosine",
]
MATRIX_STEPS = {  # after the single-query steps: id -> the preset it loads
    "query-row": "several-queries",
    "matrix": "several-queries",
    "row-softmax": "several-queries",
    "padding-mask": "padding-mask",
    "causal-mask": "causal-self-attention",
    "output-rows": "cross-attention",
}
MATRIX_QUESTIONS = {"question-9": "several-queries", "question-10": "several-queries"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lesson_follows_the_arc_then_asks_its_questions(lang):
    lesson = load_lesson(lang)
    first = len(SINGLE_QUERY_STEPS) + len(MATRIX_STEPS)  # then the tokens' (test_lesson_tokens.py)
    assert [i.id for i in lesson.steps[:first]] == SINGLE_QUERY_STEPS + list(MATRIX_STEPS)
    assert [i.preset for i in lesson.steps[len(SINGLE_QUERY_STEPS) : first]] == list(MATRIX_STEPS.values())
    # The eight questions of the lesson keep their numbers and presets; the matrix's come after.
    assert [i.id for i in lesson.questions] == [f"question-{n}" for n in range(1, 13)]
    assert [i.preset for i in lesson.questions][:8] == [f"question-{n}" for n in range(1, 9)]
    assert [i.preset for i in lesson.questions][8:10] == list(MATRIX_QUESTIONS.values())
    assert [i.number for i in lesson.questions] == list(range(1, 13))
    assert [i for i in lesson.items if not i.chapter] == [*lesson.steps, *lesson.questions]
    for item in lesson.items:
        assert item.preset in PRESETS
        assert set(item.emphasis) <= EMPHASIS_PARTS and item.emphasis
        assert set(item.highlight) <= HIGHLIGHT_IDS and item.highlight
        assert item.title and item.text
        if item.kind is Kind.QUESTION:
            assert item.hint and item.solution
        else:
            assert not item.hint and not item.solution


def test_both_languages_say_the_same_things_with_the_same_numbers():
    """Same items; per text the same paragraphs, conditions and placeholders; different words."""
    en, es = load_lesson("en"), load_lesson("es")
    assert [(i.id, i.kind, i.preset, i.emphasis, i.highlight) for i in en.items] == [
        (i.id, i.kind, i.preset, i.emphasis, i.highlight) for i in es.items
    ]
    for a, b in zip(en.items, es.items, strict=True):
        for field in ("text", "hint", "solution"):
            pa, pb = getattr(a, field), getattr(b, field)
            assert [p.when for p in pa] == [p.when for p in pb], f"{a.id}.{field}"
            for x, y in zip(pa, pb, strict=True):
                assert sorted(placeholders_in(x.text)) == sorted(placeholders_in(y.text)), f"{a.id}.{field}"
                assert x.text != y.text, f"{a.id}.{field}: not translated"
        assert a.title != b.title
    assert en.preset_titles.keys() == es.preset_titles.keys() == PRESETS.keys()


def test_every_placeholder_and_condition_used_is_known_and_none_is_dead():
    used_placeholders, used_conditions = set(), set()
    for lang in ("en", "es"):
        for item in load_lesson(lang).items:
            for p in (*item.text, *item.hint, *item.solution):
                used_placeholders |= set(placeholders_in(p.text))
                used_conditions |= {c.removeprefix("!") for c in p.when}
    assert used_placeholders <= PLACEHOLDERS.keys()
    assert used_conditions <= CONDITIONS
    # Every condition the model computes is used by some text (the panel itself uses "changed").
    assert used_conditions | {"changed"} == CONDITIONS


def test_english_preset_titles_match_the_presets():
    assert preset_titles("en") == {name: p.title for name, p in PRESETS.items()}


def test_spanish_preset_titles_are_translated():
    titles = preset_titles("es")
    assert titles.keys() == PRESETS.keys()
    assert titles["question-1"].startswith("Pregunta 1")
    assert all(titles[name] != PRESETS[name].title for name in REQUIRED_PRESETS)


def test_required_presets_keep_their_names_and_order():
    names = list(PRESETS)
    positions = [names.index(n) for n in REQUIRED_PRESETS]
    assert positions[3:] == sorted(positions[3:])
    assert preset_scene("dot-vs-cosine").keys == ((1.0, 2.0), (1.0, 0.5))


# ---- the checker finds what is wrong -------------------------------------------------------


def test_a_missing_spanish_text_is_reported(copy_root):
    root, edit = copy_root
    edit("es/lesson.json", lambda d: d["questions"].pop("question-5"))
    problems = validate(root)
    assert any("es/lesson.json" in p and "question-5" in p for p in problems)
    with pytest.raises(LessonError, match="question-5"):
        load_lesson("es", root)
    load_lesson("en", root)  # the other language is still fine


def test_a_missing_introduction_or_a_bad_conclusion_is_reported(copy_root):
    root, edit = copy_root
    edit("es/lesson.json", lambda d: d.pop("introduction"))
    edit("en/lesson.json", lambda d: d.update(conclusion=["{nothing}"]))
    problems = " | ".join(validate(root))
    assert "es/lesson.json has no 'introduction'" in problems
    assert "en/lesson.json: conclusion[0]: unknown placeholder {nothing}" in problems


def test_an_extra_step_in_one_language_is_reported(copy_root):
    root, edit = copy_root
    edit("en/lesson.json", lambda d: d["steps"].update(extra={"title": "x", "text": "y"}))
    assert any("unknown steps ['extra']" in p for p in validate(root))


def test_an_unknown_preset_emphasis_or_row_is_reported(copy_root):
    root, edit = copy_root

    def change(d):
        d["steps"][0]["preset"] = "no-such-preset"
        d["steps"][1]["emphasis"].append("rainbow")
        d["questions"][0]["highlight"].append("nowhere")

    edit("lesson.json", change)
    problems = " | ".join(validate(root))
    assert "unknown preset 'no-such-preset'" in problems
    assert "unknown part 'rainbow'" in problems
    assert "unknown row 'nowhere'" in problems


def test_unknown_placeholders_conditions_and_tags_are_reported(copy_root):
    root, edit = copy_root

    def change(d):
        d["steps"]["multiply"]["text"][0] = "q·k = {dott}"
        d["questions"]["question-1"]["solution"][1]["when"] = ["dot_sideways"]
        d["questions"]["question-2"]["text"] = "<q>q is <b>bold</q></b> <em>no</em>"

    edit("es/lesson.json", change)
    problems = " | ".join(validate(root))
    assert "unknown placeholder {dott}" in problems
    assert "unknown condition 'dot_sideways'" in problems
    assert "unknown tag <em>" in problems
    assert "closes nothing" in problems


def test_a_missing_preset_title_and_a_broken_file_are_reported(copy_root):
    root, edit = copy_root
    edit("es/lesson.json", lambda d: d["presets"].pop("opposite"))
    assert any("presets ['opposite']" in p for p in validate(root))
    (root / "en" / "lesson.json").write_text("{not json", encoding="utf-8")
    assert any(p.startswith(str(root / "en" / "lesson.json")) for p in validate(root))
    # The CLI still lists every preset: English falls back to presets.py.
    assert preset_titles("en", root) == {n: p.title for n, p in PRESETS.items()}


def test_text_problems_on_single_texts():
    assert text_problems("<k>{key}</k> = {k}", "t") == []
    assert text_problems("{q:.2f}", "t") == ["t: '{q}' must be a plain name"]
    assert text_problems("{", "t")  # an unmatched brace
    assert text_problems("<q>open", "t") == ["t: <q> is never closed"]
    assert text_problems("x < y and y > z", "t") == []  # comparisons are not tags


# ---- filling and choosing paragraphs -------------------------------------------------------


def test_fill_replaces_known_names_and_leaves_unknown_ones_visible():
    assert fill("q·k = {dot}, θ = {angle}", {"dot": "4", "angle": "36.87°"}) == "q·k = 4, θ = 36.87°"
    assert fill("{nothing}", {}) == "{nothing}"


class _AsFormatterSees(dict):
    def __missing__(self, key):
        return "{" + key + "}"


PIECES = ["{dot}", "{angle}", "{nothing}", "{{", "}}", "q·k = ", "θ", " ", "{dot:>5}"]


@given(st.lists(st.sampled_from(PIECES)))
def test_fill_reads_a_text_as_the_string_formatter_does(pieces):
    text, values = "".join(pieces), {"dot": "4", "angle": "36.87°"}
    assert fill(text, values) == string.Formatter().vformat(text, (), _AsFormatterSees(values))


def test_paragraph_conditions_and_negations():
    paragraphs = [
        Paragraph("always"),
        Paragraph("negative", ("dot_negative",)),
        Paragraph("positive and unchanged", ("dot_positive", "!changed")),
    ]
    assert [p.text for p in shown(paragraphs, frozenset({"dot_positive"}))] == [
        "always",
        "positive and unchanged",
    ]
    assert [p.text for p in shown(paragraphs, frozenset({"dot_positive", "changed"}))] == ["always"]


def _facts(name, reference=True, scene=None):
    scene = scene or preset_scene(name)
    return facts(scene, compute(scene), preset_scene(name) if reference else None)


def test_facts_of_the_lessons_scenes():
    assert {"dot_positive", "angle_defined", "scale_default"} <= _facts("lesson-pair")
    assert "changed" not in _facts("lesson-pair")
    assert {"dot_negative", "angle_defined"} <= _facts("question-1")
    assert {"dot_zero", "angle_defined"} <= _facts("question-4")
    assert "aligned" in _facts("same-dot-aligned") and "aligned" not in _facts("lesson-pair")
    q7 = _facts("question-7")
    assert {"zero_query", "dot_zero", "equal_weights", "attention_defined"} <= q7
    assert "angle_defined" not in q7
    assert "scoring_cosine" in _facts("question-8")
    assert "same_winner" not in _facts("dot-vs-cosine")  # length and direction pick different keys
    assert "same_winner" in _facts("lesson-attention")
    assert "equal_weights" not in _facts("question-6")


def test_changed_ignores_the_title_and_the_selection_but_not_a_move():
    scene = preset_scene("question-6")
    assert "changed" not in _facts("question-6", scene=with_title(scene, "Pregunta 6"))
    assert "changed" not in _facts("question-6", scene=with_selected_key(scene, 1))
    several = preset_scene("several-queries")
    assert "changed" not in _facts("several-queries", scene=with_selected_query(several, 2))
    moved = with_vector(scene, QUERY, (0, 0))
    assert "changed" in _facts("question-6", scene=moved)
    assert "zero_query" in _facts("question-6", scene=moved)
    assert "changed" not in _facts("question-6", reference=False, scene=moved)


def test_a_zero_key_has_no_projection():
    scene = with_vector(preset_scene("question-3"), key_ref(0), (0, 0))
    got = _facts("question-3", scene=scene)
    assert {"zero_key", "dot_zero", "changed"} <= got and "angle_defined" not in got


def test_derived_numbers_of_the_lesson_pair():
    more = derived(compute(preset_scene("lesson-pair")))
    assert more.norm_product == pytest.approx(5)
    assert more.norm_k_squared == pytest.approx(5)
    assert more.projection_factor == pytest.approx(0.8)
    assert more.sqrt_d_k == pytest.approx(math.sqrt(2))
    assert derived(compute(preset_scene("question-1"))).sqrt_d_k == pytest.approx(math.sqrt(3))


def test_preset_of_tells_scenes_with_equal_vectors_apart_by_title():
    assert preset_of(preset_scene("question-3")) == "question-3"
    assert preset_of(preset_scene("lesson-pair")) == "lesson-pair"
    spanish = with_title(preset_scene("question-2"), preset_titles("es")["question-2"])
    assert preset_of(spanish, [preset_titles("es")]) == "question-2"
    assert preset_of(with_vector(preset_scene("lesson-pair"), QUERY, (5, 5))) is None
    assert same_scene(preset_scene("lesson-pair"), preset_scene("question-2"))


def test_the_winner_under_both_rules_is_decided_only_for_a_text_that_asks():
    scene = preset_scene("lesson-attention")
    results = compute(scene)
    assert "same_winner" not in facts(scene, results, asked={"dot_positive"})
    assert "comparison" not in vars(results)  # the other rule was never computed for it
    assert "same_winner" in facts(scene, results, asked={"same_winner"})
    assert "comparison" in vars(results)
    assert facts(scene, results) == facts(scene, results, asked={"same_winner"})  # the rest: always


def test_an_item_knows_the_conditions_its_paragraphs_test():
    lesson = load_lesson("en")
    asked = {c for item in lesson.items for c in item.conditions}
    assert "same_winner" in asked and not any(c.startswith("!") for c in asked)
    for item in lesson.items:
        every = {c.lstrip("!") for p in (*item.text, *item.hint, *item.solution) for c in p.when}
        assert item.conditions == every


# ---- several queries: the matrix steps and questions -----------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_matrix_items_load_their_presets_and_highlight_the_matrix(lang):
    lesson = load_lesson(lang)
    for item_id, preset in {**MATRIX_STEPS, **MATRIX_QUESTIONS}.items():
        item = lesson.items[lesson.index(item_id)]
        assert item.preset == preset
        assert preset_scene(preset).query_count > 1
        assert item.highlight and set(item.highlight) <= set(MATRIX_ROWS), item_id
    highlighted = {
        h for i in (*MATRIX_STEPS, *MATRIX_QUESTIONS) for h in lesson.items[lesson.index(i)].highlight
    }
    assert highlighted == set(MATRIX_ROWS)  # every grid and column of the panel is pointed at somewhere
    assert lesson.items[lesson.index("question-9")].title.startswith(
        "Question 9" if lang == "en" else "Pregunta 9"
    )
    assert lesson.items[lesson.index("question-10")].title.startswith(
        "Question 10" if lang == "en" else "Pregunta 10"
    )


def test_facts_of_the_several_queries_presets():
    assert "several_queries" in _facts("several-queries")
    assert "several_queries" not in _facts("lesson-attention")
    padding = _facts("padding-mask")
    assert {"several_queries", "row_masked"} <= padding and "causal" not in padding
    assert "key_masked" not in padding  # k₁ is selected, and k₁ takes part everywhere
    last = with_selected_key(preset_scene("padding-mask"), 3)
    assert "key_masked" in _facts("padding-mask", scene=last)
    causal_scene = preset_scene("causal-self-attention")  # q₂ selected: it sees k₁ and k₂
    causal = _facts("causal-self-attention")
    assert {"causal", "row_masked"} <= causal and "key_masked" not in causal
    assert "key_masked" in _facts("causal-self-attention", scene=with_selected_key(causal_scene, 1))
    last_row = with_selected_query(causal_scene, 3)  # the last position sees every key
    assert "row_masked" not in _facts("causal-self-attention", scene=last_row)
    assert "row_masked" not in _facts("cross-attention")
    assert "row_masked" in _facts("masked-key")


def _shifted(scene, c):
    for j, k in enumerate(scene.keys):
        scene = with_vector(scene, key_ref(j), [x + y for x, y in zip(k, c, strict=True)])
    return scene


def test_keys_shifted_by_one_common_vector_and_nothing_else():
    ref = preset_scene("several-queries")
    assert keys_shifted(_shifted(ref, (1, 1)), ref)
    assert keys_shifted(_shifted(ref, (0.1, -0.3)), ref)  # decimals binary floats only approximate
    assert not keys_shifted(ref, ref)  # c = 0 moves nothing
    assert not keys_shifted(with_vector(ref, key_ref(0), (2, 1)), ref)  # one key alone
    assert not keys_shifted(with_vector(_shifted(ref, (1, 1)), QUERY, (3, 3)), ref)  # and q moved
    assert not keys_shifted(with_mask(_shifted(ref, (1, 1)), 0, False), ref)  # and a mask
    assert not keys_shifted(_shifted(ref, (1, 1)), None)
    shifted = _shifted(ref, (1, 1))
    got = facts(shifted, compute(shifted), ref)
    assert {"keys_shifted", "changed"} <= got
    assert "keys_shifted" not in facts(shifted, compute(shifted), ref, asked={"changed"})  # only when asked


def test_a_common_shift_of_the_keys_leaves_every_weight_as_it_was():
    ref = preset_scene("several-queries")
    before, after = compute(ref).matrix, compute(_shifted(ref, (1, 1))).matrix
    assert after.scores == ((4, 5), (5, 4), (3, 3))  # each row up by its own qᵢ·c: 3, 3 and 2
    for a, b in zip(before.weights, after.weights, strict=True):
        assert a == pytest.approx(b, abs=1e-15)


def test_matrix_numbers_of_the_several_queries_preset():
    scene = preset_scene("several-queries")
    m = matrix_numbers(scene, compute(scene))
    assert m.row_scores == (1, 2)
    assert m.row_logits == pytest.approx((1 / math.sqrt(2), math.sqrt(2)))
    assert m.row_sums == pytest.approx((1, 1, 1))
    assert m.column_scores == (1, 2, 1)
    assert [round(w, 3) for w in m.column_weights] == [0.330, 0.670, 0.5]
    assert m.column_sum == pytest.approx(1.5)
    assert (m.masked_keys, m.taking_part, m.masked_cells) == ((), 2, 0)


def test_matrix_numbers_keep_the_scores_of_masked_cells():
    scene = preset_scene("padding-mask")
    m = matrix_numbers(scene, compute(scene))
    assert m.row_scores == (1, 2, 1, 6)  # k₄ is padding, yet PyTorch scores it too
    assert m.row_logits[3] == pytest.approx(6 / math.sqrt(2))
    assert (m.masked_keys, m.taking_part, m.masked_cells) == ((3,), 3, 3)
    causal = preset_scene("causal-self-attention")
    m = matrix_numbers(causal, compute(causal))
    assert (m.masked_keys, m.taking_part, m.masked_cells) == ((2, 3), 2, 6)
    assert m.column_weights[0] == 1  # the first row sees only k₁


def test_matrix_numbers_of_a_row_without_weights():
    scene = with_mask(preset_scene("several-queries"), 0, False, query=1)
    scene = with_mask(scene, 1, False, query=1)  # q₂ sees no key
    m = matrix_numbers(scene, compute(scene))
    assert m.row_sums[1] is None and m.column_weights[1] is None
    assert m.column_sum == pytest.approx(sum(w for w in m.column_weights if w is not None))
    everything = with_mask(with_mask(preset_scene("several-queries"), 0, False), 1, False)
    m = matrix_numbers(everything, compute(everything))
    assert m.column_sum is None and m.row_sums == (None, None, None)
