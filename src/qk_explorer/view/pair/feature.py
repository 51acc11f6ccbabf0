"""The pair q and k: what the Numbers and Coordinates panels add to the window.

Numbers (the product written out, lengths, angle, projection) and Coordinates (every
vector's coordinates, to type) stand in the right-hand column from the start; the
other panels of that column are tabs beside the coordinates.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ..declaration import Declaration, Dock, Host
from ..stage.parts import StagePart
from . import content
from .coordinates_panel import CoordinatesPanel
from .numbers_panel import NumbersPanel


class PairFeature(QObject):
    def __init__(self, host: Host):
        super().__init__()
        self.numbers = NumbersPanel()
        self.coordinates = CoordinatesPanel(host.controller)

    def declaration(self) -> Declaration:
        return Declaration(
            docks=(
                Dock("numbers", lambda: self.tr("Numbers"), lambda: self.numbers, eager=True),
                Dock("coordinates", lambda: self.tr("Coordinates"), lambda: self.coordinates, eager=True),
            ),
            stage=(
                StagePart("pair", "rows", content.stage_pair),
                StagePart("givens", "rows", content.stage_givens, keyed=True),
            ),
        )
