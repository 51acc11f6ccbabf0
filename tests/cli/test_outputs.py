"""What the command line writes: never onto what it reads, never under another name than the one
asked for, and never for an argument that asks nothing (an empty name, an option no action uses)."""

import os

import pytest

from qk_explorer.app import main
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene_file import write_scene


def one_error_line(capsys) -> str:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("qk-explorer: error: ")
    assert captured.out == ""
    return lines[0]


@pytest.fixture
def scene_file(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(write_scene(preset_scene("lesson-attention")))
    return path


# ---- an output that is the input --------------------------------------------------------------------


def test_exporting_the_numbers_onto_the_scene_read_is_refused(scene_file, capsys):
    before = scene_file.read_bytes()
    assert main([str(scene_file), "--export-numbers", str(scene_file)]) == 2
    line = one_error_line(capsys)
    assert line == (
        f"qk-explorer: error: --export-numbers: {scene_file} is the scene file being read; "
        "write the output to another file"
    )
    assert scene_file.read_bytes() == before


@pytest.mark.parametrize("flag", ["--export-numbers", "--screenshot"])
def test_an_output_that_is_a_link_to_the_scene_read_is_refused(flag, scene_file, tmp_path, capsys):
    link = tmp_path / ("out.json" if flag == "--export-numbers" else "out.png")
    link.symlink_to(scene_file)
    before = scene_file.read_bytes()
    assert main([str(scene_file), flag, str(link)]) == 2
    assert "is the scene file being read" in one_error_line(capsys)
    assert scene_file.read_bytes() == before and link.is_symlink()


def test_a_screenshot_onto_a_scene_file_named_png_is_refused(tmp_path, capsys):
    scene = tmp_path / "scene.png"  # a scene file may have any name
    scene.write_text(write_scene(preset_scene("lesson-pair")))
    before = scene.read_bytes()
    assert main([str(scene), "--screenshot", str(scene)]) == 2
    assert "is the scene file being read" in one_error_line(capsys)
    assert scene.read_bytes() == before


def test_two_outputs_that_are_one_file_are_refused(tmp_path, capsys):
    numbers = tmp_path / "n.json"
    numbers.write_text("{}")
    picture = tmp_path / "n.png"
    picture.symlink_to(numbers)
    assert main(["--export-numbers", str(numbers), "--screenshot", str(picture)]) == 2
    line = one_error_line(capsys)
    assert line == (
        f"qk-explorer: error: --screenshot: {picture} is the file --export-numbers writes; "
        "write each output to a file of its own"
    )
    assert numbers.read_text() == "{}"


def test_an_output_beside_the_input_is_written(scene_file, tmp_path, capsys):
    out = tmp_path / "numbers.json"
    assert main([str(scene_file), "--export-numbers", str(out)]) == 0, capsys.readouterr().err
    assert out.exists()


# ---- names that are not UTF-8 -----------------------------------------------------------------------


def listing(folder) -> list[bytes]:
    return sorted(os.listdir(os.fsencode(folder)))


@pytest.mark.parametrize(
    ("flag", "name"), [("--export-numbers", b"\xff\xfe.json"), ("--screenshot", b"\xff.png")]
)
def test_an_output_named_with_bytes_that_are_not_utf8_is_refused_and_nothing_is_written(
    flag, name, tmp_path, capsys
):
    path = os.path.join(os.fsencode(tmp_path), name)
    assert main(["--preset", "lesson-pair", flag, os.fsdecode(path)]) == 2
    line = one_error_line(capsys)
    assert line.startswith(f"qk-explorer: error: {flag}: {tmp_path}/\\udcff")
    assert line.endswith("the name is not valid UTF-8; choose a name in UTF-8")
    assert listing(tmp_path) == []  # neither the name asked for nor a U+FFFD one


def test_a_scene_named_with_bytes_that_are_not_utf8_is_read(tmp_path, capsys):
    """Reading needs no name in Qt: the scene opens; only writing under such a name is refused."""
    path = os.path.join(os.fsencode(tmp_path), b"\xff.json")
    with open(path, "w") as file:
        file.write(write_scene(preset_scene("lesson-pair")))
    out = tmp_path / "numbers.json"
    assert main([os.fsdecode(path), "--export-numbers", str(out)]) == 0, capsys.readouterr().err
    assert listing(tmp_path) == sorted([b"\xff.json", b"numbers.json"])


# ---- arguments that ask for nothing ---------------------------------------------------------------------


def test_an_empty_scene_name_is_refused(tmp_path, capsys):
    out = tmp_path / "o.json"
    assert main(["", "--export-numbers", str(out)]) == 2
    assert one_error_line(capsys) == "qk-explorer: error: the scene file name is empty"
    assert not out.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--self-test", "--export-numbers", "{tmp}/o.json"],
            "--self-test cannot be combined with --export-numbers; run them one at a time",
        ),
        (["--self-test", "--size", "100x100"], "--self-test runs alone: drop --size"),
        (["--self-test", "--preset", "lesson-pair"], "--self-test runs alone: drop --preset"),
        (["--self-test", "{tmp}/s.json"], "--self-test runs alone: drop the scene file"),
        (["--self-test", "--presentation"], "--self-test runs alone: drop --presentation"),
        (["--list-presets", "{tmp}/nothing.json"], "--list-presets takes only --lang: drop the scene file"),
        (["--list-presets", "--preset", "lesson-pair"], "--list-presets takes only --lang: drop --preset"),
        (["--list-presets", "--theme", "dark"], "--list-presets takes only --lang: drop --theme"),
        (
            ["--export-numbers", "{tmp}/o.json", "--size", "800x600"],
            "--size only shapes the window or a --screenshot; --export-numbers alone draws nothing",
        ),
        (
            ["--export-numbers", "{tmp}/o.json", "--theme", "dark"],
            "--theme only shapes the window or a --screenshot; --export-numbers alone draws nothing",
        ),
        (
            ["--step", "22", "--check-answer", "4", "--size", "800x600"],
            "--size only shapes the window or a --screenshot; --check-answer alone draws nothing",
        ),
        (
            ["--step", "22", "--export-numbers", "{tmp}/o.json", "--reveal"],
            "--reveal only shapes the window or a --screenshot; --export-numbers alone draws nothing",
        ),
        (["--self-test", "--step", "22", "--reveal"], "--self-test runs alone: drop --step"),
    ],
)
def test_an_option_that_would_do_nothing_is_refused(args, message, tmp_path, capsys):
    assert main([a.format(tmp=tmp_path) for a in args]) == 2
    assert one_error_line(capsys) == f"qk-explorer: error: {message}"
    assert list(tmp_path.iterdir()) == []


def test_list_presets_in_a_language_is_still_one_command(capsys):
    assert main(["--list-presets", "--lang", "es"]) == 0
    assert "lesson-pair" in capsys.readouterr().out


def test_an_answer_is_checked_in_the_language_asked(capsys):
    assert main(["--step", "22", "--check-answer", "4", "--lang", "es"]) == 0
    assert capsys.readouterr().out.startswith("{")
