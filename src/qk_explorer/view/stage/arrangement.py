"""Where the stage puts the drawing and its blocks: the arrangements tried, and whether blocks fit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QLayout, QWidget

from .blocks import Block
from .type_size import SHRINKS, StageType

SIDE_SHARES = (0.36, 0.40, 0.44, 0.48, 0.52, 0.56)  # one column beside the drawing: its width
WORDS_SHARES = (0.28, 0.32)  # two columns: the words' width
NUMBERS_SHARE = 0.26  # two columns: the numbers' least width
CANVAS_SHARE = 0.34  # the drawing keeps at least this much of the width
# Of the drawing's room, the token plane's part: the canvas over it, with eight arrows, their names
# and a header, needs the larger.
PLANE_SHARE = 0.36
TABLE_LIMITS = (8, 6, 4)  # keys shown when a table has too many for the screen
LAST_LIMITS = (3, 2, 1)


@dataclass(frozen=True)
class Arrangement:
    canvas: QRect
    columns: tuple[tuple[QRect, tuple[Block, ...]], ...]  # one or two, in the stage's coordinates
    plane: QRect | None = None  # the token plane's, out of the drawing's room


def arrangements(w: int, h: int, kind: StageType, wanted, lesson, numbers, plane: bool = False):
    """Where the drawing and the blocks may go, in the order they are tried: one column beside
    the drawing at growing widths, then the words and the numbers in two columns. With `plane`
    the drawing's room is shared with the token plane, under the canvas."""
    for arrangement in _arrangements(w, h, kind, wanted, lesson, numbers):
        if plane:
            canvas, room = split_drawing(arrangement.canvas, kind.gap, kind.margin)
            arrangement = Arrangement(canvas, arrangement.columns, room)
        yield arrangement


def attempts(keys: int, words: bool):
    """How the stage tries to fit a step, in order, as (columns, shrink, table rows limit, paged):
    the type shrinks first, then table rows go (`keys`: the rows of its keyed tables), then the
    `words` go over pages (with fewer table rows still, when even one paragraph finds no room).
    All of it with the drawing beside one column before the words get a column of their own:
    between two columns the drawing is a narrow strip of a 16:9 screen."""
    for columns in (1, 2):
        for shrink in SHRINKS:
            yield columns, shrink, None, False
        floor, limit = SHRINKS[-1], None
        for limit in [n for n in TABLE_LIMITS if keys > n]:
            yield columns, floor, limit, False
        if words:
            yield columns, floor, limit, True
        for last in [n for n in LAST_LIMITS if keys > n]:
            yield columns, floor, last, words


def split_drawing(room: QRect, gap: int, margin: int) -> tuple[QRect, QRect]:
    """The canvas over the token plane in the drawing's room; the plane's tick numbers kept a
    margin off the screen's edges. (Beside the canvas, in the room a 16:9 screen leaves, the
    plane was a tall strip, its names cut at its sides.)"""
    part = round(room.height() * PLANE_SHARE)
    canvas = QRect(room.x(), room.y(), room.width(), room.height() - part - gap)
    return canvas, QRect(room.x() + margin, room.bottom() + 1 - part, room.width() - margin, part - margin)


def _arrangements(w: int, h: int, kind: StageType, wanted, lesson, numbers):
    margin, gap = kind.margin, kind.gap
    height = h - 2 * margin
    for share in SIDE_SHARES:
        side = round(w * share)
        column = QRect(w - margin - side, margin, side, height)
        canvas = QRect(0, 0, column.x() - margin, h)
        yield Arrangement(canvas, ((column, wanted),))
    if not lesson or not numbers:
        return
    least = max(b.min_width() for b in numbers)
    numbers_width = max(least, round(w * NUMBERS_SHARE))
    for share in WORDS_SHARES:
        words_width = round(w * share)
        left = QRect(margin, margin, words_width, height)
        right = QRect(w - margin - numbers_width, margin, numbers_width, height)
        canvas = QRect(left.right() + 1 + gap, 0, right.x() - gap - left.right() - 1 - gap, h)
        if canvas.width() < w * CANVAS_SHARE:
            continue
        yield Arrangement(canvas, ((left, lesson), (right, numbers)))


def remeasure(block: Block) -> None:
    """Forget what the block's layouts measured before: a text or a font changed inside.

    It goes through the widgets and layouts under the block, never the layouts' items: Python
    keeps the wrapper of an item that QLayout.itemAt hands out, after Qt has deleted the item
    (a widget leaving a layout deletes its item), until it stands for whatever Qt puts there next."""
    for layout in block.findChildren(QLayout):  # the block's own, its widgets', and those inside
        layout.invalidate()
    for widget in block.findChildren(QWidget):
        if widget.layout() is not None:
            widget.updateGeometry()  # its place in its parent's layout forgets its old sizes


def fits(blocks, rect: QRect, gap: int, whole: bool = False) -> bool:
    """Every block is as wide as its widest unbreakable text (with `whole`, as its numbers on
    one line), and the column as tall as all of them."""
    if not blocks:
        return True
    if max(b.natural_width() if whole else b.min_width() for b in blocks) > rect.width():
        return False
    total = sum(b.height_for(rect.width()) for b in blocks) + gap * (len(blocks) - 1)
    return total <= rect.height()


def fitting(arrangement: Arrangement, gap: int, whole: bool, changing) -> Callable[[], bool] | None:
    """Whether the `changing` blocks, as they are when asked, fit `arrangement` — as fits() says
    for every column — with the other blocks measured once, now; None when those others do not
    fit it whatever the changing ones are. (Paging tries many pages against one arrangement.)"""
    rooms = []
    for rect, blocks in arrangement.columns:
        still = [b for b in blocks if b not in changing]
        if still and max(b.natural_width() if whole else b.min_width() for b in still) > rect.width():
            return None
        room = rect.height() - sum(b.height_for(rect.width()) for b in still) - gap * (len(blocks) - 1)
        if room < 0:
            return None
        rooms.append((rect.width(), [b for b in blocks if b in changing], room))

    def check() -> bool:
        return all(
            not moving
            or (
                max(b.natural_width() if whole else b.min_width() for b in moving) <= width
                and sum(b.height_for(width) for b in moving) <= room
            )
            for width, moving, room in rooms
        )

    return check
