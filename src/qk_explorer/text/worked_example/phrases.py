"""The worked examples' sentences and labels, in English and Spanish.

Every target (Markdown, LaTeX, NumPy, PyTorch) takes its words from here, so a
phrase reads the same in all of them. A language without a table gets English.
"""

from __future__ import annotations

from ...model.geometry import Relation
from ...model.undefined import Why

PHRASES = {
    "en": {
        "title": "Worked example",
        "vectors": "Vectors",
        "pair": "The pair",
        "quantity": "Quantity",
        "value": "Value",
        "attention": "Attention",
        "key": "Key",
        "score": "score",
        "logit": "scaled logit",
        "weight": "weight",
        "masked": "masked",
        "undefined": "undefined",
        "output": "Output",
        "largest": "{key} gets the largest weight ({percent}).",
        "weights_sum": "The weights sum to 1 over the keys that take part.",
        "default_scale": "scale 1/√d_k",
        "own_scale": "scale set by hand",
        "cosine_rule": "cosine scoring: each score is cos(q, kᵢ), times the multiplier {m}",
        "printed": {
            "scores": "scores",
            "logits": "logits",
            "weights": "weights",
            "output": "output",
            "dropout weights": "dropout weights",
            "dropout output": "dropout output",
        },
        "relation": {
            Relation.ACUTE: "acute",
            Relation.RIGHT: "right angle",
            Relation.OBTUSE: "obtuse",
        },
        "numpy_intro": "Runs with NumPy alone and prints the numbers the app shows, rounded the same way.",
        "torch_intro": "Runs with PyTorch and prints the numbers the app shows, rounded the same way.",
        "latex_intro": "Needs \\usepackage{amsmath}.",
        "one_key_per_row": "one key per row",
        "one_value_per_row": "one value per row, matching the keys",
        "mask_comment": "True: the key takes part in softmax",
        "fmt_doc": "Round as the app's panels do: 3 decimals, no trailing zeros, never -0.",
        "selected": "the selected key",
        "masked_nan": "masked keys have no score: they print as —",
        "softmax_comment": "softmax over the keys that take part: subtract the largest logit first",
        "default_scale_comment": "PyTorch's default: 1/√d_k",
        "sdpa_weights": "with V = I the same call returns the weights themselves",
        "torch_cosine": "PyTorch has no cosine scoring: normalise q and the keys, and pass the multiplier "
        "as the scale",
        "torch_dropout": "dropout is left out: PyTorch draws its own random mask, "
        "so its numbers would differ",
        "torch_nan": "scaled_dot_product_attention still returns a row here (zeros in recent PyTorch, "
        "NaN in older versions), but no weighting stands behind it",
        "dropout_comment": "training-mode dropout as the app draws it: keep each weight with probability "
        "1 − p, rescaled by 1/(1 − p)",
        "angle_comment": "θ = arccos(cos θ), in degrees",
        "proj_comment": "projection of q onto {key} and the perpendicular remainder",
        "matrix_attention": "Attention for every query at once",
        "query": "Query",
        "shape": "{L} × {S} (queries × keys)",
        "causal_mask": "causal mask",
        "one_query_per_row": "one query per row",
        "matrix_mask_comment": "row i, column j: True when query i may see key j",
        "causal_comment": "causal: query i sees keys j ≤ i only, the lower triangle (PyTorch's is_causal)",
        "cell_comment": "scores[i, j] = qᵢ·kⱼ: one inner product per cell",
        "cosine_cell_comment": "scores[i, j] = cos(qᵢ, kⱼ); a zero vector has no angle: NaN, printed as —",
        "masked_cells_comment": "masked cells keep their score and logit, as in PyTorch",
        "minus_inf_comment": "the mask: a masked cell's logit becomes −∞, so its weight is e^−∞ = 0",
        "row_softmax_comment": "softmax along each row, over the keys that row may see: "
        "subtract the row's largest logit first",
        "defined_comment": "a row without weights: every key is masked, or a cosine meets a zero vector",
        "outputs_comment": "row i of the output: Σⱼ wᵢⱼ vⱼ",
        "torch_mask_and_causal": "attn_mask and is_causal cannot be set together: "
        "the causal triangle is joined to the mask by hand",
        "torch_is_causal": "only the causal mask applies: is_causal=True draws the same triangle",
        "tokens_comment": "the tokens: one embedding xᵢ per row of X, {n} × d_model = {n} × {d_model}",
        "projection_comment": "d_k × d_model = {d_k} × {d_model}: {vector}ᵢ = {matrix} xᵢ",
        "d_v_comment": "d_v = d_k, as every vector of the app's scenes has one dimension",
        "numpy_rows_comment": "one row per token: row i of X @ W_Q.T is (W_Q xᵢ)ᵀ = qᵢ",
        "linear_comment": "nn.Linear computes x Wᵀ on a row x, so its weight is W_Q itself, "
        "not its transpose: to_q(X) is X @ W_Q.T",
        "no_grad_comment": "no training here: set the weights and work out Q, K and V without gradients",
        "torch_rows_comment": "one row per token: row i is qᵢ = W_Q xᵢ, kᵢ = W_K xᵢ, vᵢ = W_V xᵢ",
        "tokens_heading": "Tokens",
        "projections_heading": "Learned projections",
        "projections_sentence": "Each token gives three vectors: qᵢ = W_Q xᵢ, kᵢ = W_K xᵢ, vᵢ = W_V xᵢ.",
        "bilinear_sentence": "The score of token i attending to token j is xᵢᵀ B xⱼ. "
        "Symmetric: {symmetric}. An inner product on the tokens: {inner}.",
        "scores_table": "Scores Q·Kᵀ",
        "logits_table": "Scaled logits",
        "weights_table": "Weights: softmax along each row",
        "outputs_table": "Outputs O = W·V",
        "cell_sentence": "Every cell is one inner product; the selected one: {cell}.",
        "masked_sentence": "A masked cell keeps its score and its scaled logit; the mask turns the logit "
        "into −∞, so its weight is 0.",
        "rows_sum": "Each row of weights sums to 1 over the keys that row may see; the columns need not.",
        "reasons": {
            Why.ZERO_QUERY: "q is the zero vector: it has no direction, so there is no angle",
            Why.ZERO_KEY: "{key} is the zero vector: it has no direction, so there is no angle and "
            "nothing to project onto",
            Why.ZERO_BOTH: "q and {key} are both the zero vector: neither has a direction",
            Why.ALL_MASKED: "every key is masked: softmax has nothing to share the weight among",
            Why.ZERO_KEY_COSINE: "{key} is the zero vector: its cosine with q is undefined",
            Why.ZERO_QUERY_COSINE: "q is the zero vector: its cosine with every key is undefined",
        },
    },
    "es": {
        "title": "Ejemplo resuelto",
        "vectors": "Vectores",
        "pair": "El par",
        "quantity": "Magnitud",
        "value": "Valor",
        "attention": "Atención",
        "key": "Clave",
        "score": "puntuación",
        "logit": "logit escalado",
        "weight": "peso",
        "masked": "enmascarada",
        "undefined": "indefinido",
        "output": "Salida",
        "largest": "{key} recibe el peso mayor ({percent}).",
        "weights_sum": "Los pesos suman 1 sobre las claves que participan.",
        "default_scale": "escala 1/√d_k",
        "own_scale": "escala elegida a mano",
        "cosine_rule": "puntuación por coseno: cada puntuación es cos(q, kᵢ), por el multiplicador {m}",
        "printed": {
            "scores": "puntuaciones",
            "logits": "logits",
            "weights": "pesos",
            "output": "salida",
            "dropout weights": "pesos con dropout",
            "dropout output": "salida con dropout",
        },
        "relation": {
            Relation.ACUTE: "agudo",
            Relation.RIGHT: "recto",
            Relation.OBTUSE: "obtuso",
        },
        "numpy_intro": "Funciona solo con NumPy e imprime los números que muestra la aplicación, "
        "redondeados igual.",
        "torch_intro": "Funciona con PyTorch e imprime los números que muestra la aplicación, "
        "redondeados igual.",
        "latex_intro": "Necesita \\usepackage{amsmath}.",
        "one_key_per_row": "una clave por fila",
        "one_value_per_row": "un valor por fila, en el orden de las claves",
        "mask_comment": "True: la clave participa en softmax",
        "fmt_doc": "Redondea como los paneles de la aplicación: 3 decimales, sin ceros finales, nunca -0.",
        "selected": "la clave seleccionada",
        "masked_nan": "las claves enmascaradas no tienen puntuación: se imprimen como —",
        "softmax_comment": "softmax sobre las claves que participan: primero se resta el logit mayor",
        "default_scale_comment": "el valor por defecto de PyTorch: 1/√d_k",
        "sdpa_weights": "con V = I la misma llamada devuelve los propios pesos",
        "torch_cosine": "PyTorch no puntúa por coseno: se normalizan q y las claves y el multiplicador "
        "se pasa como escala",
        "torch_dropout": "se omite el dropout: PyTorch sortea su propia máscara y sus números serían otros",
        "torch_nan": "scaled_dot_product_attention devuelve aun así una fila (ceros en PyTorch reciente, "
        "NaN en versiones antiguas), pero no hay ningún reparto de pesos detrás",
        "dropout_comment": "dropout en modo entrenamiento, como lo dibuja la aplicación: cada peso se "
        "conserva con probabilidad 1 − p y se reescala por 1/(1 − p)",
        "angle_comment": "θ = arccos(cos θ), en grados",
        "proj_comment": "proyección de q sobre {key} y el resto perpendicular",
        "matrix_attention": "Atención para todas las consultas a la vez",
        "query": "Consulta",
        "shape": "{L} × {S} (consultas × claves)",
        "causal_mask": "máscara causal",
        "one_query_per_row": "una consulta por fila",
        "matrix_mask_comment": "fila i, columna j: True si la consulta i puede ver la clave j",
        "causal_comment": "causal: la consulta i solo ve las claves j ≤ i, el triángulo inferior "
        "(is_causal en PyTorch)",
        "cell_comment": "scores[i, j] = qᵢ·kⱼ: un producto interno por celda",
        "cosine_cell_comment": "scores[i, j] = cos(qᵢ, kⱼ); un vector nulo no forma ángulo: NaN, "
        "se imprime —",
        "masked_cells_comment": "las celdas enmascaradas conservan su puntuación y su logit, como en PyTorch",
        "minus_inf_comment": "la máscara: el logit de una celda enmascarada pasa a ser −∞, así que su peso "
        "es e^−∞ = 0",
        "row_softmax_comment": "softmax a lo largo de cada fila, sobre las claves que esa fila puede ver: "
        "primero se resta el logit mayor de la fila",
        "defined_comment": "una fila sin pesos: todas sus claves están enmascaradas, o un coseno se "
        "encuentra con un vector nulo",
        "outputs_comment": "fila i de la salida: Σⱼ wᵢⱼ vⱼ",
        "torch_mask_and_causal": "attn_mask e is_causal no se pueden usar a la vez: "
        "el triángulo causal se une a la máscara a mano",
        "torch_is_causal": "solo se aplica la máscara causal: is_causal=True dibuja el mismo triángulo",
        "tokens_comment": "los tokens: un embedding xᵢ por fila de X, {n} × d_model = {n} × {d_model}",
        "projection_comment": "d_k × d_model = {d_k} × {d_model}: {vector}ᵢ = {matrix} xᵢ",
        "d_v_comment": "d_v = d_k, porque todos los vectores de una escena de la aplicación tienen "
        "una sola dimensión",
        "numpy_rows_comment": "una fila por token: la fila i de X @ W_Q.T es (W_Q xᵢ)ᵀ = qᵢ",
        "linear_comment": "nn.Linear calcula x Wᵀ sobre una fila x, así que su peso es la propia W_Q, "
        "no su traspuesta: to_q(X) es X @ W_Q.T",
        "no_grad_comment": "aquí no se entrena: se fijan los pesos y se calculan Q, K y V sin gradientes",
        "torch_rows_comment": "una fila por token: la fila i es qᵢ = W_Q xᵢ, kᵢ = W_K xᵢ, vᵢ = W_V xᵢ",
        "tokens_heading": "Tokens",
        "projections_heading": "Proyecciones aprendidas",
        "projections_sentence": "Cada token da tres vectores: qᵢ = W_Q xᵢ, kᵢ = W_K xᵢ, vᵢ = W_V xᵢ.",
        "bilinear_sentence": "La puntuación del token i cuando atiende al token j es xᵢᵀ B xⱼ. "
        "Simétrica: {symmetric}. Un producto interno sobre los tokens: {inner}.",
        "scores_table": "Puntuaciones Q·Kᵀ",
        "logits_table": "Logits escalados",
        "weights_table": "Pesos: softmax a lo largo de cada fila",
        "outputs_table": "Salidas O = W·V",
        "cell_sentence": "Cada celda es un producto interno; la seleccionada: {cell}.",
        "masked_sentence": "Una celda enmascarada conserva su puntuación y su logit escalado; la máscara "
        "convierte el logit en −∞, así que su peso es 0.",
        "rows_sum": "Cada fila de pesos suma 1 sobre las claves que esa fila puede ver; las columnas no "
        "tienen por qué.",
        "reasons": {
            Why.ZERO_QUERY: "q es el vector cero: no tiene dirección, así que no hay ángulo",
            Why.ZERO_KEY: "{key} es el vector cero: no tiene dirección, así que no hay ángulo ni recta "
            "sobre la que proyectar",
            Why.ZERO_BOTH: "q y {key} son ambos el vector cero: ninguno tiene dirección",
            Why.ALL_MASKED: "todas las claves están enmascaradas: softmax no tiene entre quién repartir "
            "el peso",
            Why.ZERO_KEY_COSINE: "{key} es el vector cero: su coseno con q no está definido",
            Why.ZERO_QUERY_COSINE: "q es el vector cero: su coseno con cada clave no está definido",
        },
    },
}


def words(lang: str) -> dict:
    return PHRASES.get(lang, PHRASES["en"])
