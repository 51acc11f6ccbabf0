"""Product versus angle: q·k = ‖q‖‖k‖cos θ as k turns round the origin at a fixed length.

θ is the signed angle from q to k in the drawn plane, in (−180°, 180°]:
positive when k lies counter-clockwise of q as the canvas shows them. The
product is positive for |θ| < 90° (acute), zero at ±90° and negative beyond
(obtuse). The current pair is one point on the curve.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .geometry import PairGeometry
from .plane import PlaneView

ZERO_CROSSINGS_DEG = (-90.0, 90.0)
ANGLES_DEG = np.linspace(-180.0, 180.0, 361)
ANGLES_DEG.setflags(write=False)

Piece = tuple[np.ndarray, np.ndarray]  # angles and products of one part of the curve


@dataclass(frozen=True, eq=False)
class ProductCurve:
    amplitude: float  # ‖q‖‖k‖: the largest product, at θ = 0; the smallest is −amplitude, at 180°
    angles_deg: np.ndarray  # read-only
    products: np.ndarray  # read-only, ‖q‖‖k‖cos θ at each angle
    angle_deg: float | None  # the current signed angle; None when q or k is the zero vector
    product: float  # the current q·k

    @property
    def acute(self) -> Piece:
        """−90° ≤ θ ≤ 90°: the part where the product is at least 0."""
        return self._piece((self.angles_deg >= -90.0) & (self.angles_deg <= 90.0))

    @property
    def obtuse_left(self) -> Piece:
        """θ ≤ −90°: the part left of the acute one, where the product is at most 0."""
        return self._piece(self.angles_deg <= -90.0)

    @property
    def obtuse_right(self) -> Piece:
        """θ ≥ 90°: the part right of the acute one, where the product is at most 0."""
        return self._piece(self.angles_deg >= 90.0)

    def _piece(self, where: np.ndarray) -> Piece:
        return self.angles_deg[where], self.products[where]


def product_at(norm_q: float, norm_k: float, angles_deg) -> np.ndarray:
    """‖q‖‖k‖cos θ; exactly 0 at ±90° and exactly ±‖q‖‖k‖ at 0° and 180°."""
    angles = np.asarray(angles_deg, dtype=np.float64)
    cosines = np.cos(np.radians(angles))
    folded = np.abs((angles + 180.0) % 360.0 - 180.0)  # |θ| in [0°, 180°]
    cosines = np.where(folded == 90.0, 0.0, cosines)
    cosines = np.where(folded == 0.0, 1.0, np.where(folded == 180.0, -1.0, cosines))
    return norm_q * norm_k * cosines + 0.0


def signed_angle(pair: PairGeometry, plane: PlaneView, query, key) -> float | None:
    """The angle from q to k (the pair's vectors), signed by the drawn plane's orientation."""
    if pair.angle_deg is None:
        return None
    qx, qy = plane.to_plane(query)
    kx, ky = plane.to_plane(key)
    # Only the orientation is taken from the picture; the size is the model's exact angle.
    cross = qx * ky - qy * kx
    size = math.hypot(qx, qy) * math.hypot(kx, ky)
    if abs(cross) <= 1e-12 * size:
        return pair.angle_deg
    return math.copysign(pair.angle_deg, cross) + 0.0


def product_curve(pair: PairGeometry, plane: PlaneView, query, key, angles_deg=ANGLES_DEG) -> ProductCurve:
    """The curve for the pair (q, k) drawn in `plane`; Results.product_curve gives the scene's."""
    products = product_at(pair.norm_q, pair.norm_k, angles_deg)
    products.setflags(write=False)
    angles = np.asarray(angles_deg, dtype=np.float64)
    return ProductCurve(
        amplitude=pair.norm_q * pair.norm_k,
        angles_deg=angles,
        products=products,
        angle_deg=signed_angle(pair, plane, query, key),
        product=pair.dot,
    )
