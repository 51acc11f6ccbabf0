"""The lesson's placeholders filled from live Results, in both languages; tags turned into HTML."""

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute
from qk_explorer.model.lesson import PLACEHOLDERS
from qk_explorer.model.lesson_format import load_lesson
from qk_explorer.model.lesson_logic import facts, fill, shown
from qk_explorer.model.presets import PRESETS, preset_scene
from qk_explorer.model.scene import QUERY, key_ref, with_mask, with_selected_key, with_vector
from qk_explorer.text import numbers
from qk_explorer.text.lesson_text import (
    NBSP,
    WORD_JOINER,
    listed,
    listed_words,
    placeholder_values,
    to_html,
    to_runs,
)


def values(name, lang="en", scene=None):
    scene = scene or preset_scene(name)
    raw = placeholder_values(scene, compute(scene), lang, "undefined")
    return {k: v.replace(NBSP, " ").replace(WORD_JOINER, "") for k, v in raw.items()}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(PRESETS))
def test_every_placeholder_gets_a_value_for_every_preset(name, lang):
    got = values(name, lang)
    assert got.keys() == PLACEHOLDERS.keys()
    assert all(isinstance(v, str) and v for v in got.values())
    assert not any("nan" in v.lower() or "inf" in v.lower() for v in got.values())


def test_the_lesson_pair_in_english():
    v = values("lesson-pair")
    assert v["expanded"] == "2(1) + 1(2) = 4"
    assert (v["dot"], v["cosine"], v["angle"]) == ("4", "0.8", "36.87°")
    assert (v["norm_q"], v["norm_k"], v["norm_product"], v["norm_k_squared"]) == ("2.236", "2.236", "5", "5")
    assert (v["comp"], v["projection_factor"], v["proj"], v["perp"]) == (
        "1.789",
        "0.8",
        "(0.8, 1.6)",
        "(1.2, −0.6)",
    )
    assert v["residual"] == "0" and v["key"] == "k₁" and v["q"] == "(2, 1)"


def test_the_lesson_pair_in_spanish_uses_decimal_commas():
    v = values("lesson-pair", "es")
    assert (v["cosine"], v["comp"], v["proj"], v["perp"]) == ("0,8", "1,789", "(0,8; 1,6)", "(1,2; −0,6)")


def test_question_1_three_dimensions():
    v = values("question-1")
    assert v["expanded"] == "2(1) + (−1)(4) + 3(−2) = −8"
    assert v["dot"] == "−8" and v["n"] == "3" and v["sqrt_d_k"] == "1.732"


def test_question_6_scores_logits_weights_in_both_languages():
    en, es = values("question-6"), values("question-6", "es")
    assert (en["scores"], en["logits"], en["weights"]) == ("1 and 2", "0.707 and 1.414", "0.33 and 0.67")
    assert (es["scores"], es["logits"], es["weights"]) == ("1 y 2", "0,707 y 1,414", "0,33 y 0,67")
    assert en["winner"] == "k₂" and en["weight_sum"] == "1" and en["sqrt_d_k"] == "1.414"
    assert en["scale"] == "0.707" and en["d_k"] == "2"
    assert en["output"] == "(0.33, 0.67)"


def test_question_7_zero_query_has_even_weights_and_no_angle():
    v = values("question-7")
    assert v["weights"] == "0.5 and 0.5"
    assert v["scores"] == "0 and 0"
    assert v["angle"] == v["cosine"] == "undefined"
    assert v["cos_weights"] == v["cos_scores"] == "undefined"  # cosine of a zero vector


def test_question_8_cosine_against_scaled_dot_product():
    v = values("question-8")
    assert (v["dot"], v["cosine"], v["norm_product"]) == ("4", "0.8", "5")
    assert (v["dot_logits"], v["cos_logits"], v["sqrt_d_k"]) == ("2.828", "0.8", "1.414")


