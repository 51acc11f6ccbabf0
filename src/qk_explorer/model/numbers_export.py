"""The numbers export (--export-numbers, format version 2): every number of Results as JSON or CSV.

Full double precision. An undefined quantity is null with its reason beside it.
Masked keys have a score and a logit as every key does (PyTorch adds the mask
after scaling) and weight 0. `pair`, `attention` and `comparison` are the
selected query's, as in version 1; `matrix` holds every query's row (Q·Kᵀ).
A token scene adds `tokens` (labels, embeddings) and `projections`: W_Q, W_K,
W_V, B = W_Qᵀ W_K ("bilinear"), whether B is symmetric and an inner product,
its eigenvalues (null unless symmetric) and the reason it is not one (or null);
its queries, keys and values are the derived ones.
A score is null only under cosine scoring, for a zero vector.

The CSV holds the same numbers as the JSON, one row per number ("long" form, so
any spreadsheet or `pandas.read_csv` can filter and pivot it):

    quantity,query,key,coordinate,value,note

- quantity: the JSON field's name; the pair's fields keep their names (dot,
  cosine, angle_deg, …), the attention fields are singular per key (score,
  logit, weight), the other scoring rule's rows start with "comparison." and
  the matrix's with "matrix.".
- query: which query the row belongs to, counted from 1 as on screen (q₁ is 1);
  the pair's and the attention's rows carry the selected query's number.
  Empty when no query applies.
- key: which key the row belongs to, counted from 1 (k₁ is 1); the pair's rows
  carry the selected key's number. Empty when no key applies.
- coordinate: which coordinate of a vector, counted from 1; empty for scalars.
- value: a number written with a decimal point and full precision (repr), or a
  word (acute, dot, true); empty when undefined. Text that starts like a
  spreadsheet formula (=, +, -, @, a tab or a carriage return: a label or the
  title) is written after an apostrophe, '=1+2, so that no spreadsheet runs it.
- note: "masked" beside a masked pair's score and logit; beside an empty value,
  why it is empty (the undefined reason in English).
The first two rows are format and version. A token scene adds a `token.label` row and
`token.embedding` rows for each token, its number in the query column (token i makes
query i, key i and value i); W_Q, W_K, W_V and B, matrices with rows and columns of
their own, are in the projections' CSV table (projections_table.py).
"""

from __future__ import annotations

import csv
import io
import json

from .attention import Attention
from .matrix import AttentionMatrix
from .projections import Projections
from .results import Results
from .scene import Scene

FORMAT = "qk-explorer-numbers"
VERSION = 2


def numbers_document(scene: Scene, results: Results) -> dict:
    pair = results.pair
    document = {
        "format": FORMAT,
        "version": VERSION,
        "dimension": results.dimension,
        "title": scene.title,
        "queries": [list(q) for q in scene.queries],
        "query": list(scene.query),
        "keys": [list(k) for k in scene.keys],
        "values": [list(v) for v in scene.values],
        "mask": list(scene.mask),
        "selected_query": scene.selected_query,
        "selected_key": scene.selected_key,
        "pair": {
            "dot": pair.dot,
            "terms": list(pair.terms),
            "norm_q": pair.norm_q,
            "norm_k": pair.norm_k,
            "cosine": pair.cosine,
            "angle_deg": pair.angle_deg,
            "relation": None if pair.relation is None else pair.relation.value,
            "cauchy_schwarz_ratio": pair.cauchy_schwarz_ratio,
            "scalar_projection": pair.scalar_projection,
            "projection": _list(pair.projection),
            "perpendicular": _list(pair.perpendicular),
            "residual": pair.residual,
            "undefined_reason": None if pair.undefined is None else pair.undefined.english(),
        },
        "attention": _attention(results.attention, scene),
        "comparison": _attention(results.comparison, scene),
        "matrix": _matrix(results.matrix),
    }
    if results.projections is not None:  # a token scene: what its queries, keys and values come from
        tokens = scene.tokens
        document["tokens"] = {"labels": list(tokens.labels), "embeddings": _rows(tokens.embeddings)}
        document["projections"] = _projections(results.projections)
    return document


