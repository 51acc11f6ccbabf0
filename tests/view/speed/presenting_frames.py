"""Frames of a drag while presenting, set beside Qt's own painting of the same scene.

Run as a program under QT_SCALE_FACTOR=2 on an offscreen screen of 3840 × 2160 device pixels (or 1.5
on 2880 × 1620)
(test_presenting_frames.py runs it so) it opens the window on 1920 × 1080 logical pixels,
presents eight keys with the winner map on, drags q by real mouse events and, at some steps
and after a long jump, compares what the drag's frames left on screen with the canvas as
QGraphicsView renders the scene itself. It prints the largest difference of a colour channel
at each comparison, the device pixel ratio and how many frames the drag frame painted, as JSON.
"""

from __future__ import annotations

import json
import os
import sys

from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtTest import QTest

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY

from ..helpers import act, qt_painting
from ..lecture_hall.stage_check import present
from .test_drag_frame_work import frames_painted_by, largest_difference

KEYS = [(1.0, 0.2), (-0.8, 1.1), (0.3, -1.4), (1.6, 1.2), (-1.5, -0.4), (0.1, 1.8), (-0.6, -1.2), (1.9, -0.7)]
VALUES = [
    (0.4, 0.9),
    (-1.2, 0.3),
    (0.8, -0.6),
    (-0.3, -1.1),
    (1.1, 0.5),
    (-0.7, 1.4),
    (0.2, 0.6),
    (-1.0, -0.8),
]


def on_screen(widget) -> QImage:
    """What the paints have left of a widget, read from the whole screen: at device pixel ratio 2
    the offscreen platform gives a window's own grab at its logical size, a quarter of it."""
    shot = QGuiApplication.primaryScreen().grabWindow(0).toImage()
    corner = widget.mapToGlobal(QPoint(0, 0))
    ratio = widget.devicePixelRatioF()
    return shot.copy(
        round(corner.x() * ratio),
        round(corner.y() * ratio),
        round(widget.width() * ratio),
        round(widget.height() * ratio),
    )


def common(a: QImage, b: QImage) -> tuple[QImage, QImage]:
    """Both pictures cut to the size they share: at a ratio of 1.5 a widget of an odd width covers
    a fraction of a device pixel, which the screen's grab and Qt's rendering round apart."""
    width, height = min(a.width(), b.width()), min(a.height(), b.height())
    return a.copy(0, 0, width, height), b.copy(0, 0, width, height)


def settled() -> None:
    for _ in range(3):  # the event loop goes idle between two moves of a real mouse
        QCoreApplication.processEvents()


def main() -> dict:
    from qk_explorer.app import create_application
    from qk_explorer.window import build_window
    from tests.isolation import isolate_for_this_process

    create_application()
    isolate_for_this_process("qk-frames")
    window = build_window(make_scene((1.5, 0.6), KEYS, VALUES), lang="en", theme="projector")
    window.controller.snap_enabled = False  # every step moves q
    window.show()
    present(window, (1920, 1080))
    assert window.geometry().topLeft() == QPoint(0, 0), window.geometry()  # where on_screen reads it
    act(window, "winnerMap").trigger()
    settled()
    canvas = window.canvas
    viewport = canvas.viewport()
    frames = frames_painted_by(canvas._drag_frame)
    start = canvas.mapFromScene(canvas.tip_scene_position(QUERY))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(8, 8))  # past the drag threshold
    settled()
    differences = []
    moves = [QPoint(10 + 6 * i, 8 - 5 * i) for i in range(12)] + [QPoint(-260, 190), QPoint(90, -60)]
    for i, offset in enumerate(moves):
        QTest.mouseMove(viewport, start + offset)
        settled()
        if i % 4 == 3 or i >= len(moves) - 2:
            differences.append(largest_difference(*common(on_screen(viewport), qt_painting(canvas))))
    result = {
        "ratio": viewport.devicePixelRatioF(),
        "differences": differences,
        "frames": frames[True],
        "left_to_qt": frames[False],
    }
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    settled()
    return result


if __name__ == "__main__":
    from tests.isolation import remove_folders

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    print(json.dumps(main()), flush=True)
    sys.stdout.flush()
    remove_folders()
    os._exit(0)  # no closing: the dragged scene would be offered for saving