def test_dot_versus_cosine_winners_differ():
    v = values("dot-vs-cosine")
    assert (v["dot_scores"], v["cos_scores"]) == ("4 and 2.5", "0.8 and 1")
    assert (v["dot_winner"], v["cos_winner"]) == ("k₁", "k₂")
    assert v["dot_weights"] == "0.743 and 0.257"
    assert v["cos_weights"] == "0.45 and 0.55"


def test_a_zero_key_leaves_the_projection_undefined():
    scene = with_vector(preset_scene("question-3"), key_ref(0), (0, 0))
    v = values("question-3", scene=scene)
    assert v["comp"] == v["proj"] == v["projection_factor"] == "undefined"


def test_values_follow_the_scene():
    scene = with_vector(preset_scene("question-2"), QUERY, (4, 2))
    assert values("question-2", scene=scene)["dot"] == "8"


def test_a_value_does_not_break_across_lines_except_after_plus_signs():
    scene = preset_scene("question-1")
    raw = placeholder_values(scene, compute(scene), "en", "undefined")
    assert " " not in raw["proj"] and " " not in raw["weights"]
    assert raw["expanded"].count(" ") == 2  # after each "+"
    assert WORD_JOINER in raw["expanded"]  # never between (−1) and (4)


def test_lists():
    assert listed(["1"], "en") == "1"
    assert listed(["1", "2", "3"], "en") == "1, 2 and 3"
    assert listed(["0,5", "0,5", "1"], "es") == "0,5; 0,5 y 1"


def test_to_html_colours_roles_and_escapes_the_rest():
    html = to_html("<q>q</q> & <k>k</k> < 1 <b>bold</b> <em>x</em>", {"query": "#d55e00", "key": "#0072b2"})
    assert '<span style="color:#d55e00; font-weight:600">q</span>' in html
    assert '<span style="color:#0072b2; font-weight:600">k</span>' in html
    assert "&amp;" in html and "&lt; 1" in html
    assert "<b>bold</b>" in html
    assert "&lt;em&gt;x&lt;/em&gt;" in html  # an unknown tag stays visible text
    assert to_html("<v>v</v>") == '<span style="font-weight:600">v</span>'


def test_to_runs_cuts_at_tags_and_keeps_unknown_ones():
    assert to_runs("Take <q>q</q> and <b><k>k₁</k></b> <em>x</em>") == (
        ("Take ", ()),
        ("q", ("q",)),
        (" and ", ()),
        ("k₁", ("b", "k")),
        (" <em>x</em>", ()),
    )
    assert to_runs("") == ()


PIECES = st.sampled_from(
    ["<q>", "</q>", "<k>", "</k>", "<b>", "</b>", "<sub>", "</sub>", "<em>", "a", " ", "&", "<", "1.5"]
)


@given(st.lists(PIECES, max_size=30).map("".join))
def test_runs_read_as_the_html_reads(text):
    shown = html.unescape(re.sub(r"<[^>]*>", "", to_html(text)))
    assert "".join(t for t, _ in to_runs(text)) == shown


# ---- several queries: the Q·Kᵀ matrix -------------------------------------------------------------


def test_the_several_queries_row_of_the_lessons_query_in_both_languages():
    en, es = values("several-queries"), values("several-queries", "es")
    assert (en["query"], en["query_count"], en["key_count"]) == ("q₁", "3", "2")
    assert (en["row_scores"], en["row_logits"], en["weights"]) == (
        "1 and 2",
        "0.707 and 1.414",
        "0.33 and 0.67",
    )
    assert (es["row_scores"], es["row_logits"], es["weights"]) == ("1 y 2", "0,707 y 1,414", "0,33 y 0,67")
    assert en["row_sums"] == "1, 1 and 1" and es["row_sums"] == "1; 1 y 1"
    assert (en["column_scores"], en["column_weights"], en["column_sum"]) == (
        "1, 2 and 1",
        "0.33, 0.67 and 0.5",
        "1.5",
    )
    assert (es["column_weights"], es["column_sum"]) == ("0,33; 0,67 y 0,5", "1,5")
    assert en["outputs"] == "(0.33, 0.67), (0.67, 0.33) and (0.5, 0.5)"
    assert (en["masked_keys"], en["taking_part"], en["masked_cells"]) == ("—", "2", "0")


