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
        {"DISPLAY": ":0"},  # a display that answers: Qt's own advice on a missing library stays
        {"WAYLAND_DISPLAY": "wayland-1"},
        {"QT_QPA_PLATFORM": "offscreen"},
        {"QT_QPA_PLATFORM": "minimal"},
        {"QT_QPA_PLATFORM": "xcb;offscreen"},  # Qt falls back to one that needs none
        {"QT_QPA_PLATFORM": "eglfs"},
    ],
)
def test_a_display_or_a_platform_that_needs_none_is_left_to_qt(environ):
    def answers(variable, value, environ):
        return True

    assert cli.missing_display(environ, headless=False, system="linux", answers=answers) is None


def test_wayland_finds_its_default_socket_without_wayland_display(tmp_path):
    (tmp_path / "wayland-0").touch()
    environ = {"QT_QPA_PLATFORM": "wayland", "XDG_RUNTIME_DIR": str(tmp_path)}
    assert cli.missing_display(environ, headless=False, system="linux") is None


def test_windows_and_macos_need_no_display_variable():
    assert cli.missing_display({}, headless=False, system="win32") is None
    assert cli.missing_display({}, headless=False, system="darwin") is None


# ---- a display that is named but does not answer ------------------------------------------------------

GONE = ":4711"  # no X server listens there


def run_with_display(tmp_path, display, *args):
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(DISPLAY=display, XDG_RUNTIME_DIR=str(tmp_path))
    command = [sys.executable, "-m", "qk_explorer", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)


def test_the_headless_actions_do_not_depend_on_a_display_that_is_gone(tmp_path):
    out, numbers = tmp_path / "o.png", tmp_path / "n.json"
    shot = run_with_display(tmp_path, GONE, "--screenshot", str(out), "--export-numbers", str(numbers))
    assert (shot.returncode, shot.stderr) == (0, "")
    assert out.stat().st_size > 0 and numbers.stat().st_size > 0
    test = run_with_display(tmp_path, GONE, "--self-test")
    assert test.returncode == 0 and test.stdout.startswith("qk-explorer self-test passed: "), test.stderr
    assert run_with_display(tmp_path, GONE, "--list-presets").returncode == 0


def test_the_window_on_a_display_that_is_gone_is_one_line_naming_it_and_exit_2(tmp_path):
    result = run_with_display(tmp_path, GONE, "--preset", "four-keys")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"qk-explorer: error: the display named by DISPLAY={GONE} does not answer; {NEED_NONE}\n"
    )


def test_a_remote_display_that_does_not_answer_is_said_at_once():
    # 192.0.2.0/24 is for documentation: nothing answers there, and the refusal needs no minutes.
    environ = {"DISPLAY": "192.0.2.1:0"}
    assert "does not answer" in cli.missing_display(environ, headless=False, system="linux")


def test_one_display_that_answers_is_enough():
    def answers(variable, value, environ):
        return variable == "WAYLAND_DISPLAY"

    environ = {"DISPLAY": GONE, "WAYLAND_DISPLAY": "wayland-1"}
    assert cli.missing_display(environ, headless=False, system="linux", answers=answers) is None
    # A display whose answer cannot be told (no libxcb) is left to Qt.
    assert cli.missing_display({"DISPLAY": GONE}, False, "linux", answers=lambda *a: None) is None


def test_a_display_that_answers_is_found_so(tmp_path):
    """A real X server (Xvfb, when installed): the same question gets yes."""
    import shutil

    from qk_explorer import display

    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    # -noreset: else the server starts over as the first probe disconnects, and refuses the second.
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", "320x200x24"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        number = server.stdout.readline().decode().strip()  # written once it accepts connections
        assert number.isdigit()
        assert display.x11_answers(f":{number}") is True
        assert cli.missing_display({"DISPLAY": f":{number}"}, headless=False, system="linux") is None
    finally:
        server.kill()
        server.wait(timeout=30)
        server.stdout.close()
    assert display.x11_answers(f":{number}") is False