def _projections(p: Projections) -> dict:
    return {
        "w_q": _rows(p.w_q),
        "w_k": _rows(p.w_k),
        "w_v": _rows(p.w_v),
        "bilinear": _rows(p.bilinear),
        "symmetric": p.symmetric,
        "inner_product": p.inner_product,
        "eigenvalues": _list(p.eigenvalues),
        "reason": None if p.reason is None else p.reason.english(),
    }


def _rows(rows) -> list[list[float]]:
    return [list(row) for row in rows]


def write_numbers(scene: Scene, results: Results, question: dict | None = None) -> str:
    """The export as JSON text; `question`, when a check question is open, goes beside the numbers."""
    document = numbers_document(scene, results)
    if question is not None:
        document["question"] = question
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _attention(a: Attention, scene: Scene) -> dict:
    document = {
        "scoring": a.scoring.value,
        "d_k": a.d_k,
        "scale": a.scale,
        "scale_is_default": a.scale_is_default,
        "scores": list(a.scores),
        "logits": list(a.logits),
        "weights": _list(a.weights),
        "weight_sum": a.weight_sum,
        "output": _list(a.output),
        "winner": a.winner,
        "undefined_reason": None if a.undefined is None else a.undefined.english(),
    }
    if a.dropout is not None:
        d = a.dropout
        document["dropout"] = {
            "p": d.p,
            "seed": d.seed,
            "kept": list(d.kept),
            "weights": list(d.weights),
            "weight_sum": d.weight_sum,
            "output": list(d.output),
        }
    return document


def _matrix(m: AttentionMatrix) -> dict:
    return {
        "scoring": m.scoring.value,
        "d_k": m.d_k,
        "scale": m.scale,
        "causal": m.causal,
        "mask": [list(row) for row in m.mask],
        "scores": [list(row) for row in m.scores],
        "logits": [list(row) for row in m.logits],
        "weights": [_list(row) for row in m.weights],
        "outputs": [_list(row) for row in m.outputs],
        "undefined_reasons": [None if u is None else u.english() for u in m.undefined],
    }


def _list(x):
    return None if x is None else list(x)


CSV_COLUMNS = ("quantity", "query", "key", "coordinate", "value", "note")


def write_numbers_csv(scene: Scene, results: Results) -> str:
    rows: list[tuple] = [("format", "", "", "", FORMAT, ""), ("version", "", "", "", VERSION, "")]
    add = rows.append
    add(("dimension", "", "", "", results.dimension, ""))
    add(("title", "", "", "", scene.title, ""))
    if scene.tokens is not None:
        for i, (label, x) in enumerate(zip(scene.tokens.labels, scene.tokens.embeddings, strict=True)):
            add(("token.label", i + 1, "", "", label, ""))
            _vector_rows(rows, "token.embedding", i + 1, "", x)
    for i, q in enumerate(scene.queries):
        _vector_rows(rows, "query", i + 1, "", q)
    for i, (k, v) in enumerate(zip(scene.keys, scene.values, strict=True)):
        _vector_rows(rows, "key", "", i + 1, k)
        _vector_rows(rows, "value", "", i + 1, v)
    for i, row in enumerate(scene.applied_mask):
        for j, takes_part in enumerate(row):
            add(("mask", i + 1, j + 1, "", takes_part, ""))
    add(("causal", "", "", "", scene.causal, ""))
    query = scene.selected_query + 1
    add(("selected_query", query, "", "", query, ""))
    add(("selected_key", "", scene.selected_key + 1, "", scene.selected_key + 1, ""))

    pair, key = results.pair, scene.selected_key + 1
    reason = "" if pair.undefined is None else pair.undefined.english()
    add(("dot", query, key, "", pair.dot, ""))
    _vector_rows(rows, "terms", query, key, pair.terms)
    add(("norm_q", query, "", "", pair.norm_q, ""))
    add(("norm_k", "", key, "", pair.norm_k, ""))
    for name in ("cosine", "angle_deg", "relation", "cauchy_schwarz_ratio", "scalar_projection"):
        _scalar_row(rows, name, query, key, getattr(pair, name), reason)
    for name in ("projection", "perpendicular"):
        _vector_rows(rows, name, query, key, getattr(pair, name), reason, scene.dimension)
    _scalar_row(rows, "residual", query, key, pair.residual, reason)

    _attention_rows(rows, "", results.attention, scene, scene.selected_query)
    _attention_rows(rows, "comparison.", results.comparison, scene, scene.selected_query)

    m = results.matrix
    rows.append(("matrix.scoring", "", "", "", m.scoring.value, ""))
    rows.append(("matrix.d_k", "", "", "", m.d_k, ""))
    rows.append(("matrix.scale", "", "", "", m.scale, ""))
    rows.append(("matrix.causal", "", "", "", m.causal, ""))
    for i, row in enumerate(m.rows):
        _pair_rows(rows, "matrix.", row, m.scores[i], m.logits[i], m.mask[i], i + 1)
        _vector_rows(rows, "matrix.output", i + 1, "", row.output, _reason(row), scene.dimension)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows((name, q, k, c, csv_cell(v), note) for name, q, k, c, v, note in rows)
    return out.getvalue()


