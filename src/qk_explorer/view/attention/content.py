"""What attention shows, written once: from (scene, results), the rows, cells, headings and phrases
that the panel, the stage and the CSV export all render.

Nothing here is a widget. A cell is its text, its number and its role:

- PLAIN: a key that takes part;
- MASKED: a key left out of softmax, dimmed wherever it is shown. Its score and scaled logit
  exist (PyTorch scales first); the mask then makes the logit −∞ before softmax, which the
  cell says: "1.414 → −∞" (text/numbers.masked_logit); its weight is 0;
- DROPPED: a weight dropout dropped, "✕ 0", in the warning ink.

A dash stands only where a number has no value; "?" where an open check question withholds it
(text/withheld.py: the scores, the scaled logits, the weights and the output). Each phrase is
translated once, here (context "AttentionPanel"): the stage's short names and the panel's
sentences share them. The CSV export writes the same cells' numbers, with a note for each role.
"""

from __future__ import annotations

import csv as csv_module
import functools
import io
from enum import StrEnum
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication

from ...model import Results, Scene
from ...model.attention import Attention
from ...model.numbers_export import csv_cell
from ...model.results import other_rule
from ...model.scene import Scoring
from ...text import numbers
from ...text.names import query_label
from ...text.withheld import MARK
from .. import words
from ..stage.parts import Row, Table, coloured, shown_keys

COLUMNS = ("score", "logit", "weight", "other", "dropout")
# Which quantity (the lesson's id, text/withheld.py) each column shows.
COLUMN_IDS = {
    "score": "scores",
    "logit": "logits",
    "weight": "weights",
    "other": "weights",
    "dropout": "weights",
}
DASH = "—"  # no number: a cosine with a zero vector, or weights that are undefined
DROPPED = "✕"  # a weight dropout dropped
_SHORT = {Scoring.DOT: "q·k", Scoring.COSINE: "cos"}
OUTPUT = "Σ wᵢvᵢ"  # the output's symbol
OUTPUT_HTML = "Σ w<sub>i</sub>v<sub>i</sub>"  # the same, for the stage's larger rich text


translate = QCoreApplication.translate  # every phrase in the attention panel's context


class Role(StrEnum):
    PLAIN = "plain"
    MASKED = "masked"
    DROPPED = "dropped"


class Cell(NamedTuple):
    text: str
    value: float | None  # the number, in full (None: it has none)
    role: Role = Role.PLAIN
    bar: float | None = None  # a weight's bar, as a share of the longest


# A Cell from (text, value, role, bar) without a call of Python's: a drag makes a few dozen a step.
cell = functools.partial(tuple.__new__, Cell)


class Line(NamedTuple):
    """A line under the table: `name` and `value` where the stage lists them, `text` the
    sentence the panel writes (it says both)."""

    id: str
    name: str
    value: str
    text: str


def rule_name(scoring: Scoring) -> str:
    """The scoring rule in words: "dot product" or "cosine"."""
    return (
        translate("AttentionPanel", "cosine")
        if scoring is Scoring.COSINE
        else translate("AttentionPanel", "dot product")
    )


def headers(scoring: Scoring) -> dict[str, str]:
    """The columns' headings for a scoring rule."""
    weight = translate("AttentionPanel", "weight\n({rule})")
    return {
        "key": translate("AttentionPanel", "key"),
        "mask": translate("AttentionPanel", "takes\npart"),
        "score": translate("AttentionPanel", "cosine\ncos(q, kᵢ)")
        if scoring is Scoring.COSINE
        else translate("AttentionPanel", "score\nq·kᵢ"),
        # Cosine scoring multiplies by its own multiplier, never by 1/√d_k: the logit is not "scaled".
        "logit": translate("AttentionPanel", "logit\ncos × multiplier")
        if scoring is Scoring.COSINE
        else translate("AttentionPanel", "scaled\nlogit"),
        "weight": weight.format(rule=_SHORT[scoring]),
        "other": weight.format(rule=_SHORT[other_rule(scoring)]),
        "dropout": translate("AttentionPanel", "after\ndropout"),
    }


