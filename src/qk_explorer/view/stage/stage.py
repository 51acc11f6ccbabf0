"""The stage: presentation mode's one screen, laid out for a lecture hall.

The drawing, and beside it what the current moment of the lesson speaks of
(content.plan_for): its title, the numbers in blocks, and its words, wrapped;
for a scene of tokens the drawing shares its room with the token plane
(plane.py). No desktop panel is shown, no control, nothing scrolls or is cut
short.

Laying out (arrange) is a search, done when what is shown changes shape — a
new step, another number of keys, another language, size or zoom — never at
each step of a drag:

1. type from the screen's height (type_size): the preferred size first, then
   smaller steps down to the lecture hall's floors;
2. for each size, arrangements from the most room for the drawing to the
   least: one column beside the drawing (title, numbers, words) at growing
   widths, then the words in a column of their own left of the drawing and the
   numbers right of it;
3. at the floor, fewer items rather than smaller type: a long table keeps its
   largest weights and the selected key, then the last paragraphs go.

The first arrangement in which every block fits its column — no label
narrower than its text, no column taller than the screen — is used.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Signal
from PySide6.QtWidgets import QApplication, QWidget

from ...model import Results, Scene
from ...model.lesson import Condition, Kind
from ...model.lesson_logic import facts, fill, shown
from ...text.lesson_text import placeholder_values, to_html, to_runs
from .. import words
from ..contract import Update
from ..theme import Theme
from ..widgets.text_runs import TagFormats
from .arrangement import Arrangement, arrangements, fits, remeasure
from .blocks import Block, GridBlock, RowsBlock, TableBlock, TitleBlock, WordsBlock
from .content import (
    GRIDS,
    Plan,
    grid,
    more_keys,
    output_rows,
    pair_reason,
    pair_rows,
    plan_for,
    table,
    vector_rows,
)
from .plane import StagePlane
from .type_size import SHRINKS, StageType, stage_type

TABLE_LIMITS = (8, 6, 4)  # keys shown when a table has too many for the screen
LAST_LIMITS = (3, 2, 1)
ROLES = ("query", "key", "value", "output", "projection")


class Stage(QWidget):
    """A View (contract.py): the window renders it like its panels while it is on screen."""

    arranged = Signal()  # laid out anew: free room may have moved (the leave hint goes there)

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("stage")
        self.setAutoFillBackground(True)
        self._window = window
        self.title = TitleBlock()
        self.pair = RowsBlock("pair")
        self.givens = RowsBlock("givens")
        self.attention = TableBlock("attention")
        self.compare = TableBlock("compare")
        self.grids = {kind: GridBlock(f"matrix_{kind}") for kind in GRIDS}
        self.outputs = RowsBlock("outputs")
        self.words = WordsBlock()
        self.plane = StagePlane(window.controller, self)
        for block in self.blocks:
            block.setParent(self)
            block.hide()
        self._canvas: QWidget | None = None
        self._last: Update | None = None
        self._plan: Plan | None = None
        self._wanted: tuple[Block, ...] = ()
        self._shape = None
        self._type: StageType | None = None
        self._limit: int | None = None
        self._arrangement: Arrangement | None = None
        self._placed: dict[Block, QRect] = {}  # where each block shown was put
        self._theme: Theme | None = None
        self._lang = "en"
        self._colours: dict[str, str] = {}
        self._tag_formats = TagFormats({})
        self._rendered: dict[str, tuple[str, list]] = {}
        window.lesson.shown.connect(self._lesson_shown)

    @property
    def blocks(self) -> tuple[Block, ...]:
        """Every block, in reading order. A new kind of block is one more here, one more field
        in content.Plan and its filling in _fill()."""
        return (self.title, *self.number_blocks, self.words)

    @property
    def number_blocks(self) -> tuple[Block, ...]:
        return (self.pair, self.givens, self.attention, self.compare, *self.grids.values(), self.outputs)

    @property
    def plan(self) -> Plan | None:
        return self._plan

    @property
    def type(self) -> StageType | None:
        return self._type

    # ---- the drawing -------------------------------------------------------------------------

    def take_canvas(self, canvas: QWidget) -> None:
        canvas.setParent(self)
        canvas.show()
        self._canvas = canvas
        self._arrangement = None

    def give_back_canvas(self) -> QWidget | None:
        canvas, self._canvas = self._canvas, None
        return canvas

    # ---- the view contract ----------------------------------------------------------------------

    def render(self, update: Update) -> None:
        self._last = update
        if self.isVisible():
            self.plane.render(update)  # drawn before it is framed in its place
            self._render()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.plane.set_theme(theme)
        self._colours = {role: getattr(theme, role) for role in ROLES}
        self._tag_formats = TagFormats(self._colours)
        self._rendered = {}
        self._shape = None  # the zoom may have changed: lay out anew
        if self.isVisible() and self._last is not None:
            self._render()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.plane.set_language(lang)
        self._rendered = {}
        self._shape = None
        if self.isVisible() and self._last is not None:
            self._render()

    def highlight(self, ids) -> None:
        pass  # the stage shows what the step speaks of, and nothing else (content.plan_for)

    # ---- reading back (tests, the leave hint) -----------------------------------------------------

    def number_labels(self) -> list:
        return [label for block in self._wanted for label in block.number_labels()]

    def text_labels(self) -> list:
        return [label for block in self._wanted for label in block.text_labels()]

    def lesson_labels(self) -> list:
        lesson = [b for b in (self.title, self.words) if b in self._wanted]
        return [label for block in lesson for label in block.text_labels()]

    def drawings(self) -> list[QWidget]:
        """The canvas and, for a scene of tokens, the token plane: plots, never scrolled."""
        plot = self.plane.plot if self._plan is not None and self._plan.plane else None
        return [w for w in (self._canvas, plot) if w is not None]

    def content_widgets(self) -> list[QWidget]:
        """What the stage shows: the drawings and every block shown."""
        return [*self.drawings(), *self._wanted]

    def free_rect(self) -> QRect:
        """The largest empty room below a column's blocks (stage coordinates), or an empty rect."""
        best = QRect()
        if self._arrangement is None or self._type is None:
            return best
        gap = self._type.gap
        for rect, blocks in self._arrangement.columns:
            bottoms = [self._placed[b].bottom() for b in blocks if b in self._placed]
            bottom = max(bottoms, default=rect.y() - 1)
            top = bottom + 1 + (gap if blocks else 0)
            room = QRect(rect.x(), top, rect.width(), rect.bottom() + 1 - top)
            if room.height() > best.height():
                best = room
        return best

    # ---- events ----------------------------------------------------------------------------------

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.Show and self._last is not None:
            self._shape = None
            self.plane.render(self._last.redrawn())
            self._render()
        elif event.type() == QEvent.Type.Resize and self.isVisible():
            self._arrange()
        return super().event(event)

    def _lesson_shown(self) -> None:
        if self.isVisible() and self._last is not None:
            self._render()

    # ---- filling -----------------------------------------------------------------------------------

    def _render(self) -> None:
        scene, results = self._last.scene, self._last.results
        guide = self._window.lesson
        item = guide.item
        plan = plan_for(item, guide.active, guide.revealed, scene)
        self._plan = plan
        paragraphs = self._fill(plan, scene, results)
        wanted = tuple(
            block
            for block, here in (
                (self.title, bool(self.title.label.text())),
                (self.pair, bool(plan.pair_rows)),
                (self.givens, plan.vectors),
                (self.attention, plan.attention),
                (self.compare, plan.compare),
                *((self.grids[kind], kind in plan.grids) for kind in GRIDS),
                (self.outputs, plan.outputs),
                (self.words, plan.lesson and paragraphs > 0),
            )
            if here
        )
        self._wanted = wanted
        shape = (
            plan,
            guide.index if plan.lesson else None,
            wanted,
            scene.key_count,
            scene.query_count,
            paragraphs,
            self._lang,
            self._window.zoom,
        )
        if shape != self._shape:
            self._shape = shape
            self._arrange()
        elif self._last.drag.on:
            pass  # held labels keep their room mid-drag: the update that ends the drag checks
        elif self._out_of_place():
            self._replace()

    def _fill(self, plan: Plan, scene: Scene, results: Results) -> int:
        """Give every block its texts; the number of the lesson's paragraphs."""
        lang, colours = self._lang, self._colours
        guide = self._window.lesson
        item = guide.item if plan.lesson else None
        if item is not None:
            title = f"{item.number}. {item.title}" if item.kind is Kind.STEP else item.title
            self.title.set_title(to_html(title, colours))
        else:
            self.title.set_title(to_html(scene.title) if scene.title else "")
        self.pair.set_rows(
            pair_rows(plan.pair_rows, scene, results, lang, colours), pair_reason(plan.pair_rows, results)
        )
        self._fill_tables(plan, scene, results)
        for kind in plan.grids:
            self.grids[kind].set_grid(grid(kind, scene, results, lang, colours))
        if plan.outputs:
            self.outputs.set_rows(output_rows(scene, results, lang, colours))
        texts = self._lesson_texts(scene, results) if item is not None else []
        self.words.set_paragraphs([self._paragraph(text) for text in texts])
        return len(texts)

    def _fill_tables(self, plan: Plan, scene: Scene, results: Results) -> None:
        """The blocks with a row per key, as many rows as the arrangement has room for."""
        lang, colours, limit = self._lang, self._colours, self._limit
        if plan.vectors:
            rows = vector_rows(scene, lang, colours, limit)
            self.givens.set_rows(rows, more_keys(scene.key_count + 1 - len(rows)))
        if plan.attention:
            main = table(results.attention, scene, lang, colours, plan.compare, True, limit)
            self.attention.set_table(main)
        if plan.compare:
            self.compare.set_table(table(results.comparison, scene, lang, colours, True, False, limit))

    def _lesson_texts(self, scene: Scene, results: Results) -> list[str]:
        guide = self._window.lesson
        item = guide.item
        conditions = facts(scene, results, guide.reference if guide.active else None, item.conditions)
        values = placeholder_values(scene, results, self._lang, words.undefined_word())

        def filled(paragraphs) -> list[str]:
            return [fill(p.text, values) for p in shown(paragraphs, conditions)]

        texts = filled(item.text)
        if item.kind is Kind.QUESTION:
            if not guide.revealed:
                hint = " ".join(filled(item.hint))
                if hint:
                    texts.append(self.tr("<b>Try it.</b> {hint}").format(hint=hint))
            else:
                if Condition.CHANGED in conditions:
                    texts.append(
                        self.tr(
                            "<i>The scene has changed since the question was asked: the solution "
                            "uses the numbers on screen now.</i>"
                        )
                    )
                texts += filled(item.solution)
        return texts

    def _paragraph(self, text: str) -> tuple[str, list]:
        made = self._rendered.get(text)
        if made is None:
            runs = [(run, self._tag_formats(tags)) for run, tags in to_runs(text)]
            made = self._rendered[text] = (to_html(text, self._colours), runs)
            if len(self._rendered) > 256:
                self._rendered = {text: made}
        return made

    # ---- laying out ------------------------------------------------------------------------------

    def _out_of_place(self) -> bool:
        """A block needs other room than it was given (a number grew wider, a paragraph longer)."""
        if self._arrangement is None:
            return True
        for block, rect in self._placed.items():
            remeasure(block)
            if block.min_width() > rect.width() or block.height_for(rect.width()) != rect.height():
                return True
        return False

    def _arrange(self) -> None:
        if self._last is None or self._canvas is None:
            return
        w, h = self.width(), self.height()
        if w < 200 or h < 150:
            return
        chosen, last = None, None
        for shrink, limit, keep in self._variants():
            self._use(shrink, limit, keep)
            # Numbers on one line if any arrangement allows it; else broken at their spaces.
            for whole in (True, False):
                for arrangement in self._arrangements(w, h):
                    last = arrangement
                    if all(fits(blocks, rect, self._type.gap, whole) for rect, blocks in arrangement.columns):
                        chosen = arrangement
                        break
                if chosen is not None:
                    break
            if chosen is not None:
                break
        self._place(chosen or last)

    def _variants(self):
        """(shrink, table rows limit, paragraphs kept): the type shrinks first, then items go."""
        for shrink in SHRINKS:
            yield shrink, None, None
        floor = SHRINKS[-1]
        scene = self._last.scene
        plan = self._plan
        keys = scene.key_count if (plan.attention or plan.compare or plan.vectors) else 0
        limit = None
        for limit in [n for n in TABLE_LIMITS if keys > n]:
            yield floor, limit, None
        for keep in range(self.words.count - 1, -1, -1):
            yield floor, limit, keep
        for last in [n for n in LAST_LIMITS if keys > n]:
            yield floor, last, 0

    def _use(self, shrink: float, limit: int | None, keep: int | None) -> None:
        kind = stage_type(QApplication.font(), self.height(), self._window.zoom, shrink)
        if kind != self._type:
            self._type = kind
            for block in self.blocks:
                block.set_type(kind)
            self.plane.set_type(kind)
        if limit != self._limit:
            self._limit = limit
            self._fill_tables(self._plan, self._last.scene, self._last.results)
        self.words.keep(keep)
        for block in self._wanted:
            remeasure(block)  # with the new type and texts

    def _arrangements(self, w: int, h: int):
        wanted = self._wanted
        lesson = tuple(b for b in wanted if b in (self.title, self.words))
        numbers = tuple(b for b in wanted if b in self.number_blocks)
        return arrangements(w, h, self._type, wanted, lesson, numbers, self._plan.plane)

    def _replace(self) -> None:
        """Lay out anew: in the same arrangement when everything still fits it."""
        arrangement = self._arrangement
        if arrangement is not None and all(
            fits(blocks, rect, self._type.gap) for rect, blocks in arrangement.columns
        ):
            self._place(arrangement)
        else:
            self._arrange()

    def _place(self, arrangement: Arrangement | None) -> None:
        """Put the drawing and each block where the arrangement says, blocks one under another
        at the height their text needs for the column's width."""
        if arrangement is None:
            return
        gap = self._type.gap
        placed: dict[Block, QRect] = {}
        for rect, blocks in arrangement.columns:
            y = rect.y()
            for block in blocks:
                height = block.height_for(rect.width())
                placed[block] = QRect(rect.x(), y, rect.width(), height)
                y += height + gap
        for block in self.blocks:
            if block in placed:
                block.setGeometry(placed[block])
                if block.isHidden():
                    block.show()
                layout = block.layout()
                layout.invalidate()
                layout.activate()
            elif not block.isHidden():
                block.hide()
        self._placed = placed
        self.plane.place(arrangement.plane)
        moved = self._arrangement is None or self._arrangement.canvas != arrangement.canvas
        self._arrangement = arrangement
        if self._canvas is not None:
            self._canvas.setGeometry(arrangement.canvas)
            if moved:
                self._canvas.fit_scene()
        self.arranged.emit()
