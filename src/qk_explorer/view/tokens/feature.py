"""Scenes of tokens: the token plane, a tab beside the Projections panel.

The Tokens panel is built the first time it is shown, comes forward by itself when
a scene of tokens opens and is hidden when a scene without tokens replaces it
(reopened by hand from View ▸ Panels whenever wanted).

It shares the right-hand column's tabs with Projections rather than the strip
under the canvas: beside the matrix it left neither the matrix's grids nor the
plane room enough in a 1280 × 800 window. When the column is too short for the
plane at MIN_PLOT and the dock above it (Numbers, at 1366 × 768 or 1280 × 800),
that dock makes way while the scene of tokens lasts (the shell's room rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from ..declaration import Declaration, Dock, Host, Room
from ..stage.parts import StagePart
from .stage_plane import StagePlane

if TYPE_CHECKING:
    from .panel import TokenPlanePanel

MIN_PLOT = 250  # the token plot's least height and width, in pixels: room to aim at a tip and drag it


class TokenFeature(QObject):
    def __init__(self, host: Host):
        super().__init__()
        self._host = host

    def declaration(self) -> Declaration:
        dock = Dock(
            "tokens",
            lambda: self.tr("Tokens"),
            self._build_panel,
            beside="projections",
            wanted=lambda scene: scene.tokens is not None,
            leaves=True,
            closed=True,
            scroll=False,
            room=Room(short=_short, then=lambda panel: panel.plane.fit()),  # as large as the plot allows
        )
        # On the stage, a scene of tokens of two coordinates shares the drawing's room with the plane.
        plane = StagePart(
            "plane", "drawing", _plane_shown, make=lambda stage: StagePlane(self._host.controller, stage)
        )
        return Declaration(docks=(dock,), stage=(plane,))

    def _build_panel(self) -> TokenPlanePanel:
        from .panel import TokenPlanePanel

        return TokenPlanePanel(self._host.controller)


def _short(panel: TokenPlanePanel) -> int:
    """How much lower the plot is than MIN_PLOT (0 when it shows no plot)."""
    plot = panel.plot
    return 0 if plot.isHidden() else MIN_PLOT - plot.height()


def _plane_shown(_moment, update, _style) -> bool | None:
    tokens = update.scene.tokens
    return True if tokens is not None and tokens.d_model == 2 else None
