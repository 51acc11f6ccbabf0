"""What the stage shows: which numbers a moment of the lesson speaks of, and their texts.

plan_for() decides from the lesson's state alone. A step about the pair shows
the rows it highlights (lesson.json's `highlight`); a step about attention
shows every key's score, scaled logit and weight, with the scale, Σ weights and
the output — and the other scoring rule's table beside it when the step also
speaks of the cosine; a step about several queries shows the grids of Q·Kᵀ it
speaks of. A check question not yet answered shows only what it
gives (q and the keys): the numbers that answer it wait for the solution.
Outside the lesson (a preset, a file) the stage shows the essentials of the
Numbers and Attention panels. A scene of tokens (in two coordinates) also
shows the token plane beside the drawing, whatever the moment.

The rest turns Results into rows of text, formatted as the panels format them
(text.numbers, view.words); nothing is computed here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QCoreApplication

from ...model import Results, Scene
from ...model.attention import Attention
from ...model.lesson import ATTENTION_ROWS, MATRIX_ROWS, PAIR_ROWS, Item, Kind
from ...model.scene import Scoring
from ...text import numbers
from ...text.names import query_label
from .. import words

ESSENTIAL_PAIR = ("dot", "norm_q", "norm_k", "cosine", "angle")
WRAPPING = frozenset({"dot", "relation", "ratio", "proj", "perp", "residual", "q", "k"})
GRIDS = ("scores", "logits", "weights")  # the matrix's grids, in PyTorch's order
MAX_GRID_SIDE = 8  # queries or keys a grid shows before it says how many more there are


@dataclass(frozen=True)
class Plan:
    """The blocks of numbers the stage shows, and whether the lesson's words go with them.

    A new kind of block (a matrix of scores, logits and weights for several
    queries) is one more field here and one more block in Stage.blocks."""

    pair_rows: tuple[str, ...] = ()  # PAIR_ROWS ids, in the Numbers panel's order
    vectors: bool = False  # q and every key: what a question gives
    attention: bool = False  # every key's score, logit, weight; the scale, Σ weights, the output
    compare: bool = False  # the other scoring rule's table too
    grids: tuple[str, ...] = ()  # of GRIDS: the Q·Kᵀ matrix's scores, scaled logits, weights
    outputs: bool = False  # each query's output row
    lesson: bool = False  # the item's title and words
    plane: bool = False  # the token plane beside the canvas: a scene of tokens of two coordinates


def plan_for(item: Item | None, active: bool, revealed: bool, scene: Scene) -> Plan:
    plan = _numbers_and_words(item, active, revealed, scene)
    tokens = scene.tokens
    return replace(plan, plane=True) if tokens is not None and tokens.d_model == 2 else plan


def _numbers_and_words(item: Item | None, active: bool, revealed: bool, scene: Scene) -> Plan:
    if item is None or not active:
        if scene.query_count > 1:
            return Plan(pair_rows=ESSENTIAL_PAIR, grids=("scores", "weights"))
        return Plan(pair_rows=ESSENTIAL_PAIR, attention=scene.key_count > 1)
    if item.kind is Kind.QUESTION and not revealed:
        return Plan(vectors=True, lesson=True)
    spoken = set(item.highlight)
    attention = bool(spoken & set(ATTENTION_ROWS))
    compare = attention and "cosine" in spoken
    shown_in_tables = set()
    if attention:  # the tables already show q·k (a dot score) and cos θ (a cosine score)
        rules = {scene.scoring} | ({Scoring.DOT, Scoring.COSINE} if compare else set())
        shown_in_tables = {"dot" if rule is Scoring.DOT else "cosine" for rule in rules}
    rows = tuple(r for r in PAIR_ROWS if r in spoken and r not in shown_in_tables)
    grids = tuple(g for g in GRIDS if f"matrix_{g}" in spoken)
    if "matrix_sums" in spoken and "weights" not in grids:
        grids += ("weights",)  # the sums stand beside the weights
    outputs = "matrix_outputs" in spoken
    return Plan(
        pair_rows=rows, attention=attention, compare=compare, grids=grids, outputs=outputs, lesson=True
    )


assert set(MATRIX_ROWS) == {f"matrix_{g}" for g in (*GRIDS, "sums", "outputs")}


@dataclass(frozen=True)
class Row:
    id: str
    name: str  # rich text
    value: str  # plain text
    wraps: bool = False  # may break at its spaces (a long product, a vector, words)


def coloured(text: str, colour: str | None) -> str:
    return f'<span style="color:{colour}">{text}</span>' if colour else text


def pair_rows(ids, scene: Scene, results: Results, lang: str, colours: dict[str, str]) -> list[Row]:
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
            QCoreApplication.translate("Stage", "kind of angle"),
            words.relation(pair.relation, pair.direction),
        ),
        "ratio": lambda: (f"|{q_html}·{k_html}| / (‖{q_html}‖‖{k_html}‖)", f(pair.cauchy_schwarz_ratio)),
        "comp": lambda: (f"comp<sub>{k}</sub>({q_html})", f(pair.scalar_projection)),
        "proj": lambda: (f"proj<sub>{k}</sub>({q_html})", vec(pair.projection)),
        "perp": lambda: (f"{q_html} − proj<sub>{k}</sub>({q_html})", vec(pair.perpendicular)),
        "residual": lambda: (f"({q_html} − proj)·{k_html}", f(pair.residual)),
    }
    return [Row(rid, *made[rid](), wraps=rid in WRAPPING) for rid in ids]


def pair_reason(ids, results: Results) -> str:
    """Why a row shown has no value, if one has none."""
    if not ids or results.pair.undefined is None or set(ids) <= {"q", "k", "dot", "norm_q", "norm_k"}:
        return ""
    return words.reason(results.pair.undefined)


def vector_rows(scene: Scene, lang: str, colours: dict[str, str], limit: int | None = None) -> list[Row]:
    """q and the keys (the first `limit` of them, and the selected one, when room is short)."""
    q = query_label(scene.selected_query, scene.query_count)
    rows = [Row("q", coloured(q, colours.get("query")), numbers.vector(scene.query, lang), True)]
    n = scene.key_count
    shown_ = range(n) if limit is None or n <= limit else sorted({*range(limit - 1), scene.selected_key})
    for i in shown_:
        name = coloured(words.key_name(i), colours.get("key"))
        rows.append(Row(f"k{i}", name, numbers.vector(scene.keys[i], lang), True))
    return rows


# ---- attention ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One scoring rule over every key: a row per key, a column per quantity."""

    caption: str  # which rule, when two tables stand together; else empty
    headers: tuple[str, str, str]  # score, scaled logit, weight
    keys: tuple[int, ...]  # the keys shown, in order
    names: tuple[str, ...]  # their names, rich text
    cells: tuple[tuple[str, str, str], ...]  # per key shown: score, logit, weight
    hidden: int  # keys left out for room
    summary: tuple[Row, ...]  # the scale, Σ weights, the output
    notes: tuple[str, ...]  # masked keys, dropout, why nothing is defined


