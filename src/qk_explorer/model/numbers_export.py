"""The numbers export (--export-numbers, format version 1): every number of Results as JSON or CSV.

Full double precision. An undefined quantity is null with its reason beside it;
masked keys have null score and logit and weight 0.

The CSV holds the same numbers as the JSON, one row per number ("long" form, so
any spreadsheet or `pandas.read_csv` can filter and pivot it):

    quantity,key,coordinate,value,note

- quantity: the JSON field's name; the pair's fields keep their names (dot,
  cosine, angle_deg, …), the attention fields are singular per key (score,
  logit, weight) and the other scoring rule's rows start with "comparison.".
- key: which key the row belongs to, counted from 1 as on screen (k₁ is 1);
  the pair's rows carry the selected key's number. Empty when no key applies.
- coordinate: which coordinate of a vector, counted from 1; empty for scalars.
- value: a number written with a decimal point and full precision (repr), or a
  word (acute, dot, true); empty when undefined.
- note: why a value is empty ("masked", or the undefined reason in English).
The first two rows are format and version.
"""

from __future__ import annotations

import csv
import io
import json

from .attention import Attention
from .results import Results
from .scene import Scene

FORMAT = "qk-explorer-numbers"
VERSION = 1


def numbers_document(scene: Scene, results: Results) -> dict:
    pair = results.pair
    return {
        "format": FORMAT,
        "version": VERSION,
        "dimension": results.dimension,
        "title": scene.title,
        "query": list(scene.query),
        "keys": [list(k) for k in scene.keys],
        "values": [list(v) for v in scene.values],
        "mask": list(scene.mask),
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
        "attention": _attention(results.attention),
        "comparison": _attention(results.comparison),
    }


def write_numbers(scene: Scene, results: Results) -> str:
    document = numbers_document(scene, results)
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _attention(a: Attention) -> dict:
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


def _list(x):
    return None if x is None else list(x)


CSV_COLUMNS = ("quantity", "key", "coordinate", "value", "note")


def write_numbers_csv(scene: Scene, results: Results) -> str:
    rows: list[tuple] = [("format", "", "", FORMAT, ""), ("version", "", "", VERSION, "")]
    add = rows.append
    add(("dimension", "", "", results.dimension, ""))
    add(("title", "", "", scene.title, ""))
    _vector_rows(rows, "query", "", scene.query)
    for i, (k, v) in enumerate(zip(scene.keys, scene.values, strict=True)):
        _vector_rows(rows, "key", i + 1, k)
        _vector_rows(rows, "value", i + 1, v)
        add(("mask", i + 1, "", scene.mask[i], ""))
    add(("selected_key", scene.selected_key + 1, "", scene.selected_key + 1, ""))

    pair, key = results.pair, scene.selected_key + 1
    reason = "" if pair.undefined is None else pair.undefined.english()
    add(("dot", key, "", pair.dot, ""))
    _vector_rows(rows, "terms", key, pair.terms)
    add(("norm_q", "", "", pair.norm_q, ""))
    add(("norm_k", key, "", pair.norm_k, ""))
    for name in ("cosine", "angle_deg", "relation", "cauchy_schwarz_ratio", "scalar_projection"):
        _scalar_row(rows, name, key, getattr(pair, name), reason)
    for name in ("projection", "perpendicular"):
        _vector_rows(rows, name, key, getattr(pair, name), reason, scene.dimension)
    _scalar_row(rows, "residual", key, pair.residual, reason)

    _attention_rows(rows, "", results.attention, scene)
    _attention_rows(rows, "comparison.", results.comparison, scene)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows((q, k, c, _cell(v), note) for q, k, c, v, note in rows)
    return out.getvalue()


def _attention_rows(rows: list, prefix: str, a: Attention, scene: Scene) -> None:
    reason = "" if a.undefined is None else a.undefined.english()
    rows.append((prefix + "scoring", "", "", a.scoring.value, ""))
    rows.append((prefix + "d_k", "", "", a.d_k, ""))
    rows.append((prefix + "scale", "", "", a.scale, ""))
    rows.append((prefix + "scale_is_default", "", "", a.scale_is_default, ""))
    for i in range(scene.key_count):
        masked = "" if scene.mask[i] else "masked"
        for name, values in (("score", a.scores), ("logit", a.logits)):
            value = values[i]
            rows.append((prefix + name, i + 1, "", value, masked or (reason if value is None else "")))
        weight = None if a.weights is None else a.weights[i]
        rows.append((prefix + "weight", i + 1, "", weight, reason if weight is None else ""))
    _scalar_row(rows, prefix + "weight_sum", "", a.weight_sum, reason)
    _vector_rows(rows, prefix + "output", "", a.output, reason, scene.dimension)
    winner = None if a.winner is None else a.winner + 1
    _scalar_row(rows, prefix + "winner", winner or "", winner, reason)
    if a.dropout is not None:
        d = a.dropout
        rows.append((prefix + "dropout.p", "", "", d.p, ""))
        rows.append((prefix + "dropout.seed", "", "", d.seed, ""))
        for i in range(scene.key_count):
            rows.append((prefix + "dropout.kept", i + 1, "", d.kept[i], ""))
            rows.append((prefix + "dropout.weight", i + 1, "", d.weights[i], ""))
        rows.append((prefix + "dropout.weight_sum", "", "", d.weight_sum, ""))
        _vector_rows(rows, prefix + "dropout.output", "", d.output)


def _scalar_row(rows: list, name: str, key, value, reason: str) -> None:
    rows.append((name, key, "", value, reason if value is None else ""))


def _vector_rows(rows: list, name: str, key, vector, reason: str = "", dimension: int | None = None) -> None:
    if vector is None:
        for c in range(dimension or 1):
            rows.append((name, key, c + 1 if dimension else "", None, reason))
        return
    for c, x in enumerate(vector):
        rows.append((name, key, c + 1, x, ""))


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)
