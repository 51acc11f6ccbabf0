"""--size: the range it allows, and sizes the window cannot take."""

import os
import re
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from qk_explorer.app import main

RANGE = "--size must be from 64x64 to 7680x4320 pixels"


@pytest.mark.parametrize("size", ["100000x100000", "800x123456", "9" * 5000 + "x1"])
def test_a_size_with_too_many_digits_is_told_the_range(size, tmp_path, capsys):
    assert main(["--size", size, "--screenshot", str(tmp_path / "x.png")]) == 2
    assert list(tmp_path.iterdir()) == []
    assert capsys.readouterr().err == f"qk-explorer: error: {RANGE}, not {size}\n"


def run(*args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "qk_explorer", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)


def test_a_size_below_the_windows_minimum_is_refused_naming_it(tmp_path):
    out = tmp_path / "shot.png"
    result = run("--preset", "four-keys", "--size", "200x100", "--screenshot", str(out))
    assert result.returncode == 2
    assert not out.exists()
    match = re.search(
        r"^qk-explorer: error: --size 200x100 is too small for the window and its panels: "
        r"this one needs at least (\d+)x(\d+)$",
        result.stderr,
        re.MULTILINE,
    )
    assert match, result.stderr
    minimum = int(match[1]), int(match[2])
    assert minimum[0] > 200 and minimum[1] > 100
    # The minimum named is one the window takes exactly; one pixel less is refused too.
    exact = f"{minimum[0]}x{minimum[1]}"
    assert run("--preset", "four-keys", "--size", exact, "--screenshot", str(out)).returncode == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == minimum
    narrower = f"{minimum[0] - 1}x{minimum[1]}"
    assert run("--preset", "four-keys", "--size", narrower, "--screenshot", str(out)).returncode == 2


def test_presentation_mode_takes_a_small_size_as_asked(tmp_path):
    out = tmp_path / "shot.png"
    result = run("--presentation", "--size", "320x200", "--screenshot", str(out))
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (320, 200)


@pytest.mark.parametrize("zeros", [1, 4400])
def test_leading_zeros_are_read_as_the_number_they_pad(zeros, tmp_path, capsys):
    """int() refuses strings over 4,300 digits, zeros included: the zeros go before it reads them."""
    from qk_explorer import cli

    assert cli.parse_size("0" * zeros + "1280x" + "0" * zeros + "800") == (1280, 800)
    assert main(["--size", "0" * zeros + "10x10", "--screenshot", str(tmp_path / "x.png")]) == 2
    assert capsys.readouterr().err == f"qk-explorer: error: {RANGE}, not 10x10\n"
