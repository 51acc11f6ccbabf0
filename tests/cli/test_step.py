"""--step N: the window opens the lesson at item N (its steps, then its questions numbered on)."""

import json

import pytest

from qk_explorer import app
from qk_explorer.app import main
from qk_explorer.model.lesson_format import load_lesson
from qk_explorer.model.presets import preset_scene

LESSON = load_lesson("en")
TOTAL = len(LESSON.items)


@pytest.fixture
def opened(monkeypatch):
    """Run main() as far as the screenshot; what the window showed then."""
    seen = {}

    def look(_app, window, _path):
        guide = window.lesson
        seen.update(
            item=guide.item.id,
            active=guide.active,
            position=window.panel("lesson").position_text(),
            query=window.controller.scene.query,
            undo_steps=window.controller.undo_stack.count(),
            modified=window.isWindowModified(),
            presenting=window.presentation.active,
        )
        window.presentation.leave()
        window.close()
        return 0

    monkeypatch.setattr(app, "save_screenshot", look)
    return seen


@pytest.mark.parametrize(
    ("n", "item", "position"),
    [
        (1, "multiply", "Step 1 of 21"),
        (8, "scale-softmax", "Step 8 of 21"),
        (12, "matrix", "Step 12 of 21"),
        (19, "bilinear-form", "Step 19 of 21"),
        (22, "question-1", "Question 1 of 12"),
        (33, "question-12", "Question 12 of 12"),
        (34, "untrained-head", "A head that learned · Step 1 of 3"),
        (TOTAL, "question-trained-head", "A head that learned · Question"),
    ],
)
def test_step_opens_the_lesson_there(n, item, position, opened, tmp_path):
    status = main(["--step", str(n), "--screenshot", str(tmp_path / "x.png"), "--size", "1280x720"])
    assert status == 0
    assert opened["item"] == item and opened["active"] and opened["position"] == position
    assert opened["query"] == preset_scene(LESSON.items[n - 1].preset).query
    assert opened["undo_steps"] == 0 and not opened["modified"]


def test_step_with_a_preset_and_presentation(opened, tmp_path):
    args = ["--preset", "lesson-pair", "--step", "8", "--presentation", "--lang", "es"]
    assert main([*args, "--screenshot", str(tmp_path / "x.png"), "--size", "1366x768"]) == 0
    assert opened["item"] == "scale-softmax" and opened["presenting"]
    assert opened["position"] == "Paso 8 de 21"
    assert opened["query"] == (1.0, 2.0)  # the step's own scene, not the preset's


def test_step_exports_the_numbers_of_its_scene(tmp_path):
    out = tmp_path / "n.json"
    assert main(["--step", "8", "--export-numbers", str(out)]) == 0
    numbers = json.loads(out.read_text())
    assert numbers["attention"]["weights"] == pytest.approx([0.3302, 0.6698], abs=1e-4)


@pytest.mark.parametrize("value", ["0", str(TOTAL + 1), "-1", "eight", "", "1.5"])
def test_a_step_out_of_range_is_refused_naming_the_range(value, capsys):
    status = main(["--step", value, "--export-numbers", "/tmp/never-written.json"])
    err = capsys.readouterr().err
    assert status == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("qk-explorer: error: --step")
    assert f"from 1 to {TOTAL} (steps 1–21, then questions 1–12 as 22–33, " in lines[0]
    assert f"then the chapter “A head that learned” as 34–{TOTAL})" in lines[0]


def test_a_step_and_a_scene_file_are_refused(tmp_path, capsys):
    scene = tmp_path / "s.qkscene.json"
    scene.write_text('{"query": [1, 2], "keys": [[1, 0]]}')
    assert main([str(scene), "--step", "3"]) == 2
    assert capsys.readouterr().err.startswith("qk-explorer: error: give either a scene file or --step")
