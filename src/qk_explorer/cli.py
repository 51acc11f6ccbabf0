"""The command line: what to open, and the actions that need no window.

Bad input is one line on stderr — `qk-explorer: error: …`, control characters
escaped — and exit status 2, never a traceback. That includes any OS error on a
path: outputs are checked with model/safe_paths.py (the same check every write
makes) before anything is computed, so a refused run touches nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

from . import __version__, practice_cli, training_cli
from .choices import LANGUAGES, THEME_NAMES
from .model.presets import DEFAULT_PRESET, PRESETS
from .model.safe_paths import PathError, printable, writable_target

PROG = "qk-explorer"
MIN_SIZE = 64
MAX_WIDTH, MAX_HEIGHT = 7680, 4320  # 8K UHD; 8192×8192 took 19 s and 1.1 GB


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROG,
        description="Drag a query and keys: see how an inner product measures alignment "
        "and how scaled dot-product attention turns it into weights.",
    )
    p.add_argument("scene", nargs="?", metavar="SCENE.json", help="a scene file to open")
    p.add_argument("--preset", metavar="NAME", help=f"open a named scene (default: {DEFAULT_PRESET})")
    p.add_argument("--list-presets", action="store_true", help="list the named scenes and exit")
    p.add_argument(
        "--step",
        metavar="N",
        help="open the lesson at item N: its steps first, then its questions numbered on",
    )
    p.add_argument("--lang", choices=LANGUAGES, help="interface language (default: the system's)")
    p.add_argument("--theme", choices=THEME_NAMES, help="colour theme (default: system)")
    p.add_argument("--presentation", action="store_true", help="start in presentation mode")
    p.add_argument(
        "--page",
        metavar="K",
        help="with --step N --presentation: show page K of the step on the stage (from 1; a step "
        "whose words do not fit at once goes over pages)",
    )
    p.add_argument("--screenshot", metavar="OUT.png", help="save a picture of the window and exit")
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    p.add_argument("--export-numbers", metavar="OUT.json", help="write every number as JSON and exit")
    training_cli.add_arguments(p)
    p.add_argument("--self-test", action="store_true", help="check the installation and exit")
    practice_cli.add_arguments(p)
    p.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    return p


def parse(argv: list[str] | None) -> argparse.Namespace:
    options = build_parser().parse_args(argv)
    if options.scene == "":
        raise UsageError("the scene file name is empty")
    if options.scene is not None and options.preset is not None:
        raise UsageError("give either a scene file or --preset, not both")
    if options.preset is not None and options.preset not in PRESETS:
        raise UsageError(f"unknown preset '{options.preset}' (see --list-presets)")
    trained = training_cli.problem(options)
    if trained:
        raise UsageError(trained)
    options.size = None if options.size is None else parse_size(options.size)
    if options.step is not None:
        if options.scene is not None:
            raise UsageError("give either a scene file or --step, not both: a step opens its own scene")
        options.step = parse_step(options.step)
    if options.page is not None:
        if options.step is None or not options.presentation:
            raise UsageError(
                "--page needs --step N and --presentation: it picks a page of a step on the stage"
            )
        options.page = parse_page(options.page)
    try:
        practice_cli.check_options(options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    _refuse_what_does_nothing(options)
    suffixes = {"--export-numbers": (".json",), "--export-model": (".json",), "--screenshot": (".png",)}
    outputs = [
        (flag, path)
        for flag, path in (
            ("--export-numbers", options.export_numbers),
            ("--export-model", options.export_model),
            ("--screenshot", options.screenshot),
        )
        if path is not None
    ]
    for flag, path in outputs:
        check_output_path(flag, path, suffixes[flag])
    _refuse_writing_over_inputs(options.scene, outputs)
    return options


ACTIONS = (
    "--list-presets",
    "--self-test",
    "--screenshot",
    "--export-numbers",
    "--export-model",
    "--check-answer",
)


def _given(options) -> list[str]:
    """The actions, then the options, this run was given, named as a message names them."""
    return [
        name
        for name, given in (
            ("--list-presets", options.list_presets),
            ("--self-test", options.self_test),
            ("--screenshot", options.screenshot is not None),
            ("--export-numbers", options.export_numbers is not None),
            ("--export-model", options.export_model is not None),
            ("--check-answer", options.check_answer is not None),
            ("the scene file", options.scene is not None),
            ("--preset", options.preset is not None),
            ("--step", options.step is not None),
            ("--train", options.train is not None),
            ("--lang", options.lang is not None),
            ("--theme", options.theme is not None),
            ("--presentation", options.presentation),
            ("--page", options.page is not None),
            ("--size", options.size is not None),
            ("--reveal", options.reveal),
            ("--variant", options.variant is not None),
        )
        if given
    ]


def _refuse_what_does_nothing(options) -> None:
    """An action that ends the run must not silently skip another one that was asked for, nor
    may an option that no action of the run uses be ignored."""
    given = _given(options)
    asked = [name for name in given if name in ACTIONS]
    others = [name for name in given if name not in ACTIONS]
    if (options.list_presets or options.self_test) and len(asked) > 1:
        raise UsageError(f"{asked[0]} cannot be combined with {asked[1]}; run them one at a time")
    if options.self_test and others:
        raise UsageError(f"--self-test runs alone: drop {others[0]}")
    unused_by_the_list = [name for name in others if name != "--lang"]
    if options.list_presets and unused_by_the_list:
        raise UsageError(f"--list-presets takes only --lang: drop {unused_by_the_list[0]}")
    undrawn = [name for name in ("--export-numbers", "--export-model", "--check-answer") if name in asked]
    if undrawn and not options.screenshot:  # the run ends without a window or a picture
        drawing = ["--theme", "--presentation", "--page", "--size", "--reveal"]
        if "--check-answer" not in asked:  # its feedback is in the language asked
            drawing.insert(0, "--lang")
        for name in drawing:
            if name in others:
                raise UsageError(
                    f"{name} only shapes the window or a --screenshot; {undrawn[0]} alone draws nothing"
                )


def parse_size(text: str) -> tuple[int, int]:
    allowed = f"from {MIN_SIZE}x{MIN_SIZE} to {MAX_WIDTH}x{MAX_HEIGHT}"
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise UsageError(f"--size must look like 1280x800 ({allowed}), not '{text}'")
    # Far too large: said as given, not converted (int() refuses over 4,300 digits).
    if max(len(match[1].lstrip("0")), len(match[2].lstrip("0"))) > 5:
        raise UsageError(f"--size must be {allowed} pixels, not {match[1]}x{match[2]}")
    w, h = int(match[1].lstrip("0") or "0"), int(match[2].lstrip("0") or "0")
    if not (MIN_SIZE <= w <= MAX_WIDTH and MIN_SIZE <= h <= MAX_HEIGHT):
        raise UsageError(f"--size must be {allowed} pixels, not {w}x{h}")
    return w, h


def parse_step(text: str) -> int:
    """N of --step: the lesson's items in the order the lesson panel goes through them."""
    from .model.lesson import LessonError
    from .model.lesson_format import load_lesson

    try:
        lesson = load_lesson("en")
    except LessonError as error:
        raise UsageError(f"--step: the lesson cannot be read ({error})") from None
    steps, questions, total = len(lesson.steps), len(lesson.questions), len(lesson.items)
    parts = [f"steps 1–{steps}", f"then questions 1–{questions} as {steps + 1}–{steps + questions}"]
    for chapter in lesson.chapters:
        numbers = [n for n, item in enumerate(lesson.items, 1) if item.chapter == chapter]
        parts.append(f"then the chapter “{chapter}” as {numbers[0]}–{numbers[-1]}")
    valid = f"from 1 to {total} ({', '.join(parts)})"
    if not re.fullmatch(r"\s*\d{1,6}\s*", text):
        raise UsageError(f"--step must be a whole number {valid}, not '{text}'")
    n = int(text)
    if not 1 <= n <= total:
        raise UsageError(f"--step must be {valid}, not {n}")
    return n