def heading(scene: Scene, results: Results) -> str:
    return translate(
        "AttentionPanel",
        "<b>Attention of {query} over its keys</b>: {n} in all, {m} taking part; d<sub>k</sub> = {d}",
    ).format(
        query=query_label(scene.selected_query, scene.query_count),
        n=scene.key_count,
        m=results.keys_taking_part,
        d=results.attention.d_k,
    )


class AttentionRows:
    """The table's cells for one update, made row by row as they are asked for (mid-drag a long
    table fills only the rows in sight)."""

    def __init__(self, scene: Scene, results: Results, lang: str, compare: bool, withheld=frozenset()):
        self.mask = scene.mask
        self.withheld = withheld
        self.attention = results.attention
        self.other = results.comparison if compare else None  # worked out only when shown
        self._lang = lang
        self._bars = results.weight_bars
        self._other_bars = None if self.other is None else results.comparison_weight_bars
        self._kept_bars = results.dropout_bars

    def row(self, r: int) -> dict[str, Cell]:
        att, lang = self.attention, self._lang
        role = Role.PLAIN if self.mask[r] else Role.MASKED
        cells = {
            "score": score_cell(att, r, lang, role),
            "logit": logit_cell(att, r, lang, role),
            "weight": weight_cell(att, r, lang, role, self._bars),
        }
        if self.other is not None:
            cells["other"] = weight_cell(self.other, r, lang, role, self._other_bars)
        if self._kept_bars is not None:
            cells["dropout"] = self._kept(r, role)
        if self.withheld:  # (a drag's rows are made at every step: nothing to look up without)
            for cid, cell in cells.items():
                if COLUMN_IDS[cid] in self.withheld:  # no number, and an empty bar: its length tells
                    cells[cid] = Cell(MARK, None, role, None if cell.bar is None else 0.0)
        return cells

    def _kept(self, r: int, role: Role) -> Cell:
        """The weight after dropout: kept (divided by 1 − p) or dropped."""
        dropout = self.attention.dropout
        if role is Role.MASKED:
            return cell(("0", 0.0, role, 0.0))
        if dropout.kept[r]:
            w = dropout.weights[r]
            return cell((numbers.weight(w, self._lang), w, role, self._kept_bars[r]))
        return cell((f"{DROPPED} 0", 0.0, Role.DROPPED, 0.0))


def score_cell(att: Attention, r: int, lang: str, role: Role) -> Cell:
    x = att.scores[r]
    return Cell(DASH if x is None else numbers.number(x, lang), x, role)


def logit_cell(att: Attention, r: int, lang: str, role: Role) -> Cell:
    """A scaled logit; a masked key's says where the mask takes it (PyTorch's order)."""
    x = att.logits[r]
    if x is None:
        return Cell(DASH, x, role)
    return Cell(numbers.masked_logit(x, lang) if role is Role.MASKED else numbers.number(x, lang), x, role)


def weight_cell(att: Attention, r: int, lang: str, role: Role, bars=None) -> Cell:
    if att.weights is None:
        return Cell(DASH, None, role, 0.0)
    w = att.weights[r]
    return Cell(
        numbers.weight(w, lang, masked=role is Role.MASKED), w, role, None if bars is None else bars[r]
    )


