"""A question's worked solution, written from its instance's numbers, in English and Spanish.

The paragraphs use the lesson's placeholders (model/lesson.py PLACEHOLDERS,
filled by text/lesson_text.py from compute() of the instance's scene) and its
conditions (a paragraph shows only while they hold), and a few of their own:
"second_…" are the lesson's placeholders for question 5's second pair,
"shifted_…" for question 10's keys after the shift; {shift}, {weight} and
{place_gap} are question 10's c, question 9's weight and the lead in logits
that weight needs.
"""

from __future__ import annotations

from dataclasses import replace

from ...model.lesson import Paragraph
from ...model.lesson_logic import facts, fill, shown
from ...model.practice import Instance
from ...model.practice.changes import shifted
from ...model.practice.facts import sentence_facts
from ...model.results import compute
from ...model.scene import make_scene
from .. import numbers
from ..lesson_text import placeholder_values

P = Paragraph
SOLUTIONS = {
    "en": {
        "question-1": (
            P("Multiply matching coordinates and add: {expanded}."),
            P(
                "The product is negative and neither vector is zero, so cos θ < 0: the angle is obtuse, "
                "θ = {angle}.",
                ("dot_negative",),
            ),
            P(
                "The product is positive and neither vector is zero, so cos θ > 0: the angle is acute, "
                "θ = {angle}.",
                ("dot_positive",),
            ),
            P(
                "The product is zero and neither vector is zero: a right angle.",
                ("dot_zero", "angle_defined"),
            ),
            P("One of the vectors is zero: the product is 0 and there is no angle.", ("!angle_defined",)),
        ),
        "question-2": (
            P("The product: {expanded}."),
            P(
                "The lengths are ‖q‖ = {norm_q} and ‖k‖ = {norm_k}, so cos θ = {dot} / ({norm_q} × {norm_k}) "
                "= {cosine}.",
                ("angle_defined",),
            ),
            P("One vector is zero, so there is no cosine.", ("!angle_defined",)),
        ),
        "question-3": (
            P(
                "q·k = {dot} and ‖k‖ = {norm_k}: the signed length is {dot} / {norm_k} = {comp}.",
                ("!zero_key",),
            ),
            P(
                "For the vector, divide by ‖k‖² = {norm_k_squared} and multiply k: {projection_factor} × {k} "
                "= {proj}.",
                ("!zero_key",),
            ),
            P("k is the zero vector: there is no line to project onto.", ("zero_key",)),
        ),
        "question-4": (
            P(
                "For non-zero vectors q·k = ‖q‖ ‖k‖ cos θ with both lengths positive, so a zero product "
                "forces cos θ = 0: the vectors are perpendicular."
            ),
            P("Here {expanded}, and θ = {angle}.", ("dot_zero", "angle_defined")),
            P(
                "The zero vector has product 0 with every vector but no direction: with it, a zero product "
                "says nothing about an angle."
            ),
        ),
        "question-5": (
            P("{expanded}, with ‖q‖ = {norm_q} and ‖k‖ = {norm_k}: cos θ = {cosine}."),
            P(
                "{second_expanded}, with lengths {second_norm_q} and {second_norm_k}: "
                "cos θ = {second_cosine}."
            ),
            P(
                "Equal products, different cosines: the product mixes length and direction, so on its own "
                "it cannot tell the angle."
            ),
        ),
        "question-6": (
            P("The scores q·kᵢ: {scores}."),
            P("Divided by √dₖ = {sqrt_d_k}, they give the logits {logits}.", ("scale_default",)),
            P("Times the scale {scale}, they give the logits {logits}.", ("!scale_default",)),
            P(
                "Softmax, e raised to each logit over the sum of them all, gives the weights {weights}.",
                ("attention_defined",),
            ),
            P("{winner} gets the largest weight.", ("attention_defined", "!equal_weights")),
            P("The weights are equal: no key wins.", ("equal_weights",)),
        ),
        "question-7": (
            P(
                "Every score is 0·kᵢ = 0, and so is every logit. Softmax of equal logits shares the weight "
                "equally among the keys that take part: {weights}.",
                ("zero_query",),
            ),
            P(
                "q = {q} is not zero now: the scores are {scores}, the logits {logits} and the weights "
                "{weights}.",
                ("!zero_query",),
            ),
            P(
                "A masked key takes no part: its weight is 0, and the others share the whole weight.",
                ("row_masked",),
            ),
            P("There is no angle: the zero vector has no direction.", ("zero_query",)),
            P("With q ≠ 0 the angle to {key} exists: θ = {angle}.", ("!zero_query", "angle_defined")),
        ),
        "question-8": (
            P("The product is {dot}."),
            P(
                "Cosine scoring divides it by both lengths, ‖q‖ ‖k‖ = {norm_product}: {dot} / {norm_product} "
                "= {cosine}.",
                ("angle_defined",),
            ),
            P("With a zero vector there is no cosine, and no logit.", ("!angle_defined",)),
            P(
                "Scaled dot-product attention divides by √dₖ = {sqrt_d_k} instead, one factor for every "
                "pair, and gives {dot_logits}: the length stays in that logit, the cosine drops it."
            ),
        ),
        "question-9": (
            P(
                "Cell (i, j) of Q·Kᵀ is qᵢ·kⱼ: moving k₂ changes only the cells that contain it, its "
                "column, one score per query."
            ),
            P(
                "Softmax divides each row by the row's total, and every row's total has a term from k₂: "
                "every weight of every row changes."
            ),
            P(
                "For q₁ to give k₂ a weight of at least {weight}, k₂'s logit must beat k₁'s by "
                "ln({weight} / (1 − {weight})) ≈ {place_gap}: turn k₂ towards q₁, or lengthen it along q₁."
            ),
        ),
        "question-10": (
            P(
                "Each score moves by qᵢ·c, since qᵢ·(kⱼ + c) = qᵢ·kⱼ + qᵢ·c: the same amount along a row, "
                "another amount in another row. Every score changes: {query}'s row goes from {row_scores} "
                "to {shifted_row_scores}."
            ),
            P(
                "Softmax cannot see an amount added to a whole row of logits: e raised to it multiplies "
                "each term and the total alike, and cancels. No weight changes: {query}'s stay {weights}."
            ),
            P("The values did not move, so no output moves: {query}'s output stays {shifted_output}."),
        ),
        "question-11": (
            P("score(i → j) = qᵢ·kⱼ = xᵢᵀ B xⱼ and score(j → i) = xⱼᵀ B xᵢ, with B = W_Qᵀ W_K = {bilinear}."),
            P(
                "“{token}” attending to “{key_token}” scores {pair_score}; “{key_token}” attending to "
                "“{token}” scores {reverse_score}."
            ),
            P(
                "B is not symmetric, so the two directions differ: which token attends to which matters.",
                ("!bilinear_symmetric",),
            ),
            P("B is symmetric, so here the two directions agree.", ("bilinear_symmetric",)),
        ),
        "question-12": (
            P(
                "Each cell is xᵢᵀ B xⱼ with B = W_Qᵀ W_K, and its mirror is xⱼᵀ B xᵢ = xᵢᵀ Bᵀ xⱼ: the table "
                "is symmetric for all tokens exactly when B is, W_Qᵀ W_K = W_Kᵀ W_Q."
            ),
            P("Here B = {bilinear}; symmetric: {symmetric}."),
            P(
                "The simplest choice is W_Q = W_K, which gives B = W_Kᵀ W_K. W_Q = W_Kᵀ does not do it in "
                "general, and W_Q = W_K = I is one case among many."
            ),
        ),
        "question-trained-head": (
            P(
                "Training taught every query to find the token just before its own: {query}, the query of "
                "“{token}”, turned until it lined up with the key of the token before it."
            ),
            P(
                "Its scores are {scores}. Divided by √dₖ = {sqrt_d_k} and put through softmax over the "
                "keys it sees, they give the weights {weights}: {winner} takes almost all of it."
            ),
            P(
                "The keys after it ({masked_keys}) may score more, but the causal mask leaves them out: "
                "a query weighs only the tokens up to its own.",
                ("row_masked",),
            ),
        ),
    },
    "es": {
        "question-1": (
            P("Multiplica las coordenadas correspondientes y suma: {expanded}."),
            P(
                "El producto es negativo y ningún vector es cero, así que cos θ < 0: el ángulo es obtuso, "
                "θ = {angle}.",
                ("dot_negative",),
            ),
            P(
                "El producto es positivo y ningún vector es cero, así que cos θ > 0: el ángulo es agudo, "
                "θ = {angle}.",
                ("dot_positive",),
            ),
            P("El producto es cero y ningún vector es cero: un ángulo recto.", ("dot_zero", "angle_defined")),
            P("Uno de los vectores es cero: el producto es 0 y no hay ángulo.", ("!angle_defined",)),
        ),
        "question-2": (
            P("El producto: {expanded}."),
            P(
                "Las longitudes son ‖q‖ = {norm_q} y ‖k‖ = {norm_k}, así que cos θ = {dot} / ({norm_q} × "
                "{norm_k}) = {cosine}.",
                ("angle_defined",),
            ),
            P("Uno de los vectores es cero, así que no hay coseno.", ("!angle_defined",)),
        ),
        "question-3": (
            P(
                "q·k = {dot} y ‖k‖ = {norm_k}: la longitud con signo es {dot} / {norm_k} = {comp}.",
                ("!zero_key",),
            ),
            P(
                "Para el vector, divide por ‖k‖² = {norm_k_squared} y multiplica k: {projection_factor} × "
                "{k} = {proj}.",
                ("!zero_key",),
            ),
            P("k es el vector cero: no hay recta sobre la que proyectar.", ("zero_key",)),
        ),
        "question-4": (
            P(
                "Para vectores no nulos q·k = ‖q‖ ‖k‖ cos θ con las dos longitudes positivas, así que un "
                "producto cero obliga a cos θ = 0: los vectores son perpendiculares."
            ),
            P("Aquí {expanded}, y θ = {angle}.", ("dot_zero", "angle_defined")),
            P(
                "El vector cero tiene producto 0 con cualquier vector pero no tiene dirección: con él, un "
                "producto cero no dice nada de un ángulo."
            ),
        ),
        "question-5": (
            P("{expanded}, con ‖q‖ = {norm_q} y ‖k‖ = {norm_k}: cos θ = {cosine}."),
            P(
                "{second_expanded}, con longitudes {second_norm_q} y {second_norm_k}: "
                "cos θ = {second_cosine}."
            ),
            P(
                "Productos iguales, cosenos distintos: el producto mezcla longitud y dirección, así que por "
                "sí solo no determina el ángulo."
            ),
        ),
        "question-6": (
            P("Las puntuaciones q·kᵢ: {scores}."),
            P("Divididas por √dₖ = {sqrt_d_k}, dan los logits {logits}.", ("scale_default",)),
            P("Por la escala {scale}, dan los logits {logits}.", ("!scale_default",)),
            P(
                "Softmax, e elevado a cada logit entre la suma de todos, da los pesos {weights}.",
                ("attention_defined",),
            ),
            P("{winner} recibe el mayor peso.", ("attention_defined", "!equal_weights")),
            P("Los pesos son iguales: ninguna clave gana.", ("equal_weights",)),
        ),
        "question-7": (
            P(
                "Cada puntuación es 0·kᵢ = 0, y también cada logit. Softmax de logits iguales reparte el "
                "peso a partes iguales entre las claves que participan: {weights}.",
                ("zero_query",),
            ),
            P(
                "q = {q} ya no es cero: las puntuaciones son {scores}, los logits {logits} y los pesos "
                "{weights}.",
                ("!zero_query",),
            ),
            P(
                "Una clave enmascarada no participa: su peso es 0, y las demás se reparten todo el peso.",
                ("row_masked",),
            ),
            P("No hay ángulo: el vector cero no tiene dirección.", ("zero_query",)),
            P("Con q ≠ 0 el ángulo con {key} existe: θ = {angle}.", ("!zero_query", "angle_defined")),
        ),
        "question-8": (
            P("El producto es {dot}."),
            P(
                "La puntuación por coseno lo divide por las dos longitudes, ‖q‖ ‖k‖ = {norm_product}: "
                "{dot} / {norm_product} = {cosine}.",
                ("angle_defined",),
            ),
            P("Con un vector cero no hay coseno, ni logit.", ("!angle_defined",)),
            P(
                "La atención por producto escalar escalado divide en cambio por √dₖ = {sqrt_d_k}, un factor "
                "común a todos los pares, y da {dot_logits}: ese logit conserva la longitud, el coseno la "
                "elimina."
            ),
        ),
        "question-9": (
            P(
                "La celda (i, j) de Q·Kᵀ es qᵢ·kⱼ: mover k₂ cambia solo las celdas que lo contienen, su "
                "columna, una puntuación por consulta."
            ),
            P(
                "Softmax divide cada fila por el total de la fila, y el total de cada fila tiene un término "
                "de k₂: cambian todos los pesos de todas las filas."
            ),
            P(
                "Para que q₁ dé a k₂ un peso de al menos {weight}, el logit de k₂ tiene que superar al de k₁ "
                "en ln({weight} / (1 − {weight})) ≈ {place_gap}: gira k₂ hacia q₁, o alárgalo en la "
                "dirección de q₁."
            ),
        ),
        "question-10": (
            P(
                "Cada puntuación se mueve qᵢ·c, porque qᵢ·(kⱼ + c) = qᵢ·kⱼ + qᵢ·c: lo mismo a lo largo de "
                "una fila, otra cantidad en otra fila. Cambian todas las puntuaciones: la fila de {query} "
                "pasa de {row_scores} a {shifted_row_scores}."
            ),
            P(
                "Softmax no ve una cantidad sumada a toda una fila de logits: e elevado a ella multiplica "
                "cada término y el total por igual, y se cancela. Ningún peso cambia: los de {query} siguen "
                "siendo {weights}."
            ),
            P(
                "Los valores no se han movido, así que ninguna salida se mueve: la de {query} sigue siendo "
                "{shifted_output}."
            ),
        ),
        "question-11": (
            P("score(i → j) = qᵢ·kⱼ = xᵢᵀ B xⱼ y score(j → i) = xⱼᵀ B xᵢ, con B = W_Qᵀ W_K = {bilinear}."),
            P(
                "«{token}» atendiendo a «{key_token}» puntúa {pair_score}; «{key_token}» atendiendo a "
                "«{token}» puntúa {reverse_score}."
            ),
            P(
                "B no es simétrica, así que las dos direcciones difieren: importa qué token atiende a cuál.",
                ("!bilinear_symmetric",),
            ),
            P("B es simétrica, así que aquí las dos direcciones coinciden.", ("bilinear_symmetric",)),
        ),
        "question-12": (
            P(
                "Cada celda es xᵢᵀ B xⱼ con B = W_Qᵀ W_K, y su simétrica es xⱼᵀ B xᵢ = xᵢᵀ Bᵀ xⱼ: la "
                "tabla es simétrica para todos los tokens exactamente cuando lo es B, W_Qᵀ W_K = W_Kᵀ W_Q."
            ),
            P("Aquí B = {bilinear}; simétrica: {symmetric}."),
            P(
                "La elección más sencilla es W_Q = W_K, que da B = W_Kᵀ W_K. W_Q = W_Kᵀ no sirve en "
                "general, y W_Q = W_K = I es un caso entre muchos."
            ),
        ),
        "question-trained-head": (
            P(
                "El entrenamiento enseñó a cada consulta a encontrar el token justo anterior al suyo: "
                "{query}, la consulta de «{token}», giró hasta alinearse con la clave del token anterior."
            ),
            P(
                "Sus puntuaciones son {scores}. Divididas por √dₖ = {sqrt_d_k} y pasadas por softmax sobre "
                "las claves que ve, dan los pesos {weights}: {winner} se lleva casi todo."
            ),
            P(
                "Las claves posteriores ({masked_keys}) pueden puntuar más, pero la máscara causal las deja "
                "fuera: una consulta solo pondera los tokens hasta el suyo.",
                ("row_masked",),
            ),
        ),
    },
}


