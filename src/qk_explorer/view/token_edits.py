"""A token scene's edits: its matrices, labels and tokens (a part of SceneController).

Each makes a new Scene through the controller's `edit`, as every edit does; the words of
their undo steps keep the controller's context.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication

from ..model import scene as edits
from ..model import token_scene as token_edits
from ..model.scene import QUERY
from ..model.tokens import MAX_LABEL, good_entry

_MATRIX_NAMES = {"w_q": "W_Q", "w_k": "W_K", "w_v": "W_V"}  # symbols: the same in every language


translate = QCoreApplication.translate  # the words keep the controller's context


class TokenEdits:
    """Mixed into SceneController, whose `_scene`, `edit`, `_set_active` and snapping it uses."""

    def set_projection_entry(self, name: str, row: int, column: int, x: float, merge_key=None) -> None:
        """One entry of W_Q, W_K or W_V ("w_q", …); calls sharing `merge_key` (a scrub) are one step."""
        after = token_edits.with_projection_entry(self._scene, name, row, column, x)
        self.edit(
            after, translate("SceneController", "Edit {matrix}").format(matrix=_MATRIX_NAMES[name]), merge_key
        )

    def set_projection(self, name: str, matrix) -> None:
        """Replace W_Q, W_K or W_V whole (a preset), as one undo step; refused if it does not fit."""
        tokens = self._scene.tokens
        if tokens is None or name not in _MATRIX_NAMES or len(matrix) != tokens.d_k:
            return
        rows = tuple(tuple(float(x) for x in row) for row in matrix)
        if any(len(row) != tokens.d_model for row in rows) or not all(good_entry(x) for r in rows for x in r):
            return
        after = token_edits.with_tokens(self._scene, replace(tokens, **{name: rows}))
        self.edit(after, translate("SceneController", "Set {matrix}").format(matrix=_MATRIX_NAMES[name]))

    def set_token_label(self, index: int, text: str) -> None:
        self.edit(
            token_edits.with_label(self._scene, index, text), translate("SceneController", "Rename token")
        )

    def add_token(self) -> None:
        """Append a token at the origin (its embedding is zero) and select it: one update."""
        if self._scene.tokens is None:
            return
        label = translate("SceneController", "token {n}").format(n=self._scene.tokens.count + 1)
        after = token_edits.add_token(self._scene, label[:MAX_LABEL])
        if after is not self._scene:
            with self._steps():
                self.edit(after, translate("SceneController", "Add token"))
                self._set_active(QUERY)

    def remove_token(self, index: int) -> None:
        after = token_edits.remove_token(self._scene, index)
        if after is not self._scene:
            self.edit(after, translate("SceneController", "Remove token"))

    def set_embedding(self, index: int, coordinates, merge_key=None, snap: bool = False) -> None:
        """Move token `index`'s embedding (its query, key and value follow); calls that share
        `merge_key` are one undo step. `snap` puts each coordinate on the grid when snapping is
        on, as a drag of a tip does."""
        if snap and self.snap_enabled:
            coordinates = [edits.snap(x, self.snap_step) for x in coordinates]
        after = token_edits.with_embedding(self._scene, index, coordinates)
        self.edit(after, translate("SceneController", "Move token"), merge_key)