def lines(
    scene: Scene,
    results: Results,
    lang: str,
    compare: bool,
    output: str = OUTPUT,
    scale: bool = True,
    withheld=frozenset(),
) -> dict[str, Line]:
    """The lines under the table: the scale (unless not asked: it stays while vectors move),
    Σ weights, the output, dropout, and why anything has no value (for the other rule too
    while compared). Withheld, the output reads "?", and neither dropout's weights nor why
    the weights have no value is said."""
    att = results.attention
    f = lambda x: numbers.number(x, lang)  # noqa: E731
    undefined = words.undefined_word()
    made = {"scale": _scale(att, f)} if scale else {}
    name = translate("AttentionPanel", "Σ weights")
    if att.weight_sum is None:
        made["sum"] = Line(
            "sum", name, undefined, translate("AttentionPanel", "Σ weights: {u}").format(u=undefined)
        )
    else:
        total = f(att.weight_sum)
        text = translate(
            "AttentionPanel", "Σ weights = {s} over the keys that take part ({m}); masked keys weigh 0"
        )
        made["sum"] = Line("sum", name, total, text.format(s=total, m=results.keys_taking_part))
    name = translate("AttentionPanel", "output {sum}").format(sum=output)
    if "output" in withheld:
        value = MARK
        text = translate("AttentionPanel", "Output Σ wᵢvᵢ = {v}").format(v=value)
    elif att.output is None:
        value = undefined
        text = translate("AttentionPanel", "Output Σ wᵢvᵢ: {u}").format(u=undefined)
    else:
        value = numbers.output(att.output, lang)
        text = translate("AttentionPanel", "Output Σ wᵢvᵢ = {v}").format(v=value)
    made["output"] = Line("output", name, value, text)
    weights = "weights" not in withheld
    made["dropout"] = _dropout(att, lang, f) if weights else Line("dropout", "", "", "")
    made["reason"] = Line("reason", "", "", words.reason(att.undefined) if weights else "")
    other_reason = ""
    other = results.comparison if compare and weights else None
    if other is not None and other.undefined is not None and other.undefined != att.undefined:
        other_reason = translate("AttentionPanel", "{rule}: {reason}").format(
            rule=rule_name(other.scoring).capitalize(), reason=words.reason(other.undefined)
        )
    made["other_reason"] = Line("other_reason", "", "", other_reason)
    return made


def _scale(att: Attention, f) -> Line:
    """How a score becomes a logit: the scale used, and where it comes from."""
    scale = f(att.scale)
    if att.scoring is Scoring.COSINE:
        text = translate(
            "AttentionPanel",
            "Logit = cos(q, kᵢ) × {m} (the cosine's own multiplier; 1/√d<sub>k</sub> is not used)",
        )
        return Line("scale", translate("AttentionPanel", "multiplier"), scale, text.format(m=scale))
    if att.scale_is_default:
        text = translate("AttentionPanel", "Scale = 1/√d<sub>k</sub> = 1/√{d} ≈ {s} (PyTorch's default)")
        value = f"1/√{att.d_k} ≈ {scale}"
        return Line(
            "scale",
            translate("AttentionPanel", "scale 1/√d<sub>k</sub>"),
            value,
            text.format(d=att.d_k, s=scale),
        )
    text = translate("AttentionPanel", "Scale = {s}, set by hand in place of 1/√d<sub>k</sub>")
    return Line("scale", translate("AttentionPanel", "scale, set by hand"), scale, text.format(s=scale))


def _dropout(att: Attention, lang: str, f) -> Line:
    dropout = att.dropout
    if dropout is None:
        return Line("dropout", "", "", "")
    text = translate(
        "AttentionPanel",
        "<b>⚠ Dropout is on</b> (p = {p}, seed {seed}), as in training: each weight is kept with "
        "probability 1 − p and divided by 1 − p, or dropped ({x}). The weights after dropout "
        "sum to {s}, <b>not to 1</b>; their output is {v}.",
    ).format(
        p=f(dropout.p),
        seed=dropout.seed,
        x=DROPPED,
        s=f(dropout.weight_sum),
        v=numbers.output(dropout.output, lang),
    )
    return Line("dropout", "", "", text)


# ---- on the stage -------------------------------------------------------------------------------


def caption(scoring: Scoring) -> str:
    """Which rule a table shows, when both stand together."""
    if scoring is Scoring.COSINE:
        return translate("AttentionPanel", "Cosine scoring")
    return translate("AttentionPanel", "Scaled dot product")


def notes(scene: Scene, att: Attention, summary: bool, weights: bool = True) -> list[str]:
    """What the stage says under a table: the keys masked, dropout, why nothing is defined (not
    while the weights are withheld: that answers for them)."""
    said = []
    if summary:
        masked = [words.key_name(i) for i, m in enumerate(scene.mask) if not m]
        if masked and att.undefined is None:
            said.append(
                translate("AttentionPanel", "Masked, so left out of softmax: {keys}").format(
                    keys=", ".join(masked)
                )
            )
        if att.dropout is not None:
            said.append(translate("AttentionPanel", "Dropout is on: these are the weights before it."))
    if att.undefined is not None and weights:
        said.append(words.reason(att.undefined))
    return said


