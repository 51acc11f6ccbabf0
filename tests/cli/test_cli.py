"""The command line as a user runs it: a separate process, its exit status and its output."""

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from qk_explorer import cli
from qk_explorer.app import main
from qk_explorer.model.presets import PRESETS
from tests.corpus import scene_files


def run(*args, timeout=60):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "qk_explorer", *args], capture_output=True, text=True, timeout=timeout, env=env
    )


def test_export_numbers_for_the_lesson_pair(tmp_path):
    out = tmp_path / "numbers.json"
    result = run("--preset", "lesson-pair", "--export-numbers", str(out))
    assert result.returncode == 0, result.stderr
    numbers = json.loads(out.read_text())
    pair = numbers["pair"]
    assert numbers["format"] == "qk-explorer-numbers" and numbers["version"] == 2
    assert pair["dot"] == 4 and pair["terms"] == [2, 2]
    assert pair["cosine"] == pytest.approx(0.8)
    assert pair["angle_deg"] == pytest.approx(36.8698976458)
    assert pair["relation"] == "acute"
    assert pair["scalar_projection"] == pytest.approx(1.7888543819998317)
    assert pair["projection"] == pytest.approx([0.8, 1.6])
    assert pair["perpendicular"] == pytest.approx([1.2, -0.6])
    assert pair["residual"] == pytest.approx(0, abs=1e-12)
    assert pair["undefined_reason"] is None


def test_export_of_a_zero_key_writes_null_with_a_reason(tmp_path):
    scene = tmp_path / "zero.qkscene.json"
    scene.write_text('{"query": [2, 1], "keys": [[0, 0]]}')
    out = tmp_path / "numbers.json"
    assert run(str(scene), "--export-numbers", str(out)).returncode == 0
    text = out.read_text()
    assert "NaN" not in text and "Infinity" not in text
    pair = json.loads(text)["pair"]
    assert pair["cosine"] is None and pair["projection"] is None
    assert "zero vector" in pair["undefined_reason"]


def test_screenshot_is_a_png_of_the_requested_size(tmp_path):
    out = tmp_path / "shot.png"
    result = run("--preset", "lesson-pair", "--screenshot", str(out), "--size", "900x600")
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (900, 600)
    # Not a blank picture: the canvas and its arrows have many colours.
    colours = {image.pixel(x, y) for x in range(0, 900, 7) for y in range(0, 600, 7)}
    assert len(colours) > 20


SEVERAL_QUERIES = ["several-queries", "causal-self-attention", "cross-attention", "padding-mask"]


@pytest.mark.parametrize("name", SEVERAL_QUERIES)
def test_the_presets_of_several_queries_export_and_draw(name, tmp_path):
    numbers, shot = tmp_path / "numbers.json", tmp_path / "shot.png"
    args = ["--export-numbers", str(numbers), "--screenshot", str(shot), "--size", "960x640"]
    result = run("--preset", name, *args)
    assert result.returncode == 0, result.stderr
    document = json.loads(numbers.read_text())
    scene = PRESETS[name].scene
    assert document["queries"] == [list(q) for q in scene.queries]
    assert len(document["matrix"]["weights"]) == scene.query_count
    assert document["matrix"]["causal"] is scene.causal
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (960, 640)


def test_starting_the_window_runs_no_full_garbage_collection(tmp_path):
    """Start-up's long-lived objects are not walked by the collector while the window is built."""
    probe = (
        "import gc, sys\n"
        "full = []\n"
        "gc.callbacks.append(lambda phase, info: phase == 'start' and info['generation'] == 2"
        " and full.append(1))\n"
        "from qk_explorer.app import main\n"
        f"status = main(['--preset', 'lesson-pair', '--screenshot', {str(tmp_path / 'shot.png')!r}])\n"
        "print(status, len(full), gc.isenabled(), len(gc.get_objects()) < gc.get_freeze_count())\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env
    )
    assert result.returncode == 0, result.stderr
    # Done, no full collection, the collector on again, start-up's objects set aside (frozen).
    assert result.stdout.split() == ["0", "0", "True", "True"]


def test_list_presets_and_version():
    result = run("--list-presets")
    assert result.returncode == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert names == list(PRESETS)
    assert run("--version").stdout.startswith("qk-explorer ")


