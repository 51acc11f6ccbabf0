"""The winner map: for a query at each point of the plane, which key gets the largest weight, and how much.

For a 2-D scene the map answers "if q were here, which key would win?" over a
grid of points covering the view. The winner does not depend on how long q is,
only on its direction: the logit of key i is cᵢ·q with cᵢ = scale·kᵢ (scaled dot
product) or cᵢ·q/‖q‖ with cᵢ = multiplier·kᵢ/‖kᵢ‖ (cosine). So the plane splits
into angular sectors, one per winning key, and the sectors' edges are the
directions where two keys tie. They are found exactly from the keys: the winner in a
direction is the corner of the keys' convex hull furthest along it, so only the hull's
edges give cuts; each grid point then only looks up its sector.

How sharply the winner wins is its weight, the largest softmax weight at that
point: 1/Σⱼ exp(ℓⱼ − ℓ_max). For dot products the logits are separable,
ℓⱼ(x, y) = aⱼx + bⱼy, so Σⱼ exp(ℓⱼ) over the whole grid is one small matrix
product of per-column and per-row exponentials (each shifted by its own maximum
to stay finite). For the cosine the weight depends on the direction alone and
is read from a fine table of directions.

Everything is plain NumPy: a WinnerGrid keeps what depends only on the grid
(the points and their directions), so a new map for moved keys costs well under
a few milliseconds for 16 keys on 256 × 256 points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .attention import default_scale
from .scene import Scene, Scoring
from .vectors import is_zero, unit_and_length

# Above this spread of logits across the grid the separable sum could underflow
# in float32 (exp(−87) is float32's smallest normal), or in float64 (exp(−708)).
_FLOAT32_SPREAD = 80.0
_FLOAT64_SPREAD = 700.0
_FLOAT32_LOGIT = 1e4  # largest |logit| on the grid computed in single precision
_DIRECTIONS = 4096  # table size for the cosine's weight as a function of direction
_REGION_STRIDE = 8  # regions' shares and centres are counted on every 8th point


@dataclass(frozen=True)
class Region:
    """Where one key wins: its share of the grid and the centre of its sector inside the view."""

    key: int
    share: float
    centre: tuple[float, float]


@dataclass(frozen=True)
class WinnerMap:
    """A grid of rows × cols points; row 0 is the bottom row, column 0 the left column.

    winner: the index of the key with the largest weight at each point (uint8).
    weight: that largest weight (float32, between 1/m and 1 for m unmasked keys).
    sharpness: the weight rescaled to 0 (every unmasked key ties) … 1 (the winner
    takes all); with a single unmasked key it is 1 everywhere.
    """

    rect: tuple[float, float, float, float]  # left, bottom, width, height
    xs: np.ndarray  # the points' x coordinates (cols,)
    ys: np.ndarray  # the points' y coordinates (rows,)
    winner: np.ndarray
    weight: np.ndarray
    sharpness: np.ndarray
    regions: tuple[Region, ...]

    def point(self, row: int, col: int) -> tuple[float, float]:
        return float(self.xs[col]), float(self.ys[row])


class WinnerGrid:
    """The points of one view rectangle, with everything that depends only on them."""

    def __init__(self, rect, cols: int, rows: int):
        left, bottom, width, height = (float(v) for v in rect)
        self.rect = (left, bottom, width, height)
        self.cols, self.rows = int(cols), int(rows)
        # Point centres, so the grid covers the rectangle evenly.
        self.xs = left + (np.arange(self.cols) + 0.5) * (width / self.cols)
        self.ys = bottom + (np.arange(self.rows) + 0.5) * (height / self.rows)
        self.xs32, self.ys32 = self.xs.astype(np.float32), self.ys.astype(np.float32)
        self._angles = np.arctan2(self.ys[:, None], self.xs[None, :]).ravel()
        # Built on demand: the points sorted by direction once the same grid serves a second
        # map (keys being dragged), the direction table's bins once a cosine map is asked for.
        # A grid used once (the view being panned) never pays for the sort.
        self._uses = 0
        self._order = self._sorted_angles = None
        self._direction_bin = self._direction_frac = None
        # The origin (if a point sits exactly on it) has no direction.
        zx, zy = np.flatnonzero(self.xs == 0.0), np.flatnonzero(self.ys == 0.0)
        self._origin = (int(zy[0]), int(zx[0])) if zx.size and zy.size else None
        self._reach = (float(np.max(np.abs(self.xs))), float(np.max(np.abs(self.ys))))

    def matches(self, rect, cols: int, rows: int) -> bool:
        return self.rect == tuple(float(v) for v in rect) and (self.cols, self.rows) == (cols, rows)

    # ---- the map -------------------------------------------------------------------

    def compute(self, scene: Scene, scoring: Scoring | None = None) -> WinnerMap | None:
        """The map for the scene's keys and mask; None where there is none to draw.

        None for scenes that are not 2-D, when every key is masked, and for cosine
        scoring with an unmasked zero key (its cosine is undefined everywhere).
        """
        scoring = scene.scoring if scoring is None else scoring
        if scene.dimension != 2:
            return None
        taking_part = np.flatnonzero(np.asarray(scene.mask, dtype=bool))
        if taking_part.size == 0:
            return None
        keys = np.asarray(scene.keys, dtype=np.float64)[taking_part]
        if scoring is Scoring.COSINE:
            if any(is_zero(k) for k in keys):
                return None
            coefficients = scene.cosine_multiplier * np.array([unit_and_length(k)[0] for k in keys])
        else:
            scale = default_scale(2) if scene.scale is None else scene.scale
            coefficients = scale * keys
        local = self._winners(coefficients)  # index into taking_part
        if scoring is Scoring.COSINE:
            weight = self._cosine_weight(coefficients, local)
        else:
            weight = self._dot_weight(coefficients, local)
        m = taking_part.size
        if self._origin is not None:
            # q = 0: every logit is 0, so the weights are uniform and the first key wins.
            # (The cosine is undefined there; the uniform weight draws nothing.)
            local[self._origin] = 0
            weight[self._origin] = 1.0 / m
        np.clip(weight, np.float32(1.0 / m), np.float32(1.0), out=weight)
        if m == 1:
            sharpness = np.ones_like(weight)
        else:
            sharpness = (weight - np.float32(1.0 / m)) * np.float32(m / (m - 1.0))
        winner = np.take(taking_part.astype(np.uint8), local)
        return WinnerMap(self.rect, self.xs, self.ys, winner, weight, sharpness, self._regions(winner))

    def _winners(self, c: np.ndarray) -> np.ndarray:
        """Per point, the position in c of the largest cᵢ·u for the point's direction u (intp)."""
        # Two keys tie along the two directions perpendicular to cᵢ − cⱼ. The key that wins in a
        # direction is the corner of the keys' convex hull furthest along it, so the winner
        # changes only across the hull's edges: those pairs are all the cuts needed.
        i, j = hull_edges(c)
        d = c[i] - c[j]
        d = d[np.any(d != 0.0, axis=1)]
        base = np.arctan2(d[:, 1], d[:, 0])
        cuts = np.concatenate([base + math.pi / 2, base - math.pi / 2])
        cuts = np.unique((cuts + math.pi) % (2 * math.pi) - math.pi)
        bounds = np.concatenate(([-math.pi], cuts, [math.pi]))
        middles = 0.5 * (bounds[:-1] + bounds[1:])
        # No BLAS here or below: its worker threads cost milliseconds to wake for tiny products.
        scores = c[:, 0, None] * np.cos(middles)[None, :] + c[:, 1, None] * np.sin(middles)[None, :]
        sector_winner = np.argmax(scores, axis=0)
        self._uses += 1
        if self._uses == 1:
            # Each point looks its direction up among the cuts.
            local = np.take(sector_winner, np.searchsorted(cuts, self._angles, side="right"))
            return local.reshape(self.rows, self.cols)
        if self._order is None:
            self._order = np.argsort(self._angles, kind="stable")
            self._sorted_angles = self._angles[self._order]
        # Points sorted by direction fall into the sectors in order (the same cuts as above).
        split = np.searchsorted(self._sorted_angles, cuts, side="left")
        counts = np.diff(np.concatenate(([0], split, [self._sorted_angles.size])))
        local = np.empty(self.rows * self.cols, dtype=np.intp)
        local[self._order] = np.repeat(sector_winner, counts)
        return local.reshape(self.rows, self.cols)

    def _dot_weight(self, c: np.ndarray, local: np.ndarray) -> np.ndarray:
        a, b = c[:, 0], c[:, 1]
        # The winner's own term is at least exp(−spread) once shifted by the per-axis maxima.
        spread = np.ptp(a) * self._reach[0] + np.ptp(b) * self._reach[1]
        if spread > _FLOAT64_SPREAD:
            return self._direct_weight(c, local)
        # Single precision keeps a logit to about 10⁻⁷ of its size: fine while logits are small,
        # but logits of 10⁹ that differ by a few units would lose the difference (and overflow exp).
        size = np.max(np.abs(a)) * self._reach[0] + np.max(np.abs(b)) * self._reach[1]
        single = spread <= _FLOAT32_SPREAD and size <= _FLOAT32_LOGIT
        dtype = np.float32 if single else np.float64
        lx = a[:, None] * self.xs[None, :]  # (m, cols)
        ly = b[:, None] * self.ys[None, :]  # (m, rows)
        top_x, top_y = lx.max(axis=0), ly.max(axis=0)
        ex = np.exp(lx - top_x).astype(dtype)
        ey = np.exp(ly - top_y).astype(dtype)
        # Σⱼ exp(ℓⱼ − top_x − top_y) at every point: a (rows × m)·(m × cols) product.
        total = np.einsum("ir,ic->rc", ey, ex, optimize=False)
        xs, ys = (self.xs32, self.ys32) if dtype is np.float32 else (self.xs, self.ys)
        best = np.take(a.astype(dtype), local) * xs[None, :]
        best += np.take(b.astype(dtype), local) * ys[:, None]
        best -= top_x.astype(dtype)[None, :]
        best -= top_y.astype(dtype)[:, None]
        np.exp(best, out=best)
        best /= total
        return best.astype(np.float32, copy=False)

    def _direct_weight(self, c: np.ndarray, local: np.ndarray) -> np.ndarray:
        """The stable softmax point by point, for logits too spread for the separable sum."""
        a, b = c[:, 0], c[:, 1]
        best = np.take(a, local) * self.xs[None, :] + np.take(b, local) * self.ys[:, None]
        total = np.zeros((self.rows, self.cols))
        for j in range(len(c)):
            total += np.exp(a[j] * self.xs[None, :] + b[j] * self.ys[:, None] - best)
        return (1.0 / total).astype(np.float32)

    def _cosine_weight(self, c: np.ndarray, local: np.ndarray) -> np.ndarray:
        if self._direction_bin is None:
            position = (self._angles + math.pi) * (_DIRECTIONS / (2 * math.pi))
            bins = np.minimum(np.floor(position), _DIRECTIONS - 1)
            self._direction_bin = bins.astype(np.intp).reshape(self.rows, self.cols)
            self._direction_frac = (position - bins).astype(np.float32).reshape(self.rows, self.cols)
        # Every key's weight at directions −π … π. A point reads its winner's curve with linear
        # interpolation: that curve is smooth, while the largest weight has a corner at each tie.
        angles = np.arange(_DIRECTIONS + 1) * (2 * math.pi / _DIRECTIONS) - math.pi
        logits = c[:, 0, None] * np.cos(angles)[None, :] + c[:, 1, None] * np.sin(angles)[None, :]
        tables = np.exp(logits - logits.max(axis=0))
        tables /= tables.sum(axis=0)
        tables = tables.astype(np.float32).ravel()
        at = local * (_DIRECTIONS + 1) + self._direction_bin
        low = np.take(tables, at)
        rise = np.take(tables, at + 1)
        rise -= low
        rise *= self._direction_frac
        low += rise
        return low

    def _regions(self, winner: np.ndarray) -> tuple[Region, ...]:
        s = _REGION_STRIDE
        sample = winner[s // 2 :: s, s // 2 :: s]
        if sample.size == 0:
            return ()
        xs = np.broadcast_to(self.xs[s // 2 :: s][None, :], sample.shape).ravel()
        ys = np.broadcast_to(self.ys[s // 2 :: s][:, None], sample.shape).ravel()
        flat = sample.ravel().astype(np.intp)
        counts = np.bincount(flat)
        sx, sy = np.bincount(flat, xs), np.bincount(flat, ys)
        return tuple(
            Region(int(k), float(counts[k] / flat.size), (float(sx[k] / counts[k]), float(sy[k] / counts[k])))
            for k in np.flatnonzero(counts)
        )


def hull_edges(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The edges of the convex hull of 2-D points, as two arrays of the points' indices.

    Andrew's monotone chain. A point in the middle of an edge, or on another point, is left
    out: it is the furthest along no direction but that edge's normal, where it ties.
    """
    order = np.lexsort((points[:, 1], points[:, 0]))
    xy = points[order]
    distinct = np.ones(len(order), dtype=bool)
    distinct[1:] = np.any(xy[1:] != xy[:-1], axis=1)
    order, xy = order[distinct], xy[distinct].tolist()

    def half(positions) -> list[int]:
        chain: list[int] = []
        for p in positions:
            x, y = xy[p]
            while len(chain) >= 2:
                (ax, ay), (bx, by) = xy[chain[-2]], xy[chain[-1]]
                if (bx - ax) * (y - ay) - (by - ay) * (x - ax) > 0.0:  # a left turn: b stays
                    break
                chain.pop()
            chain.append(p)
        return chain

    n = len(order)
    corners = order[half(range(n))[:-1] + half(range(n - 1, -1, -1))[:-1]]
    return corners, np.roll(corners, -1)


def winner_map(
    scene: Scene, rect, cols: int = 256, rows: int = 256, scoring: Scoring | None = None
) -> WinnerMap | None:
    """The winner map of a scene over rect = (left, bottom, width, height)."""
    return WinnerGrid(rect, cols, rows).compute(scene, scoring)