def worked_solution(instance: Instance, lang: str = "en") -> list[str]:
    """The solution's paragraphs that hold for the instance, with its numbers."""
    table = SOLUTIONS.get(lang, SOLUTIONS["en"])
    scene, results = instance.scene, instance.results
    undefined = "—"
    values = dict(placeholder_values(scene, results, lang, undefined))
    extra = instance.extra
    if "second" in extra:
        second = make_scene(*extra["second"][:1], [extra["second"][1]])
        values.update(_prefixed("second_", placeholder_values(second, compute(second), lang, undefined)))
    if "shift" in extra:
        first = replace(scene, selected_query=0)
        after = shifted(first, extra["shift"])
        values.update(placeholder_values(first, compute(first), lang, undefined))
        values.update(_prefixed("shifted_", placeholder_values(after, compute(after), lang, undefined)))
        values["shift"] = numbers.vector(extra["shift"], lang)
    found = sentence_facts(instance)
    values["weight"] = numbers.number(found["place_weight"], lang)
    values["place_gap"] = numbers.number(found["place_gap"], lang)
    paragraphs = shown(table[instance.question.id], facts(scene, results))
    return [fill(p.text, values) for p in paragraphs]


def _prefixed(prefix: str, values) -> dict[str, str]:
    return {prefix + name: values[name] for name in values}