@pytest.mark.parametrize(
    "args",
    [
        ["--no-such-flag"],
        ["--preset", "nope"],
        ["/no/such/file.qkscene.json"],
        ["--size", "huge", "--screenshot", "x.png"],
        ["--size", "10x10", "--screenshot", "x.png"],
        ["--screenshot", "/no/such/folder/x.png"],
        ["--export-numbers", "/"],
        ["--lang", "fr"],
        ["--preset", "lesson-pair", "/tmp/other.qkscene.json"],
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("qk-explorer: error: ")
    assert "Traceback" not in result.stderr


def test_a_malformed_scene_file_names_the_field(tmp_path):
    scene = tmp_path / "bad.qkscene.json"
    scene.write_text('{"query": [1, NaN], "keys": [[1, 2]]}')
    result = run(str(scene), "--export-numbers", str(tmp_path / "n.json"))
    assert result.returncode == 2
    assert "query[1]" in result.stderr
    assert not (tmp_path / "n.json").exists()


# ---- the bad-input corpus ---------------------------------------------------------------------


@pytest.mark.parametrize("case", scene_files.ALL, ids=str)
def test_every_corpus_file_on_the_command_line(case, tmp_path, capsys):
    """A bad scene file: exit status 2 and one line naming the file and the field; nothing written."""
    out = tmp_path / "numbers.json"
    path = case.path(tmp_path)
    status = main([str(path), "--export-numbers", str(out)])
    captured = capsys.readouterr()
    if case.problem is None:
        assert status == 0, captured.err
        assert json.loads(out.read_text())["format"] == "qk-explorer-numbers"
        return
    assert status == 2
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith(f"qk-explorer: error: {path}: ")
    assert case.field in lines[0]
    assert captured.out == ""
    assert not out.exists()


def _unwritable_folder(tmp_path):
    if os.geteuid() == 0:  # root writes anywhere on a normal file system; /proc refuses even root
        return "/proc"
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    return str(folder)


@pytest.mark.parametrize(
    "args",
    [
        ["--export-numbers", "{unwritable}/numbers.json"],
        ["--preset", "lesson-pair", "--screenshot", "{unwritable}/shot.png"],
        ["{folder}"],
        ["{folder}", "--export-numbers", "{tmp}/n.json"],
        ["--export-numbers", "{folder}"],
        ["--export-numbers", "{tmp}/is-a-folder.json"],
        ["--export-numbers", "{tmp}/numbers.txt"],
        ["--screenshot", "{tmp}/shot.jpg"],
        ["--size", "0x0", "--screenshot", "{tmp}/shot.png"],
        ["--size", "-5x100", "--screenshot", "{tmp}/shot.png"],
        ["--size", "99999x99999", "--screenshot", "{tmp}/shot.png"],
        ["--size", "1280", "--screenshot", "{tmp}/shot.png"],
        ["--size", "1e3x800", "--screenshot", "{tmp}/shot.png"],
        ["--size", "", "--screenshot", "{tmp}/shot.png"],
        ["--size"],
        ["--preset"],
        ["--theme", "neon"],
        ["--lang", ""],
        ["-x"],
        ["--presentation=yes"],
        ["{tmp}/a.json", "{tmp}/b.json"],
        ["{tmp}/missing.qkscene.json"],
        ["{tmp}/missing.qkscene.json", "--export-numbers", "{tmp}/n.json"],
        ["--screenshot", "{tmp}/" + "a" * 300 + ".png"],
        ["--export-numbers", "{tmp}/" + "b" * 300 + ".json"],
        ["{tmp}/" + "c" * 300 + ".json"],
        ["--size", "8192x8192", "--screenshot", "{tmp}/shot.png"],
        ["--size", "7681x100", "--screenshot", "{tmp}/shot.png"],
        ["--size", "100x4321", "--screenshot", "{tmp}/shot.png"],
        ["--list-presets", "--self-test"],
        ["--list-presets", "--export-numbers", "{tmp}/n.json"],
        ["--list-presets", "--screenshot", "{tmp}/shot.png"],
        ["--self-test", "--screenshot", "{tmp}/shot.png"],
        ["{tmp}/new\nline.json"],
    ],
)
def test_bad_arguments_in_process_are_one_line_and_exit_2(args, tmp_path, capsys):
    (tmp_path / "is-a-folder.json").mkdir()
    values = {"unwritable": _unwritable_folder(tmp_path), "folder": str(tmp_path), "tmp": str(tmp_path)}
    status = main([a.format(**values) for a in args])
    captured = capsys.readouterr()
    assert status == 2
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("qk-explorer: error: ")
    assert "Traceback" not in captured.err
    assert {p.name for p in tmp_path.iterdir()} <= {"is-a-folder.json", "read-only"}


def test_an_unwritable_output_fails_in_a_real_process(tmp_path):
    result = run("--preset", "lesson-pair", "--export-numbers", f"{_unwritable_folder(tmp_path)}/n.json")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("qk-explorer: error: --export-numbers")
    assert "Traceback" not in result.stderr


def test_an_os_error_on_a_path_is_one_line_naming_it(tmp_path, capsys):
    """A file name component over 255 bytes: the system's own words, no traceback."""
    name = str(tmp_path / ("a" * 300 + ".png"))
    assert main(["--preset", "lesson-pair", "--screenshot", name]) == 2
    assert capsys.readouterr().err == f"qk-explorer: error: --screenshot: {name}: File name too long\n"


def test_control_characters_in_an_error_line_are_escaped(tmp_path, capsys):
    path = tmp_path / "two\nlines\x1b.json"
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"qk-explorer: error: {tmp_path}/two\\nlines\\x1b.json: no such file\n"


def test_the_size_is_capped_at_8k_and_the_message_gives_the_range(tmp_path, capsys):
    assert cli.parse_size("7680x4320") == (7680, 4320)
    assert cli.parse_size("64x64") == (64, 64)
    assert main(["--size", "8192x8192", "--screenshot", str(tmp_path / "x.png")]) == 2
    assert list(tmp_path.iterdir()) == []
    assert capsys.readouterr().err == (
        "qk-explorer: error: --size must be from 64x64 to 7680x4320 pixels, not 8192x8192\n"
    )


def test_list_presets_with_self_test_is_refused_not_half_done(capsys):
    assert main(["--list-presets", "--self-test"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "qk-explorer: error: --list-presets cannot be combined with --self-test; run them one at a time\n"
    )
