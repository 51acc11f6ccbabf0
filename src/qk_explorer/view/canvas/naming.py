"""The rule for names (name_places) applied to a drawing's arrows, and to any other name.

A drawing hands over its named things in order of importance, the transform from its plane
to its viewport's pixels, the boxes no name may cover (the canvas's header, the angle's θ)
and the drawing's box. Every arrow head is avoided, every shaft crossed only when nothing
else is free. While a drag lasts, only the names of what moves are placed again: the others
stand (in the drag frame's pictures) and are avoided where they stand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QTransform

from ..drag.text_outline import glyphs_shared
from .name_places import head_box, place


class PointName:
    """A name that belongs to a point with no arrow (B's unit circle's): its item is centred
    where the rule says, through `put(centre)` (viewport pixels)."""

    def __init__(self, text_size, put):
        self.point = (0.0, 0.0)  # in the plane
        self.direction = (0.0, 0.0)  # in pixels: away from what it names
        self._size, self._put = text_size, put

    def isVisible(self) -> bool:
        return self._size() != (0.0, 0.0)


class Naming:
    def __init__(self):
        self._spots: dict = {}  # item -> (tip, direction, size, gap, head box, shaft), pixels
        self.boxes: dict = {}  # item -> its name's box, as placed (x0, y0, x1, y1)
        self._standing = None  # (what moves, the boxes and shafts of what stands): a drag's

    def lay_out(
        self,
        items: Sequence,
        to_px: QTransform,
        taken: Sequence[QRectF],
        bounds: QRectF,
        moving: set | None = None,
        optional: set = frozenset(),
        apart: set = frozenset(),
        axes: bool = True,
    ) -> None:
        """Place the names of `items` (VectorItems and PointNames, most important first); with
        `moving`, only theirs, the others standing where they were placed. Those in `optional`
        are left out where no place is free; `axes`: the plane's axes are drawn (crossed as little
        as shafts); `apart`: arrows whose tip's list found no room (they
        and the others there are named one by one)."""
        shown = [item for item in items if item.isVisible() and self._named(item)]
        full = moving is None or any(item not in self._spots for item in shown)
        if full:
            self._spots, self.boxes, self._standing = {}, {}, None
            writers = set(self._share(shown, to_px, apart))
            moving = set(shown)
        else:
            moving = moving & set(shown)
            writers = set(self.boxes) | moving
            for item in moving:
                if not isinstance(item, PointName):
                    item.share_name(None)  # in hand, it leaves the tip it shared
        with glyphs_shared():  # the names measured together (a big scene's: 255 texts, 20 glyphs)
            for item in moving:
                self._spots[item] = self._spot(item, to_px)
        placed = [item for item in shown if item in moving and item in writers]
        if not placed:
            return
        heads, shafts = self._obstacles(shown, moving)
        fixed = [(r.left(), r.top(), r.right(), r.bottom()) for r in taken if not r.isEmpty()]
        mine = [self._spots[item] for item in placed]
        offsets, boxes, forced = place(
            np.array([s[0] for s in mine], dtype=float),
            np.array([s[1] for s in mine], dtype=float),
            np.array([s[2] for s in mine], dtype=float),
            np.array([s[3] for s in mine], dtype=float),
            np.concatenate((np.array(fixed, dtype=float).reshape(-1, 4), heads)),
            shafts,
            (bounds.left(), bounds.top(), bounds.right(), bounds.bottom()),
            np.array([item in optional for item in placed]),
            _origin(to_px) if axes else None,
            np.array([not isinstance(item, PointName) for item in placed]),  # an arrow's is tied by a line
        )
        crowded = {
            item
            for item, squeezed in zip(placed, forced, strict=True)
            if squeezed and not isinstance(item, PointName) and " = " in item.name_text
        }
        if full and crowded and not apart:
            # A list with no room of its own: each arrow there writes its own name instead, the
            # faint ones only where they find room.
            self.lay_out(items, to_px, taken, bounds, None, optional, apart=crowded, axes=axes)
            return
        for item, offset, box in zip(placed, offsets, boxes, strict=True):
            self._put(item, offset, box)

    def _obstacles(self, shown: list, moving: set) -> tuple[np.ndarray, np.ndarray]:
        """The arrow heads and names (m, 4) and the shafts (k, 4) the names placed now avoid: those
        of what stands worked out once a drag (they stand while it lasts), the moving ones' now."""
        key = frozenset(moving)
        if self._standing is None or self._standing[0] != key:
            still = [item for item in shown if item not in moving]
            boxes = [self._spots[item][4] for item in still if self._spots[item][4] is not None]
            boxes += [self.boxes[item] for item in still if item in self.boxes]
            lines = [self._spots[item][5] for item in still if self._spots[item][5] is not None]
            self._standing = (key, _array(boxes), _array(lines))
        _, boxes, lines = self._standing
        spots = [self._spots[item] for item in moving]
        heads = _array([spot[4] for spot in spots if spot[4] is not None])
        shafts = _array([spot[5] for spot in spots if spot[5] is not None])
        return np.concatenate((boxes, heads)), np.concatenate((lines, shafts))

    def _put(self, item, offset, box) -> None:
        """Write the name where it was placed, or not at all (NaN: no room)."""
        if np.isnan(box[0]):
            self.boxes.pop(item, None)
            if isinstance(item, PointName):
                item._put(None)
            else:
                item.share_name("")
            return
        self.boxes[item] = tuple(box)
        if isinstance(item, PointName):
            x, y = self._spots[item][0]
            item._put(QPointF(x + offset[0], y + offset[1]))
        else:
            item.set_label_offset((float(offset[0]), float(offset[1])))

    def _share(self, shown: list, to_px: QTransform, apart: set) -> list:
        """Arrows ending on one tip write one name there, a list ("k₄ = v₄"), the first one's;
        the list for each tip shared, the arrows that write a name returned."""
        tips: dict = {}
        for item in shown:
            if isinstance(item, PointName):
                tips[id(item)] = [item]
                continue
            tip = to_px.map(item.tip)
            tips.setdefault((round(tip.x()), round(tip.y())), []).append(item)
        writers = []
        for group in list(tips.values()):
            if len(group) > 1 and group[0] in apart:  # no room for the list: one name each
                for item in group:
                    item.share_name(None)
                writers += group
                continue
            first = group[0]
            if not isinstance(first, PointName):
                first.share_name(" = ".join(item.label for item in group) if len(group) > 1 else None)
                for other in group[1:]:
                    other.share_name("")
            writers.append(first)
        return writers

    def heads(self) -> dict:
        """Each named arrow's head box as last placed (x0, y0, x1, y1), in pixels."""
        return {item: spot[4] for item, spot in self._spots.items() if spot[4] is not None}

    @staticmethod
    def _named(item) -> bool:
        return isinstance(item, PointName) or bool(item.label)  # its own: a shared one may be ""

    @staticmethod
    def _spot(item, to_px: QTransform) -> tuple:
        if isinstance(item, PointName):
            tip = to_px.map(QPointF(*item.point))
            return (tip.x(), tip.y()), item.direction, item._size(), 6.0, None, None
        tail, tip = to_px.map(QPointF(0.0, 0.0)), to_px.map(item.tip)
        dx, dy = tip.x() - tail.x(), tip.y() - tail.y()
        length = math.hypot(dx, dy)
        direction = (dx / length, dy / length) if length >= 1.0 else (0.0, 0.0)
        head = item.head_length(length)
        point = (tip.x(), tip.y())
        shaft = None
        if length >= 1.0:
            shaft = (tail.x(), tail.y(), tip.x() - direction[0] * head, tip.y() - direction[1] * head)
        return (
            point,
            direction,
            item.name_size(),
            item.name_gap(),
            tuple(head_box(point, direction, head)),
            shaft,
        )


def _array(rows: list) -> np.ndarray:
    return np.array(rows, dtype=float).reshape(-1, 4)


def _origin(to_px: QTransform) -> tuple[float, float]:
    """Where the plane's origin is, in pixels: its axes run through it."""
    origin = to_px.map(QPointF(0.0, 0.0))
    return origin.x(), origin.y()
