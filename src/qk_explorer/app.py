"""The composition root: parse the command line, build the controller and the window, run.

Actions that need no display (--list-presets, --export-numbers, --screenshot,
--self-test) switch Qt to its offscreen platform when no display is set or the
one named does not answer, and exit when done.
"""

from __future__ import annotations

import gc
import os
import sys

from . import cli, practice_cli, training_cli
from .model import Scene, compute
from .model.numbers_export import write_numbers
from .model.presets import DEFAULT_PRESET, preset_scene
from .model.safe_paths import PathError
from .model.scene_file import SceneFileError, read_scene_file
from .qt_messages import quiet_harmless_messages
from .window import build_window

APP_NAME = "qk-explorer"
ORGANIZATION = "qk-explorer"
DESKTOP_ID = "io.github.qkexplorer.QKExplorer"  # the .desktop file's name: the window's icon and group


def main(argv: list[str] | None = None) -> int:
    try:
        return _run(argv)
    except OSError as error:  # a path no check foresaw: still one line and exit status 2
        where = f"{error.filename}: " if error.filename else ""
        return cli.fail(f"{where}{error.strerror or error}")


def _run(argv: list[str] | None) -> int:
    try:
        options = cli.parse(sys.argv[1:] if argv is None else argv)
    except cli.UsageError as error:
        return cli.fail(str(error))
    except SystemExit as done:  # --help and --version print and exit 0
        return int(done.code or 0)

    if options.list_presets:
        sys.stdout.write(cli.list_presets(options.lang or cli.environment_language()))
        return 0
    try:
        head = training_cli.train_head(options) if options.train else None  # opened as the scene
        scene = head.scene if head else initial_scene(options)
    except cli.UsageError as error:
        return cli.fail(str(error))

    def numbers() -> str:  # an open check question goes beside the numbers
        return write_numbers(scene, compute(scene), practice_cli.question_document(options))

    exports = (
        ("--export-numbers", options.export_numbers, head.numbers_text if head else numbers),
        ("--export-model", options.export_model, head and head.model_text),
    )
    if any(path for _, path, _ in exports):
        from .view.desktop.file_io import FileError, write_text

        for flag, path, text in exports:
            try:
                if path:
                    write_text(path, text())
            except FileError as error:
                return cli.fail(f"{flag}: {error}")
        if not (options.screenshot or options.self_test or options.check_answer is not None):
            return 0
    if options.check_answer is not None:  # needs no display, and no Qt
        try:
            print(practice_cli.check_answer(options, options.lang or cli.environment_language()))
        except ValueError as error:
            return cli.fail(f"--check-answer: {error}")
        return 0

    headless = bool(options.screenshot or options.self_test)
    # A picture or a self-test needs no display: with none set, or none that answers, and no
    # platform asked for, they are drawn offscreen.
    if headless and "QT_QPA_PLATFORM" not in os.environ and cli.missing_display(os.environ, headless):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    no_display = cli.missing_display(os.environ, headless)
    if no_display:
        return cli.fail(no_display)
    return run_gui(options, scene)


def initial_scene(options) -> Scene:
    if options.step:
        question = practice_cli.instance(options)
        return preset_scene(step_preset(options.step)) if question is None else question.scene
    if options.scene:
        try:
            return read_scene_file(options.scene)
        except PathError as error:  # not a regular file, or not there: refused before opening
            raise cli.UsageError(str(error)) from None
        except SceneFileError as error:
            raise cli.UsageError(f"{options.scene}: {error}") from None
    return preset_scene(options.preset or DEFAULT_PRESET)


def step_preset(n: int) -> str:
    """The preset of the lesson's item n (1-based, as --step counts: steps, then questions)."""
    from .model.lesson_format import load_lesson

    return load_lesson("en").items[n - 1].preset


