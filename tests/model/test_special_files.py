"""Only regular files are read or written: the model's checks (safe_paths) and its scene reader."""

import errno
import os

import pytest

from qk_explorer.model import make_scene, safe_paths
from qk_explorer.model.safe_paths import PathError, PathProblem, printable, read_regular, writable_target
from qk_explorer.model.scene_file import MAX_FILE_BYTES, read_scene_file, write_scene
from tests.corpus import scene_files
from tests.corpus.scene_files import within


@pytest.mark.parametrize("special", scene_files.SPECIAL, ids=str)
def test_the_reader_refuses_what_is_not_a_regular_file_at_once(special, tmp_path):
    path = special.path(tmp_path)
    with within(2), pytest.raises(PathError) as caught:
        read_scene_file(str(path))
    assert caught.value.problem is special.problem
    message = str(caught.value)
    assert message.startswith(f"{path}") and "\n" not in message
    assert os.path.lexists(path)


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_the_reader_refuses_a_device_named_directly(device):
    with within(2), pytest.raises(PathError) as caught:
        read_scene_file(device)
    assert caught.value.problem is PathProblem.SPECIAL
    assert str(caught.value) == f"{device} is a device; only regular files are read or written"


def test_a_symlink_to_a_regular_file_is_read(tmp_path):
    scene = make_scene((2, 1), [(1, 2)], title="linked")
    (tmp_path / "real.qkscene.json").write_text(write_scene(scene))
    (tmp_path / "link.json").symlink_to("real.qkscene.json")
    assert read_scene_file(str(tmp_path / "link.json")) == scene


def test_a_file_that_becomes_a_fifo_after_the_check_is_still_refused(tmp_path, monkeypatch):
    """os.stat said regular, but a FIFO is what gets opened: O_NONBLOCK opens it at once, fstat refuses."""
    path = tmp_path / "swapped.json"
    os.mkfifo(path)
    regular = os.stat(__file__)
    real_stat = os.stat

    def stat(p, *args, **kwargs):
        return regular if p == str(path) else real_stat(p, *args, **kwargs)

    monkeypatch.setattr(safe_paths.os, "stat", stat)
    with within(2), pytest.raises(PathError) as caught:
        read_regular(str(path), MAX_FILE_BYTES)
    assert caught.value.problem is PathProblem.SPECIAL


def test_an_unreadable_file_names_itself(tmp_path, monkeypatch):
    path = tmp_path / "secret.json"
    path.write_text("{}")

    def denied(p, *_a):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), p)

    monkeypatch.setattr(safe_paths.os, "open", denied)
    with pytest.raises(PathError) as caught:
        read_regular(str(path), 100)
    assert str(caught.value) == f"{path}: Permission denied"


def test_a_file_larger_than_the_limit_reads_one_byte_past_it(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 5000)
    assert len(read_regular(str(path), 100)) == 101
    assert len(read_regular(str(path), 10_000)) == 5000


# ---- may I write here? --------------------------------------------------------------------------


def test_a_new_path_and_a_regular_file_may_be_written(tmp_path):
    assert writable_target(str(tmp_path / "new.json")) == str(tmp_path / "new.json")
    (tmp_path / "old.json").write_text("{}")
    assert writable_target(str(tmp_path / "old.json")) == str(tmp_path / "old.json")


def test_a_symlink_gives_the_file_it_points_to(tmp_path):
    (tmp_path / "real.json").write_text("{}")
    (tmp_path / "link.json").symlink_to("real.json")
    assert writable_target(str(tmp_path / "link.json")) == str(tmp_path / "real.json")
    (tmp_path / "dangling.json").symlink_to("not-yet.json")
    assert writable_target(str(tmp_path / "dangling.json")) == str(tmp_path / "not-yet.json")


@pytest.mark.parametrize("special", scene_files.SPECIAL, ids=str)
def test_nothing_but_a_regular_file_may_be_written(special, tmp_path):
    path = special.path(tmp_path)
    before = os.lstat(path)
    with pytest.raises(PathError) as caught:
        writable_target(str(path))
    assert caught.value.problem is special.problem
    after = os.lstat(path)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


@pytest.mark.parametrize(
    ("name", "problem", "words"),
    [
        ("a" * 300 + ".png", PathProblem.OS_ERROR, "File name too long"),
        ("missing-folder/x.json", PathProblem.NO_FOLDER, "does not exist"),
        ("a-file/x.json", PathProblem.OS_ERROR, "Not a directory"),
    ],
)
def test_a_path_the_system_refuses_is_one_line(name, problem, words, tmp_path):
    (tmp_path / "a-file").write_text("")
    with pytest.raises(PathError) as caught:
        writable_target(str(tmp_path / name))
    assert caught.value.problem is problem
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_printable_escapes_control_characters_and_lone_surrogates():
    assert printable("plain ñandú · q·k") == "plain ñandú · q·k"
    assert printable("a\nb\x00c\td\x1b\u2028\ud800") == "a\\nb\\x00c\\td\\x1b\\u2028\\ud800"
    assert str(PathError(PathProblem.MISSING, "x\ny.json")) == "x\\ny.json: no such file"
