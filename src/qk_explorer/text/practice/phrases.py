"""The practice's sentences in English and Spanish: feedback on an answer, and why it cannot be read.

A sentence names numbers through placeholders the feedback fills, formatted as
the app formats them in the language (text/numbers.py): {wrong} is the
mistake's own answer, the rest are steps (model/practice/facts.py). MISTAKES is
keyed by the mistake's id, or by "id/field" where the field needs its own words.
HINTS, for a wrong answer no mistake explains, point at the method without
giving the answer; they are keyed by "question/field", else by the field.
"""

from __future__ import annotations

from ...model.practice.answers import Why
from ...model.practice.wrong_attention import WrongWhy

PHRASES = {
    "en": {
        "right": "Right: {answer}.",
        "wrong": "Not quite. {hint}",
        "undefined": "undefined",
        "place_right": "Right: q₁ now gives k₂ a weight of at least {weight}.",
        "place_wrong": "Not there yet: q₁ must give k₂ a weight of at least {weight}. "
        "Turn k₂ towards q₁, or make it longer along q₁.",
        "zero": {"q": "q", "k": "k", "both": "q and k"},
        "mistakes": {
            "added-not-multiplied": "{wrong} is what adding each pair of coordinates gives, Σ(qᵢ + kᵢ). "
            "The dot product multiplies each pair, then adds the products.",
            "sign-slip": "{wrong} is the sum with the sign of one product lost, the product of "
            "coordinate {coordinate}: a negative number times a positive one is negative, and two "
            "negatives make a positive.",
            "dot-for-cosine": "{wrong} is the product q·k itself. The cosine divides it by both lengths, "
            "‖q‖ = {norm_q} and ‖k‖ = {norm_k}, so that only the direction is left.",
            "dot-for-cosine/cosines": "{wrong} are the products themselves. Each cosine divides its pair's "
            "product by that pair's two lengths.",
            "one-length-only": "{wrong} is q·k divided by one length only. The cosine divides by both: "
            "q·k / (‖q‖ ‖k‖).",
            "one-length-only/cosines": "{wrong} divide each product by one length only. A cosine divides "
            "by both lengths of its pair.",
            "zero-vector-angle": "{zero} is the zero vector: it has no direction, so it makes no angle "
            "with anything, and there is no cosine to give.",
            "scaled-dot-for-cosine": "{wrong} is the scaled dot-product logit, q·k / √dₖ with "
            "√dₖ ≈ {sqrt_d_k}. Cosine scoring divides q·k by the two lengths instead.",
            "divided-by-squared-length": "{wrong} is q·k / ‖k‖², the factor that multiplies k in the "
            "projected vector. The signed length divides q·k by ‖k‖ = {norm_k} only once.",
            "dot-for-projection": "{wrong} is q·k itself. The signed length of the shadow divides it by "
            "‖k‖ = {norm_k}.",
            "divided-by-length-not-squared": "{wrong} is k times q·k / ‖k‖, which leaves k's own length "
            "in it. The projected vector is k times q·k / ‖k‖², with ‖k‖² = {norm_k_squared}.",
            "projected-the-wrong-way": "{wrong} lies along q: it is k projected onto q. The question "
            "projects q onto the line of k, so the answer lies along k.",
            "scaled-by-dk/logits": "{wrong} are the scores divided by dₖ = {d_k}. Attention divides them "
            "by √dₖ ≈ {sqrt_d_k}.",
            "scaled-by-dk": "{wrong} are what softmax gives if each score is divided by dₖ = {d_k}; "
            "attention divides by √dₖ ≈ {sqrt_d_k}.",
            "not-scaled/logits": "{wrong} are the raw scores. The logits are the scores divided by "
            "√dₖ ≈ {sqrt_d_k}.",
            "not-scaled": "{wrong} are what softmax gives to the raw scores; attention divides each score "
            "by √dₖ ≈ {sqrt_d_k} first.",
            "scaled-by-sqrt-d-model": "{wrong} come from dividing the scores by √d_model ≈ {sqrt_d_model}, "
            "the embeddings' size. Attention divides by √dₖ ≈ {sqrt_d_k}, the size of the queries and keys.",
            "no-exponential": "{wrong} are the logits divided by their sum, with no exponential. Softmax "
            "raises e to each logit first, then divides by the sum of those powers.",
            "no-softmax": "{wrong} are the logits or the scores themselves, not weights. Softmax turns the "
            "logits into weights: positive, and adding up to 1 over the keys that take part.",
            "mask-after-softmax": "{wrong} are what softmax over every key gives when the masked keys are "
            "set to 0 afterwards: they add up to less than 1. The mask comes first, so the keys that "
            "take part share the whole weight.",
            "softmax-over-queries": "Only that column would change if softmax ran down each column, over "
            "the queries. It runs along each row, over the keys: think what one changed score does to "
            "the other weights of its row.",
            "keys-not-values": "{wrong} is the weighted sum of the keys, Σ wᵢkᵢ. The output sums the "
            "values, Σ wᵢvᵢ, which are not the keys here.",
            "symmetric-assumed": "Answering {wrong} gives both directions the same score. score(i → j) = "
            "qᵢ·kⱼ takes token i's query and token j's key; the other direction swaps them, and with "
            "W_Q ≠ W_K that is another product.",
            "symmetric-assumed/symmetric": "The score of i for j equals the score of j for i only when "
            "B = W_Qᵀ W_K is symmetric. Work out both products before you decide.",
            "no-max-subtracted": "Without subtracting the row's largest logit first, e raised to a logit "
            "above about {largest_exponent} is too large for a float: inf, and then inf / inf is NaN.",
        },
        "hints": {
            "dot": "Multiply the matching coordinates, then add the products.",
            "angle_kind": "For two non-zero vectors the sign of q·k decides: positive is acute, zero is "
            "a right angle, negative is obtuse.",
            "cosine": "cos θ = q·k / (‖q‖ ‖k‖).",
            "question-8/cosine": "The cosine logit is cos θ = q·k / (‖q‖ ‖k‖), times its multiplier 1.",
            "scalar_projection": "The signed length is q·k / ‖k‖.",
            "projection": "The projected vector is (q·k / ‖k‖²) k.",
            "conclusion": "For non-zero vectors q·k = ‖q‖ ‖k‖ cos θ, and both lengths are positive.",
            "cosines": "Each pair's cosine is its product divided by its two lengths.",
            "logits": "A logit is the score q·kᵢ divided by √dₖ.",
            "weights": "Softmax: e raised to each logit, divided by the sum of them all over the keys "
            "that take part.",
            "winner": "The largest logit gets the largest weight.",
            "question-trained-head/winner": "The head was trained to look one token back. Of the keys "
            "its query may see (the causal mask hides the later ones), the one it lines up with best "
            "gets the weight.",
            "angle": "An angle needs two directions.",
            "changed_scores": "Cell (i, j) of Q·Kᵀ is qᵢ·kⱼ: which cells contain the moved key?",
            "changed_weights": "Softmax shares out each row among its keys: a row's weights depend on "
            "every score of the row.",
            "question-10/changed_scores": "qᵢ·(kⱼ + c) = qᵢ·kⱼ + qᵢ·c.",
            "question-10/changed_weights": "Within one row, every logit moves by the same amount. "
            "Does softmax notice a common shift?",
            "output": "The output is Σ wᵢvᵢ, and c moved the keys, not the values.",
            "scores": "score(i → j) = qᵢ·kⱼ, with qᵢ = W_Q xᵢ and kⱼ = W_K xⱼ.",
            "symmetric": "Compare q₁·k₂ with q₂·k₁.",
            "condition": "Each cell is xᵢᵀ B xⱼ with B = W_Qᵀ W_K, and its mirror is xᵢᵀ Bᵀ xⱼ.",
        },
        "unreadable": {
            Why.EMPTY: "No answer was given.",
            Why.NOT_A_NUMBER: "“{text}” cannot be read as a number.",
            Why.TOO_LARGE: "“{text}” is too large a number.",
            Why.COUNT: "Expected {expected} numbers, found {found}.",
            Why.COMMAS: "The decimal commas cannot be told from the commas between the numbers: "
            "put “;” or a space between the numbers.",
            Why.NOT_A_CHOICE: "“{text}” is none of the choices: give a number from 1 to {count}, "
            "or a choice's word.",
        },
        "reasons": {
            WrongWhy.OVERFLOW: "e raised to {logit} is too large for a float: inf, and inf / inf is NaN",
            WrongWhy.UNDERFLOW: "every e raised to a logit this negative rounds to 0: 0 / 0 is NaN",
            WrongWhy.ZERO_TOTAL: "the logits add up to 0: there is nothing to divide by",
            WrongWhy.NO_KEY: "every key is masked for this query",
            WrongWhy.RIGHT_UNDEFINED: "the right computation has no value here either",
        },
    },
    "es": {
        "right": "Correcto: {answer}.",
        "wrong": "No exactamente. {hint}",
        "undefined": "no definido",
        "place_right": "Correcto: q₁ da ahora a k₂ un peso de al menos {weight}.",
        "place_wrong": "Todavía no: q₁ tiene que dar a k₂ un peso de al menos {weight}. "
        "Gira k₂ hacia q₁, o alárgalo en la dirección de q₁.",
        "zero": {"q": "q", "k": "k", "both": "q y k"},
        "mistakes": {
            "added-not-multiplied": "{wrong} es lo que da sumar cada par de coordenadas, Σ(qᵢ + kᵢ). "
            "El producto escalar multiplica cada par y después suma los productos.",
            "sign-slip": "{wrong} es la suma con el signo de un producto perdido, el de la coordenada "
            "{coordinate}: un número negativo por uno positivo da negativo, y dos negativos dan positivo.",
            "dot-for-cosine": "{wrong} es el propio producto q·k. El coseno lo divide por las dos "
            "longitudes, ‖q‖ = {norm_q} y ‖k‖ = {norm_k}, para que solo quede la dirección.",
            "dot-for-cosine/cosines": "{wrong} son los propios productos. Cada coseno divide el producto "
            "de su par por las dos longitudes de ese par.",
            "one-length-only": "{wrong} es q·k dividido por una sola longitud. El coseno divide por las "
            "dos: q·k / (‖q‖ ‖k‖).",
            "one-length-only/cosines": "{wrong} dividen cada producto por una sola longitud. Un coseno "
            "divide por las dos longitudes de su par.",
            "zero-vector-angle": "{zero} es el vector cero: no tiene dirección, así que no forma ángulo "
            "con nada y no hay coseno que dar.",
            "scaled-dot-for-cosine": "{wrong} es el logit del producto escalar escalado, q·k / √dₖ con "
            "√dₖ ≈ {sqrt_d_k}. La puntuación por coseno divide q·k por las dos longitudes.",
            "divided-by-squared-length": "{wrong} es q·k / ‖k‖², el factor que multiplica a k en el "
            "vector proyectado. La longitud con signo divide q·k por ‖k‖ = {norm_k} una sola vez.",
            "dot-for-projection": "{wrong} es el propio q·k. La longitud con signo de la sombra lo divide "
            "por ‖k‖ = {norm_k}.",
            "divided-by-length-not-squared": "{wrong} es k por q·k / ‖k‖, que deja dentro la longitud de "
            "k. El vector proyectado es k por q·k / ‖k‖², con ‖k‖² = {norm_k_squared}.",
            "projected-the-wrong-way": "{wrong} va en la dirección de q: es k proyectado sobre q. La "
            "pregunta proyecta q sobre la recta de k, así que la respuesta va en la dirección de k.",
            "scaled-by-dk/logits": "{wrong} son las puntuaciones divididas por dₖ = {d_k}. La atención "
            "las divide por √dₖ ≈ {sqrt_d_k}.",
            "scaled-by-dk": "{wrong} son lo que da softmax si cada puntuación se divide por dₖ = {d_k}; "
            "la atención divide por √dₖ ≈ {sqrt_d_k}.",
            "not-scaled/logits": "{wrong} son las puntuaciones sin escalar. Los logits son las "
            "puntuaciones divididas por √dₖ ≈ {sqrt_d_k}.",
            "not-scaled": "{wrong} son lo que da softmax con las puntuaciones sin escalar; la atención "
            "divide antes cada puntuación por √dₖ ≈ {sqrt_d_k}.",
            "scaled-by-sqrt-d-model": "{wrong} salen de dividir las puntuaciones por √d_model ≈ "
            "{sqrt_d_model}, el tamaño de los embeddings. La atención divide por √dₖ ≈ {sqrt_d_k}, el "
            "tamaño de las consultas y las claves.",
            "no-exponential": "{wrong} son los logits divididos por su suma, sin exponencial. Softmax "
            "eleva primero e a cada logit y después divide por la suma de esas potencias.",
            "no-softmax": "{wrong} son los propios logits o puntuaciones, no pesos. Softmax convierte los "
            "logits en pesos: positivos y que suman 1 sobre las claves que participan.",
            "mask-after-softmax": "{wrong} son lo que da softmax sobre todas las claves cuando las "
            "enmascaradas se ponen a 0 después: suman menos de 1. La máscara va antes, así que las "
            "claves que participan se reparten todo el peso.",
            "softmax-over-queries": "Solo cambiaría esa columna si softmax recorriera cada columna, sobre "
            "las consultas. Recorre cada fila, sobre las claves: piensa qué hace una puntuación cambiada "
            "a los demás pesos de su fila.",
            "keys-not-values": "{wrong} es la suma ponderada de las claves, Σ wᵢkᵢ. La salida suma los "
            "valores, Σ wᵢvᵢ, que aquí no son las claves.",
            "symmetric-assumed": "Responder {wrong} da la misma puntuación a las dos direcciones. "
            "score(i → j) = qᵢ·kⱼ usa la consulta del token i y la clave del token j; la otra dirección "
            "los intercambia, y con W_Q ≠ W_K es otro producto.",
            "symmetric-assumed/symmetric": "La puntuación de i hacia j coincide con la de j hacia i solo "
            "cuando B = W_Qᵀ W_K es simétrica. Calcula los dos productos antes de decidir.",
            "no-max-subtracted": "Sin restar antes el mayor logit de la fila, e elevado a un logit por "
            "encima de unos {largest_exponent} no cabe en un número de coma flotante: inf, y después "
            "inf / inf es NaN.",
        },
        "hints": {
            "dot": "Multiplica las coordenadas correspondientes y suma los productos.",
            "angle_kind": "Para dos vectores no nulos decide el signo de q·k: positivo es agudo, cero es "
            "recto, negativo es obtuso.",
            "cosine": "cos θ = q·k / (‖q‖ ‖k‖).",
            "question-8/cosine": "El logit por coseno es cos θ = q·k / (‖q‖ ‖k‖), por su multiplicador 1.",
            "scalar_projection": "La longitud con signo es q·k / ‖k‖.",
            "projection": "El vector proyectado es (q·k / ‖k‖²) k.",
            "conclusion": "Para vectores no nulos q·k = ‖q‖ ‖k‖ cos θ, y las dos longitudes son positivas.",
            "cosines": "El coseno de cada par es su producto dividido por sus dos longitudes.",
            "logits": "Un logit es la puntuación q·kᵢ dividida por √dₖ.",
            "weights": "Softmax: e elevado a cada logit, dividido por la suma de todos ellos sobre las "
            "claves que participan.",
            "winner": "El mayor logit recibe el mayor peso.",
            "question-trained-head/winner": "La cabeza se entrenó para mirar un token atrás. De las "
            "claves que su consulta puede ver (la máscara causal oculta las posteriores), la que mejor se "
            "alinea con ella se lleva el peso.",
            "angle": "Un ángulo necesita dos direcciones.",
            "changed_scores": "La celda (i, j) de Q·Kᵀ es qᵢ·kⱼ: ¿qué celdas contienen la clave movida?",
            "changed_weights": "Softmax reparte cada fila entre sus claves: los pesos de una fila dependen "
            "de todas las puntuaciones de la fila.",
            "question-10/changed_scores": "qᵢ·(kⱼ + c) = qᵢ·kⱼ + qᵢ·c.",
            "question-10/changed_weights": "Dentro de una fila, todos los logits se mueven lo mismo. "
            "¿Nota softmax un desplazamiento común?",
            "output": "La salida es Σ wᵢvᵢ, y c ha movido las claves, no los valores.",
            "scores": "score(i → j) = qᵢ·kⱼ, con qᵢ = W_Q xᵢ y kⱼ = W_K xⱼ.",
            "symmetric": "Compara q₁·k₂ con q₂·k₁.",
            "condition": "Cada celda es xᵢᵀ B xⱼ con B = W_Qᵀ W_K, y su simétrica es xᵢᵀ Bᵀ xⱼ.",
        },
        "unreadable": {
            Why.EMPTY: "No se ha dado ninguna respuesta.",
            Why.NOT_A_NUMBER: "«{text}» no se puede leer como un número.",
            Why.TOO_LARGE: "«{text}» es un número demasiado grande.",
            Why.COUNT: "Se esperaban {expected} números y hay {found}.",
            Why.COMMAS: "No se distinguen las comas decimales de las comas entre números: "
            "pon «;» o un espacio entre los números.",
            Why.NOT_A_CHOICE: "«{text}» no es ninguna de las opciones: da un número del 1 al {count}, "
            "o una palabra de la opción.",
        },
        "reasons": {
            WrongWhy.OVERFLOW: "e elevado a {logit} no cabe en un número de coma flotante: inf, e "
            "inf / inf es NaN",
            WrongWhy.UNDERFLOW: "e elevado a un logit tan negativo se redondea a 0: 0 / 0 es NaN",
            WrongWhy.ZERO_TOTAL: "los logits suman 0: no hay nada por lo que dividir",
            WrongWhy.NO_KEY: "todas las claves están enmascaradas para esta consulta",
            WrongWhy.RIGHT_UNDEFINED: "el cálculo correcto tampoco tiene valor aquí",
        },
    },
}

