"""The practice on the command line: --check-answer, --variant, --reveal, and the question in the export."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from qk_explorer import app, practice_cli
from qk_explorer.app import main
from qk_explorer.model.practice import QUESTIONS, SEED_LIMIT, variant
from qk_explorer.model.presets import preset_scene
from qk_explorer.text.practice.statements import statement


def checked(capsys, *args) -> dict:
    assert main(["--check-answer", *args]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return json.loads(out)


def refused(capsys, args) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("qk-explorer: error: ")
    return err.removeprefix("qk-explorer: error: ").strip()


def test_dividing_by_dk_is_named_as_such(capsys):
    line = checked(capsys, "weights=0.378, 0.622", "--step", "27", "--lang", "en")
    assert line == {
        "field": "weights",
        "correct": False,
        "mistake": "scaled-by-dk",
        "feedback": "0.378 and 0.622 are what softmax gives if each score is divided by dₖ = 2; "
        "attention divides by √dₖ ≈ 1.414.",
    }


def test_without_a_name_the_first_field_is_checked_in_the_language_asked(capsys):
    line = checked(capsys, "−8,0", "--step", "22", "--lang", "es")
    assert line == {"field": "dot", "correct": True, "mistake": None, "feedback": "Correcto: −8."}


def test_a_variant_exports_its_own_numbers_and_its_question_whose_answer_checks(tmp_path, capsys):
    out = tmp_path / "v.json"
    assert main(["--step", "22", "--variant", "5", "--export-numbers", str(out)]) == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    lesson = preset_scene("question-1")
    assert (document["queries"], document["keys"]) != (
        [list(q) for q in lesson.queries],
        [list(k) for k in lesson.keys],
    )
    assert document["queries"] == [list(variant("question-1", 5).scene.query)]
    question = document["question"]
    assert question["id"] == "question-1" and question["variant"] == 5
    dot = question["fields"][0]
    assert dot["name"] == "dot" and dot["kind"] == "number" and dot["answer"] == document["pair"]["dot"]
    line = checked(capsys, f"dot={dot['answer']}", "--step", "22", "--variant", "5")
    assert line["correct"] is True and line["mistake"] is None
    assert checked(capsys, "dot=-8", "--step", "22", "--variant", "5")["correct"] is False  # the lesson's


def test_the_lessons_question_is_exported_without_a_variant_and_a_step_has_none(tmp_path):
    out = tmp_path / "q.json"
    assert main(["--step", "27", "--export-numbers", str(out)]) == 0
    question = json.loads(out.read_text(encoding="utf-8"))["question"]
    assert question["variant"] is None and [f["name"] for f in question["fields"]] == [
        "logits",
        "weights",
        "winner",
    ]
    assert main(["--step", "8", "--export-numbers", str(out)]) == 0
    assert "question" not in json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize("seed", ["-1", "4294967296", "seven", "1.5", "", "1e3", "99999999999"])
def test_a_seed_outside_its_range_is_refused_in_one_line_naming_the_range(seed, capsys):
    message = refused(capsys, ["--step", "22", "--variant", seed, "--check-answer", "1"])
    assert message == f"--variant must be a whole number from 0 to 4294967295, not '{seed}'"


QUESTION_ITEMS = "from 22 to 33 or 37"  # the twelve, then the chapter's after its three steps


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--reveal"], f"--reveal needs --step N with N a question, {QUESTION_ITEMS}"),
        (["--reveal", "--step", "8"], f"--reveal needs --step N with N a question, {QUESTION_ITEMS}"),
        (["--variant", "3", "--step", "21"], f"--variant needs --step N with N a question, {QUESTION_ITEMS}"),
        (["--check-answer", "4"], f"--check-answer needs --step N with N a question, {QUESTION_ITEMS}"),
        (["--reveal", "--step", "35"], f"--reveal needs --step N with N a question, {QUESTION_ITEMS}"),
        (
            ["--step", "22", "--check-answer", "4", "--screenshot", "/tmp/never.png"],
            "--check-answer cannot be combined with --screenshot; run them one at a time",
        ),
        (
            ["--step", "22", "--check-answer", "4", "--self-test"],
            "--check-answer cannot be combined with --self-test; run them one at a time",
        ),
        (
            ["--step", "23", "--check-answer", "dot=4"],
            "--check-answer: question-2 has no field 'dot' (its fields: cosine)",
        ),
        (
            ["--step", "22", "--check-answer", "minus eight"],
            "--check-answer: “minus eight” cannot be read as a number.",
        ),
        (["--step", "27", "--check-answer", "weights=0.3"], "--check-answer: Expected 2 numbers, found 1."),
        (
            ["--step", "22", "--check-answer", "angle_kind=maybe"],
            "--check-answer: “maybe” is none of the choices: give a number from 1 to 4, or a choice's word.",
        ),
    ],
)
def test_what_has_no_question_or_cannot_be_read_is_one_line_and_exit_2(args, message, capsys):
    assert refused(capsys, args) == message


def test_checking_an_answer_needs_no_display_and_starts_no_qt(tmp_path):
    code = (
        "import sys\n"
        "from qk_explorer.app import main\n"
        "status = main(['--step', '24', '--check-answer', 'projection=(0,8; 1,6)'])\n"
        "print(status, any(m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph') for m in sys.modules))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["correct"] is True
    assert lines[1] == "0 False" and result.stderr == ""


@pytest.fixture
def opened(monkeypatch):
    """Run main() as far as the screenshot; what the window showed then."""
    seen = {}

    def look(_app, window, _path):
        seen.update(
            item=window.lesson.item.id,
            revealed=window.lesson.revealed,
            scene=window.controller.scene,
            withheld=window.controller.withheld,
            readout=window.canvas.readout_text(),
            seed=window.lesson.asking.seed,
            text=window.lesson.panel.body_text(),
        )
        window.close()
        return 0

    monkeypatch.setattr(app, "save_screenshot", look)
    return seen


def test_reveal_opens_the_question_with_its_solution_shown(opened, tmp_path):
    assert (
        main(["--step", "27", "--reveal", "--screenshot", str(tmp_path / "x.png"), "--size", "1280x720"]) == 0
    )
    assert opened["item"] == "question-6" and opened["revealed"]
    assert opened["withheld"] == frozenset() and "= 1" in opened["readout"]
    assert main(["--step", "27", "--screenshot", str(tmp_path / "x.png"), "--size", "1280x720"]) == 0
    assert not opened["revealed"]
    # Unanswered, the question hides what it asks in the picture too.
    assert opened["withheld"] == QUESTIONS["question-6"].asks and opened["readout"].startswith("q·k₁ = ?")


def test_a_variant_opens_its_own_numbers_in_the_window(opened, tmp_path):
    assert (
        main(
            ["--step", "27", "--variant", "7", "--screenshot", str(tmp_path / "x.png"), "--size", "1280x720"]
        )
        == 0
    )
    assert opened["item"] == "question-6"
    seven = variant("question-6", 7)
    assert opened["scene"].keys == seven.scene.keys
    assert opened["seed"] == 7 and opened["withheld"] == QUESTIONS["question-6"].asks
    assert statement(seven, "en") in opened["text"]


def test_the_seeds_range_the_command_line_names_is_the_models():
    assert f"0 to {SEED_LIMIT - 1}" == practice_cli.SEED_RANGE
