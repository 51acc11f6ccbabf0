"""Products of matrices whose every entry is math.fsum of its products: correctly rounded, to the bit.

Attention's sums (a score's products, a row's exponentials, its weights, an
output's scaled values) are math.fsum's: the exact sum of the rounded terms,
rounded once. numpy's own sums round at every addition, so a vectorised sum may
land an ulp away, and a number on screen or in an export would then read
differently (8.571499999999999 for 8.5715). Here the terms are split at a power
of two σ above n times the largest of them: the high parts are multiples of σ's
last bit and add up exactly in any order; the low parts lie below that bit and
add up with an error far below a result's last bit, or with none when every
term is a multiple of a bit small enough (inputs on a grid, or of sizes alike:
then each total is right as it is). Else, rounding being monotone, when the high
sum plus the low sum less that error and plus it round to the same float, so
does the exact sum. The rare sum where they do not (within that error of a tie,
or cancelling almost to nothing) is math.fsum's own.
"""

from __future__ import annotations

import math

import numpy as np

_U = 2.0**-53  # the unit roundoff: half the distance from 1 to the next float
_FEW = 256  # up to this many products, math.fsum itself costs less than the numpy steps around it
# The products are summed in blocks of at most this many (256 kB), in two arrays made once a call.
_BLOCK = 1 << 15


def exact_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a·b, (m, n) by (n, p), each entry math.fsum of its n rounded products aᵢₖ·bₖⱼ."""
    (m, n), p = a.shape, b.shape[1]
    if n <= 2:  # one addition rounds once: it is already the correctly rounded sum
        return a[:, :1] * b[0] + a[:, 1:] * b[1] if n == 2 else a * b[0]
    if m * n * p <= _FEW:
        return _fsums(a.T[:, :, None] * b[:, None, :])
    if p < m:  # the same sums as (bᵀ·aᵀ)ᵀ: numpy's inner loops run along the longer side
        return exact_products(b.T, a.T).T
    columns = np.ascontiguousarray(a.T)  # the products laid out along the sums' axis, in order
    largest = float(np.abs(a).max()) * float(np.abs(b).max())  # bounds every |aᵢₖ·bₖⱼ|
    sigma = math.ldexp(1.0, math.frexp(largest * (n + 2))[1])  # a power of two above
    rows = max(1, min(m, _BLOCK // (n * p)))
    terms, high = np.empty((n, rows, p)), np.empty((n, rows, p))
    high_sums, low_sums = np.empty((m, p)), np.empty((m, p))
    for start in range(0, m, rows):
        block, count = slice(start, start + rows), min(rows, m - start)
        t, h = terms[:, :count], high[:, :count]
        np.multiply(columns[:, block, None], b[:, None, :], out=t)
        np.add(t, sigma, out=h)
        h -= sigma  # exact: a multiple of σ's last bit …
        t -= h  # … and the exact rest, below that bit
        h.sum(axis=0, out=high_sums[block])  # exact, in any order
        t.sum(axis=0, out=low_sums[block])
    total = high_sums + low_sums
    # A term not 0 is at least its least possible size, the least |aᵢₖ| times the least |bₖⱼ|, and a
    # multiple of that size's last bit: when that bit is 2⁵³ times smaller than the low parts' bound
    # n·u·σ, their sums were exact (terms on a grid, or all of sizes alike), and so is each total.
    least_a, least_b = _least(a, axis=1), _least(b, axis=0)
    low_bound = n * _U * sigma
    if _exact(low_bound, least_a.min() * least_b.min()):
        return total
    # Else n low parts add up to within n²·u²·σ of their exact sum; twice that (and the least
    # subnormal) keeps the exact low sum between these two, rounded as they are.
    error = (2.02 * n * n * _U * _U) * sigma + 2.0**-1074
    unsure = high_sums + (low_sums - error) != high_sums + (low_sums + error)
    if unsure.any():  # within that error of a tie, or cancelling almost to nothing
        i, j = np.nonzero(unsure)
        redo = ~_exact(low_bound, least_a[i] * least_b[j])
        i, j = i[redo], j[redo]
        total[i, j] = _fsums((a[i] * b[:, j].T).T)
    return total


def _exact(low_bound: float, least):
    """Whether low parts of terms of size `least` or more, not 0, (∞: all are 0) add up exactly."""
    return (low_bound < np.spacing(least) * 2.0**53) | (least == np.inf)


def _least(a: np.ndarray, axis: int) -> np.ndarray:
    """The smallest size of a non-zero entry along an axis (∞ where there is none)."""
    return np.where(a != 0.0, np.abs(a), np.inf).min(axis=axis)


def _fsums(terms: np.ndarray) -> np.ndarray:
    """math.fsum along the first axis, one sum at a time."""
    sums = map(math.fsum, terms.reshape(len(terms), -1).T.tolist())
    return np.array(list(sums), dtype=np.float64).reshape(terms.shape[1:])