def parse_page(text: str) -> int:
    """K of --page, from 1; whether step N has that many pages is known once the stage is laid out
    (page_refused)."""
    if not re.fullmatch(r"\s*\d{1,6}\s*", text):
        raise UsageError(f"--page must be a whole number from 1, not '{text}'")
    k = int(text)
    if k < 1:
        raise UsageError(f"--page counts from 1, not {k}")
    return k


def page_refused(page: int, step: int, pages: int, size: tuple[int, int]) -> str | None:
    """Why step N on this stage has no page K, if it has not."""
    if page <= pages:
        return None
    there = f"step {step} at {size[0]}x{size[1]}"
    if pages == 1:
        return f"--page must be 1 for {there}: its words fit on one page there, not {page}"
    return f"--page must be from 1 to {pages} for {there}: its words fill {pages} pages there, not {page}"


def check_output_path(flag: str, path: str, suffixes: tuple[str, ...]) -> None:
    """Refuse, before any work, an output that could not or may not be written: the same check
    (safe_paths.writable_target) that the write itself makes again."""
    if not path.lower().endswith(suffixes):
        raise UsageError(f"{flag} needs a file name ending in {' or '.join(suffixes)}: '{path}'")
    try:
        target = writable_target(path)
    except PathError as error:
        raise UsageError(f"{flag}: {error}") from None
    folder = Path(target).parent
    if not _can_create_in(folder) or (os.path.lexists(target) and not os.access(target, os.W_OK)):
        raise UsageError(f"{flag}: cannot write to '{path}'")