def _reason(a: Attention) -> str:
    return "" if a.undefined is None else a.undefined.english()


def _pair_rows(rows: list, prefix: str, a: Attention, scores, logits, mask, query: int) -> None:
    """Score, logit and weight of every key of one query's row."""
    reason = _reason(a)
    for j, takes_part in enumerate(mask):
        for name, value in (("score", scores[j]), ("logit", logits[j])):
            note = "masked" if not takes_part else ""
            rows.append((prefix + name, query, j + 1, "", value, note or (reason if value is None else "")))
        weight = None if a.weights is None else a.weights[j]
        rows.append((prefix + "weight", query, j + 1, "", weight, reason if weight is None else ""))


def _attention_rows(rows: list, prefix: str, a: Attention, scene: Scene, row: int) -> None:
    reason, query = _reason(a), row + 1
    rows.append((prefix + "scoring", "", "", "", a.scoring.value, ""))
    rows.append((prefix + "d_k", "", "", "", a.d_k, ""))
    rows.append((prefix + "scale", "", "", "", a.scale, ""))
    rows.append((prefix + "scale_is_default", "", "", "", a.scale_is_default, ""))
    _pair_rows(rows, prefix, a, a.scores, a.logits, scene.mask_row(row), query)
    _scalar_row(rows, prefix + "weight_sum", query, "", a.weight_sum, reason)
    _vector_rows(rows, prefix + "output", query, "", a.output, reason, scene.dimension)
    winner = None if a.winner is None else a.winner + 1
    _scalar_row(rows, prefix + "winner", query, winner or "", winner, reason)
    if a.dropout is not None:
        d = a.dropout
        rows.append((prefix + "dropout.p", "", "", "", d.p, ""))
        rows.append((prefix + "dropout.seed", "", "", "", d.seed, ""))
        for i in range(scene.key_count):
            rows.append((prefix + "dropout.kept", query, i + 1, "", d.kept[i], ""))
            rows.append((prefix + "dropout.weight", query, i + 1, "", d.weights[i], ""))
        rows.append((prefix + "dropout.weight_sum", query, "", "", d.weight_sum, ""))
        _vector_rows(rows, prefix + "dropout.output", query, "", d.output)


def _scalar_row(rows: list, name: str, query, key, value, reason: str) -> None:
    rows.append((name, query, key, "", value, reason if value is None else ""))


def _vector_rows(
    rows: list, name: str, query, key, vector, reason: str = "", dimension: int | None = None
) -> None:
    if vector is None:
        for c in range(dimension or 1):
            rows.append((name, query, key, c + 1 if dimension else "", None, reason))
        return
    for c, x in enumerate(vector):
        rows.append((name, query, key, c + 1, x, ""))


# A spreadsheet runs a cell that starts with one of these as a formula (=1+2, @SUM(A1), +cmd|…).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value) -> str:
    """One CSV field: empty for no value, true/false, a number in full precision, or text. Text that
    starts like a formula gets a leading apostrophe, so that a spreadsheet shows it and runs nothing
    (a label "=1+2" is written '=1+2); numbers, −2.5 among them, are written as they are."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return str(value)
