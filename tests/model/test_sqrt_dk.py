"""Why 1/√d_k: sampled scores have variance ≈ d, scaled ones ≈ 1, and softmax saturates without scaling."""

import math

import numpy as np
import pytest

from qk_explorer.model import sqrt_dk
from qk_explorer.model.sqrt_dk import D_GRID, MAX_D, PAIRS, ScoreSampler, histogram, sampler


@pytest.fixture(scope="module")
def shared():
    return sampler()


@pytest.mark.parametrize("d", [1, 2, 16, 64, 256, 1024])
def test_raw_variance_is_d_within_sampling_error(shared, d):
    sample = shared.sample(d)
    # A score is a sum of d products of two independent standard normals:
    # E[s⁴] = 3d² + 6d, so the sample variance has standard error √((2d² + 6d) / N).
    error = math.sqrt((2 * d * d + 6 * d) / PAIRS)
    assert abs(sample.raw_variance - d) < 4 * error
    assert abs(sample.scaled_variance - 1) < 4 * error / d
    assert sample.scaled_variance == pytest.approx(sample.raw_variance / d)
    assert abs(np.mean(sample.raw)) < 4 * math.sqrt(d / PAIRS)


def test_variance_grows_with_d_but_scaled_variance_stays(shared):
    raw = [shared.sample(d).raw_variance for d in (1, 16, 256, 1024)]
    scaled = [shared.sample(d).scaled_variance for d in (1, 16, 256, 1024)]
    assert raw == sorted(raw) and raw[-1] > 500 * raw[0]
    assert max(scaled) - min(scaled) < 0.3


def test_same_seed_same_numbers_other_seed_other_numbers():
    a, b, c = (
        ScoreSampler(7, pairs=300, trials=50),
        ScoreSampler(7, pairs=300, trials=50),
        ScoreSampler(8, pairs=300, trials=50),
    )
    assert np.array_equal(a.scores(100), b.scores(100))
    assert a.largest_weight(100, 8) == b.largest_weight(100, 8)
    assert not np.array_equal(a.scores(100), c.scores(100))
    assert sampler(sqrt_dk.DEFAULT_SEED) is sampler(sqrt_dk.DEFAULT_SEED)


def test_the_samples_for_d_are_nested(shared):
    # d + 1 adds one product to each score: neighbouring dimensions differ by one term.
    step = shared.scores(101) - shared.scores(100)
    assert 0.5 < np.var(step) < 1.5


def test_histograms_count_every_sample(shared):
    sample = shared.sample(1024)
    assert sample.raw_histogram.counts.sum() == PAIRS
    assert sample.scaled_histogram.counts.sum() == PAIRS
    assert sample.raw_histogram.edges[0] == -sample.limit == -4.0 * 32
    assert sample.scaled_histogram.edges[-1] == sqrt_dk.SCALED_LIMIT < sample.limit
    h = histogram(np.array([-100.0, 0.1, 100.0]), 4.0, bins=4)
    assert list(h.counts) == [1, 0, 1, 1]


def test_softmax_saturates_without_scaling_and_not_with_it(shared):
    curve = shared.saturation(8)
    assert list(curve.d_values) == list(D_GRID) and D_GRID[0] == 1 and D_GRID[-1] == MAX_D
    assert curve.unscaled[-1] > 0.95
    # Monotone up to sampling noise.
    assert np.all(np.diff(curve.unscaled) > -0.01)
    assert curve.unscaled[-1] - curve.unscaled[0] > 0.4
    # With 1/√d the typical largest weight hardly moves once d is moderate.
    big = curve.d_values >= 16
    assert np.ptp(curve.scaled[big]) < 0.05
    assert np.all(curve.scaled[big] < 0.6)
    assert curve.uniform == 1 / 8
    assert np.all(curve.scaled > curve.uniform) and np.all(curve.unscaled <= 1)


def test_more_keys_share_the_weight_more(shared):
    assert (
        shared.largest_weight(64, 2)[1] > shared.largest_weight(64, 8)[1] > shared.largest_weight(64, 64)[1]
    )


def test_a_point_off_the_grid_agrees_with_the_curve(shared):
    curve = shared.saturation(16)
    i = int(np.flatnonzero(curve.d_values == 64)[0])
    assert shared.largest_weight(64, 16) == pytest.approx((curve.unscaled[i], curve.scaled[i]))


def test_the_shortcut_agrees_with_sampling_every_key():
    """Scores of one query against Gaussian keys sampled as ‖q‖·z match full sampling."""
    rng = np.random.default_rng(3)
    d, n, trials = 16, 8, 4000
    q = rng.standard_normal((trials, 1, d))
    k = rng.standard_normal((trials, n, d))
    logits = np.sum(q * k, axis=2)
    direct = np.mean(1 / np.sum(np.exp(logits - logits.max(axis=1, keepdims=True)), axis=1))
    shortcut = ScoreSampler(3, pairs=10, trials=trials).largest_weight(d, n)[0]
    assert direct == pytest.approx(shortcut, abs=0.02)


def test_out_of_range_requests_are_clamped(shared):
    assert shared.sample(0).d == 1 and shared.sample(5000).d == MAX_D
    assert shared.largest_weight(1, 1) == shared.largest_weight(1, 2)


def test_the_panels_inputs_are_brought_into_range_and_samples_numbered_from_1():
    assert [sqrt_dk.dimension(d) for d in (-3, 0, 1, 64, MAX_D, MAX_D + 1)] == [1, 1, 1, 64, MAX_D, MAX_D]
    low, high = sqrt_dk.MIN_KEYS, sqrt_dk.MAX_KEYS
    assert [sqrt_dk.key_count(n) for n in (0, low, 8, high, high + 5)] == [low, low, 8, high, high]
    assert sqrt_dk.sample_number(sqrt_dk.DEFAULT_SEED) == 1
    assert sqrt_dk.sample_number(sqrt_dk.DEFAULT_SEED + 4) == 5