def _can_create_in(folder: Path) -> bool:
    """Whether a file can be made in `folder`: the output is written next to it first, then renamed.

    os.access() answers yes to root even where nobody can write (/proc, a read-only mount)."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def _refuse_writing_over_inputs(scene: str | None, outputs: list[tuple[str, str]]) -> None:
    """An output may be neither the scene file read (through a link too) nor another output."""
    for i, (flag, path) in enumerate(outputs):
        if scene is not None and _same_file(path, scene):
            raise UsageError(f"{flag}: {path} is the scene file being read; write the output to another file")
        for other_flag, other in outputs[:i]:
            if _same_file(path, other):
                raise UsageError(
                    f"{flag}: {path} is the file {other_flag} writes; write each output to a file of its own"
                )


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file: the same inode when both exist, else the same place."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def fail(message: str) -> int:
    """Say what is wrong on one line (control characters escaped); the exit status is 2."""
    print(f"{PROG}: error: {printable(message)}", file=sys.stderr)
    return 2


# Qt platforms that draw on a display server: X11's, and Wayland's in their variants.
_DISPLAY_PLATFORMS = ("xcb", "wayland")
_NAMED = ("WAYLAND_DISPLAY", "DISPLAY")


def missing_display(environ, headless: bool, system: str = sys.platform, answers=None) -> str | None:
    """Why no window can open, when Qt's platform needs a display and none is set or the one named
    does not answer; else None. `answers(variable, value, environ)` asks a display (display.py).

    Checked before Qt starts: without a display Qt aborts (status 134) blaming a library
    (xcb-cursor0). With a display that answers, Qt's own advice on a missing library is left as it is."""
    if system in ("win32", "darwin"):
        return None
    wanted = environ.get("QT_QPA_PLATFORM", "")
    platforms = [entry.split(":")[0].strip() for entry in wanted.split(";") if entry.strip()]
    if any(not name.startswith(_DISPLAY_PLATFORMS) for name in platforms):
        return None  # Qt goes on to one that needs no display (offscreen, minimal, eglfs…)
    needs = f" (QT_QPA_PLATFORM={wanted} needs one)" if wanted else ""
    if headless and wanted:
        advice = (
            "unset QT_QPA_PLATFORM, or set it to offscreen, to run --screenshot or --self-test without one"
        )
    else:
        advice = "--screenshot, --export-numbers, --list-presets and --self-test run without one"
    if environ.get("WAYLAND_SOCKET"):
        return None  # a connection handed over already: nothing to ask
    named = [(variable, environ[variable]) for variable in _NAMED if environ.get(variable)]
    if named:
        if answers is None:
            from .display import answers
        if any(answers(variable, value, environ) is not False for variable, value in named):
            return None
        which = " nor ".join(f"{variable}={value}" for variable, value in named)
        return f"the display named by {which} does not answer{needs}; {advice}"
    runtime = environ.get("XDG_RUNTIME_DIR")
    wayland = any(name.startswith("wayland") for name in platforms)
    if wayland and runtime and os.path.exists(os.path.join(runtime, "wayland-0")):  # its default
        return None
    return f"no display to open the window on: neither DISPLAY nor WAYLAND_DISPLAY is set{needs}; {advice}"


def list_presets(lang: str = "en") -> str:
    """One line per preset: its name, then its title in `lang` (no Qt needed)."""
    from .model.lesson_format import preset_titles

    titles = preset_titles(lang if lang in LANGUAGES else "en")
    width = max(len(name) for name in PRESETS)
    return "".join(f"{name:<{width}}  {titles[name]}\n" for name in PRESETS)


def environment_language(environ=None) -> str:
    """The interface language the environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for entry in environ.get(variable, "").split(":"):
            code = entry.split(".")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix") and variable != "LANGUAGE":
                return "en"
    return "en"
