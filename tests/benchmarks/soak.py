"""A long drag in one process, reporting resident memory; run by run.py in a subprocess
so a crash is seen as a crash (a signal or a non-zero exit), not as a hung benchmark."""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return float("nan")


def main() -> int:
    import pyqtgraph as pg
    from drag import ensure_app, open_app_window
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from scenes import scene_with_keys

    from qk_explorer.model.scene import QUERY

    steps = int(sys.argv[1])
    pg.setConfigOptions(mouseRateLimit=0)
    app = ensure_app()
    window = open_app_window(app, scene_with_keys(8))
    viewport = window.canvas.viewport()
    start = window.canvas.mapFromScene(window.canvas.tip_scene_position(QUERY))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    warm = None
    for i in range(steps):
        QTest.mouseMove(viewport, start + QPoint(8 + (i * 7) % 120, 8 + (i * 13) % 90))
        app.processEvents()
        if i == 1000:
            warm = rss_mb()
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    app.processEvents()
    end = rss_mb()
    print(
        json.dumps(
            {
                "steps": steps,
                "rss_warm_mb": warm,
                "rss_end_mb": end,
                "undo_steps": window.controller.undo_stack.count(),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
