"""Several queries: what the Q·Kᵀ matrix adds to the window.

Its panel under the canvas — built the first time it is shown, come forward when a
scene has several queries or a lesson step speaks of the matrix, as tall as its grids
need up to ROOM of the window — Add Query, Remove Selected Query and Causal Mask in
the Edit menu, and the matrix as a CSV table and as a PNG picture in File ▸ Export.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QImage

from ...model.lesson import MATRIX_ROWS
from ...model.scene import UI_MAX_QUERIES
from ..declaration import BOTTOM, Action, Declaration, Dock, Export, Host, Room
from ..stage.parts import StagePart
from . import content

if TYPE_CHECKING:
    from ..contract import Update
    from .panel import MatrixPanel

ROOM = 0.45  # the most of the window's height the dock takes for itself when it opens or grows


class MatrixFeature(QObject):
    def __init__(self, host: Host):
        super().__init__()
        self._host = host

    def declaration(self) -> Declaration:
        c = self._host.controller
        free = lambda scene: scene.tokens is None  # noqa: E731  a token scene's queries come from its tokens
        dock = Dock(
            "matrix",
            lambda: self.tr("Q·Kᵀ Matrix"),
            self._build_panel,
            BOTTOM,  # in a scroll area: a short window scrolls it rather than squeeze it
            wanted=lambda scene: scene.query_count > 1,  # a scene of several queries is about the matrix
            leaves=True,  # … and gives the room under the canvas back to the pair's panels after it
            closed=True,
            highlights=frozenset(MATRIX_ROWS),
            room=Room(share=ROOM, grows_with=lambda scene: scene.query_count),
        )
        actions = (
            Action(
                "addQuery",
                "edit",
                lambda: self.tr("Add &Query"),
                c.add_query,
                "Ctrl+Shift+K",
                enabled_when=lambda scene: free(scene) and scene.query_count < UI_MAX_QUERIES,
                separated=True,
            ),
            Action(
                "removeQuery",
                "edit",
                lambda: self.tr("Remove Selected Quer&y"),
                lambda: c.remove_query(c.scene.selected_query),
                "Ctrl+Shift+Delete",
                enabled_when=lambda scene: free(scene) and scene.query_count > 1,
            ),
            Action(
                "causalMask",
                "edit",
                lambda: self.tr("&Causal Mask"),
                lambda on: on != c.scene.causal and c.set_causal(on),
                "Ctrl+Shift+C",
                checkable=True,
                checked_when=lambda scene: scene.causal,
            ),
        )
        failure = lambda: self.tr("Could not export the matrix")  # noqa: E731
        exports = (
            Export(
                "exportMatrixCsv",
                lambda: self.tr("Q·Kᵀ Matrix as a CS&V Table…"),
                lambda: self.tr("Export the Q·Kᵀ Matrix as CSV"),
                "csv",
                "CSV (*.csv)",
                "matrix",
                lambda update: content.csv(update.results.matrix).encode("utf-8"),
                failure,
                gives_numbers=True,
            ),
            Export(
                "exportMatrixPng",
                lambda: self.tr("Q·Kᵀ Matrix as a P&icture…"),
                lambda: self.tr("Export the Q·Kᵀ Matrix as a Picture"),
                "png",
                "PNG (*.png)",
                "matrix",
                self._picture,
                failure,
            ),
        )
        stage = (
            *(StagePart(f"matrix_{grid}", "grid", content.stage_part(grid)) for grid in content.GRIDS),
            StagePart("outputs", "rows", content.stage_outputs_part),
        )
        return Declaration(docks=(dock,), actions=actions, exports=exports, stage=stage)

    def _build_panel(self) -> MatrixPanel:
        from .panel import MatrixPanel

        return MatrixPanel(self._host.controller)

    def _picture(self, update: Update) -> QImage:
        from .picture import grids_picture

        panel = self._host.panel("matrix")
        panel.render(update.redrawn())  # up to date even if out of sight
        return grids_picture(panel)
