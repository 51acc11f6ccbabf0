"""The trained heads the lesson opens: stored, so opening one does not train, yet reproducible."""

from __future__ import annotations

import numpy as np
import pytest

from qk_explorer.model.presets import PRESETS
from qk_explorer.model.training import run as training_run
from qk_explorer.model.training import stored_heads
from qk_explorer.model.training.model import NAMES
from qk_explorer.model.training.run import Settings, train
from qk_explorer.model.training.stored_heads import STORED_HEADS, stored_model, stored_scene


@pytest.mark.parametrize("head", STORED_HEADS, ids=lambda h: h.name)
def test_retraining_from_the_stored_task_seed_and_steps_gives_the_stored_head(head):
    stored = stored_model(head.name)
    assert (stored.task, stored.seed, stored.steps) == (head.task, head.seed, head.steps)
    run = train(Settings(stored.task, stored.seed, stored.steps))
    # Bit for bit on the processor they were trained on; OpenBLAS chooses its kernels by processor,
    # and another kernel rounds the last bits otherwise (OPENBLAS_CORETYPE=Sandybridge: 1e-14 apart
    # after 600 steps). Same seed, same bits on one machine is test_run's to check.
    for name in NAMES:
        retrained, kept = getattr(run.final.parameters, name), getattr(stored.parameters, name)
        scale = float(np.max(np.abs(kept))) or 1.0
        assert float(np.max(np.abs(retrained - kept))) <= 1e-9 * scale, name
    assert run.evaluation.accuracy == stored.accuracy


@pytest.mark.parametrize("head", STORED_HEADS, ids=lambda h: h.name)
def test_each_is_a_preset_of_its_task_example(head):
    scene = PRESETS[head.name].scene
    assert scene.tokens is not None and scene.causal and scene.query_count == 8
    assert PRESETS[head.name].title == head.title


def test_the_trained_heads_learned_their_task():
    for head in STORED_HEADS:
        assert (stored_model(head.name).accuracy >= 0.99) == (head.steps > 0)


def test_opening_a_stored_head_does_not_train(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("trained")

    monkeypatch.setattr(training_run, "train", refuse)
    monkeypatch.setattr(stored_heads, "stored_model", stored_heads.stored_model.__wrapped__)
    assert stored_scene(STORED_HEADS[1]) == PRESETS[STORED_HEADS[1].name].scene


def test_the_check_question_shows_the_previous_token_head_on_a_sequence_it_never_saw():
    from qk_explorer.model import compute
    from qk_explorer.model.training.stored_heads import QUESTION_SEQUENCE
    from qk_explorer.model.training.tasks import TASKS

    scene = PRESETS["trained-head-new-sequence"].scene
    head = PRESETS["trained-previous-token"].scene
    assert scene.tokens.w_q == head.tokens.w_q and scene.tokens.labels != head.tokens.labels
    assert TASKS["previous-token"].example != QUESTION_SEQUENCE
    assert (scene.selected_query, scene.selected_key) == (4, 0)  # q₅ beside k₁, which gives nothing away
    weights = compute(scene).attention.weights
    assert max(range(8), key=lambda j: weights[j]) == 3 and weights[3] > 0.99  # k₄: the token before