def stage_table(update, style, other: bool, summary: bool, captioned: bool) -> Table:
    """A scoring rule's table as the stage shows it: the rule shown (or the other one, compared
    beside it), the keys there is room for, and under it the scale, Σ weights and the output."""
    scene, results, lang = update.scene, update.results, style.lang
    att = results.comparison if other else results.attention
    keys = shown_keys(scene.key_count, scene.selected_key, att.weights, style.limit)
    said = headers(att.scoring)
    cells, hidden = [], update.withheld
    for i in keys:
        role = Role.PLAIN if scene.mask[i] else Role.MASKED
        made = (
            score_cell(att, i, lang, role),
            logit_cell(att, i, lang, role),
            weight_cell(att, i, lang, role),
        )
        cells.append(tuple(MARK if COLUMN_IDS[c] in hidden else cell.text for c, cell in zip(COLUMNS, made)))
    summary_rows: tuple[Row, ...] = ()
    if summary:
        made = lines(
            scene,
            results,
            lang,
            compare=False,
            output=coloured(OUTPUT_HTML, style.colours.get("output")),
            withheld=hidden,
        )
        summary_rows = tuple(
            Row(rid, made[rid].name, made[rid].value, wraps=rid == "output")
            for rid in ("scale", "sum", "output")
        )
    return Table(
        caption=caption(att.scoring) if captioned else "",
        # Short, for the room beside the drawing: the rule is in the caption when two tables stand.
        headers=(
            said["score"],
            translate("AttentionPanel", "scaled\nlogit"),
            translate("AttentionPanel", "weight"),
        ),
        keys=tuple(keys),
        names=tuple(coloured(words.key_name(i), style.colours.get("key")) for i in keys),
        cells=tuple(cells),
        dimmed=tuple(not scene.mask[i] for i in keys),
        hidden=scene.key_count - len(keys),
        summary=summary_rows,
        notes=tuple(notes(scene, att, summary, weights="weights" not in hidden)),
    )


def stage_texts(moment, update, style):
    """The attention table on the stage: outside the lesson for a scene of several keys and one
    query, in the lesson when the step speaks of it."""
    scene = update.scene
    if moment.lesson:
        shown = moment.attention
    else:
        shown = not moment.asking and scene.query_count == 1 and scene.key_count > 1
    return stage_table(update, style, other=False, summary=True, captioned=moment.compare) if shown else None


def stage_compare_texts(moment, update, style):
    """The other scoring rule's table beside it, when the step also speaks of the cosine."""
    return stage_table(update, style, other=True, summary=False, captioned=True) if moment.compare else None


# ---- the CSV table ------------------------------------------------------------------------------

NOTES = {Role.MASKED: "masked: its logit becomes -inf before softmax", Role.DROPPED: "dropped by dropout"}


def csv(scene: Scene, results: Results, compare: bool) -> str:
    """The table as a CSV file for a spreadsheet: a line per key with its numbers in full double
    precision (a decimal point, never NaN or infinite: a masked key's logit is the number the
    mask then makes −∞, its note says so) and the settings first."""
    rows = AttentionRows(scene, results, "en", compare)
    att = results.attention
    columns = [c for c in COLUMNS if c in rows.row(0)] if scene.key_count else []
    out = io.StringIO()
    writer = csv_module.writer(out, lineterminator="\n")
    writer.writerow(["key", "takes_part", *columns, "note"])
    blank = [""] * (len(columns) - 1)
    for name, value in (("scoring", att.scoring.value), ("d_k", att.d_k), ("scale", att.scale)):
        writer.writerow([name, "", csv_cell(value), *blank, ""])
    for r in range(scene.key_count):
        cells = rows.row(r)
        roles = {cell.role for cell in cells.values()} - {Role.PLAIN}
        note = "; ".join(NOTES[role] for role in sorted(roles))
        writer.writerow(
            [f"k{r + 1}", csv_cell(rows.mask[r]), *(csv_cell(cells[c].value) for c in columns), note]
        )
    return out.getvalue()
