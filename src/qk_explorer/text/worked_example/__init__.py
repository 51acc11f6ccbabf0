"""The scene on screen as a worked example: LaTeX, Markdown, NumPy or PyTorch.

Pure text from (scene, results, lang), no Qt. One module per target:
markdown.py and latex.py show the numbers of Results rounded as the panels
round them; numpy_code.py and pytorch_code.py write programs that compute
every number themselves and print it (snippet.py holds what they share); a
token scene's start from its tokens (token_code.py, token_tables.py).
Sentences come from phrases.py, in English and Spanish.
"""

from __future__ import annotations

from dataclasses import replace

from ...model.results import Results
from ...model.scene import Scene
from . import latex, markdown, matrix_code, matrix_tables, numpy_code, pytorch_code

KINDS = ("latex", "markdown", "numpy", "pytorch")

_WRITERS = {
    "latex": latex.latex,
    "markdown": markdown.markdown,
    "numpy": numpy_code.numpy_code,
    "pytorch": pytorch_code.pytorch_code,
}
_MATRIX_WRITERS = {
    "latex": matrix_tables.latex_matrix,
    "markdown": matrix_tables.markdown_matrix,
    "numpy": matrix_code.numpy_matrix,
    "pytorch": matrix_code.pytorch_matrix,
}


def worked_example(
    kind: str, scene: Scene, results: Results, lang: str = "en", title: str | None = None
) -> str:
    """The worked example of `kind` (one of KINDS) for the scene, in `lang` ("en" or "es").

    `title` replaces the scene's own title in the heading (e.g. a preset's translated title).
    A scene with several queries gets the matrix form; a scene with one, the form of q·K. A
    token scene's is always in matrix form, which alone starts from the tokens.
    """
    if title is not None:
        scene = replace(scene, title=title)
    matrix = scene.query_count > 1 or scene.tokens is not None
    writers = _MATRIX_WRITERS if matrix else _WRITERS
    return writers[kind](scene, results, lang)
