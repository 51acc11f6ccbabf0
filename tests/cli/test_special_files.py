"""The command line reads and writes regular files only: a named pipe, a socket, a device or a folder
is refused at once in one line, exit status 2, and left exactly as it was."""

import os
import subprocess
import sys

import pytest

from tests.corpus import scene_files

SECONDS = 2  # a FIFO used to block the reader for ever: the refusal must come at once


def run(*args, cwd=None):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "qk_explorer", *args],
        capture_output=True,
        text=True,
        timeout=SECONDS,
        env=env,
        cwd=cwd,
    )


def one_error_line(result) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("qk-explorer: error: ")
    return lines[0]


def identity(path):
    st = os.lstat(path)
    return st.st_ino, st.st_mode, st.st_size


@pytest.mark.parametrize("special", scene_files.SPECIAL, ids=str)
def test_reading_anything_but_a_regular_file_is_refused_at_once(special, tmp_path):
    path = special.path(tmp_path)
    out = tmp_path / "numbers.json"
    line = one_error_line(run(str(path), "--export-numbers", str(out)))
    assert str(path) in line
    assert not out.exists()


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_a_device_named_directly_is_not_read(device, tmp_path):
    line = one_error_line(run(device, "--export-numbers", str(tmp_path / "n.json")))
    assert line == f"qk-explorer: error: {device} is a device; only regular files are read or written"
    assert not (tmp_path / "n.json").exists()


@pytest.mark.parametrize("special", scene_files.SPECIAL, ids=str)
@pytest.mark.parametrize(("flag", "name"), [("--export-numbers", "out.json"), ("--screenshot", "out.png")])
def test_writing_over_anything_but_a_regular_file_is_refused_and_touches_nothing(
    special, flag, name, tmp_path
):
    path = special.path(tmp_path, name)
    before = identity(path)
    line = one_error_line(run("--preset", "lesson-pair", flag, str(path)))
    assert line.startswith(f"qk-explorer: error: {flag}: {path}")
    assert identity(path) == before


def test_a_symlink_to_a_device_keeps_the_device_and_the_link(tmp_path):
    link = tmp_path / "numbers.json"
    link.symlink_to("/dev/null")
    before = identity("/dev/null")
    line = one_error_line(run("--export-numbers", str(link)))
    assert line.endswith(f"{link} is a device; only regular files are read or written")
    assert link.is_symlink() and os.readlink(link) == "/dev/null"
    assert identity("/dev/null") == before


def test_a_symlink_to_a_regular_file_writes_that_file_and_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real.name)
    result = subprocess.run(
        [sys.executable, "-m", "qk_explorer", "--preset", "lesson-pair", "--export-numbers", str(link)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert '"qk-explorer-numbers"' in real.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]