TITLES = {
    "en": {
        "added-not-multiplied": "Added instead of multiplied",
        "sign-slip": "A lost sign",
        "one-length-only": "One length only",
        "dot-for-cosine": "The product for the cosine",
        "scaled-dot-for-cosine": "The scaled logit for the cosine",
        "divided-by-length-not-squared": "÷‖k‖ instead of ÷‖k‖²",
        "divided-by-squared-length": "÷‖k‖² instead of ÷‖k‖",
        "dot-for-projection": "The product for the length",
        "projected-the-wrong-way": "k projected onto q",
        "not-scaled": "No scaling",
        "scaled-by-dk": "÷dₖ instead of ÷√dₖ",
        "scaled-by-sqrt-d-model": "÷√d_model instead of ÷√dₖ",
        "no-exponential": "No exponential",
        "no-softmax": "No softmax",
        "no-max-subtracted": "The maximum not subtracted",
        "softmax-over-queries": "Softmax over the queries",
        "mask-after-softmax": "The mask after softmax",
        "keys-not-values": "Keys for values",
        "zero-vector-angle": "An angle for the zero vector",
        "symmetric-assumed": "Scores taken as symmetric",
    },
    "es": {
        "added-not-multiplied": "Sumar en vez de multiplicar",
        "sign-slip": "Un signo perdido",
        "one-length-only": "Una sola longitud",
        "dot-for-cosine": "El producto en vez del coseno",
        "scaled-dot-for-cosine": "El logit escalado en vez del coseno",
        "divided-by-length-not-squared": "÷‖k‖ en vez de ÷‖k‖²",
        "divided-by-squared-length": "÷‖k‖² en vez de ÷‖k‖",
        "dot-for-projection": "El producto en vez de la longitud",
        "projected-the-wrong-way": "k proyectado sobre q",
        "not-scaled": "Sin escalar",
        "scaled-by-dk": "÷dₖ en vez de ÷√dₖ",
        "scaled-by-sqrt-d-model": "÷√d_model en vez de ÷√dₖ",
        "no-exponential": "Sin exponencial",
        "no-softmax": "Sin softmax",
        "no-max-subtracted": "Sin restar el máximo",
        "softmax-over-queries": "Softmax sobre las consultas",
        "mask-after-softmax": "La máscara después de softmax",
        "keys-not-values": "Claves en vez de valores",
        "zero-vector-angle": "Un ángulo para el vector cero",
        "symmetric-assumed": "Puntuaciones tomadas por simétricas",
    },
}


def phrases(lang: str) -> dict:
    """The table of `lang`; English for a language without one."""
    return PHRASES.get(lang, PHRASES["en"])
