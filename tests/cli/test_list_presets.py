"""--list-presets in either language, without loading Qt."""

import os
import subprocess
import sys

import pytest

from qk_explorer import cli
from qk_explorer.model.lesson_format import preset_titles
from qk_explorer.model.presets import PRESETS


def run(*args, env=None):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "qk_explorer", *args], capture_output=True, text=True, timeout=60, env=env
    )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_list_presets_in_a_language(lang):
    result = run("--list-presets", "--lang", lang)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    titles = preset_titles(lang)
    for line, name in zip(lines, PRESETS, strict=True):
        assert line.endswith(titles[name])
    if lang == "es":
        assert "Pregunta 6: puntuaciones, logits y pesos" in result.stdout
    else:
        assert "Question 6: scores, logits and weights" in result.stdout


def test_list_presets_follows_the_environment_language():
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_ES.UTF-8"}
    assert "Pregunta 1" in run("--list-presets", env=env).stdout
    env["LANG"] = "de_DE.UTF-8"
    assert "Question 1" in run("--list-presets", env=env).stdout


def test_list_presets_does_not_load_qt():
    code = (
        "import sys; from qk_explorer import app, cli; "
        "out = cli.list_presets('es'); "
        "assert 'Pregunta 1' in out; "
        "assert not any(m.startswith(('PySide6', 'shiboken6', 'pyqtgraph')) for m in sys.modules), "
        "sorted(m for m in sys.modules if 'PySide' in m)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es_MX"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "en_GB.UTF-8"}, "es"),
        ({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"}, "es"),
        ({"LC_MESSAGES": "en_US.UTF-8", "LANG": "es_ES"}, "en"),
    ],
)
def test_environment_language(environ, expected):
    assert cli.environment_language(environ) == expected
