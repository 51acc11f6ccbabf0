"""The choices' labels in each language, and the words an answer may name a choice by.

Labels are keyed by the field's name and the choice's id (the ids are in
model/practice/questions.py). WORDS are read in every language at once, so a
Spanish answer in the English interface still reads; a choice is also read by
its index from 1. The keys of question 6 (k₁, k₂ …) are made from their names.
"""

from __future__ import annotations

from ..names import key_name

LABELS = {
    "en": {
        "angle_kind": {
            "acute": "acute (less than 90°)",
            "right": "a right angle (90°)",
            "obtuse": "obtuse (more than 90°)",
            "none": "no angle: one of them is the zero vector",
        },
        "conclusion": {
            "perpendicular": "they are perpendicular: the angle between them is 90°",
            "parallel": "they point the same way or opposite ways",
            "one-is-zero": "at least one of them is the zero vector",
            "nothing": "nothing: the product alone says nothing about the angle",
        },
        "angle": {
            "undefined": "no: the zero vector has no direction, so there is no angle",
            "right": "yes: 90° with each key",
            "zero": "yes: 0°, q lies along each key",
            "defined": "yes: an angle of its own with each key",
        },
        "changes": {
            "column": "one column: the moved key's",
            "row": "one row",
            "cell": "one cell",
            "all": "every cell",
            "none": "none",
        },
        "symmetric": {"yes": "yes, the same score", "no": "no, two different scores"},
        "condition": {
            "b-symmetric": "B = W_Qᵀ W_K symmetric, for instance W_Q = W_K",
            "q-equals-k-transposed": "W_Q = W_Kᵀ",
            "identity-only": "only W_Q = W_K = I",
            "any-invertible": "any invertible W_Q and W_K",
        },
    },
    "es": {
        "angle_kind": {
            "acute": "agudo (menos de 90°)",
            "right": "recto (90°)",
            "obtuse": "obtuso (más de 90°)",
            "none": "ninguno: uno de los dos es el vector cero",
        },
        "conclusion": {
            "perpendicular": "son perpendiculares: forman un ángulo de 90°",
            "parallel": "apuntan en la misma dirección o en direcciones opuestas",
            "one-is-zero": "al menos uno de los dos es el vector cero",
            "nothing": "nada: el producto solo no dice nada del ángulo",
        },
        "angle": {
            "undefined": "no: el vector cero no tiene dirección, así que no hay ángulo",
            "right": "sí: 90° con cada clave",
            "zero": "sí: 0°, q va a lo largo de cada clave",
            "defined": "sí: un ángulo propio con cada clave",
        },
        "changes": {
            "column": "una columna: la de la clave movida",
            "row": "una fila",
            "cell": "una celda",
            "all": "todas las celdas",
            "none": "ninguna",
        },
        "symmetric": {"yes": "sí, la misma puntuación", "no": "no, dos puntuaciones distintas"},
        "condition": {
            "b-symmetric": "B = W_Qᵀ W_K simétrica, por ejemplo W_Q = W_K",
            "q-equals-k-transposed": "W_Q = W_Kᵀ",
            "identity-only": "solo W_Q = W_K = I",
            "any-invertible": "cualesquiera W_Q y W_K invertibles",
        },
    },
}

# Which table a field's choices take their labels from.
_TABLE = {"changed_scores": "changes", "changed_weights": "changes"}

WORDS = {
    "angle_kind": {
        "acute": ("acute", "agudo"),
        "right": ("right", "right angle", "90", "90°", "recto", "angulo recto"),
        "obtuse": ("obtuse", "obtuso"),
        "none": ("none", "no angle", "undefined", "ninguno", "sin angulo", "indefinido"),
    },
    "conclusion": {
        "perpendicular": ("perpendicular", "perpendiculares", "orthogonal", "ortogonales", "90", "90°"),
        "parallel": ("parallel", "paralelos"),
        "one-is-zero": ("one is zero", "zero vector", "uno es cero", "vector cero"),
        "nothing": ("nothing", "no conclusion", "nada"),
    },
    "angle": {
        "undefined": (
            "no",
            "undefined",
            "not defined",
            "no angle",
            "indefinido",
            "no definido",
            "sin angulo",
        ),
        "right": ("90", "90°", "right", "right angle", "recto"),
        "zero": ("0", "0°", "zero", "cero"),
        "defined": ("yes", "defined", "si", "definido"),
    },
    "changes": {
        "column": ("column", "one column", "a column", "columna", "una columna"),
        "row": ("row", "one row", "a row", "fila", "una fila"),
        "cell": ("cell", "one cell", "celda", "una celda"),
        "all": ("all", "every", "every cell", "everything", "all cells", "todas", "todo", "todas las celdas"),
        "none": ("none", "nothing", "no cell", "ninguna", "nada"),
    },
    "symmetric": {
        "yes": ("yes", "same", "the same", "si", "iguales", "la misma"),
        "no": ("no", "different", "distintas", "diferentes"),
    },
    "condition": {
        "b-symmetric": ("w_q = w_k", "wq = wk", "b symmetric", "symmetric b", "b simetrica", "simetrica"),
        "q-equals-k-transposed": ("w_q = w_kt", "wq = wkt", "w_q = w_k^t", "transpose", "traspuesta"),
        "identity-only": ("identity", "only identity", "identidad", "solo la identidad"),
        "any-invertible": ("invertible", "any invertible", "invertibles"),
    },
}


def _table(field: str) -> str:
    return _TABLE.get(field, field)


def label(field: str, choice: str, lang: str) -> str:
    """A choice as the interface writes it: k₂ for a key, else the table's label."""
    if choice.startswith("k") and choice[1:].isdigit():
        return key_name(int(choice[1:]) - 1)
    return LABELS.get(lang, LABELS["en"])[_table(field)][choice]


def words(field: str, choices: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Every word that names each of `choices`, in every language (for reading an answer)."""
    table = WORDS.get(_table(field), {})
    out = {}
    for choice in choices:
        if choice.startswith("k") and choice[1:].isdigit():
            n = int(choice[1:])
            out[choice] = (key_name(n - 1), f"k_{n}", f"key {n}", f"clave {n}")
        else:
            out[choice] = table.get(choice, ())
    return out
