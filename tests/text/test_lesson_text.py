"""The lesson's placeholders filled from live Results, in both languages; tags turned into HTML."""

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qk_explorer.model import compute
from qk_explorer.model.lesson import PLACEHOLDERS
from qk_explorer.model.presets import PRESETS, preset_scene
from qk_explorer.model.scene import QUERY, key_ref, with_vector
from qk_explorer.text.lesson_text import NBSP, WORD_JOINER, listed, placeholder_values, to_html, to_runs


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
