"""The tasks' targets and scored positions, on sequences worked out by hand."""

from __future__ import annotations

import numpy as np

from qk_explorer.model.training.tasks import TASKS, pointer, previous_token, running_max

SEQUENCE = np.array([[2, 0, 4, 1, 3, 6, 5, 1]])


def test_previous_token_is_the_symbol_before_from_the_second_position():
    targets, scored = previous_token(SEQUENCE)
    assert targets[0, 1:].tolist() == [2, 0, 4, 1, 3, 6, 5]
    assert scored[0].tolist() == [False] + [True] * 7


def test_running_max_is_the_largest_symbol_so_far_everywhere():
    targets, scored = running_max(SEQUENCE)
    assert targets[0].tolist() == [2, 2, 4, 4, 4, 6, 6, 6]
    assert scored.all()


def test_pointer_reads_the_position_a_symbol_names_where_it_is_visible():
    tokens = np.array([[0, 3, 1, 2, 1, 3, 5, 4]])  # A D B C B D F E
    targets, scored = pointer(tokens)
    assert scored[0].tolist() == [True, False, True, True, True, True, True, True]  # D at position 1 names 3
    assert targets[0][scored[0]].tolist() == [0, 3, 1, 3, 2, 3, 1]


def test_every_example_is_a_sequence_of_the_models_symbols():
    for task in TASKS.values():
        assert len(task.example) == 8 and all(0 <= s < 8 for s in task.example)
        _, scored = task.targets(np.array([task.example]))
        assert scored[0, -1]  # the last token, selected in the scene, is one the task scores


def test_symbols_are_drawn_uniformly_and_independently():
    tokens, _, _ = TASKS["running-max"].batch(np.random.default_rng(0), 20000, 8, 8)
    counts = np.bincount(tokens.reshape(-1), minlength=8) / tokens.size
    assert np.abs(counts - 1 / 8).max() < 0.005
    pairs = np.bincount((tokens[:, 0] * 8 + tokens[:, 7]), minlength=64) / len(tokens)
    assert np.abs(pairs - 1 / 64).max() < 0.004  # the first and last position: independent


def test_a_fresh_sequence_is_the_same_for_its_number_and_another_for_the_next():
    task = TASKS["previous-token"]
    first = task.sequence(0, 8, 8)
    assert first == task.sequence(0, 8, 8) and len(first) == 8 and all(0 <= s < 8 for s in first)
    assert len({task.sequence(n, 8, 8) for n in range(20)}) == 20
    # Its own stream: not the first sequence of training's batches for seed 0, nor the held-out ones.
    assert first != tuple(task.batch(np.random.default_rng(0), 1, 8, 8)[0][0])
    assert first != tuple(task.batch(np.random.default_rng([0, 1]), 1, 8, 8)[0][0])