def prepare_qt() -> None:
    """Settings Qt reads as it starts painting. Without its GUI thread pool Qt fills each small
    antialiased, translucent shape of a drag (the projection band, an arc) itself: handing it
    to worker threads and waiting for them took twice as long (measured on two cores).
    QT_MAX_CACHED_GLYPH_SIZE stays Qt's own (64): raised, Qt's painter asks FreeType for cached
    glyphs that FreeType still draws only as outlines above 64 pixels, and such text is not
    drawn at all — the stage's words vanished at 3840×2160."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def create_application(argv: list[str] | None = None):
    from PySide6.QtWidgets import QApplication

    prepare_qt()
    quiet_harmless_messages()  # before Qt starts: its locale notice comes as the application is made
    app = QApplication.instance() or QApplication(argv or [sys.argv[0]])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName("Q·K Explorer")
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(application_icon())
    return app


def application_icon():
    from PySide6.QtGui import QIcon

    from .resources import resource_path

    try:
        return QIcon(str(resource_path("icons", "qk-explorer.svg")))
    except FileNotFoundError:  # no resources at all: --self-test says so
        return QIcon()


def run_gui(options, scene: Scene) -> int:
    app = create_application()
    if options.self_test:
        from .self_test import run_self_test

        return run_self_test(app)
    # Starting makes some hundred thousand objects (modules, widgets) that live as long as the
    # app; collecting garbage meanwhile walks them again and again, tens of milliseconds of the
    # start. Collect after the window is up, and then skip them for good (freeze).
    gc.disable()
    try:
        preset = None if options.scene or options.train else (options.preset or DEFAULT_PRESET)
        if options.step:
            preset = step_preset(options.step)
        window = build_window(
            scene, options.lang, options.theme, remember=not options.screenshot, preset=preset
        )
        if options.scene:
            window.desktop.documents.adopt(options.scene)
        if options.step:
            window.lesson.go_to(options.step - 1)
            practice_cli.open_question(window, options)
        show_window(window, options)
        too_small = size_refused(window, options.size)
        if too_small:
            return cli.fail(too_small)
        no_page = options.page and open_page(app, window, options)
        if no_page:
            window.close()
            return cli.fail(no_page)
    finally:
        gc.freeze()
        gc.enable()
    if options.screenshot:
        return save_screenshot(app, window, options.screenshot)
    window.desktop.autosave.offer_recovery()
    return app.exec()


def show_window(window, options) -> None:
    """Show the window as the command line asks: its size (else one that fits the screen), and
    presentation mode.

    A screenshot of presentation mode keeps the asked --size (full screen would
    take the whole offscreen screen instead).
    """
    from PySide6.QtCore import Qt

    from .view.shell import screen_fit

    if options.size:
        window.resize(*options.size)
    else:  # the first start's size, or one remembered from a bigger screen
        screen_fit.fit_to_screen(window)
    window.show()
    if not options.size:  # shown, the window has its frame and its docks their widths
        screen_fit.fit_to_screen(window)
        screen_fit.fit_docks(window, window.width())
    if options.presentation:
        window.presentation.enter()
        if options.screenshot and options.size:
            window.setWindowState(window.windowState() & ~Qt.WindowState.WindowFullScreen)
            window.resize(*options.size)
    window.canvas.fit_scene()


def open_page(app, window, options) -> str | None:
    """Show page --page of the step on the stage, laid out at the window's size; or why it has none."""
    app.processEvents()  # the stage takes the window's size and finds the step's pages
    stage = window.presentation.stage
    refused = cli.page_refused(
        options.page, options.step, stage.page_count, (window.width(), window.height())
    )
    if refused is None:
        stage.show_page(options.page - 1)
    return refused


def size_refused(window, size: tuple[int, int] | None) -> str | None:
    """Why the shown window cannot take the asked --size, if it cannot: Qt would silently keep
    its minimum (a 200x100 screenshot came out 715x281). Presentation mode has no minimum."""
    from .view.shell.screen_fit import minimum_size

    least = minimum_size(window)
    if size is None or (size[0] >= least[0] and size[1] >= least[1]):
        return None
    return (
        f"--size {size[0]}x{size[1]} is too small for the window and its panels: "
        f"this one needs at least {least[0]}x{least[1]}"
    )


def save_screenshot(app, window, path: str) -> int:
    from PySide6.QtCore import QBuffer, QIODevice

    from .view.desktop.file_io import FileError, write_bytes

    window.canvas.fit_scene()
    for _ in range(3):
        app.processEvents()
    image = window.grab().toImage()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        return cli.fail("--screenshot: could not encode the picture")
    try:
        write_bytes(path, bytes(buffer.data().data()))
    except FileError as error:
        return cli.fail(f"--screenshot: {error}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