def rule_name(att: Attention) -> str:
    if att.scoring is Scoring.COSINE:
        return QCoreApplication.translate("Stage", "Cosine scoring")
    return QCoreApplication.translate("Stage", "Scaled dot product")


def table(
    att: Attention,
    scene: Scene,
    lang: str,
    colours: dict[str, str],
    caption: bool,
    summary: bool,
    limit: int | None = None,
) -> Table:
    cosine = att.scoring is Scoring.COSINE
    headers = (
        QCoreApplication.translate("Stage", "cosine\ncos(q, kᵢ)")
        if cosine
        else QCoreApplication.translate("Stage", "score\nq·kᵢ"),
        QCoreApplication.translate("Stage", "scaled\nlogit"),
        QCoreApplication.translate("Stage", "weight"),
    )
    keys = shown_keys(att, scene, limit)
    dash = "—"

    def cell(x):
        return dash if x is None else numbers.number(x, lang)

    cells = []
    for i in keys:
        weight = dash if att.weights is None else numbers.weight(att.weights[i], lang, not scene.mask[i])
        cells.append((cell(att.scores[i]), cell(att.logits[i]), weight))
    names = tuple(coloured(words.key_name(i), colours.get("key")) for i in keys)
    rows: list[Row] = []
    notes: list[str] = []
    if summary:
        undefined = words.undefined_word()
        if cosine:
            rows.append(
                Row(
                    "scale",
                    QCoreApplication.translate("Stage", "multiplier"),
                    numbers.number(att.scale, lang),
                )
            )
        elif att.scale_is_default:
            value = f"1/√{att.d_k} ≈ {numbers.number(att.scale, lang)}"
            rows.append(Row("scale", QCoreApplication.translate("Stage", "scale 1/√d<sub>k</sub>"), value))
        else:
            rows.append(
                Row(
                    "scale",
                    QCoreApplication.translate("Stage", "scale, set by hand"),
                    numbers.number(att.scale, lang),
                )
            )
        total = undefined if att.weight_sum is None else numbers.number(att.weight_sum, lang)
        rows.append(Row("sum", QCoreApplication.translate("Stage", "Σ weights"), total))
        output = undefined if att.output is None else numbers.output(att.output, lang)
        out = coloured("Σ w<sub>i</sub>v<sub>i</sub>", colours.get("output"))
        rows.append(
            Row("output", QCoreApplication.translate("Stage", "output {sum}").format(sum=out), output, True)
        )
        masked = [words.key_name(i) for i, m in enumerate(scene.mask) if not m]
        if masked and att.undefined is None:
            notes.append(
                QCoreApplication.translate("Stage", "Masked, so left out of softmax: {keys}").format(
                    keys=", ".join(masked)
                )
            )
        if att.dropout is not None:
            notes.append(
                QCoreApplication.translate("Stage", "Dropout is on: these are the weights before it.")
            )
    if att.undefined is not None:
        notes.append(words.reason(att.undefined))
    return Table(
        caption=rule_name(att) if caption else "",
        headers=headers,
        keys=tuple(keys),
        names=names,
        cells=tuple(cells),
        hidden=scene.key_count - len(keys),
        summary=tuple(rows),
        notes=tuple(notes),
    )


