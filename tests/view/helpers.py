"""Driving the window with real mouse events, as a person would."""

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QGuiApplication, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QGraphicsView

ROOT = Path(__file__).resolve().parents[2]


def view_to_viewport(canvas, point) -> QPoint:
    """Viewport pixel of a point in plane coordinates."""
    scene_pos = canvas.getPlotItem().vb.mapViewToScene(QPointF(*point))
    return canvas.mapFromScene(scene_pos)


def drag(canvas, start, end, steps: int = 12, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """Press at plane point `start`, move in steps with the button held, release at `end`."""
    viewport = canvas.viewport()
    a, b = view_to_viewport(canvas, start), view_to_viewport(canvas, end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, modifiers, a)
    for i in range(1, steps + 1):
        p = a + (b - a) * (i / steps)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifiers, b)


def raise_panel(window, name: str):
    """Bring a panel's tab to the front, as a click on it would; returns the panel."""
    dock = window.docks[name]
    dock.show()
    dock.raise_()
    QTest.qWait(0)
    assert window.dock_shown(name)
    return window.panel(name)


def act(window, name: str) -> QAction:
    """The window's action of that object name (menu items, shortcuts)."""
    action = window.findChild(QAction, name)
    assert action is not None, name
    return action


def on_screen(widget) -> QImage:
    """What the window's paints have left of a widget (the offscreen platform keeps it), not a
    fresh picture of the widget as grab() makes."""
    window = widget.window()
    shot = QGuiApplication.primaryScreen().grabWindow(window.winId()).toImage()
    corner = widget.mapTo(window, QPoint(0, 0))
    ratio = shot.devicePixelRatio()
    return shot.copy(
        round(corner.x() * ratio),
        round(corner.y() * ratio),
        round(widget.width() * ratio),
        round(widget.height() * ratio),
    )


def qt_painting(canvas) -> QImage:
    """The canvas as Qt paints its scene now, every item where it is, without the drag frame."""
    viewport = canvas.viewport()
    ratio = viewport.devicePixelRatioF()
    image = QImage(viewport.size() * ratio, QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(ratio)
    painter = QPainter(image)
    QGraphicsView.render(canvas, painter, QRectF(viewport.rect()), viewport.rect())
    painter.end()
    return image


def run_at_ratio_2(
    module: str, *args: str, platform="offscreen", timeout=600, ratio="2", **extra: str
) -> dict:
    """Run a check module in a child process at device pixel ratio 2, or `ratio` (with `extra` in its
    environment) and return the JSON it prints last: QT_SCALE_FACTOR is read once, as Qt starts."""
    env = {
        **os.environ,
        **extra,
        "QT_QPA_PLATFORM": platform,
        "QT_SCALE_FACTOR": ratio,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    command = [sys.executable, "-m", module, *args]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def type_into(widget, text: str) -> None:
    """Replace a field's text (a spin box's or a line edit's) as a person would, then press Enter."""
    line = widget.lineEdit() if isinstance(widget, QAbstractSpinBox) else widget
    widget.setFocus()
    line.selectAll()
    QTest.keyClicks(line, text)
    QTest.keyClick(line, Qt.Key.Key_Return)
