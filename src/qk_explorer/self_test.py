"""qk-explorer --self-test: prove this installation works, with no display needed.

The same checks run from a source checkout, an installed wheel and the frozen
bundle: numpy computes the lesson's numbers for every preset, the main window
renders, a scene file survives a round trip through a temporary folder, each
translation, the icon and at least one font load. It prints one line and
returns 0, or one line naming every check that failed and returns 1.
"""

from __future__ import annotations

import math
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from . import __version__
from .qt_messages import pass_on

PREFIX = "qk-explorer self-test"
WINDOW_SIZE = (960, 640)
ICON_FILE = ("icons", "qk-explorer.svg")


class CheckFailed(Exception):
    """A check found something wrong; the message says what, for the user."""


def check_presets(app) -> str:
    import numpy as np

    from .model import compute
    from .model.numbers_export import write_numbers
    from .model.presets import PRESETS, preset_scene

    for name, preset in PRESETS.items():
        try:
            write_numbers(preset.scene, compute(preset.scene))  # refuses NaN and infinity
        except Exception as error:
            raise CheckFailed(f"preset '{name}' does not compute ({error})") from error
    pair = compute(preset_scene("lesson-pair")).pair
    if pair.dot != 4 or not math.isclose(pair.cosine or 0, 0.8, rel_tol=1e-12):
        raise CheckFailed(f"lesson-pair gives q·k = {pair.dot}, cos θ = {pair.cosine}; expected 4 and 0.8")
    weights = compute(preset_scene("lesson-attention")).attention.weights or ()
    expected = (1 / (1 + math.exp(1 / math.sqrt(2))), 1 / (1 + math.exp(-1 / math.sqrt(2))))
    if len(weights) != 2 or not all(
        math.isclose(w, e, rel_tol=1e-9) for w, e in zip(weights, expected, strict=True)
    ):
        raise CheckFailed(f"lesson-attention weights are {weights}; expected {expected}")
    m = np.arange(64.0).reshape(8, 8)
    if (m @ m.T)[0, 0] != 140.0:  # a matrix product goes through numpy's BLAS
        raise CheckFailed("numpy's matrix product is wrong")
    return f"{len(PRESETS)} presets computed"


def check_window(app) -> str:
    from .model.presets import preset_scene
    from .window import build_window

    window = build_window(preset_scene("lesson-attention"), "en", "light")
    try:
        window.resize(*WINDOW_SIZE)
        window.show()
        window.canvas.fit_scene()
        for _ in range(3):
            app.processEvents()
        image = window.grab().toImage()
    finally:
        window.close()
        window.deleteLater()
        app.processEvents()
    if image.isNull():
        raise CheckFailed("the main window gave no picture")
    w, h = image.width(), image.height()
    if (w, h) != WINDOW_SIZE:
        raise CheckFailed(f"the main window rendered at {w}×{h}, not {WINDOW_SIZE[0]}×{WINDOW_SIZE[1]}")
    colours = {image.pixel(x, y) for x in range(0, w, 8) for y in range(0, h, 8)}
    if len(colours) < 20:
        raise CheckFailed(f"the main window rendered blank ({len(colours)} colours)")
    return f"window rendered {w}×{h}"


def check_scene_file(app) -> str:
    from .model.presets import preset_scene
    from .model.scene_file import SUFFIX, read_scene, write_scene
    from .view.desktop.file_io import read_bytes, write_text

    scene = preset_scene("masked-key")
    with tempfile.TemporaryDirectory(prefix="qk-self-test-") as folder:
        path = str(Path(folder) / f"round-trip{SUFFIX}")
        write_text(path, write_scene(scene))
        again = read_scene(read_bytes(path))
    if again != scene:
        raise CheckFailed("a scene file read back differs from the scene written")
    return "scene file round trip"


def check_translations(app) -> str:
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    from .choices import LANGUAGES
    from .i18n import catalogue_path

    loaded = []
    for lang in LANGUAGES:
        if lang == "en":  # the source language needs no catalogue
            continue
        own = QTranslator()
        path = catalogue_path(lang)
        if not own.load(str(path)) or own.isEmpty():
            raise CheckFailed(f"cannot load {path}")
        qt = QTranslator()
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if not qt.load(QLocale(lang), "qtbase", "_", folder) or qt.isEmpty():
            raise CheckFailed(f"cannot load Qt's qtbase_{lang}.qm from {folder}")
        loaded.append(f"{lang} (app, Qt)")
    return "translations " + ", ".join(loaded)


def check_icon(app) -> str:
    from PySide6.QtGui import QIcon, QImage

    from .resources import resource_path

    path = resource_path(*ICON_FILE)
    if not path.is_file():
        raise CheckFailed(f"{path} is missing")
    if QImage(str(path)).isNull():
        raise CheckFailed(f"cannot read {path} (Qt's SVG image plugin is missing)")
    image = QIcon(str(path)).pixmap(64, 64).toImage()
    if image.isNull():
        raise CheckFailed(f"cannot draw {path} as an icon (Qt's SVG icon plugin is missing)")
    opaque = sum(1 for x in range(64) for y in range(64) if image.pixelColor(x, y).alpha() > 0)
    if opaque < 64 * 64 // 2:
        raise CheckFailed(f"{path} draws almost nothing")
    return "icon"


def check_fonts(app) -> str:
    from PySide6.QtGui import QFontInfo, QFontMetrics

    font = app.font()
    if not QFontMetrics(font).inFont("q"):
        raise CheckFailed(
            "no usable font, so text would show as boxes: install fontconfig and a font "
            "(Debian: fontconfig fonts-dejavu-core)"
        )
    return f"font {QFontInfo(font).family()}"


CHECKS: tuple[tuple[str, Callable], ...] = (
    ("presets", check_presets),
    ("window", check_window),
    ("scene file", check_scene_file),
    ("translations", check_translations),
    ("icon", check_icon),
    ("fonts", check_fonts),
)


def run_self_test(app, checks=CHECKS) -> int:
    from PySide6.QtCore import qInstallMessageHandler

    started = time.perf_counter()
    passed, failed = [], []
    previous = qInstallMessageHandler(pass_on)
    try:
        for name, check in checks:
            try:
                passed.append(check(app))
            except CheckFailed as problem:
                failed.append(f"{name}: {problem}")
            except Exception as error:  # anything else is a failure of that check, not a crash
                failed.append(f"{name}: {type(error).__name__}: {error}")
    finally:
        qInstallMessageHandler(previous)
    if failed:
        print(f"{PREFIX} FAILED: {'; '.join(failed)}", file=sys.stderr, flush=True)
        return 1
    seconds = time.perf_counter() - started
    print(f"{PREFIX} passed: qk-explorer {__version__}, {', '.join(passed)} in {seconds:.1f} s", flush=True)
    return 0