def test_a_padding_mask_keeps_the_masked_cells_score_and_logit():
    v = values("padding-mask")
    assert v["row_scores"] == "1, 2, 1 and 6" and v["row_logits"] == "0.707, 1.414, 0.707 and 4.243"
    assert v["scores"] == "1, 2, 1 and 6"  # a masked key has a score and a logit, only no weight
    assert v["logits"] == "0.707, 1.414, 0.707 and 4.243"
    assert v["weights"] == "0.248, 0.503, 0.248 and 0"
    assert (v["masked_keys"], v["taking_part"], v["masked_cells"]) == ("k₄", "3", "3")


def test_the_causal_preset_speaks_of_the_second_position():
    en, es = values("causal-self-attention"), values("causal-self-attention", "es")
    assert (en["query"], en["taking_part"], en["masked_cells"]) == ("q₂", "2", "6")
    assert en["row_scores"] == "2, 5, 4 and 1" and en["weights"] == "0.107, 0.893, 0 and 0"
    assert en["masked_keys"] == "k₃ and k₄" and es["masked_keys"] == "k₃ y k₄"


def test_cross_attention_outputs_one_row_per_query():
    en, es = values("cross-attention"), values("cross-attention", "es")
    assert en["outputs"] == "(0, 0.943) and (−0.483, 0.229)"
    assert es["outputs"] == "(0; 0,943) y (−0,483; 0,229)"


def test_one_query_is_plain_q_and_a_row_without_weights_is_undefined():
    assert values("lesson-pair")["query"] == "q"
    scene = with_mask(with_mask(preset_scene("several-queries"), 0, False, query=1), 1, False, query=1)
    v = values("several-queries", scene=scene)
    assert v["row_sums"] == "1, undefined and 1"
    assert v["column_weights"] == "0.33, undefined and 0.5" and v["column_sum"] == "0.83"
    everything = with_mask(with_mask(preset_scene("several-queries"), 0, False), 1, False)
    v = values("several-queries", scene=everything)
    assert v["column_sum"] == "undefined" and v["outputs"] == "undefined, undefined and undefined"


def test_a_list_of_vectors_may_break_between_vectors_only():
    scene = preset_scene("cross-attention")
    raw = placeholder_values(scene, compute(scene), "en", "undefined")
    assert raw["outputs"] == f"(0,{NBSP}0.943){NBSP}and (−0.483,{NBSP}0.229)"
    raw = placeholder_values(
        preset_scene("several-queries"), compute(preset_scene("several-queries")), "es", "-"
    )
    assert raw["outputs"] == f"(0,33;{NBSP}0,67); (0,67;{NBSP}0,33){NBSP}y (0,5;{NBSP}0,5)"
    assert " " not in raw["weights"] and " " not in raw["row_scores"]  # numbers stay together


def _filled(item_id, lang, scene=None):
    """An item's paragraphs as the lesson panel shows them (text, try, solution), tags left in."""
    lesson = load_lesson(lang)
    item = lesson.items[lesson.index(item_id)]
    reference = preset_scene(item.preset)
    scene = scene or reference
    results = compute(scene)
    got = facts(scene, results, reference, item.conditions)
    v = placeholder_values(scene, results, lang, "undefined" if lang == "en" else "indefinido")
    paragraphs = shown((*item.text, *item.hint, *item.solution), got)
    return " ".join(fill(p.text, v) for p in paragraphs).replace(NBSP, " ").replace(WORD_JOINER, "")


