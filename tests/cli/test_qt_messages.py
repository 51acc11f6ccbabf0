"""Qt's messages on stderr: the offscreen platform's harmless one is silenced, no other."""

import os
import subprocess
import sys

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
