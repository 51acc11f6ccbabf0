"""An item that may draw anywhere in the view: its bounds are the view rectangle.

Such an item makes Qt repaint the whole canvas whenever it calls update().
Items that change during a drag pass the part that changed to update(rect)
instead, so a frame repaints only that part.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QRectF


class ViewRectItem(pg.GraphicsObject):
    def boundingRect(self) -> QRectF:
        vb = self.getViewBox()
        return vb.viewRect() if vb is not None else QRectF()

    def viewRangeChanged(self):
        self.prepareGeometryChange()
