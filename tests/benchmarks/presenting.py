"""A drag while presenting: the stage at a projector's size, for run.py's rows "8+map present …".

The window opens as drag.open_app_window opens it, enters presentation mode and
takes the screen's size (not full screen: offscreen, that is the platform's own
800 × 800). The stage then shows the essentials of numbers and attention for
the 8 keys beside the drawing; the q drag is timed as drag.measure_app times it,
every block of the stage counted for the repaint proof.
"""

from __future__ import annotations

from drag import close_window, drag_steps, open_app_window, watch
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


def measure_presenting(app, scene, steps: int, size: tuple[int, int], winner_map: bool = True) -> dict:
    from qk_explorer.model.scene import QUERY

    window = open_app_window(app, scene, winner_map)
    window.presentation.enter()
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowFullScreen)
    window.resize(*size)
    app.processEvents()
    window.canvas.fit_scene()
    app.processEvents()
    stage = window.presentation.stage
    counters = [watch([stage, *stage.findChildren(QWidget)])]
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    result = drag_steps(app, window.canvas.viewport(), start, steps, counters)
    result["size"] = f"{size[0]}x{size[1]}"
    window.presentation.leave()
    close_window(app, window)
    return result
