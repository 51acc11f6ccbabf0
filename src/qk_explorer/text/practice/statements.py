"""A question's text written with its instance's numbers, in English and Spanish.

The lesson's own texts (resources/lessons) speak of the lesson's numbers; a
variant needs its own. The placeholders are filled by givens_text() from the
instance's givens, formatted as the app formats numbers in the language.
"""

from __future__ import annotations

from ...model.practice import Instance
from .. import numbers, token_text
from ..lesson_text import listed
from ..names import key_name, query_name, value_name

STATEMENTS = {
    "en": {
        "question-1": "Compute {q}·{k}. What does its sign tell you about the angle between these two "
        "non-zero vectors?",
        "question-2": "For u = {q} and v = {k}, compute u·v and the cosine of the angle between them.",
        "question-3": "Project q = {q} onto k = {k}. Give both the signed scalar length and the projected "
        "vector.",
        "question-4": "q = {q} and k = {k} are not zero, and their dot product is zero. What can you "
        "conclude about them?",
        "question-5": "{q}·{k} and {second_q}·{second_k} are both {dot}. What is the cosine of each pair's "
        "angle? Do equal products mean equal alignment?",
        "question-6": "For q = {q}, {keys}, with dₖ = {d_k}, compute the scaled logits and the softmax "
        "weights. Which key gets the largest weight?",
        "question-7": "The query is the zero vector, q = {q}, and the keys are {keys}{masked}. With the "
        "usual softmax and no dropout, what weights come out? Is the angle between q and each key "
        "defined?",
        "question-8": "Cosine scoring replaces each product q·k by the cosine of the angle before softmax. "
        "What logit does it give for q = {q} and k = {k}?",
        "question-9": "The queries are {queries}; the keys, {keys}. If k₂ moves, which cells of Q·Kᵀ "
        "change, and which weights? Then drag k₂ until q₁ gives it a weight of at least {weight}.",
        "question-10": "The queries are {queries}; the keys, {keys}; the values, {values}. Add c = {shift} "
        "to every key and leave the values as they are. Which scores change? Which weights change? "
        "What is q₁'s output afterwards?",
        "question-11": "The tokens' embeddings are {embeddings}; W_Q = {w_q} and W_K = {w_k}. What is the "
        "score of “{token}” attending to “{key_token}”, and that of “{key_token}” attending to "
        "“{token}”? Are they the same?",
        "question-12": "Here W_Q = {w_q} and W_K = {w_k}, and the table Q·Kᵀ is not symmetric. Which "
        "W_Q and W_K make it symmetric, whatever the tokens are?",
        "question-trained-head": "This head was trained to predict, at every position, the symbol "
        "just before it. Here it reads a sequence it was never shown: {sequence}. Which key will the "
        "query of “{token}” weigh most?",
        "masked": " ({keys} masked)",
    },
    "es": {
        "question-1": "Calcula {q}·{k}. ¿Qué dice su signo sobre el ángulo entre estos dos vectores no "
        "nulos?",
        "question-2": "Para u = {q} y v = {k}, calcula u·v y el coseno del ángulo que forman.",
        "question-3": "Proyecta q = {q} sobre k = {k}. Da tanto la longitud escalar con signo como el "
        "vector proyectado.",
        "question-4": "q = {q} y k = {k} no son nulos, y su producto escalar es cero. ¿Qué puedes "
        "concluir sobre ellos?",
        "question-5": "{q}·{k} y {second_q}·{second_k} valen los dos {dot}. ¿Cuál es el coseno del ángulo "
        "de cada par? ¿Implican productos iguales la misma alineación?",
        "question-6": "Para q = {q}, {keys}, con dₖ = {d_k}, calcula los logits escalados y los pesos de "
        "softmax. ¿Qué clave recibe el mayor peso?",
        "question-7": "La consulta es el vector cero, q = {q}, y las claves son {keys}{masked}. Con el "
        "softmax habitual y sin dropout, ¿qué pesos salen? ¿Está definido el ángulo entre q y cada "
        "clave?",
        "question-8": "La puntuación por coseno sustituye cada producto q·k por el coseno del ángulo antes "
        "de softmax. ¿Qué logit da para q = {q} y k = {k}?",
        "question-9": "Las consultas son {queries}; las claves, {keys}. Si k₂ se mueve, ¿qué celdas de "
        "Q·Kᵀ cambian, y qué pesos? Después arrastra k₂ hasta que q₁ le dé un peso de al menos {weight}.",
        "question-10": "Las consultas son {queries}; las claves, {keys}; los valores, {values}. Suma "
        "c = {shift} a cada clave y deja los valores como están. ¿Qué puntuaciones cambian? ¿Qué "
        "pesos cambian? ¿Cuál es después la salida de q₁?",
        "question-11": "Los embeddings de los tokens son {embeddings}; W_Q = {w_q} y W_K = {w_k}. ¿Cuál "
        "es la puntuación de «{token}» atendiendo a «{key_token}», y la de «{key_token}» atendiendo a "
        "«{token}»? ¿Son la misma?",
        "question-12": "Aquí W_Q = {w_q} y W_K = {w_k}, y la tabla Q·Kᵀ no es simétrica. ¿Qué W_Q y W_K "
        "la hacen simétrica, sean cuales sean los tokens?",
        "question-trained-head": "Esta cabeza se entrenó para predecir, en cada posición, el símbolo "
        "que va justo antes. Aquí lee una secuencia que nunca vio: {sequence}. ¿Qué clave pesará más "
        "la consulta de «{token}»?",
        "masked": " ({keys} enmascarada)",
    },
}


def statement(instance: Instance, lang: str = "en") -> str:
    """The question asked with the instance's numbers."""
    table = STATEMENTS.get(lang, STATEMENTS["en"])
    return table[instance.question.id].format_map(givens_text(instance, lang))


def givens_text(instance: Instance, lang: str) -> dict[str, str]:
    """Every given written out: vectors, named lists of vectors (k₁ = (1, 0) and …), matrices."""
    table = STATEMENTS.get(lang, STATEMENTS["en"])

    def named(vectors, name) -> str:
        return listed([f"{name(j)} = {numbers.vector(v, lang)}" for j, v in enumerate(vectors)], lang)

    out = {}
    for name, value in instance.givens.items():
        if name in ("keys", "queries", "values"):
            out[name] = named(value, {"keys": key_name, "queries": query_name, "values": value_name}[name])
        elif name in ("w_q", "w_k"):
            out[name] = token_text.matrix(value, lang)
        elif name == "embeddings":
            labels = instance.givens["labels"]
            out[name] = listed([f"{t} = {numbers.vector(x, lang)}" for t, x in zip(labels, value)], lang)
        elif name == "sequence":
            out[name] = " ".join(value)
        elif name in ("token", "key_token"):
            out[name] = instance.givens["labels"][value - 1]
        elif name == "mask":
            masked = [key_name(j) for j, m in enumerate(value) if not m]
            out["masked"] = table["masked"].format(keys=listed(masked, lang)) if masked else ""
        elif name in ("d_k", "labels"):
            out[name] = str(value) if name == "d_k" else ""
        elif isinstance(value, tuple):
            out[name] = numbers.vector(value, lang)
        else:
            out[name] = numbers.number(value, lang)
    return out
