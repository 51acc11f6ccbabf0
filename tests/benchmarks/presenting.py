"""A drag while presenting: the stage at a projector's size, for run.py's rows "8+map present …".

3840 × 2160 at device pixel ratio 2 is drawn in a process of its own under QT_SCALE_FACTOR=2
(a screen of 1920 × 1080 logical pixels, twice as many device pixels each way):
`python presenting.py --child 1920x1080 --steps N` prints that drag's figures as JSON.

The window opens as drag.open_app_window opens it, enters presentation mode and
takes the screen's size (not full screen: offscreen, that is the platform's own
800 × 800). The stage then shows the essentials of numbers and attention for
the 8 keys beside the drawing; the q drag is timed as drag.measure_app times it,
every block of the stage counted for the repaint proof.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from drag import close_window, drag_steps, open_app_window, watch
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


def enter_presenting(app, window, size: tuple[int, int]) -> None:
    """Presentation mode in a window of the screen's size, the scene framed there."""
    window.presentation.enter()
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowFullScreen)
    window.resize(*size)
    app.processEvents()
    window.canvas.fit_scene()
    app.processEvents()


def measure_presenting_at_ratio_2(steps: int) -> dict:
    """The same drag on 3840 × 2160 at device pixel ratio 2, in a process of its own."""
    here = Path(__file__).resolve()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"}
    cmd = [sys.executable, str(here), "--child", "1920x1080", "--steps", str(steps)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["size"] = "3840x2160 (device pixel ratio 2)"
    return result


def measure_presenting(app, scene, steps: int, size: tuple[int, int], winner_map: bool = True) -> dict:
    from qk_explorer.model.scene import QUERY

    window = open_app_window(app, scene, winner_map)
    enter_presenting(app, window, size)
    stage = window.presentation.stage
    counters = [watch([stage, *stage.findChildren(QWidget)])]
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    result = drag_steps(app, window.canvas.viewport(), start, steps, counters)
    result["size"] = f"{size[0]}x{size[1]}"
    window.presentation.leave()
    close_window(app, window)
    return result


if __name__ == "__main__":  # the child of measure_presenting_at_ratio_2
    import pyqtgraph as pg
    from drag import ensure_app
    from scenes import scene_with_keys

    pg.setConfigOptions(mouseRateLimit=0)
    width, height = (int(v) for v in sys.argv[sys.argv.index("--child") + 1].split("x"))
    count = int(sys.argv[sys.argv.index("--steps") + 1])
    figures = measure_presenting(ensure_app(), scene_with_keys(8), count, (width, height))
    print(json.dumps(figures))
