"""--page K: with --step N --presentation, the stage opens at page K of the step's words."""

import re

import pytest

from qk_explorer import app
from qk_explorer.app import main

STEP_14 = ["--step", "14", "--presentation", "--theme", "projector", "--lang", "es", "--size", "1366x768"]


@pytest.fixture
def opened(monkeypatch):
    """Run main() as far as the screenshot; the stage's page and marker then."""
    seen = {}

    def look(_app, window, _path):
        stage = window.presentation.stage
        marker = stage.block("title").marker
        seen.update(page=stage.pager.page, pages=stage.page_count, marker=marker.text() * marker.isVisible())
        window.presentation.leave()
        window.close()
        return 0

    monkeypatch.setattr(app, "save_screenshot", look)
    return seen


def test_page_2_of_step_14_opens_there(opened, tmp_path):
    assert main([*STEP_14, "--page", "2", "--screenshot", str(tmp_path / "p2.png")]) == 0
    assert opened["page"] == 1 and opened["pages"] >= 3
    assert opened["marker"] == f"◂ 2/{opened['pages']} ▸"


def test_without_page_a_step_opens_at_its_first(opened, tmp_path):
    assert main([*STEP_14, "--screenshot", str(tmp_path / "p.png")]) == 0
    assert opened["page"] == 0 and opened["marker"] == f"1/{opened['pages']} ▸"


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_a_page_past_the_last_is_refused_naming_the_range(opened, tmp_path, capsys):
    out = tmp_path / "p9.png"
    assert main([*STEP_14, "--page", "9", "--screenshot", str(out)]) == 2
    pattern = (
        r"qk-explorer: error: --page must be from 1 to (\d) for step 14 at 1366x768: "
        r"its words fill \1 pages there, not 9"
    )
    assert re.fullmatch(pattern, one_error_line(capsys))
    assert not out.exists() and opened == {}  # refused before any picture


def test_a_step_on_one_page_takes_only_page_1(tmp_path, capsys):
    args = ["--step", "8", "--presentation", "--size", "1920x1080", "--page", "2"]
    assert main([*args, "--screenshot", str(tmp_path / "p.png")]) == 2
    assert one_error_line(capsys) == (
        "qk-explorer: error: --page must be 1 for step 8 at 1920x1080: its words fit on one page there, not 2"
    )


WHOLE = "--page must be a whole number from 1, not"
NEEDS = "--page needs --step N and --presentation: it picks a page of a step on the stage"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--step", "14", "--presentation", "--page", "two"], f"{WHOLE} 'two'"),
        (["--step", "14", "--presentation", "--page", "1.5"], f"{WHOLE} '1.5'"),
        (["--step", "14", "--presentation", "--page", "-1"], f"{WHOLE} '-1'"),
        (["--step", "14", "--presentation", "--page", ""], f"{WHOLE} ''"),
        (["--step", "14", "--presentation", "--page", "0"], "--page counts from 1, not 0"),
        (["--step", "14", "--page", "2"], NEEDS),
        (["--presentation", "--page", "2"], NEEDS),
    ],
)
def test_a_bad_page_is_refused_in_one_line(args, message, tmp_path, capsys):
    out = tmp_path / "x.png"
    assert main([*args, "--screenshot", str(out)]) == 2
    assert one_error_line(capsys) == f"qk-explorer: error: {message}"
    assert not out.exists()


def test_a_page_with_nothing_drawn_is_refused(tmp_path, capsys):
    args = ["--step", "14", "--presentation", "--page", "2", "--export-numbers", str(tmp_path / "n.json")]
    assert main(args) == 2
    assert one_error_line(capsys) == (
        "qk-explorer: error: --presentation only shapes the window or a --screenshot; "
        "--export-numbers alone draws nothing"
    )
    assert not (tmp_path / "n.json").exists()
