"""A layer of the canvas: items stacked together (the grid and what lies on it, the values, the
keys …) that tells when one of them changes.

While an arrow is dragged the canvas paints its frames from pictures of the layers (drag_frame):
the drag asks to know when a layer it has a picture of changes, through `on_change`.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsEffect, QGraphicsItem

_DRAWN_CHANGES = (
    QGraphicsEffect.ChangeFlag.SourceInvalidated | QGraphicsEffect.ChangeFlag.SourceBoundingRectChanged
)


class _Watch(QGraphicsEffect):
    """Never enabled, so never drawn through: Qt tells it when one of the layer's items has
    changed (once it has brought the scene up to date, not when the layer leaves or joins it)."""

    def __init__(self, layer: Layer):
        super().__init__()
        self._layer = layer
        self.setEnabled(False)

    def sourceChanged(self, flags) -> None:
        if flags & _DRAWN_CHANGES and self._layer.on_change is not None:
            self._layer.on_change(self._layer)

    def draw(self, painter) -> None:
        self.drawSource(painter)


class Layer(pg.GraphicsObject):
    def __init__(self, name: str):
        super().__init__()
        self.setObjectName(name)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.on_change = None  # called with the layer when one of its items changes
        self.setGraphicsEffect(_Watch(self))

    def boundingRect(self) -> QRectF:
        return QRectF()  # the items in it have their own

    def paint(self, painter, *args) -> None:
        pass
