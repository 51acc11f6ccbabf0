"""docs/formats.md's forward pass, run as written there, gives the model's own predictions and weights."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from qk_explorer.model.training.head_scene import SYMBOLS
from qk_explorer.model.training.model import forward
from qk_explorer.model.training.model_file import model_document
from qk_explorer.model.training.stored_heads import STORED_HEADS, head_path, stored_model
from qk_explorer.model.training.tasks import TASKS

FORMATS = Path(__file__).resolve().parents[3] / "docs" / "formats.md"


def documented_code() -> str:
    text = FORMATS.read_text(encoding="utf-8")
    section = text[text.index("**Model files**") :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.mark.parametrize("head", STORED_HEADS, ids=lambda h: h.name)
def test_the_documented_numpy_gives_the_models_predictions_and_weights(head):
    m = json.loads(head_path(head.name).read_text())
    assert m == json.loads(json.dumps(model_document(stored_model(head.name))))
    tokens = np.random.default_rng(9).integers(0, m["vocab"], size=(50, m["positions"]))
    f = forward(stored_model(head.name).parameters, tokens)
    for i, t in enumerate(tokens):
        space = {"np": np, "m": m, "t": t}
        exec(documented_code(), space)
        assert np.array_equal(space["predictions"], f.predictions[i])
        assert np.abs(space["W"] - f.weights[i]).max() <= 1e-12


def test_the_documented_tasks_are_the_models():
    text = FORMATS.read_text(encoding="utf-8")
    for name in TASKS:
        assert f"- `{name}`:" in text
    assert len(SYMBOLS) == 26 and "1–26" in text
