"""Scenes of tokens: what the Projections panel adds to the window.

The panel — W_Q, W_K, W_V, the tokens' labels and B = W_Qᵀ W_K — is a tab beside the
coordinates, built the first time it is shown, come forward when a scene of tokens
opens and hidden for a scene without tokens; File ▸ Export gets the projections as a
CSV table (on for a scene of tokens only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from ...model.projections_table import projections_csv
from ..declaration import Declaration, Dock, Export, Host

if TYPE_CHECKING:
    from ..contract import Update
    from .panel import ProjectionsPanel


class ProjectionsFeature(QObject):
    def __init__(self, host: Host):
        super().__init__()
        self._host = host

    def declaration(self) -> Declaration:
        has_tokens = lambda scene: scene.tokens is not None  # noqa: E731
        dock = Dock(
            "projections",
            lambda: self.tr("Projections"),
            self._build_panel,
            beside="coordinates",
            wanted=has_tokens,  # a scene of tokens is about where its vectors come from
            leaves=True,
            closed=True,
        )
        export = Export(
            "exportProjectionsCsv",
            lambda: self.tr("Projections as a CSV &Table…"),
            lambda: self.tr("Export the Projections as CSV"),
            "csv",
            "CSV (*.csv)",
            "projections",
            _csv,
            lambda: self.tr("Could not export the projections"),
            enabled_when=has_tokens,
            gives_numbers=True,
        )
        return Declaration(docks=(dock,), exports=(export,))

    def _build_panel(self) -> ProjectionsPanel:
        from .panel import ProjectionsPanel

        return ProjectionsPanel(self._host.controller)


def _csv(update: Update) -> bytes | None:
    """W_Q, W_K, W_V and B from Results; None (nothing written) without tokens."""
    projections = update.results.projections
    return None if projections is None else projections_csv(projections).encode("utf-8")
