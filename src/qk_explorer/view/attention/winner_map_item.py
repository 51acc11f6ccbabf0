"""The winner map behind the arrows: which key a query at each point would weigh most, and how sharply.

One pg.ImageItem covers the view rectangle. Its pixels come from the model's
WinnerGrid (model/winner_map.py); this item only turns (winner, sharpness) into
colours: the winning key's palette colour, deeper where it wins by more. The
colours are blended with the background beforehand, so the image is opaque
32-bit RGB. It is enlarged to the device's pixels once, when it changes (numpy
repeats its rows and columns), and then copied without scaling: Qt scaling the
small image at every paint cost about 7 instructions a pixel, most of a key's
drag step, where the map changes at every step.
It recomputes when the keys, the mask, the scale or the view change, and
skips the work when only q or a value moved. While an arrow is in hand
(a drag in the update) a map made anew has a quarter of the points along each side,
and the names sit at their regions' centres without looking for room: a
key's drag makes a map at every step. On release both are made in full.
A second item writes the winning key's name in the middle of each large region.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPixmap

from ...model import Scene
from ...model.winner_map import WinnerGrid, WinnerMap
from .. import words
from ..canvas.view_rect_item import ViewRectItem
from ..contract import Update
from ..theme import Theme
from ..widgets.key_palette import PALETTE, key_colour, label_colour

GRID_SIDE = 256  # points along the view's longer side
DRAG_GRID_SIDE = 64  # while an arrow is in hand: the map made anew at every step of a key's drag
LEVELS = 16  # opacity steps per key
LABEL_MIN_SHARE = 0.06  # regions smaller than this share of the view carry no name
LABEL_TOP_MARGIN_PX = 70  # keep names clear of the numbers in the canvas's top corner
LABEL_CLEARANCE_PX = 34  # and this far from the arrows' tips, where their own names sit
_FRACTIONS = np.array([0.92, 0.75, 0.58])  # how far out along its ray a name is tried, in turn
_SIDES = np.array([0.0, 1.0, -1.0, 2.0, -2.0])  # and how many clearances to either side


def opacity_ramp(dark: bool) -> np.ndarray:
    """Alpha for sharpness 0 … 1: a faint tint where keys tie, a clear colour where one wins outright."""
    top = 0.42 if dark else 0.38
    return np.linspace(0.04, top, LEVELS)


class WinnerLabelsItem(ViewRectItem):
    """The winning key's name in each large region, in device pixels so it keeps its size."""

    def __init__(self):
        super().__init__()
        self._labels: list[tuple[str, QPointF, QColor]] = []
        self._keys: list[int] = []  # the key each label names
        self._tips: list[QPointF] = []  # the keys' tips, which the names keep clear of
        self._map = None  # the WinnerMap the names describe
        self._rough = False  # at the regions' centres, without looking for room
        self._font = QFont()
        self._halo = QColor("white")
        self._paths: dict[tuple, QPixmap] = {}
        self._placed: tuple[tuple, list[tuple[QPointF, QPixmap]]] | None = None  # (transform, names)
        self.setZValue(-90)

    def set_style(self, font: QFont, halo: QColor) -> None:
        self._font, self._halo = QFont(font), QColor(halo)
        self._paths.clear()
        self._placed = None
        self.update()

    def set_labels(self, labels, keys=(), tips=(), winner_map=None, rough=False) -> None:
        """labels: (text, region centre, colour); keys: the key of each; tips: points to keep clear of;
        rough: each name at its region's centre, without looking for room (a key's drag)."""
        labels, keys, tips = list(labels), list(keys), list(tips)
        shown = (labels, keys, tips, rough)
        if winner_map is not self._map or shown != (self._labels, self._keys, self._tips, self._rough):
            self._labels, self._keys, self._tips, self._rough = shown
            self._map = winner_map
            self._placed = None
            self.update()

    def labels(self) -> list[str]:
        return [text for text, _, _ in self._labels]

    # The map item feeds this one its labels, style and language.
    def render(self, update: Update) -> None:
        pass

    def set_theme(self, theme: Theme) -> None:
        pass

    def set_language(self, lang: str) -> None:
        pass

    def paint(self, painter: QPainter, *args) -> None:
        vb = self.getViewBox()
        if not self._labels or vb is None:
            return
        t = painter.transform()
        view = t.mapRect(vb.viewRect())
        # The names stay put while q moves: place them again only when the view or they change.
        # Kept relative to the view's corner: the canvas may paint them into a picture of its own.
        corner = view.topLeft()
        key = (t.m11(), t.m12(), t.m21(), t.m22(), t.dx() - corner.x(), t.dy() - corner.y(), view.size())
        if self._placed is None or self._placed[0] != key:
            self._placed = (key, [(at - corner, pixmap) for at, pixmap in self._place_all(t, view)])
        painter.resetTransform()
        for at, pixmap in self._placed[1]:
            painter.drawPixmap(at + corner, pixmap)
        painter.setTransform(t)

    def _place_all(self, t, view: QRectF) -> list[tuple[QPointF, QPixmap]]:
        places = [t.map(centre) for _, centre, _ in self._labels]  # rough: at the regions' centres
        if not self._rough:
            places = self._clear_places(t, view)
        placed = []
        for (text, _, colour), at in zip(self._labels, places):
            pixmap = self._pixmap(text, colour)
            w, h = pixmap.width() / pixmap.devicePixelRatio(), pixmap.height() / pixmap.devicePixelRatio()
            placed.append((QPointF(at.x() - w / 2, at.y() - h / 2), pixmap))
        return placed

    def _clear_places(self, t, view: QRectF) -> list[QPointF]:
        """Each name's place in device pixels, in its region and clear of the arrows' tips."""
        origin = t.map(QPointF(0.0, 0.0))
        plane = np.array([(p.x(), p.y()) for p in self._tips], dtype=float).reshape(-1, 2)
        # The tips in device pixels (the painter's transform is affine: scale, shear, shift).
        tips = np.column_stack(
            [
                t.m11() * plane[:, 0] + t.m21() * plane[:, 1] + t.dx(),
                t.m12() * plane[:, 0] + t.m22() * plane[:, 1] + t.dy(),
            ]
        )
        inverse, _ = t.inverted()
        places = []
        for n, (text, centre, colour) in enumerate(self._labels):
            pixmap = self._pixmap(text, colour)
            box = QRectF(
                0, 0, pixmap.width() / pixmap.devicePixelRatio(), pixmap.height() / pixmap.devicePixelRatio()
            )
            key = self._keys[n] if n < len(self._keys) else None
            wins = partial(self._wins_at, inverse, key)
            places.append(self._place(origin, t.map(centre), view, box, tips, wins))
        return places

    def _pixmap(self, text: str, colour: QColor) -> QPixmap:
        """The name with its halo, drawn once and reused every frame."""
        key = (text, colour.rgba())
        pixmap = self._paths.get(key)
        if pixmap is None:
            path = QPainterPath()
            path.addText(0, 0, self._font, text)
            box = path.boundingRect().adjusted(-4, -4, 4, 4)
            pixmap = QPixmap(int(box.width()) + 2, int(box.height()) + 2)
            pixmap.fill(Qt.GlobalColor.transparent)
            p = QPainter(pixmap)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.translate(1 - box.left(), 1 - box.top())
            halo = QPen(self._halo, 5.0)
            halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            p.strokePath(path, halo)
            p.fillPath(path, QBrush(colour))
            p.end()
            self._paths[key] = pixmap
        return pixmap

    def _wins_at(self, inverse, key, point: QPointF) -> bool:
        return self._wins(inverse.map(point), key)

    def _wins(self, point: QPointF, key) -> bool:
        """Whether `key` wins at a plane point, read from the map."""
        wm = self._map
        if wm is None or key is None:
            return True
        left, bottom, width, height = wm.rect
        rows, cols = wm.winner.shape
        col = int((point.x() - left) / width * cols)
        row = int((point.y() - bottom) / height * rows)
        return 0 <= row < rows and 0 <= col < cols and int(wm.winner[row, col]) == key

    @staticmethod
    def _place(origin: QPointF, centre: QPointF, view: QRectF, box: QRectF, tips=(), wins=None) -> QPointF:
        """Far out along the ray from the origin through the region's centre, clear of the arrows' tips.

        Every region is a sector with its apex at the origin, so the ray lies in it; when a tip
        (with its own label) is in the way, the name moves in along the ray or to either side,
        as long as it stays in its region. `tips`: an (n, 2) array of device points.
        """
        dx, dy = centre.x() - origin.x(), centre.y() - origin.y()
        length = math.hypot(dx, dy)
        if length < 1e-9:
            return centre
        inner = view.adjusted(
            box.width() / 2 + 10,
            box.height() / 2 + LABEL_TOP_MARGIN_PX,
            -box.width() / 2 - 10,
            -box.height() / 2 - 10,
        )
        reach = []
        for lo, hi, o, d in (
            (inner.left(), inner.right(), origin.x(), dx),
            (inner.top(), inner.bottom(), origin.y(), dy),
        ):
            if d > 0:
                reach.append((hi - o) / d)
            elif d < 0:
                reach.append((lo - o) / d)
        far = min(reach) if reach else 1.0
        if far <= 1.0:  # the centre itself is as far as the view allows
            return centre
        ux, uy = dx / length, dy / length
        clearance = max(box.width(), box.height()) / 2 + LABEL_CLEARANCE_PX
        # The places tried, in order: out along the ray first, then to either side of it.
        along = 1.0 + _FRACTIONS * (far - 1.0)
        xs = (origin.x() + along * dx)[:, None] - uy * clearance * _SIDES[None, :]
        ys = (origin.y() + along * dy)[:, None] + ux * clearance * _SIDES[None, :]
        xs, ys = xs.ravel(), ys.ravel()
        left, right = sorted((inner.left(), inner.right()))
        top, bottom = sorted((inner.top(), inner.bottom()))
        inside = (xs >= left) & (xs <= right) & (ys >= top) & (ys <= bottom) & (left < right) & (top < bottom)
        tried = np.tile(_SIDES == 0.0, len(_FRACTIONS)) | inside  # on the ray, or to a side inside
        tips = np.asarray(tips, dtype=float).reshape(-1, 2)
        if len(tips):  # every place against every tip at once: with 64 keys, a thousand distances
            gaps = np.hypot(xs[:, None] - tips[None, :, 0], ys[:, None] - tips[None, :, 1])
            tried &= (gaps >= clearance).all(axis=1)
        for i in np.flatnonzero(tried).tolist():
            at = QPointF(xs[i], ys[i])
            if wins is None or wins(at):
                return at
        s = 1.0 + 0.92 * (far - 1.0)
        return QPointF(origin.x() + s * dx, origin.y() + s * dy)


