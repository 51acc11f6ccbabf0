"""Products of matrices whose every entry is math.fsum of its products: correctly rounded, to the bit.

Attention's sums (a score's products, a row's exponentials, its weights, an
output's scaled values) are math.fsum's: the exact sum of the rounded terms,
rounded once. numpy's own sums round at every addition, so a vectorised sum may
land an ulp away, and a number on screen or in an export would then read
differently (8.571499999999999 for 8.5715). Here the terms are split at a power
of two σ above n times the largest of them: the high parts are multiples of σ's
last bit and add up exactly in any order; the low parts lie below that bit and
add up with an error far below a result's last bit, or with none when they are
multiples of a bit small enough (each is a multiple of its term's last bit).
Each result is checked against that error; the rare one where it cannot be told
(a sum within that error of a tie, or cancelling almost to nothing) is
math.fsum's own.
"""

from __future__ import annotations

import math

import numpy as np

_U = 2.0**-53  # the unit roundoff: half the distance from 1 to the next float
_FEW = 256  # up to this many products, math.fsum itself costs less than the numpy steps around it
# The products are summed in blocks of at most this many (128 kB): a fresh array much larger is
# mapped anew from the system at every call, and touching its pages cost more than the sums.
_BLOCK = 16384


def exact_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a·b, (m, n) by (n, p), each entry math.fsum of its n rounded products aᵢₖ·bₖⱼ."""
    (m, n), p = a.shape, b.shape[1]
    if n <= 2:  # one addition rounds once: it is already the correctly rounded sum
        return a[:, :1] * b[0] + a[:, 1:] * b[1] if n == 2 else a * b[0]
    columns = np.ascontiguousarray(a.T)  # the products laid out along the sums' axis, in order
    if m * n * p <= _FEW:
        return _fsums(columns[:, :, None] * b[:, None, :])
    size = np.multiply.outer(np.abs(a).max(axis=1), np.abs(b).max(axis=0))  # bounds |aᵢₖ·bₖⱼ| …
    least = np.multiply.outer(_least(a, axis=1), _least(b, axis=0))  # … above and, if not 0, below
    rows = max(1, _BLOCK // (n * p))
    out = np.empty((m, p))
    for start in range(0, m, rows):
        block = slice(start, start + rows)
        out[block] = _sums(columns[:, block, None] * b[:, None, :], size[block], least[block])
    return out


def _least(a: np.ndarray, axis: int) -> np.ndarray:
    """The smallest size of a non-zero entry along an axis (∞ where there is none)."""
    return np.where(a != 0.0, np.abs(a), np.inf).min(axis=axis)


def _sums(terms: np.ndarray, size: np.ndarray, least: np.ndarray) -> np.ndarray:
    """math.fsum along the first axis; size ≥ |terms[k]| ≥ least unless terms[k] is 0 (size 0:
    all are). `terms` is spent: it ends holding the low parts."""
    n = len(terms)
    sigma = math.ldexp(1.0, math.frexp(float(size.max()) * (n + 2))[1])  # a power of two above
    high = terms + sigma
    high -= sigma  # exact: a multiple of σ's last bit …
    low = np.subtract(terms, high, out=terms)  # … and the exact rest, below that bit
    high_sums = high.sum(axis=0)  # exact: multiples of one bit, below σ in every partial sum
    low_sums = low.sum(axis=0)  # n parts below σ's last bit: off by at most n²·u²·σ, …
    total = high_sums + low_sums
    # … and not at all when they are multiples of a bit 2⁵³ times smaller than their sum could be.
    exact = n * _U * sigma < np.spacing(least) * 2.0**53
    if exact.all():
        return total
    back = total - high_sums
    missed = (high_sums - (total - back)) + (low_sums - back)  # exactly high + low − total
    half_gap = np.spacing(np.nextafter(np.abs(total), 0.0)) * 0.5  # to the nearer neighbour, halved
    unsure = (np.abs(missed) + (1.01 * n * n * _U * _U) * sigma >= half_gap) & ~exact & (size != 0.0)
    if unsure.any():  # math.fsum of the high and low parts is that of the terms: the same exact sum
        total[unsure] = _fsums(np.concatenate([high[:, unsure], low[:, unsure]]))
    return total


def _fsums(terms: np.ndarray) -> np.ndarray:
    """math.fsum along the first axis, one sum at a time."""
    sums = map(math.fsum, terms.reshape(len(terms), -1).T.tolist())
    return np.array(list(sums), dtype=np.float64).reshape(terms.shape[1:])
