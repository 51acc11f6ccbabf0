"""Qt's messages on stderr: the offscreen platform's harmless one is silenced, no other."""

import os
import subprocess
import sys

import pytest

HARMLESS = "This plugin does not support propagateSizeHints()"


def run(*args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(args, capture_output=True, text=True, timeout=60, env=env)


def test_a_screenshot_prints_nothing_on_stderr(tmp_path):
    out = tmp_path / "shot.png"
    result = run(sys.executable, "-m", "qk_explorer", "--preset", "four-keys", "--screenshot", str(out))
    assert result.returncode == 0, result.stderr
    assert "propagateSizeHints" not in result.stderr
    assert result.stderr == ""


def test_only_that_message_is_silenced():
    script = (
        "from PySide6.QtCore import qWarning\n"
        "from qk_explorer import qt_messages\n"
        "qt_messages.quiet_harmless_messages()\n"
        f"qWarning({HARMLESS!r})\n"
        "qWarning('something else went wrong')\n"
        f"qWarning({HARMLESS + ' and more'!r})\n"
    )
    result = run(sys.executable, "-c", script)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["something else went wrong", f"{HARMLESS} and more"]


LOCALES = ["C", "POSIX", "en_US.ISO-8859-1", "de_DE.UTF-8", "xx_YY"]  # most not installed here


@pytest.mark.parametrize("locale", LOCALES)
def test_a_refusal_after_qt_started_is_one_line_in_any_locale(locale, tmp_path):
    """Qt warns in four lines when the locale is not UTF-8 (it switches to C.UTF-8 itself)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "LC_ALL": locale}
    out = tmp_path / "o.png"
    command = [sys.executable, "-m", "qk_explorer", "--screenshot", str(out), "--size", "200x100"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("qk-explorer: error: --size 200x100 is too small")
    shot = subprocess.run(command[:-2], capture_output=True, text=True, timeout=60, env=env)
    assert shot.returncode == 0 and shot.stderr == "", shot.stderr