class WinnerMapItem(pg.ImageItem):
    def __init__(self, labels: WinnerLabelsItem | None = None):
        super().__init__(axisOrder="row-major")
        self.setZValue(-1000)  # under everything, the grid included (set again once added)
        self.labels = labels
        self._enabled = False
        self._scene: Scene | None = None
        self._grid: WinnerGrid | None = None
        self._inputs = None
        self._dragging = False
        self._coarse = False  # the map shown was made while dragging
        self._dark = False
        self._lut = self._make_lut(False)
        self._device = None  # (image, size, pixels, QImage): the image enlarged to the device's pixels
        self.last_map: WinnerMap | None = None
        self.computations = 0
        self.setVisible(False)

    # ---- options ----------------------------------------------------------------

    def set_enabled(self, on: bool) -> None:
        self._enabled = bool(on)
        self._inputs = None
        self._refresh()

    @property
    def enabled(self) -> bool:
        return self._enabled

    def set_theme(self, theme: Theme) -> None:
        self._dark = theme.dark
        self._lut = self._make_lut(theme.dark, theme.background)
        if self.labels is not None:
            font = QFont()
            font.setPointSizeF(QFont().pointSizeF() * 2.1 * theme.text_scale)
            font.setBold(True)
            self.labels.set_style(font, QColor(theme.background))
        self._inputs = None
        self._refresh()

    def render(self, update: Update) -> None:
        """Draw the map; while an arrow is in hand a coarse one, made in full once it is let go.
        Not drawn while an open question withholds it: it shows which key wins."""
        self._scene = None if "winner_map" in update.withheld else update.scene
        self._dragging = update.drag.on
        if not self._dragging and self._coarse:
            self._inputs = None
        self._refresh()

    def set_language(self, lang: str) -> None:
        pass  # the key names beside it are subscripts, the same in every language

    def viewRangeChanged(self):
        self._refresh()

    def paint(self, painter, *args):
        if self.image is None:
            return
        rows, cols = self.image.shape
        t = painter.transform()
        target = t.mapRect(QRectF(0, 0, cols, rows))  # the image's rectangle in device pixels
        ratio = painter.device().devicePixelRatioF()
        size = (round(target.width() * ratio), round(target.height() * ratio), t.m22() < 0, ratio)
        if self._device is None or self._device[0] is not self.image or self._device[1] != size:
            self._device = (self.image, size, *self._enlarged(*size))
        painter.resetTransform()
        painter.drawImage(QPointF(round(target.left()), round(target.top())), self._device[3])
        painter.setTransform(t)

    def _enlarged(self, width: int, height: int, row_0_below: bool, ratio: float):
        """(pixels, QImage on them): the image at width × height pixels, nearest map point each."""
        rows, cols = self.image.shape
        across = ((np.arange(width) + 0.5) * (cols / max(width, 1))).astype(np.intp)
        down = ((np.arange(height) + 0.5) * (rows / max(height, 1))).astype(np.intp)
        if row_0_below:  # the plot's y grows upwards: the map's row 0 is the picture's bottom row
            down = rows - 1 - down
        pixels = np.take(np.take(self.image, across, axis=1), down, axis=0)
        image = QImage(pixels.data, width, height, width * 4, QImage.Format.Format_RGB32)
        image.setDevicePixelRatio(ratio)
        return pixels, image

    # ---- computing --------------------------------------------------------------

    def _make_lut(self, dark: bool, background: str = "#ffffff") -> np.ndarray:
        """0xffRRGGBB for every (key colour, depth): index = colour × LEVELS + level."""
        alphas = opacity_ramp(dark)[:, None]
        back = QColor(background)
        base = np.array([back.red(), back.green(), back.blue()], dtype=float)
        lut = np.zeros(len(PALETTE) * LEVELS, dtype=np.uint32)
        for c, name in enumerate(PALETTE):
            colour = QColor(name)
            rgb = np.array([colour.red(), colour.green(), colour.blue()], dtype=float)
            mixed = np.round(base * (1 - alphas) + rgb * alphas).astype(np.uint32)
            lut[c * LEVELS : (c + 1) * LEVELS] = (
                0xFF000000 | (mixed[:, 0] << 16) | (mixed[:, 1] << 8) | mixed[:, 2]
            )
        return lut

    def pixel_colour(self, row: int, col: int) -> QColor:
        """The colour drawn for a map point (row 0 at the bottom), for tests."""
        return QColor.fromRgb(int(self.image[row, col]))

    def _hide(self) -> None:
        self.last_map = None
        self.setVisible(False)
        if self.labels is not None:
            self.labels.set_labels([])
            self.labels.setVisible(False)

    def _refresh(self) -> None:
        vb = self.getViewBox()
        scene = self._scene
        if not self._enabled or scene is None or vb is None or scene.dimension != 2:
            self._inputs = None
            self._hide()
            return
        rect = vb.viewRect()
        width_px, height_px = max(1.0, vb.width()), max(1.0, vb.height())
        box = (rect.left(), rect.top(), rect.width(), rect.height())  # top() is the lowest y here
        inputs = (scene.keys, scene.mask, scene.scale, scene.scoring, scene.cosine_multiplier, box)
        inputs += (width_px, height_px)
        if inputs == self._inputs:
            return
        self._inputs = inputs
        side = DRAG_GRID_SIDE if self._dragging else GRID_SIDE
        self._coarse = self._dragging
        if width_px >= height_px:
            cols, rows = side, max(2, round(side * height_px / width_px))
        else:
            cols, rows = max(2, round(side * width_px / height_px)), side
        if self._grid is None or not self._grid.matches(box, cols, rows):
            self._grid = WinnerGrid(box, cols, rows)
        wm = self._grid.compute(scene)
        self.computations += 1
        if wm is None:
            self._hide()
            return
        self.last_map = wm
        level = wm.sharpness * np.float32(LEVELS - 1)
        level += np.float32(0.5)
        index = (wm.winner % len(PALETTE)).astype(np.intp)
        index *= LEVELS
        index += level.astype(np.intp)
        self.setImage(np.take(self._lut, index), autoLevels=False)
        self.setRect(QRectF(*box))
        self.setVisible(True)
        if self.labels is not None:
            self.labels.setVisible(True)
            regions = [r for r in wm.regions if r.share >= LABEL_MIN_SHARE] if len(wm.regions) > 1 else []
            self.labels.set_labels(
                [
                    (words.key_name(r.key), QPointF(*r.centre), label_colour(r.key, self._dark))
                    for r in regions
                ],
                [r.key for r in regions],
                [QPointF(x, y) for x, y in scene.keys],
                wm,
                rough=self._coarse,
            )

    def colour_of(self, key: int) -> QColor:
        return key_colour(key)
