"""The shared interpreter runs a pasted program as a new one would: its own namespace, its output,
its warnings every time, its errors; and the worked examples print the same there as in a new one."""

import sys

import pytest

from qk_explorer.model import compute
from qk_explorer.model.presets import preset_scene
from qk_explorer.text.worked_example import worked_example

from .snippet_runner import SnippetRunner
from .test_worked_example import _torch_python, run, run_fresh


@pytest.fixture
def runner():
    made = SnippetRunner(sys.executable, timeout=60)
    yield made
    made.close()


def test_each_program_has_its_own_namespace_and_is_main(runner):
    assert runner.run("x = 41\nprint(__name__)") == (True, "__main__\n", "")
    ok, out, err = runner.run("print(x)")
    assert not ok and "NameError" in err and out == ""


def test_a_warning_is_said_for_every_program_as_in_a_new_interpreter(runner):
    warn = "import warnings\nwarnings.warn('careful', UserWarning)\n"
    for _ in range(2):
        ok, _out, err = runner.run(warn)
        assert ok and "UserWarning: careful" in err
    ok, _out, err = runner.run("import warnings\nwarnings.warn('old', DeprecationWarning)\n")
    assert "DeprecationWarning: old" in err  # shown in __main__, as Python shows it there


def test_an_error_or_an_exit_with_a_status_fails_the_program(runner):
    assert runner.run("raise SystemExit(3)")[0] is False
    assert runner.run("raise SystemExit(0)")[0] is True
    assert runner.run("1 / 0")[0] is False
    assert runner.run("print('still here')") == (True, "still here\n", "")


@pytest.mark.parametrize("kind", ["numpy", "pytorch"])
def test_a_worked_example_prints_the_same_shared_as_in_a_new_interpreter(kind):
    python = _torch_python() if kind == "pytorch" else sys.executable
    for name in ("several-queries", "question-8"):
        scene = preset_scene(name)
        code = worked_example(kind, scene, compute(scene), "es")
        assert run(code, python) == run_fresh(code, python)
