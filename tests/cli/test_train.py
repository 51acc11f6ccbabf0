"""--train, --seed, --steps and --export-model as a user runs them.

The model file and the numbers export are checked against a forward pass written
here again from docs/formats.md alone, with sequences and targets drawn here too:
someone else, given only the files, gets the same predictions and attention.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from PySide6.QtGui import QImage

from qk_explorer.app import main

SYMBOLS = "ABCDEFGH"


def run(*args, timeout=120):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "qk_explorer", *args], capture_output=True, text=True, timeout=timeout, env=env
    )


def head_from_file(document: dict):
    """The documented forward pass, from the model file's fields alone: logits and weights."""
    e, p = np.array(document["token_embedding"]), np.array(document["position_embedding"])
    w_q, w_k, w_v = (np.array(document[name]) for name in ("w_q", "w_k", "w_v"))
    w_o, w_u = np.array(document["w_o"]), np.array(document["unembedding"])

    def forward(tokens: np.ndarray):
        n = tokens.shape[1]
        out_logits, out_weights = [], []
        for sequence in tokens:
            x = [e[t] + p[i] for i, t in enumerate(sequence)]  # xᵢ = E[tᵢ] + P[i]
            q, k, v = ([w @ xi for xi in x] for w in (w_q, w_k, w_v))
            logits, weights = [], []
            for i in range(n):
                s = np.array([q[i] @ k[j] / np.sqrt(document["d_k"]) for j in range(i + 1)])
                w = np.exp(s - s.max()) / np.exp(s - s.max()).sum()
                o = sum(w[j] * v[j] for j in range(i + 1))
                logits.append(w_u @ (x[i] + w_o @ o))
                weights.append([*w, *[0.0] * (n - i - 1)])
            out_logits.append(logits)
            out_weights.append(weights)
        return np.array(out_logits), np.array(out_weights)

    return forward


def previous_token_accuracy(forward, sequences: int, seed: int) -> float:
    tokens = np.random.default_rng(seed).integers(0, 8, size=(sequences, 8))
    logits, _ = forward(tokens)
    return float((logits[:, 1:].argmax(axis=-1) == tokens[:, :-1]).mean())


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trained")
    model, numbers = folder / "m.json", folder / "n.json"
    result = run("--train", "previous-token", "--seed", "3", "--export-model", str(model))
    assert result.returncode == 0, result.stderr
    result = run("--train", "previous-token", "--seed", "3", "--export-numbers", str(numbers))
    assert result.returncode == 0, result.stderr
    return json.loads(model.read_text()), json.loads(numbers.read_text())


def test_the_model_file_recomputed_from_the_file_alone_predicts_the_previous_token(outputs):
    model, _ = outputs
    assert (model["task"], model["seed"], model["steps"]) == ("previous-token", 3, 400)
    assert previous_token_accuracy(head_from_file(model), 2000, seed=2024) >= 0.99
    assert model["accuracy"] >= 0.99


def test_the_numbers_export_is_the_scene_the_head_opens_and_its_training(outputs):
    model, numbers = outputs
    assert numbers["training"]["task"] == "previous-token"
    assert (numbers["training"]["seed"], numbers["training"]["steps"]) == (3, 400)
    assert numbers["training"]["accuracy"] == model["accuracy"] >= 0.99
    assert 0 < numbers["training"]["loss"] < 0.05
    labels = numbers["tokens"]["labels"]
    assert [label.split("@")[1] for label in labels] == [str(i) for i in range(1, 9)]
    sequence = np.array([[SYMBOLS.index(label.split("@")[0]) for label in labels]])
    _, weights = head_from_file(model)(sequence)
    assert np.abs(np.array(numbers["matrix"]["weights"]) - weights[0]).max() <= 1e-12
    assert numbers["matrix"]["causal"] is True
    assert [int(np.argmax(row)) for row in numbers["matrix"]["weights"][1:]] == list(range(7))


def test_a_trained_head_presents_and_screenshots_like_any_scene(tmp_path):
    shot = tmp_path / "stage.png"
    result = run(
        "--train",
        "pointer",
        "--steps",
        "200",
        "--presentation",
        "--screenshot",
        str(shot),
        "--size",
        "1280x720",
    )
    assert result.returncode == 0, result.stderr
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1280, 720)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--train", "sorting"],
            "--train must be one of previous-token, running-max, pointer, not 'sorting'",
        ),
        (
            ["--train", "pointer", "--seed", "-1"],
            "--seed must be a whole number from 0 to 4294967295, not '-1'",
        ),
        (
            ["--train", "pointer", "--seed", "4294967296"],
            "--seed must be a whole number from 0 to 4294967295",
        ),
        (
            ["--train", "pointer", "--steps", "20001"],
            "--steps must be a whole number from 0 to 20000, not '20001'",
        ),
        (
            ["--train", "pointer", "--steps", "ten"],
            "--steps must be a whole number from 0 to 20000, not 'ten'",
        ),
        (["--seed", "3"], "--seed needs --train TASK"),
        (["--export-model", "{tmp}/m.json"], "--export-model needs --train TASK"),
        (["--train", "pointer", "--preset", "lesson-pair"], "give either --train or --preset, not both"),
        (["--train", "pointer", "--step", "3"], "give either --train or --step, not both"),
        (["--train", "pointer", "{tmp}/a.qkscene.json"], "give either --train or a scene file, not both"),
        (["--list-presets", "--train", "pointer"], "--list-presets takes only --lang: drop --train"),
        (["--self-test", "--train", "pointer"], "--self-test runs alone: drop --train"),
        (
            ["--train", "pointer", "--theme", "dark", "--export-model", "{tmp}/m.json"],
            "--theme only shapes the window or a --screenshot; --export-model alone draws nothing",
        ),
        (
            ["--train", "pointer", "--export-model", "{tmp}/m.json", "--export-numbers", "{tmp}/m.json"],
            "--export",
        ),
        (
            ["--train", "pointer", "--export-model", "{tmp}/m.txt"],
            "--export-model needs a file name ending in .json",
        ),
        (
            ["--train", "pointer", "--export-model", "{tmp}/no/m.json"],
            "--export-model: {tmp}/no/m.json: the folder",
        ),
    ],
)
def test_bad_training_options_are_one_line_with_the_valid_range(args, message, tmp_path, capsys):
    status = main([a.format(tmp=tmp_path) for a in args])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert err.startswith(f"qk-explorer: error: {message.format(tmp=tmp_path)}")
    assert list(tmp_path.iterdir()) == []


def test_the_model_and_the_numbers_in_one_run_are_of_the_same_head(tmp_path):
    model, numbers = tmp_path / "m.json", tmp_path / "n.json"
    args = ["--train", "running-max", "--seed", "1", "--steps", "100"]
    assert main([*args, "--export-model", str(model), "--export-numbers", str(numbers)]) == 0
    model, numbers = json.loads(model.read_text()), json.loads(numbers.read_text())
    assert numbers["projections"]["w_q"] == model["w_q"]
    assert numbers["training"]["steps"] == model["steps"] == 100
