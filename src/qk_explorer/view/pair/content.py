"""What the pair q and k shows on the stage: its rows of numbers, and the vectors a question gives.

Formatted as the Numbers panel formats them (text/numbers.py, words.py); nothing is computed
here. Outside the lesson the stage shows the essentials; in a step, the rows it speaks of —
less q·k or cos θ when an attention table beside them shows them already; a check question
not yet answered shows only what it gives, q and the keys.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...model import Results, Scene
from ...model.lesson import PAIR_ROWS
from ...model.scene import Scoring
from ...text import numbers
from ...text.names import query_label
from ...text.withheld import MARK, hides
from .. import words
from ..stage.parts import Row, Rows, coloured, more_keys

ESSENTIAL_PAIR = ("dot", "norm_q", "norm_k", "cosine", "angle")
UNDEFINED_ROWS = ("cosine", "angle", "relation", "ratio", "comp", "proj", "perp", "residual")
WRAPPING = frozenset({"dot", "relation", "ratio", "proj", "perp", "residual", "q", "k"})


def pair_ids(moment, scene: Scene) -> tuple[str, ...]:
    """The pair's rows the stage shows at this moment, in the Numbers panel's order."""
    if not moment.lesson:
        return () if moment.asking else ESSENTIAL_PAIR
    if moment.asking:
        return ()
    in_tables = set()
    if moment.attention:  # the tables already show q·k (a dot score) and cos θ (a cosine score)
        rules = {scene.scoring} | ({Scoring.DOT, Scoring.COSINE} if moment.compare else set())
        in_tables = {"dot" if rule is Scoring.DOT else "cosine" for rule in rules}
    return tuple(r for r in PAIR_ROWS if r in moment.spoken and r not in in_tables)


def pair_rows(
    ids, scene: Scene, results: Results, lang: str, colours: dict[str, str], withheld=frozenset()
) -> list[Row]:
    """The rows `ids`, as the Numbers panel writes them; a withheld one reads "?"."""
    pair = results.pair
    k = words.key_name(scene.selected_key)
    q = query_label(scene.selected_query, scene.query_count)
    q_html, k_html = coloured(q, colours.get("query")), coloured(k, colours.get("key"))
    undefined = words.undefined_word()

    def f(x):
        return undefined if x is None else numbers.number(x, lang)

    def vec(v):
        return undefined if v is None else numbers.vector(v, lang)

    made = {
        "q": lambda: (q_html, numbers.vector(scene.query, lang)),
        "k": lambda: (k_html, numbers.vector(scene.keys[scene.selected_key], lang)),
        "dot": lambda: (
            f"{q_html}·{k_html}",
            numbers.expanded_product(scene.query, scene.keys[scene.selected_key], pair.dot, lang),
        ),
        "norm_q": lambda: (f"‖{q_html}‖", f(pair.norm_q)),
        "norm_k": lambda: (f"‖{k_html}‖", f(pair.norm_k)),
        "cosine": lambda: ("cos θ", f(pair.cosine)),
        "angle": lambda: ("θ", undefined if pair.angle_deg is None else numbers.angle(pair.angle_deg, lang)),
        "relation": lambda: (
            QCoreApplication.translate("NumbersPanel", "kind of angle"),
            words.relation(pair.relation, pair.direction),
        ),
        "ratio": lambda: (f"|{q_html}·{k_html}| / (‖{q_html}‖‖{k_html}‖)", f(pair.cauchy_schwarz_ratio)),
        "comp": lambda: (f"comp<sub>{k}</sub>({q_html})", f(pair.scalar_projection)),
        "proj": lambda: (f"proj<sub>{k}</sub>({q_html})", vec(pair.projection)),
        "perp": lambda: (f"{q_html} − proj<sub>{k}</sub>({q_html})", vec(pair.perpendicular)),
        "residual": lambda: (f"({q_html} − proj)·{k_html}", f(pair.residual)),
    }
    rows = []
    for rid in ids:
        name, value = made[rid]()
        rows.append(Row(rid, name, MARK if rid in withheld else value, wraps=rid in WRAPPING))
    return rows


def pair_reason(ids, results: Results, withheld=frozenset()) -> str:
    """Why a row shown has no value, if one has none (not while a question asks about it)."""
    if not ids or results.pair.undefined is None or set(ids) <= {"q", "k", "dot", "norm_q", "norm_k"}:
        return ""
    if hides(withheld, *UNDEFINED_ROWS):
        return ""
    return words.reason(results.pair.undefined)


def vector_rows(scene: Scene, lang: str, colours: dict[str, str], limit: int | None = None) -> list[Row]:
    """q and the keys (the first `limit` of them, and the selected one, when room is short)."""
    q = query_label(scene.selected_query, scene.query_count)
    rows = [Row("q", coloured(q, colours.get("query")), numbers.vector(scene.query, lang), True)]
    n = scene.key_count
    shown = range(n) if limit is None or n <= limit else sorted({*range(limit - 1), scene.selected_key})
    for i in shown:
        name = coloured(words.key_name(i), colours.get("key"))
        rows.append(Row(f"k{i}", name, numbers.vector(scene.keys[i], lang), True))
    return rows


def stage_pair(moment, update, style) -> Rows | None:
    ids = pair_ids(moment, update.scene)
    if not ids:
        return None
    rows = pair_rows(ids, update.scene, update.results, style.lang, style.colours, update.withheld)
    return Rows(tuple(rows), pair_reason(ids, update.results, update.withheld))


def stage_givens(moment, update, style) -> Rows | None:
    """What a check question gives: q and the keys."""
    if not moment.asking:
        return None
    rows = vector_rows(update.scene, style.lang, style.colours, style.limit)
    return Rows(tuple(rows), more=more_keys(update.scene.key_count + 1 - len(rows)))