def shown_keys(att: Attention, scene: Scene, limit: int | None) -> list[int]:
    """Every key, or when there is room for only `limit` of them: the selected key and the
    largest weights (the first keys when there are none), in the keys' order."""
    n = scene.key_count
    if limit is None or n <= limit:
        return list(range(n))
    limit = max(1, limit)
    if att.weights is not None:
        order = sorted(range(n), key=lambda i: (-att.weights[i], i))
    else:
        order = list(range(n))
    chosen = [scene.selected_key] + [i for i in order if i != scene.selected_key]
    return sorted(chosen[:limit])


def more_keys(hidden: int) -> str:
    return (
        QCoreApplication.translate("Stage", "… and {n} more keys, not shown for room").format(n=hidden)
        if hidden
        else ""
    )


# ---- several queries: the Q·Kᵀ matrix --------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """One of the matrix's grids: a row per query, a column per key (and Σ for the weights)."""

    kind: str  # of GRIDS
    caption: str
    columns: tuple[str, ...]  # the keys' names, rich text; then "Σ" for the weights
    rows: tuple[str, ...]  # the queries' names, rich text
    cells: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...]  # rows or columns left out for room, rows with no weights


def grid(kind: str, scene: Scene, results: Results, lang: str, colours: dict[str, str]) -> Grid:
    matrix = results.matrix
    n_rows, n_cols = min(scene.query_count, MAX_GRID_SIDE), min(scene.key_count, MAX_GRID_SIDE)
    captions = {
        "scores": QCoreApplication.translate("Stage", "Scores Q·Kᵀ"),
        "logits": QCoreApplication.translate("Stage", "Scaled logits (masked: −∞)"),
        "weights": QCoreApplication.translate("Stage", "Weights: softmax along each row"),
    }
    columns = [coloured(words.key_name(j), colours.get("key")) for j in range(n_cols)]
    if kind == "weights":
        columns.append("Σ")
    cells, notes = [], []
    for i in range(n_rows):
        mask = matrix.mask[i]
        if kind == "weights":
            weights = matrix.weights[i]
            if weights is None:
                row = ["—"] * n_cols + ["—"]
                notes.append(f"{words.query_name(i)}: {words.reason(matrix.undefined[i])}")
            else:
                row = [numbers.weight(w, lang, not mask[j]) for j, w in enumerate(weights[:n_cols])]
                row.append(numbers.number(results.matrix.weight_sums[i], lang))
        else:
            values = (matrix.scores if kind == "scores" else matrix.logits)[i]
            row = [
                "−∞" if kind == "logits" and not mask[j] else numbers.number(x, lang)
                for j, x in enumerate(values[:n_cols])
            ]
        cells.append(tuple(row))
    hidden_rows, hidden_cols = scene.query_count - n_rows, scene.key_count - n_cols
    if hidden_rows or hidden_cols:
        notes.append(
            QCoreApplication.translate(
                "Stage", "… {q} more queries and {k} more keys, not shown for room"
            ).format(q=hidden_rows, k=hidden_cols)
        )
    return Grid(
        kind=kind,
        caption=captions[kind],
        columns=tuple(columns),
        rows=tuple(coloured(words.query_name(i), colours.get("query")) for i in range(n_rows)),
        cells=tuple(cells),
        notes=tuple(notes),
    )


def output_rows(scene: Scene, results: Results, lang: str, colours: dict[str, str]) -> list[Row]:
    """Each query's output Σⱼ wᵢⱼvⱼ, or why it has none."""
    matrix, rows = results.matrix, []
    for i, out in enumerate(matrix.outputs[:MAX_GRID_SIDE]):
        name = coloured(f"o<sub>{i + 1}</sub>", colours.get("output"))
        value = words.undefined_word() if out is None else numbers.output(out, lang)
        rows.append(Row(f"o{i}", name, value, True))
    return rows
