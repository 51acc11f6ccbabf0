"""Starting the window with no display: one line that says so, exit status 2, before Qt starts."""

import os
import subprocess
import sys

import pytest

from qk_explorer import cli

NEED_NONE = "--screenshot, --export-numbers, --list-presets and --self-test run without one"


def run_without_display(tmp_path, *args, platform=None):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["XDG_RUNTIME_DIR"] = str(tmp_path)  # no Wayland socket there either
    if platform is not None:
        env["QT_QPA_PLATFORM"] = platform
    command = [sys.executable, "-m", "qk_explorer", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=30, env=env)


@pytest.mark.parametrize("platform", [None, "xcb", "wayland", "wayland;xcb"])
def test_the_window_without_a_display_is_one_line_and_exit_2(platform, tmp_path):
    result = run_without_display(tmp_path, "--preset", "four-keys", platform=platform)
    assert result.returncode == 2
    assert result.stdout == ""
    needs = "" if platform is None else f" (QT_QPA_PLATFORM={platform} needs one)"
    assert result.stderr == (
        "qk-explorer: error: no display to open the window on: neither DISPLAY nor WAYLAND_DISPLAY "
        f"is set{needs}; {NEED_NONE}\n"
    )


def test_a_screenshot_forced_onto_xcb_without_a_display_says_how_to_run_it(tmp_path):
    out = tmp_path / "shot.png"
    result = run_without_display(tmp_path, "--screenshot", str(out), platform="xcb")
    assert result.returncode == 2
    assert not out.exists()
    assert result.stderr == (
        "qk-explorer: error: no display to open the window on: neither DISPLAY nor WAYLAND_DISPLAY "
        "is set (QT_QPA_PLATFORM=xcb needs one); unset QT_QPA_PLATFORM, or set it to offscreen, "
        "to run --screenshot or --self-test without one\n"
    )


def test_a_screenshot_without_a_display_still_works(tmp_path):
    out = tmp_path / "shot.png"
    result = run_without_display(tmp_path, "--screenshot", str(out))
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0


@pytest.mark.parametrize(
    "environ",
    [
        {"DISPLAY": ":0"},  # a display: Qt's own advice on a missing library stays
        {"WAYLAND_DISPLAY": "wayland-1"},
        {"QT_QPA_PLATFORM": "offscreen"},
        {"QT_QPA_PLATFORM": "minimal"},
        {"QT_QPA_PLATFORM": "xcb;offscreen"},  # Qt falls back to one that needs none
        {"QT_QPA_PLATFORM": "eglfs"},
    ],
)
def test_a_display_or_a_platform_that_needs_none_is_left_to_qt(environ):
    assert cli.missing_display(environ, headless=False, system="linux") is None


def test_wayland_finds_its_default_socket_without_wayland_display(tmp_path):
    (tmp_path / "wayland-0").touch()
    environ = {"QT_QPA_PLATFORM": "wayland", "XDG_RUNTIME_DIR": str(tmp_path)}
    assert cli.missing_display(environ, headless=False, system="linux") is None


def test_windows_and_macos_need_no_display_variable():
    assert cli.missing_display({}, headless=False, system="win32") is None
    assert cli.missing_display({}, headless=False, system="darwin") is None
