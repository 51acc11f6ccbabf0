"""math.exp of every entry of an array, to the bit, with few calls of math.exp itself.

numpy's exp differs from math.exp in the last bit for a few arguments in a
hundred, and a weight would then read differently in an export. math.exp is the
C library's exp; glibc's is within 0.511 ulp of eˣ (its sources' own bound), so
it is the float nearest to eˣ wherever eˣ lies farther than 0.011 ulp from a
midpoint between two floats. Here eˣ = 2^(k/64)·e^r (|r| ≤ ln 2/128) is worked
out in numpy to within 2⁻⁵⁸·⁹ of its size, from a table of 2^(j/64) to twice a
float's precision and e^r's series; where eˣ less and plus a margin covering
both errors rounds to the same float, that float is math.exp's. The others
(about one in eleven), arguments whose eˣ is subnormal or beyond the floats, and
every argument under another C library are math.exp's own.
"""

from __future__ import annotations

import decimal
import math
import platform

import numpy as np

_TABLE_BITS = 6
_N = 1 << _TABLE_BITS
# Below this many arguments the calls cost less than the numpy steps; above it, the steps run on
# pieces of this size, whose dozen temporary arrays stay in the processor's nearest caches.
_PIECE = 4096
_FEW = 1024


def _constants():
    with decimal.localcontext() as context:
        context.prec = 40
        step = decimal.Decimal(2).ln() / _N  # ln 2 / 64
        step_high = math.ldexp(round(math.ldexp(float(step), 43)), -43)  # 37 bits: k·it is exact
        powers = [(decimal.Decimal(j) * step).exp() for j in range(_N)]  # 2^(j/64)
        high = [float(p) for p in powers]
        low = [float(p - decimal.Decimal(h)) for p, h in zip(powers, high, strict=True)]
        return step_high, float(step - decimal.Decimal(step_high)), np.array(high), np.array(low)


_STEP_HIGH, _STEP_LOW, _POWER_HIGH, _POWER_LOW = _constants()
# math.exp's float is the nearest to eˣ when the computation here (within 2⁻⁵⁸·⁹·eˣ) and glibc's
# 0.011 ulp past the half (within 2⁻⁵⁸·⁵·eˣ, an ulp being at most 2⁻⁵²·eˣ) leave eˣ on one side of
# a midpoint: 2⁻⁵⁷ of the table's entry covers both, 1.6 times over.
_MARGIN = 2.0**-57
_GLIBC = platform.libc_ver()[0] == "glibc"


def exact_exp(x: np.ndarray) -> np.ndarray:
    """math.exp of every entry of a one-dimensional array of finite floats."""
    if not _GLIBC or x.size < _FEW:
        return _math_exp(x)
    if x.size > _PIECE:
        return np.concatenate([exact_exp(x[i : i + _PIECE]) for i in range(0, x.size, _PIECE)])
    inside = np.clip(x, -708.0, 709.0)  # the others are math.exp's below
    k = np.rint(inside * (_N / math.log(2.0)))  # |k| < 2¹⁶
    r = (inside - k * _STEP_HIGH) - k * _STEP_LOW  # the first difference exact (Cody and Waite)
    # e^r − 1 = r + s: the series to r⁶, its remainder below 2⁻⁶⁵ for |r| ≤ ln 2/128.
    s = r * r * (1 / 2 + r * (1 / 6 + r * (1 / 24 + r * (1 / 120 + r * (1 / 720)))))
    q = r + s
    q_low = s - (q - r)  # exactly r + s − q: |r| ≥ |s|
    whole = k.astype(np.int64)
    j, e = whole & (_N - 1), whole >> _TABLE_BITS
    high, low = _POWER_HIGH[j], _POWER_LOW[j]
    # 2^(j/64)·(1 + q + q_low), its leading float apart; each rounding here below 2⁻⁶⁰·⁵ of it.
    rest = high * q + (low + (high * q_low + low * q))
    margin = high * _MARGIN
    near = high + (rest - margin) != high + (rest + margin)
    near |= (x < -707.0) | (x > 709.0)  # eˣ near or below the least normal, or beyond the floats
    out = np.ldexp(high + rest, e.astype(np.int32))
    if near.any():
        out[near] = _math_exp(x[near])
    return out


def _math_exp(x: np.ndarray) -> np.ndarray:
    """math.exp of every entry, a call each, read straight from the array's memory."""
    x = np.ascontiguousarray(x)
    return np.fromiter(map(math.exp, memoryview(x)), np.float64, x.size)
