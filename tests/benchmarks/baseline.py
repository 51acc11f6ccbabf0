"""The baseline every drag and start-up figure is compared with.

A bare pyqtgraph PlotWidget in a window of the same size, no grid, with one
arrow (a line and an ArrowItem) whose tip follows a drag — what any pyqtgraph
program pays for moving one arrow. Run it directly to time its start-up:
`python tests/benchmarks/baseline.py --screenshot OUT.png --size 1280x800`.
"""

from __future__ import annotations

import math
import sys

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QMainWindow


class _DragViewBox(pg.ViewBox):
    def __init__(self):
        super().__init__(lockAspect=True, enableMenu=False)
        self.window = None

    def mouseDragEvent(self, ev, axis=None):
        if ev.button() != Qt.MouseButton.LeftButton:
            return super().mouseDragEvent(ev, axis)
        ev.accept()
        p = self.mapSceneToView(ev.scenePos())
        self.window.set_tip(p.x(), p.y())
        return None


class BaselineWindow(QMainWindow):
    def __init__(self):
        super().__init__()
        vb = _DragViewBox()
        self.plot = pg.PlotWidget(viewBox=vb)
        vb.window = self
        self.setCentralWidget(self.plot)
        self.line = pg.PlotCurveItem(pen=pg.mkPen("#d55e00", width=3))
        self.head = pg.ArrowItem(headLen=15, brush="#d55e00", pen=None)
        self.plot.addItem(self.line)
        self.plot.addItem(self.head)
        self.plot.setXRange(-4, 4)
        self.plot.setYRange(-4, 4)
        self.tip = (2.0, 1.0)
        self.set_tip(*self.tip)

    def set_tip(self, x: float, y: float) -> None:
        self.tip = (x, y)
        self.line.setData([0.0, x], [0.0, y])
        self.head.setPos(x, y)
        # ArrowItem's angle 0 points left: turn it to point along the arrow.
        self.head.setStyle(angle=180.0 - math.degrees(math.atan2(y, x)))

    def tip_scene_position(self) -> QPointF:
        return self.plot.getPlotItem().vb.mapViewToScene(QPointF(*self.tip))

    @property
    def viewport(self):
        return self.plot.viewport()


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshot", required=True)
    parser.add_argument("--size", default="1280x800")
    options = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    window = BaselineWindow()
    window.resize(*(int(v) for v in options.size.split("x")))
    window.show()
    for _ in range(3):
        app.processEvents()
    window.grab().toImage().save(options.screenshot, "PNG")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
