"""What each field of a question asks for, and each mistake's name, in English and Spanish.

A prompt names the quantity a field asks for, as the lesson panel labels its answer box, the
stage lists the predictions asked and the practice sheet leaves room for them. A form says
how to write the answer (a number, a vector …). The mistakes' names are what View ▸ Common
Mistakes lists and the canvas writes over the wrong computation. Keys are "question/field"
where a field needs words of its own, else the field's name.
"""

from __future__ import annotations

from ...model.practice import FieldKind, Instance, Mistake
from ...model.practice.fields import Field
from ...model.practice.questions import PLACE_WEIGHT
from .. import numbers

PROMPTS = {
    "en": {
        "dot": "q·k",
        "angle_kind": "The kind of angle",
        "cosine": "cos θ",
        "question-8/cosine": "The cosine logit",
        "scalar_projection": "The signed length comp_k(q)",
        "projection": "The projected vector proj_k(q)",
        "conclusion": "What you can conclude",
        "cosines": "cos θ of each pair, in order",
        "logits": "The scaled logits, one per key",
        "weights": "The weights, one per key",
        "winner": "The key with the largest weight",
        "angle": "Is the angle between q and each key defined?",
        "changed_scores": "Which scores change",
        "changed_weights": "Which weights change",
        "place": "Drag k₂ on the canvas until q₁ gives it a weight of at least {weight}",
        "output": "q₁'s output afterwards",
        "scores": "score(i → j) and score(j → i)",
        "symmetric": "Are they the same?",
        "condition": "Which W_Q and W_K make it symmetric",
    },
    "es": {
        "dot": "q·k",
        "angle_kind": "El tipo de ángulo",
        "cosine": "cos θ",
        "question-8/cosine": "El logit por coseno",
        "scalar_projection": "La longitud con signo comp_k(q)",
        "projection": "El vector proyectado proj_k(q)",
        "conclusion": "Qué puedes concluir",
        "cosines": "cos θ de cada par, en orden",
        "logits": "Los logits escalados, uno por clave",
        "weights": "Los pesos, uno por clave",
        "winner": "La clave con el mayor peso",
        "angle": "¿Está definido el ángulo entre q y cada clave?",
        "changed_scores": "Qué puntuaciones cambian",
        "changed_weights": "Qué pesos cambian",
        "place": "Arrastra k₂ en el lienzo hasta que q₁ le dé un peso de al menos {weight}",
        "output": "La salida de q₁ después",
        "scores": "score(i → j) y score(j → i)",
        "symmetric": "¿Son la misma?",
        "condition": "Qué W_Q y W_K la hacen simétrica",
    },
}

FORMS = {
    "en": {
        FieldKind.NUMBER: "a number, e.g. {a} or {b}",
        FieldKind.VECTOR: "a vector, e.g. {v}",
        FieldKind.NUMBERS: "{n} numbers, e.g. {list}",
    },
    "es": {
        FieldKind.NUMBER: "un número, p. ej. {a} o {b}",
        FieldKind.VECTOR: "un vector, p. ej. {v}",
        FieldKind.NUMBERS: "{n} números, p. ej. {list}",
    },
}

MISTAKE_NAMES = {
    "en": {
        Mistake.NOT_SCALED: "No scaling: softmax of the raw scores",
        Mistake.SCALED_BY_DK: "Scores divided by dₖ, not √dₖ",
        Mistake.SCALED_BY_SQRT_D_MODEL: "Scores divided by √d_model, not √dₖ",
        Mistake.NO_EXPONENTIAL: "No exponential: logits over their sum",
        Mistake.NO_SOFTMAX: "No softmax: the logits taken as weights",
        Mistake.SOFTMAX_OVER_QUERIES: "Softmax over the queries (down the columns)",
        Mistake.MASK_AFTER_SOFTMAX: "The mask after softmax: weights zeroed, not shared again",
        Mistake.KEYS_NOT_VALUES: "The keys summed instead of the values",
        Mistake.NO_MAX_SUBTRACTED: "e^logit without subtracting the row's largest logit",
    },
    "es": {
        Mistake.NOT_SCALED: "Sin escala: softmax de las puntuaciones tal cual",
        Mistake.SCALED_BY_DK: "Puntuaciones divididas por dₖ, no por √dₖ",
        Mistake.SCALED_BY_SQRT_D_MODEL: "Puntuaciones divididas por √d_model, no por √dₖ",
        Mistake.NO_EXPONENTIAL: "Sin exponencial: los logits entre su suma",
        Mistake.NO_SOFTMAX: "Sin softmax: los logits tomados como pesos",
        Mistake.SOFTMAX_OVER_QUERIES: "Softmax sobre las consultas (por columnas)",
        Mistake.MASK_AFTER_SOFTMAX: "La máscara después de softmax: pesos a cero, sin repartir de nuevo",
        Mistake.KEYS_NOT_VALUES: "Las claves sumadas en lugar de los valores",
        Mistake.NO_MAX_SUBTRACTED: "e^logit sin restar el mayor logit de la fila",
    },
}


def _table(table: dict, lang: str) -> dict:
    return table.get(lang, table["en"])


def prompt(instance: Instance, field: Field, lang: str) -> str:
    """What `field` of the instance's question asks for."""
    table = _table(PROMPTS, lang)
    text = table.get(f"{instance.question.id}/{field.name}", table[field.name])
    return text.format(weight=numbers.number(PLACE_WEIGHT, lang))


def labelled(prompt_: str, value: str) -> str:
    """A prompt and what answers it: "q·k: −8", "Are they the same? no"."""
    return f"{prompt_} {value}" if prompt_.endswith("?") else f"{prompt_}: {value}"


def form(instance: Instance, field: Field, lang: str) -> str:
    """How to write an answer to `field` (empty for a choice or a place)."""
    text = _table(FORMS, lang).get(field.kind, "")
    n = field.length(instance)
    return text.format(
        n=n,
        a=numbers.number(-8, lang),
        b=numbers.number(0.447, lang),
        v=numbers.vector((0.8, 1.6), lang),
        list=numbers.list_separator(lang).join([numbers.number(0.5, lang)] * max(n, 1)),
    )


def mistake_name(mistake: Mistake, lang: str) -> str:
    return _table(MISTAKE_NAMES, lang)[mistake]
