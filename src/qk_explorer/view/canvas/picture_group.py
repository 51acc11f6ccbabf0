"""A group of items that can be drawn from one picture of them all, while none of them moves.

Each step of a drag repaints the rectangle that the moving parts sweep, and with q that
rectangle always holds the origin, where every arrow starts: Qt copied every cached arrow
crossing it, one blended copy per key and value (with 64 keys, 128 copies a frame). Drawn
through a graphics effect, a group is rendered once into a picture that Qt keeps until one
of its items changes or the view moves, and a frame copies that one picture instead.

Only while a drag of a key or a value lasts, and only for groups the drag leaves alone: a
group whose items change at every step would be rendered whole at every step. While q
moves, the canvas paints its frames itself (drag_frame) and a group only tells it when
one of its items changes (on_change).
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsEffect, QGraphicsItem

_DRAWN_CHANGES = (
    QGraphicsEffect.ChangeFlag.SourceInvalidated | QGraphicsEffect.ChangeFlag.SourceBoundingRectChanged
)


class _FromPicture(QGraphicsEffect):
    def __init__(self, group):
        super().__init__()
        self._group = group

    def sourceChanged(self, flags) -> None:
        # Qt calls this, enabled or not, once one of the group's items has changed (not when the
        # group leaves or joins a scene: the canvas may be on its way out then).
        if flags & _DRAWN_CHANGES and self._group.on_change is not None:
            self._group.on_change()

    def draw(self, painter: QPainter) -> None:
        offset = QPoint()  # where the picture goes, in device pixels; filled in by Qt
        # With a border: cut to the items' bounds, the picture lost the grid's last row and column.
        border = QGraphicsEffect.PixmapPadMode.PadToTransparentBorder
        pixmap = self.sourcePixmap(Qt.CoordinateSystem.DeviceCoordinates, offset, border)
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(offset, pixmap)
        painter.restore()


class PictureGroup(pg.GraphicsObject):
    def __init__(self, name: str):
        super().__init__()
        self.setObjectName(name)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.on_change = None  # called when one of its items changes (the canvas's drag frame)
        self._effect = _FromPicture(self)
        self._effect.setEnabled(False)
        self.setGraphicsEffect(self._effect)

    def boundingRect(self) -> QRectF:
        return QRectF()  # the items in it have their own

    def paint(self, painter, *args) -> None:
        pass

    @property
    def from_picture(self) -> bool:
        return self._effect.isEnabled()

    def set_from_picture(self, on: bool) -> None:
        if self._effect.isEnabled() != on:
            self._effect.setEnabled(on)
