"""Why attention divides by √d_k: sampled query–key scores in d dimensions.

With independent coordinates of mean 0 and variance 1, a score q·k is a sum
of d independent products of variance 1, so its variance is d: the scores
spread out like √d as the dimension grows, and dividing by √d brings the
spread back to 1. Without the division, softmax over a few keys gives nearly
all the weight to the largest score once d is large.

Everything is sampled once per seed with numpy's Generator, so the same seed
gives the same numbers; the samples for dimension d are the first d
coordinates of the samples for 1024, so dragging d changes the picture
smoothly instead of drawing a new cloud at every step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

MAX_D = 1024
MAX_KEYS = 64
MIN_KEYS = 2
DEFAULT_SEED = 1706
PAIRS = 4000  # sampled (q, k) pairs for the histograms
TRIALS = 500  # sampled queries, each with MAX_KEYS keys, for the largest softmax weight
BINS = 64
SPREAD = 4.0  # a histogram spans ± this many standard deviations of what it counts
SCALED_LIMIT = SPREAD  # the scaled scores have standard deviation 1 at every d
# The dimensions the saturation curves are drawn at: roughly even steps of log d.
D_GRID = np.unique(np.round(2.0 ** np.linspace(0.0, math.log2(MAX_D), 51)).astype(np.int64))
D_GRID.setflags(write=False)


@dataclass(frozen=True, eq=False)
class Histogram:
    edges: np.ndarray  # bins + 1 bin edges
    counts: np.ndarray  # values beyond the range are counted in the end bins
    tallest: int  # the largest count


@dataclass(frozen=True, eq=False)
class ScoreSample:
    d: int
    raw: np.ndarray  # q·k for every sampled pair
    scaled: np.ndarray  # q·k / √d
    raw_variance: float  # sample variances (n − 1 in the denominator)
    scaled_variance: float
    limit: float  # both histograms are drawn over [−limit, limit]: see axis_limit()
    raw_histogram: Histogram
    scaled_histogram: Histogram


@dataclass(frozen=True, eq=False)
class Saturation:
    """The mean largest softmax weight over n keys, at each d of `d_values`."""

    keys: int
    uniform: float  # 1/n: every key the same weight, the smallest the largest weight can be
    d_values: np.ndarray
    unscaled: np.ndarray  # softmax of the raw scores
    scaled: np.ndarray  # softmax of the scores divided by √d


class ScoreSampler:
    """Samples drawn once for a seed; every question about a d after that is a cheap lookup."""

    def __init__(self, seed: int = DEFAULT_SEED, pairs: int = PAIRS, trials: int = TRIALS):
        self.seed = int(seed)
        pair_rng = np.random.default_rng([self.seed, 0])
        products = pair_rng.standard_normal((pairs, MAX_D), dtype=np.float32)
        products *= pair_rng.standard_normal((pairs, MAX_D), dtype=np.float32)
        # Row d − 1 holds every pair's score in d dimensions. Single precision is plenty
        # for sums of at most 1024 terms of size ~1 (about 7 significant digits).
        self._scores = np.ascontiguousarray(np.cumsum(products, axis=1).T)
        del products
        # The largest weight needs many keys per query. With Gaussian keys, the scores of
        # one query q are ‖q‖·z with z independent standard normals (a Gaussian key's
        # projection on q's direction is a standard normal, whatever q is), so sampling
        # ‖q‖ in every dimension and z for every key samples the scores exactly.
        trial_rng = np.random.default_rng([self.seed, 1])
        queries = trial_rng.standard_normal((trials, MAX_D))
        self._query_lengths = np.ascontiguousarray(np.sqrt(np.cumsum(queries * queries, axis=1)).T)
        self._key_normals = trial_rng.standard_normal((trials, MAX_KEYS))
        self._saturation: dict[int, Saturation] = {}

    # ---- scores --------------------------------------------------------------------------

    def scores(self, d: int) -> np.ndarray:
        """q·k for every sampled pair, with q and k in d dimensions (read-only)."""
        row = self._scores[dimension(d) - 1].astype(np.float64)
        row.flags.writeable = False
        return row

    def sample(self, d: int) -> ScoreSample:
        d = dimension(d)
        raw = self.scores(d)
        scaled = raw / math.sqrt(d)
        limit = axis_limit(d)
        return ScoreSample(
            d=d,
            raw=raw,
            scaled=scaled,
            raw_variance=float(np.var(raw, ddof=1)),
            scaled_variance=float(np.var(scaled, ddof=1)),
            limit=limit,
            raw_histogram=histogram(raw, limit),
            scaled_histogram=histogram(scaled, SCALED_LIMIT),
        )

    # ---- softmax saturation -------------------------------------------------------------

    def largest_weight(self, d: int, keys: int) -> tuple[float, float]:
        """Mean largest softmax weight over `keys` keys in d dimensions: (unscaled, scaled by 1/√d)."""
        d, keys = dimension(d), key_count(keys)
        lengths = self._query_lengths[d - 1][:, None]
        z = self._key_normals[:, :keys]
        unscaled = _mean_largest_weight(lengths * z)
        scaled = _mean_largest_weight(lengths * (z / math.sqrt(d)))
        return unscaled, scaled

    def saturation(self, keys: int) -> Saturation:
        """The two curves over D_GRID for `keys` keys (computed once per number of keys)."""
        keys = key_count(keys)
        if keys not in self._saturation:
            lengths = self._query_lengths[D_GRID - 1].T[:, :, None]  # trials × grid × 1
            z = self._key_normals[:, None, :keys]  # trials × 1 × keys
            unscaled = _mean_largest_weight(lengths * z, axis=(0,))
            scaled = _mean_largest_weight(lengths * z / np.sqrt(D_GRID)[None, :, None], axis=(0,))
            for array in (unscaled, scaled):
                array.setflags(write=False)
            self._saturation[keys] = Saturation(keys, 1.0 / keys, D_GRID, unscaled, scaled)
        return self._saturation[keys]


@lru_cache(maxsize=2)
def sampler(seed: int = DEFAULT_SEED) -> ScoreSampler:
    """The shared sampler for a seed (drawn on first use, about 0.1 s)."""
    return ScoreSampler(seed)


def axis_limit(d: int) -> float:
    """Half the width of the x-axis both histograms share at d: the raw scores' span, SPREAD·√d.

    On one axis the scaled scores take 1/√d of the raw ones' width, which is the point of
    dividing; each on an axis of its own, the scaled ones would look as wide or wider."""
    return SPREAD * math.sqrt(dimension(d))


def histogram(values: np.ndarray, limit: float, bins: int = BINS) -> Histogram:
    """Counts in `bins` equal bins over [−limit, limit]; values beyond fall in the end bins."""
    counts, edges = np.histogram(np.clip(values, -limit, limit), bins=bins, range=(-limit, limit))
    return Histogram(edges, counts, int(counts.max()))


def _mean_largest_weight(logits: np.ndarray, axis=(0,)):
    """The largest softmax weight of each row of logits (last axis), averaged over `axis`.

    The largest weight is 1 / Σ exp(ℓᵢ − max ℓ): no weight needs to be formed.
    """
    largest = 1.0 / np.sum(np.exp(logits - np.max(logits, axis=-1, keepdims=True)), axis=-1)
    mean = np.mean(largest, axis=axis)
    return float(mean) if np.ndim(mean) == 0 else mean


def dimension(d: int) -> int:
    """d brought into 1 … MAX_D."""
    return min(max(int(d), 1), MAX_D)


def key_count(n: int) -> int:
    """n brought into MIN_KEYS … MAX_KEYS."""
    return min(max(int(n), MIN_KEYS), MAX_KEYS)


def sample_number(seed: int) -> int:
    """The sample's number as it is shown: 1 for DEFAULT_SEED, 2 for the next seed, and so on."""
    return seed - DEFAULT_SEED + 1
