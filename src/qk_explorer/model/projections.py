"""The bilinear form the projections define, and whether it is an inner product.

A token's score for another is qᵢ·kⱼ = (W_Q xᵢ)·(W_K xⱼ) = xᵢᵀ B xⱼ with
B = W_Qᵀ W_K (d_model × d_model). B is an inner product on the embeddings'
space exactly when it is symmetric (score(i → j) = score(j → i) for all
embeddings) and positive definite (xᵀBx > 0 for every x ≠ 0). With W_Q = W_K
it is symmetric and positive semi-definite; it is definite when moreover
d_k ≥ d_model and W_K has full rank.

Tolerances (docs/design.md, Mathematics): B is built from rounded products, so
both tests are relative to B's size, as the right-angle test is relative to
‖q‖‖k‖. B is symmetric when every |Bᵢⱼ − Bⱼᵢ| ≤ 10⁻⁹ · max|B|; it is positive
definite when its smallest eigenvalue is more than 10⁻⁹ times its largest in
size. A definite B whose eigenvalues span more than nine orders of magnitude
therefore counts as singular, which is what a double can tell apart anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

import numpy as np

from .limits import Vector
from .tokens import Tokens

TOLERANCE = 1e-9


class NotInner(StrEnum):
    """Why B is not an inner product."""

    NOT_SYMMETRIC = "not-symmetric"
    NEGATIVE_EIGENVALUE = "negative-eigenvalue"
    LOW_RANK = "low-rank"  # d_k < d_model: B has rank at most d_k, so it has the eigenvalue 0
    ZERO_EIGENVALUE = "zero-eigenvalue"


_ENGLISH = {
    NotInner.NOT_SYMMETRIC: "B is not symmetric: B[{i}][{j}] = {a:g} but B[{j}][{i}] = {b:g}, "
    "so a token's score for another is not in general that other's score for it",
    NotInner.NEGATIVE_EIGENVALUE: "B has a negative eigenvalue λ = {eigenvalue:g}: along its "
    "eigenvector x, xᵀBx < 0, a negative squared length",
    NotInner.LOW_RANK: "d_k = {d_k} is less than d_model = {d_model}: B has rank at most d_k, "
    "so some x ≠ 0 has xᵀBx = 0 (the eigenvalue λ = 0)",
    NotInner.ZERO_EIGENVALUE: "B has the eigenvalue λ = {eigenvalue:g}, zero up to rounding: "
    "along its eigenvector x ≠ 0, xᵀBx = 0",
}


@dataclass(frozen=True)
class NotInnerProduct:
    """Why B is not an inner product, with the numbers that show it.

    entry: for NOT_SYMMETRIC, the (i, j) (0-based) where Bᵢⱼ − Bⱼᵢ is largest in size.
    eigenvalue: otherwise, the smallest eigenvalue of B.
    """

    why: NotInner
    d_k: int
    d_model: int
    eigenvalue: float | None = None
    entry: tuple[int, int] | None = None
    pair: tuple[float, float] | None = None  # (Bᵢⱼ, Bⱼᵢ) at `entry`

    def english(self) -> str:
        i, j = (0, 0) if self.entry is None else self.entry
        a, b = (0.0, 0.0) if self.pair is None else self.pair
        eigenvalue = 0.0 if self.eigenvalue is None else self.eigenvalue
        return _ENGLISH[self.why].format(
            i=i + 1, j=j + 1, a=a, b=b, eigenvalue=eigenvalue, d_k=self.d_k, d_model=self.d_model
        )


@dataclass(frozen=True)
class Projections:
    w_q: tuple[Vector, ...]
    w_k: tuple[Vector, ...]
    w_v: tuple[Vector, ...]
    bilinear: tuple[Vector, ...]  # B = W_Qᵀ W_K: score(i → j) = xᵢᵀ B xⱼ
    symmetric: bool
    inner_product: bool  # symmetric and positive definite
    eigenvalues: tuple[float, ...] | None  # B's, ascending, when it is symmetric
    witness: Vector | None  # a unit x with xᵀBx ≤ 0 (the smallest eigenvalue's eigenvector), if any
    reason: NotInnerProduct | None  # None exactly when inner_product


def projections(tokens: Tokens) -> Projections:
    # The cache takes −0.0 for 0.0: the matrices shown are the scene's own.
    return replace(
        _projections(tokens.w_q, tokens.w_k, tokens.w_v), w_q=tokens.w_q, w_k=tokens.w_k, w_v=tokens.w_v
    )


@lru_cache(maxsize=16)  # a token's drag keeps the matrices: B is worked out once, not at every step
def _projections(w_q_rows, w_k_rows, w_v_rows) -> Projections:
    w_q = np.asarray(w_q_rows, dtype=np.float64)
    w_k = np.asarray(w_k_rows, dtype=np.float64)
    d_k, d_model = w_q.shape
    b = w_q.T @ w_k
    size = float(np.max(np.abs(b)))
    asymmetry = np.abs(b - b.T)
    symmetric = bool(np.max(asymmetry) <= TOLERANCE * size)
    eigenvalues = witness = reason = None
    if not symmetric:
        i, j = np.unravel_index(int(np.argmax(asymmetry)), asymmetry.shape)
        entry = (int(min(i, j)), int(max(i, j)))
        pair = (float(b[entry]), float(b[entry[::-1]]))
        reason = NotInnerProduct(NotInner.NOT_SYMMETRIC, d_k, d_model, entry=entry, pair=pair)
    else:
        values, vectors = np.linalg.eigh((b + b.T) / 2)  # exactly symmetric for eigh
        eigenvalues = tuple(float(x) + 0.0 for x in values)
        smallest, largest = values[0], float(np.max(np.abs(values)))
        why = None
        if smallest < -TOLERANCE * largest:
            why = NotInner.NEGATIVE_EIGENVALUE
        elif smallest <= TOLERANCE * largest:
            why = NotInner.LOW_RANK if d_k < d_model else NotInner.ZERO_EIGENVALUE
        if why is not None:
            witness = tuple(float(x) + 0.0 for x in vectors[:, 0])
            reason = NotInnerProduct(why, d_k, d_model, eigenvalue=float(smallest) + 0.0)
    return Projections(
        w_q=w_q_rows,
        w_k=w_k_rows,
        w_v=w_v_rows,
        bilinear=tuple(tuple(row) for row in (b + 0.0).tolist()),
        symmetric=symmetric,
        inner_product=reason is None,
        eigenvalues=eigenvalues,
        witness=witness,
        reason=reason,
    )
