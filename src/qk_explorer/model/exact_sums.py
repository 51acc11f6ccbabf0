"""math.fsum of many rows at once, in numpy: each sum correctly rounded, to the bit.

Attention's sums (a score's products, a row's exponentials, its weights, an
output's scaled values) are math.fsum's: the exact sum of the terms, rounded
once. numpy's own sum rounds at every addition, so a vectorised sum may land
an ulp away, and a number on screen or in an export would then read
differently (8.571499999999999 for 8.5715). Here each column's terms are split
at a power of two σ above n times their largest size: the high parts are
multiples of σ's last bit and add up exactly in any order, the low parts are
below that bit and add up with an error far below the result's last bit. The
result is checked against that error; the rare column where it cannot be
told (an exact tie of the two parts, a sum that cancels almost to nothing)
is summed by math.fsum itself.
"""

from __future__ import annotations

import math

import numpy as np

_U = 2.0**-53  # the unit roundoff: half the distance from 1 to the next float
# Products are summed in blocks of at most this many terms (128 kB): a fresh array much larger
# is mapped anew from the system at every call, and touching its pages cost more than the sums.
_BLOCK = 16384


def exact_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a·b, (m, n) by (n, p), each entry math.fsum of its n rounded products aᵢₖ·bₖⱼ."""
    (m, n), p = a.shape, b.shape[1]
    if n <= 2:  # one addition rounds once: it is already the correctly rounded sum
        return a[:, :1] * b[0] + a[:, 1:] * b[1] if n == 2 else a * b[0]
    columns = np.ascontiguousarray(a.T)  # the products laid out along the sums' axis, in order
    size = np.multiply.outer(np.abs(a).max(axis=1), np.abs(b).max(axis=0))  # bounds |aᵢₖ·bₖⱼ| …
    least = np.multiply.outer(_least(a, axis=1), _least(b, axis=0))  # … above and, if not 0, below
    rows = max(1, _BLOCK // (n * p))
    if rows >= m:
        return exact_sums(columns[:, :, None] * b[:, None, :], size, least)
    out = np.empty((m, p))
    for start in range(0, m, rows):
        block = slice(start, start + rows)
        out[block] = exact_sums(columns[:, block, None] * b[:, None, :], size[block], least[block])
    return out


def _least(a: np.ndarray, axis: int) -> np.ndarray:
    """The smallest size of a non-zero entry along an axis (∞ where there is none)."""
    return np.where(a != 0.0, np.abs(a), np.inf).min(axis=axis)


def exact_sums(terms: np.ndarray, size, least) -> np.ndarray:
    """The sums along the first axis, each equal to math.fsum of its terms (finite floats).

    `size` and `least` bound the terms' sizes: size ≥ |terms[k]| ≥ least unless terms[k] is 0,
    each an array of the sums' shape or one number for all (size 0: all are 0). `terms` is
    overwritten (it ends holding the low parts): pass an array of your own."""
    n = len(terms)
    if n <= 2:
        return terms[0] + terms[1] if n == 2 else terms[0] + 0.0
    sigma = np.ldexp(1.0, np.frexp(np.multiply(size, n + 2))[1])  # a power of two above (n + 2)·size
    # In place, as far as it goes: a fresh array of this size costs its pages' first touch.
    high = terms + sigma
    high -= sigma  # exact, a multiple of σ's last bit …
    low = np.subtract(terms, high, out=terms)  # … and the exact rest, below that bit
    t_high = high.sum(axis=0)  # exact: multiples of one bit, below σ in every partial sum
    t_low = low.sum(axis=0)  # n parts below σ's last bit: off by at most n²·u²·σ …
    total = t_high + t_low
    # … and exact when they are multiples of a bit 2⁵³ times smaller than their sum could be:
    # each is a multiple of its term's last bit, at least least's. The total is then rounded once.
    exact = n * _U * sigma < np.spacing(least) * 2.0**53
    if np.all(exact):
        return total
    back = total - t_high
    missed = (t_high - (total - back)) + (t_low - back)  # exactly t_high + t_low − total
    half_gap = np.spacing(np.nextafter(np.abs(total), 0.0)) * 0.5  # to the nearer neighbour, halved
    unsure = (np.abs(missed) + (1.01 * n * n * _U * _U) * sigma >= half_gap) & ~exact & (size != 0.0)
    if unsure.any():  # math.fsum of the high and low parts is that of the terms: the same exact sum
        both = np.concatenate([high[:, unsure], low[:, unsure]])
        total[unsure] = list(map(math.fsum, both.T.tolist()))
    return total
