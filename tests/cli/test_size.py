"""--size: the range it allows, and sizes the window cannot take."""

import pytest

from qk_explorer.app import main

RANGE = "--size must be from 64x64 to 7680x4320 pixels"


@pytest.mark.parametrize("size", ["100000x100000", "800x123456", "9" * 5000 + "x1"])
def test_a_size_with_too_many_digits_is_told_the_range(size, tmp_path, capsys):
    assert main(["--size", size, "--screenshot", str(tmp_path / "x.png")]) == 2
    assert list(tmp_path.iterdir()) == []
    assert capsys.readouterr().err == f"qk-explorer: error: {RANGE}, not {size}\n"