# What each several-queries step says with its preset's own numbers.
MATRIX_TEXTS = {
    "en": {
        "query-row": ["3 queries over the same 2 keys", "<q>q₁ = (1, 2)</q>", "1 and 2", "0.33 and 0.67"],
        "matrix": [
            "3 rows",
            "2 columns",
            "<q>q₁</q>·<k>k₁</k> = 1(1) + 2(0) = 1",
            "1, 2 and 1",
            "0.707 and 1.414",
        ],
        "row-softmax": [
            "0.33 and 0.67, which add up to 1",
            "1, 1 and 1",
            "0.33, 0.67 and 0.5, which add up to 1.5",
        ],
        "padding-mask": ["3 of the 3×4 cells", "1, 2, 1 and 6", "4.243", "−∞", "removes k₄", "3 of 4"],
        "causal-mask": [
            "<q>q₂</q> sees 2 of the 4 keys",
            "2, 5, 4 and 1",
            "0.107, 0.893, 0 and 0",
            "is_causal",
        ],
        "output-rows": [
            "2 queries meet 3 keys",
            "<out>(0, 0.943)</out>",
            "(0, 0.943) and (−0.483, 0.229)",
        ],
    },
    "es": {
        "query-row": [
            "3 consultas sobre las mismas 2 claves",
            "<q>q₁ = (1; 2)</q>",
            "1 y 2",
            "0,33 y 0,67",
        ],
        "matrix": ["3 filas", "2 columnas", "1(1) + 2(0) = 1", "1; 2 y 1", "0,707 y 1,414"],
        "row-softmax": ["0,33 y 0,67, que suman 1", "1; 1 y 1", "0,33; 0,67 y 0,5, que suman 1,5"],
        "padding-mask": ["3 de las 3×4 celdas", "1; 2; 1 y 6", "4,243", "−∞", "quita k₄", "3 de 4"],
        "causal-mask": ["<q>q₂</q> ve 2 de las 4 claves", "2; 5; 4 y 1", "0,107; 0,893; 0 y 0"],
        "output-rows": [
            "2 consultas se encuentran con 3 claves",
            "<out>(0; 0,943)</out>",
            "(0; 0,943) y (−0,483; 0,229)",
        ],
    },
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("item_id", list(MATRIX_TEXTS["en"]))
def test_each_matrix_step_quotes_its_presets_numbers(item_id, lang):
    text = _filled(item_id, lang)
    for fragment in MATRIX_TEXTS[lang][item_id]:
        assert fragment in text, (item_id, fragment, text)
    assert "{" not in text and "undefined" not in text and "indefinido" not in text


def _drag(scene, j, to):
    return with_selected_key(with_vector(scene, key_ref(j), to), j)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_question_9_names_the_dragged_keys_column_and_every_rows_weights(lang):
    ref = preset_scene("several-queries")
    before = _filled("question-9", lang)
    assert (
        "column of the selected key, <k>k₁</k>, holds the scores 1, 2 and 1" if lang == "en" else "1; 2 y 1"
    ) in before
    scene = _drag(ref, 1, (1, 1))  # k₂ from (0, 1) to (1, 1): its column becomes 3, 3 and 2
    after = _filled("question-9", lang, scene)
    if lang == "en":
        assert "column of the selected key, <k>k₂</k>, holds the scores 3, 3 and 2" in after
        assert "the weights of every row" in after
    else:
        assert "<k>k₂</k>, tiene las puntuaciones 3; 3 y 2" in after
        assert "los pesos de todas las filas" in after
    assert "exception" not in after and "excepción" not in after  # k₂ is masked in no row
    masked = with_mask(scene, 1, False, query=2)
    assert ("exception" if lang == "en" else "excepción") in _filled("question-9", lang, masked)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_question_10_shows_the_weights_unchanged_after_a_common_shift(lang):
    ref = preset_scene("several-queries")
    shifted = with_vector(with_vector(ref, key_ref(0), (2, 1)), key_ref(1), (1, 2))
    text = _filled("question-10", lang, shifted)
    if lang == "en":
        assert "every key has moved by the same vector" in text
        assert "now scores 4 and 5, and its weights, 0.33 and 0.67, are the ones" in text
        assert "have not all moved" not in text
    else:
        assert "puntúa ahora 4 y 5 y sus pesos, 0,33 y 0,67, son los mismos" in text
    one_key = _filled("question-10", lang, with_vector(ref, key_ref(0), (2, 1)))
    assert ("have not all moved" if lang == "en" else "no se han movido todas") in one_key
    assert ("0.804 and 0.196" if lang == "en" else "0,804 y 0,196") in one_key  # q₁ now scores 4 and 2
    untouched = _filled("question-10", lang)
    assert "moved" not in untouched and "movido" not in untouched


def test_a_masked_key_keeps_its_score_and_logit_in_the_lessons_words():
    scene = with_mask(preset_scene("lesson-attention"), 0, False)
    en, es = values("", "en", scene), values("", "es", scene)
    assert (en["scores"], en["logits"], en["weights"]) == ("1 and 2", "0.707 and 1.414", "0 and 1")
    assert (es["scores"], es["logits"]) == ("1 y 2", "0,707 y 1,414")
    assert "—" not in en["dot_scores"] + en["dot_logits"] + en["cos_scores"]


# ---- tokens: where q, k and v come from -------------------------------------------------------


def test_token_placeholders_of_asymmetric_scores_in_both_languages():
    en, es = values("asymmetric-scores"), values("asymmetric-scores", "es")
    assert (en["token"], en["key_token"], en["pair_score"], en["reverse_score"]) == ("the", "cat", "−2", "6")
    assert en["token_labels"] == "“the”, “cat”, “sat” and “down”"
    assert es["token_labels"] == "«the», «cat», «sat» y «down»"
    assert (en["bilinear"], es["bilinear"]) == ("[[1, −1], [1, 1]]", "[[1; −1]; [1; 1]]")
    assert (en["w_q"], en["w_k"]) == ("[[1, 0], [0, 1]]", "[[1, −1], [1, 1]]")
    assert (en["symmetric"], es["symmetric"]) == ("no", "no")
    assert en["inner_product"] == "no — B is not symmetric: B₁₂ = −1 but B₂₁ = 1"
    assert es["inner_product"] == "no — B no es simétrica: B₁₂ = −1, pero B₂₁ = 1"
    assert en["eigenvalues"] == "undefined" and en["self_scores"] == "4, 5, 4 and 2"


def test_token_placeholders_of_learned_identity_and_causal_tokens():
    learned, spanish = values("learned-projections"), values("learned-projections", "es")
    assert (learned["w_q"], spanish["w_q"]) == ("[[1, 0.5], [0, 1]]", "[[1; 0,5]; [0; 1]]")
    assert learned["bilinear"] == "[[1, 0], [1, 1]]"
    assert (learned["pair_score"], learned["reverse_score"]) == ("2", "6")
    assert (learned["embedding"], learned["key_embedding"]) == ("(2, 0)", "(1, 2)")
    assert learned["token_key"] == "(2, 1)"
    identity, identidad = values("identity-projections"), values("identity-projections", "es")
    assert (identity["symmetric"], identity["inner_product"]) == ("yes", "yes")
    assert identity["eigenvalues"] == "1 and 1"
    assert (identidad["symmetric"], identidad["inner_product"]) == ("sí", "sí")
    assert (identity["key_token"], identity["pair_score"]) == ("sat", "0")  # perpendicular embeddings
    causal = values("causal-tokens", "es")
    assert (causal["token"], causal["embedding"], causal["token_value"]) == ("sat", "(0; 2)", "(0; 1)")
    assert causal["w_v"] == "[[1; 0]; [0; 0,5]]"


def test_words_are_listed_quoted_with_the_languages_list_form():
    assert listed_words(["the"], "en") == "“the”" and listed_words(["the"], "es") == "«the»"
    assert listed_words(["the", "cat"], "en") == "“the” and “cat”"
    assert listed_words(["the", "cat"], "es") == "«the» y «cat»"
    assert listed_words(["a,b", "c"], "es") == "«a,b» y «c»"  # a comma inside a word stays inside its quotes
    numbers.set_point_always(True)  # the decimal point changes numbers' lists, not words'
    assert listed_words(["x", "y", "z"], "es") == "«x», «y» y «z»"


def test_a_matrix_breaks_between_its_rows_only():
    scene = preset_scene("learned-projections")
    raw = placeholder_values(scene, compute(scene), "en", "undefined")
    assert raw["w_q"] == f"[[1,{NBSP}0.5], [0,{NBSP}1]]"
    assert " " not in raw["pair_score"]
    # A list of words breaks after a comma only: the last two stay together with their "and".
    assert raw["token_labels"] == f"“the”, “cat”, “sat”{NBSP}and{NBSP}“down”"
    spanish = placeholder_values(scene, compute(scene), "es", "indefinido")
    assert spanish["token_labels"] == f"«the», «cat», «sat»{NBSP}y{NBSP}«down»"


def test_without_tokens_the_token_placeholders_are_undefined():
    v = values("several-queries")
    names = ("token", "bilinear", "symmetric", "inner_product", "pair_score")
    assert {v[name] for name in names} == {"undefined"}


TOKEN_TEXTS = {
    "en": {
        "token-projections": [
            "here “the”, “cat”, “sat” and “down”",
            "W_Q = [[1, 0.5], [0, 1]]",
            "4, 2, 0 and −2",
        ],
        "three-vectors": ["“sat”", "<v>(0, 1)</v>", "3 of the 4", "<out>(1, 0.836)</out>"],
        "bilinear-form": ["B = [[1, 0], [1, 1]]", "xᵀ B y = 2", "<q>q₁</q>·<k>k₂</k> = 2(1) + 0(2.5) = 2"],
        "symmetric-scores": ["symmetric: no", "“the” attending to “cat” scores −2", "scores 6"],
        "token-geometry": ["inner product: yes", "4, 5, 4 and 2", "“the” and “sat” score 0"],
        "question-11": ["“the” attending to “cat” scores 2", "“cat” attending to “the” scores 6", "no: B"],
        "question-12": ["B = [[1, −1], [1, 1]]", "is −2 and its mirror is 6", "B₁₂ = −1 but B₂₁ = 1"],
    },
    "es": {
        "token-projections": [
            "aquí «the», «cat», «sat» y «down»",
            "W_Q = [[1; 0,5]; [0; 1]]",
            "4; 2; 0 y −2",
        ],
        "three-vectors": ["«sat»", "<v>(0; 1)</v>", "3 de los 4", "<out>(1; 0,836)</out>"],
        "bilinear-form": ["B = [[1; 0]; [1; 1]]", "xᵀ B y = 2", "2(1) + 0(2,5) = 2"],
        "symmetric-scores": ["simétrica: no", "«the» atendiendo a «cat» puntúa −2", "puntúa 6"],
        "token-geometry": ["producto interno: sí", "4; 5; 4 y 2", "«the» y «sat» puntúan 0"],
        "question-11": ["«the» atendiendo a «cat» puntúa 2", "«cat» atendiendo a «the» puntúa 6"],
        "question-12": ["B = [[1; −1]; [1; 1]]", "vale −2 y su reflejo, 6", "B₁₂ = −1, pero B₂₁ = 1"],
    },
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("item_id", list(TOKEN_TEXTS["en"]))
def test_each_token_item_quotes_its_presets_numbers(item_id, lang):
    text = _filled(item_id, lang)
    for fragment in TOKEN_TEXTS[lang][item_id]:
        assert fragment in text, (item_id, fragment, text)
    assert "{" not in text and "undefined" not in text and "indefinido" not in text
