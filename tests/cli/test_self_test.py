"""qk-explorer --self-test: one line and exit 0 when all is well; the failing check named otherwise."""

import os
import subprocess
import sys

from qk_explorer import __version__, resources, self_test
from qk_explorer.model.presets import PRESETS


def run_without_display(*args, **extra_env):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(extra_env)
    return subprocess.run(
        [sys.executable, "-m", "qk_explorer", *args], capture_output=True, text=True, timeout=120, env=env
    )


def test_self_test_passes_with_no_display_and_prints_one_line():
    result = run_without_display("--self-test")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    line = lines[0]
    assert line.startswith(f"qk-explorer self-test passed: qk-explorer {__version__}, ")
    for part in (f"{len(PRESETS)} presets computed", "window rendered 960×640", "scene file round trip"):
        assert part in line
    assert "translations es (app, Qt)" in line and "icon" in line
    assert result.stderr.strip() == "", result.stderr


def test_without_fonts_the_fonts_check_fails_and_says_what_to_install(tmp_path):
    config = tmp_path / "fonts.conf"
    config.write_text('<?xml version="1.0"?><fontconfig></fontconfig>\n')  # fontconfig finds no fonts
    result = run_without_display("--self-test", FONTCONFIG_FILE=str(config))
    assert result.returncode == 1
    assert result.stdout == ""
    assert (
        "fonts: no usable font, so text would show as boxes: install fontconfig and a font" in result.stderr
    )


def test_missing_resources_fail_and_name_what_is_missing(qapp, tmp_path, monkeypatch, capsys):
    (tmp_path / "i18n").mkdir()  # a resources folder without catalogues or icons
    monkeypatch.setattr(resources, "resource_root", lambda: tmp_path)
    assert self_test.run_self_test(qapp) == 1
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    line = lines[0]
    assert line.startswith("qk-explorer self-test FAILED: ")
    assert f"translations: cannot load {tmp_path / 'i18n' / 'qk_explorer_es.qm'}" in line
    assert f"icon: {tmp_path / 'icons' / 'qk-explorer.svg'} is missing" in line
    for working in ("presets:", "window:", "scene file:", "fonts:"):
        assert working not in line


def test_an_unexpected_error_is_a_named_failure_not_a_crash(qapp, capsys):
    def broken(app):
        raise ValueError("no numbers today")

    checks = (*self_test.CHECKS[:1], ("numbers", broken))
    assert self_test.run_self_test(qapp, checks) == 1
    assert "numbers: ValueError: no numbers today" in capsys.readouterr().err


def test_a_blank_window_fails_the_window_check(qapp, monkeypatch, capsys):
    from PySide6.QtGui import QColor, QPixmap

    from qk_explorer.view.shell.main_window import MainWindow

    def blank(window):
        pixmap = QPixmap(*self_test.WINDOW_SIZE)
        pixmap.fill(QColor("white"))
        return pixmap

    monkeypatch.setattr(MainWindow, "grab", blank)
    assert self_test.run_self_test(qapp, (("window", self_test.check_window),)) == 1
    assert "window: the main window rendered blank (1 colours)" in capsys.readouterr().err
