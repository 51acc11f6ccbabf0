"""What to say when someone reaches for an arrow of a token scene: it is derived, not dragged."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...model import Scene
from ...model.scene import Kind, VectorRef
from ...text.names import subscript


def derived_hint(scene: Scene, ref: VectorRef) -> str:
    """'q₂ comes from the token “cat”: …' for the arrow `ref` of a token scene."""
    index = scene.selected_query if ref.index is None else ref.index
    letter, matrix = {Kind.QUERY: ("q", "W_Q"), Kind.KEY: ("k", "W_K"), Kind.VALUE: ("v", "W_V")}[ref.kind]
    label = scene.tokens.labels[index] if scene.tokens is not None else ""
    return QCoreApplication.translate(
        "Canvas",
        "{vector} = {matrix} x{i} comes from the token “{label}”: it cannot be dragged. "
        "Move the token, or edit {matrix} in the Projections panel.",
    ).format(vector=letter + subscript(index + 1), matrix=matrix, i=subscript(index + 1), label=label)
