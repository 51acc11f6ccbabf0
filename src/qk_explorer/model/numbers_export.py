"""The numbers export (--export-numbers, format version 1): every number of Results as JSON.

Full double precision. An undefined quantity is null with its reason beside it;
masked keys have null score and logit and weight 0.
"""

from __future__ import annotations

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
