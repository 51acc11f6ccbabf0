"""The stage: presentation mode's one screen, laid out for a lecture hall.

The drawing, and beside it what the current moment of the lesson speaks of: the
features' stage parts (parts.py: each says what it shows at this moment, or nothing)
in blocks of their kind — a title, rows of numbers, tables, grids, the lesson's words,
wrapped; a part that is a drawing (the token plane) shares the canvas's room. No
desktop panel is shown, no control, nothing scrolls or is cut short. The stage never
knows which feature a part comes from.

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
   largest weights and the selected key; then the words go over pages (pages.py),
   as few as any arrangement allows, and no paragraph is ever left out.

The first arrangement in which every block fits its column — no label
narrower than its text, no column taller than the screen — is used.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Signal
from PySide6.QtWidgets import QApplication, QWidget

from ...text.lesson_text import to_html, to_runs
from ..contract import Update
from ..drag import hold
from ..theme import Theme
from ..widgets.text_runs import TagFormats
from .arrangement import Arrangement, arrangements, attempts, fits, fitting, remeasure
from .blocks import Block, RowsBlock, TitleBlock, WordsBlock
from .pages import Pager, fewest_pages
from .parts import Moment, StagePart, Style
from .tables import GridBlock, TableBlock
from .type_size import StageType, stage_type

ROLES = ("query", "key", "value", "output", "projection", "muted")
BLOCKS = {"title": TitleBlock, "rows": RowsBlock, "table": TableBlock, "grid": GridBlock, "words": WordsBlock}
LESSON_KINDS = ("title", "words")  # the lesson's own: a column of their own when room is short


class Stage(QWidget):
    """A View (contract.py): the window renders it like its panels while it is on screen."""

    arranged = Signal()  # laid out anew: free room may have moved (the leave hint goes there)

    def __init__(self, window, parts: tuple[StagePart, ...], moment):
        """`parts`: every feature's stage parts; `moment()`: where the lesson is now."""
        super().__init__(window)
        self.setObjectName("stage")
        self.setAutoFillBackground(True)
        self._window = window
        self._moment = moment
        # In reading order: the title first, the lesson's words last, the numbers between.
        order = {"title": 0, "words": 2}
        self.parts = tuple(sorted(parts, key=lambda p: order.get(p.kind, 1)))
        self._blocks: dict[str, Block] = {}
        self._drawings: dict[str, object] = {}
        for part in self.parts:
            if part.kind == "drawing":
                self._drawings[part.name] = part.make(self)
                continue
            block = BLOCKS[part.kind](part.name)
            block.setParent(self)
            block.hide()
            self._blocks[part.name] = block
        self._canvas: QWidget | None = None
        self._last: Update | None = None
        self._shown: dict[str, object] = {}  # what each part shows now (its texts)
        self._wanted: tuple[Block, ...] = ()
        self._shape = None
        self._type: StageType | None = None
        self._limit: int | None = None
        self.pager = Pager()  # the step's words over pages (one part of kind "words" at most)
        self._arrangement: Arrangement | None = None
        self._placed: dict[Block, QRect] = {}  # where each block shown was put
        self._theme: Theme | None = None
        self._lang = "en"
        self._colours: dict[str, str] = {}
        self._tag_formats = TagFormats({})
        self._rendered: dict[str, tuple[str, list]] = {}

    @property
    def blocks(self) -> tuple[Block, ...]:
        """Every block, in reading order."""
        return tuple(self._blocks.values())

    def block(self, name: str) -> Block:
        return self._blocks[name]

    def drawing(self, name: str):
        return self._drawings[name]

    def shows(self, name: str) -> bool:
        """Whether the part `name` shows at this moment."""
        return self._shown.get(name) is not None

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
            for drawing in self._drawings.values():
                drawing.render(update)  # drawn before it is framed in its place
            self._render()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        for drawing in self._drawings.values():
            drawing.set_theme(theme)
        self._colours = {role: getattr(theme, role) for role in ROLES}
        self._tag_formats = TagFormats(self._colours)
        for block in self._blocks.values():
            block.set_colours(self._colours)
        self._rendered = {}
        self._shape = None  # the zoom may have changed: lay out anew
        if self.isVisible() and self._last is not None:
            self._render()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for drawing in self._drawings.values():
            drawing.set_language(lang)
        self._rendered, self._shape = {}, None  # paragraphs made anew in the language, laid out anew
        if self.isVisible() and self._last is not None:
            self._render()

    def highlight(self, ids) -> None:
        pass  # the stage shows what the step speaks of, and nothing else (the parts decide)

    def moment_changed(self) -> None:
        """The lesson moved on (another step, a solution shown): show what it speaks of now."""
        if self.isVisible() and self._last is not None:
            self._render()

    # ---- pages ---------------------------------------------------------------------------------------

    @property
    def page_count(self) -> int:
        return len(self.pager.pages)

    def turn_page(self, step: int) -> bool:
        """Show the page `step` pages on (1 or -1) if the step has it; whether it did (else: next item)."""
        target = self.pager.page + step
        if not self.isVisible() or not 0 <= target < self.page_count:
            return False
        self.show_page(target)
        return True

    def show_page(self, page: int) -> None:
        """Show page `page` (from 0) of the step, in the arrangement every page of it fits."""
        self.pager.turn_to(page)
        self._show_words(*self.pager.shown(), self.pager.marker())
        if self._arrangement is not None:
            self._place(self._arrangement)

    def _show_words(self, start: int, stop: int, note: tuple[str, str]) -> None:
        """Units [start, stop) of the step's words in its block; by the title, `note` (shown, read out)."""
        for block in self._of_kind("words"):
            block.set_paragraphs([self._paragraph(text) for text in self.pager.pieces(start, stop)])
        for block in self._of_kind("title"):
            block.set_marker(*note)

    def _of_kind(self, *kinds: str) -> list[Block]:
        return [self._blocks[p.name] for p in self.parts if p.kind in kinds]

    # ---- reading back (tests, the leave hint) -----------------------------------------------------

    def number_labels(self) -> list:
        return [label for block in self._wanted for label in block.number_labels()]

    def text_labels(self) -> list:
        return [label for block in self._wanted for label in block.text_labels()]

    def lesson_labels(self) -> list:
        lesson = [self._blocks[p.name] for p in self.parts if p.kind in LESSON_KINDS]
        return [label for block in lesson if block in self._wanted for label in block.text_labels()]

    def drawings(self) -> list[QWidget]:
        """The canvas and the drawings shown beside it (the token plane): plots, never scrolled."""
        plots = [d.plot for name, d in self._drawings.items() if self.shows(name) and d.plot is not None]
        return [w for w in (self._canvas, *plots) if w is not None]

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
            for drawing in self._drawings.values():
                drawing.render(self._last.redrawn())
            self._render()
        elif event.type() == QEvent.Type.Resize and self.isVisible():
            self._arrange()
        return super().event(event)

    # ---- filling -----------------------------------------------------------------------------------

    def _render(self) -> None:
        update, moment = self._last, self._moment()
        where = (moment.index, moment.revealed) if moment.lesson else None
        self.pager.enter(where, moment.from_end)
        self._fill(moment, update)
        wanted = tuple(self._blocks[p.name] for p in self.parts if p.kind != "drawing" and self.shows(p.name))
        self._wanted = wanted
        words = [len(texts) for name, texts in self._shown.items() if texts and self._kind(name) == "words"]
        shape = (
            tuple(name for name, texts in self._shown.items() if texts is not None),
            where,
            update.scene.key_count,
            update.scene.query_count,
            tuple(words),
            self._lang,
            self._window.zoom,
        )
        if shape != self._shape:
            self._shape = shape
            self._arrange()
        elif update.drag.on:  # held labels keep their room; one cut off by a longer text gets it now
            if any(label.cut_off for label in self.number_labels()) and self._out_of_place():
                self._replace()
                hold(self, True)  # a new arrangement lets its labels go: held again
        elif self._out_of_place():
            self._replace()

    def _kind(self, name: str) -> str:
        return next(p.kind for p in self.parts if p.name == name)

    def _fill(self, moment: Moment, update: Update, keyed_only: bool = False) -> None:
        """Ask every part what it shows now, and give its block the texts."""
        style = Style(self._lang, self._colours, self._limit)
        for part in self.parts:
            if keyed_only and not part.keyed:
                continue
            texts = part.texts(moment, update, style)
            if part.kind == "title" and texts is not None:
                texts = to_html(texts, self._colours) if texts else None
            elif part.kind == "words" and texts is not None:
                texts = texts or None
            self._shown[part.name] = texts
            if part.kind == "drawing":
                continue
            block = self._blocks[part.name]
            if texts is None:
                if part.kind == "rows":
                    block.set_rows(())  # says nothing while hidden
                elif part.kind == "words":
                    self.pager.set_words(())
                continue
            if part.kind == "title":
                block.set_title(texts)
            elif part.kind == "rows":
                block.set_rows(texts.rows, texts.reason or texts.more)
            elif part.kind == "table":
                block.set_table(texts)
            elif part.kind == "grid":
                block.set_grid(texts)
            else:
                self.pager.set_words(texts)
                block.set_paragraphs([self._paragraph(t) for t in self.pager.pieces(*self.pager.shown())])

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
        keyed = any(part.keyed and self.shows(part.name) for part in self.parts)
        found = None
        for columns, shrink, limit, paged in attempts(
            self._last.scene.key_count if keyed else 0, self.pager.paragraph_count > 0
        ):
            self._use(shrink, limit)
            found = self._paged(w, h, columns) if paged else self._whole(w, h, columns)
            if found is not None:
                break
        # Nothing fits: the last arrangement tried, with the most room for the words and numbers.
        arrangement, pages = found or ([*self._candidates(w, h)][-1][1], ((0, self.pager.count),))
        self.pager.lay_out(pages)
        self._show_words(*self.pager.shown(), self.pager.marker())
        self._place(arrangement)

    def _fits(self, arrangement: Arrangement, whole: bool) -> bool:
        return all(fits(blocks, rect, self._type.gap, whole) for rect, blocks in arrangement.columns)

    def _whole(self, w: int, h: int, columns: int):
        """The first arrangement in which the step fits on one page, with that page; or None."""
        first = next((a for whole, a in self._candidates(w, h, columns) if self._fits(a, whole)), None)
        return None if first is None else (first, ((0, self.pager.count),))

    def _paged(self, w: int, h: int, columns: int):
        """The arrangement that takes the step's words in the fewest pages, with its pages; or None."""
        note, lesson = self.pager.widest_marker(), self._of_kind(*LESSON_KINDS)

        def show(start: int, stop: int) -> None:
            self._show_words(start, stop, note)
            for block in lesson:
                remeasure(block)

        show(0, 0)  # the numbers are measured beside the marker and no words
        candidates = self._candidates(w, h, columns)
        tried = [(whole, a, fitting(a, self._type.gap, whole, lesson)) for whole, a in candidates]
        return fewest_pages(self.pager, [c for c in tried if c[2] is not None], show)

    def _use(self, shrink: float, limit: int | None) -> None:
        kind = stage_type(QApplication.font(), self.height(), self._window.zoom, shrink)
        if kind != self._type:
            self._type = kind
            for block in self.blocks:
                block.set_type(kind)
            for drawing in self._drawings.values():
                drawing.set_type(kind)
        if limit != self._limit:
            self._limit = limit
            self._fill(self._moment(), self._last, keyed_only=True)  # as many rows as there is room for
        self.pager.cut()
        self._show_words(0, self.pager.count, ("", ""))
        for block in self._wanted:
            remeasure(block)  # with the new type and texts

    def _candidates(self, w: int, h: int, columns: int = 2):
        """The arrangements of at most `columns` columns in the order tried, each as (whole,
        arrangement): with the numbers on one line in any of them first (whole), then broken at
        their spaces."""
        wanted = self._wanted
        kinds = {self._blocks[p.name]: p.kind for p in self.parts if p.kind != "drawing"}
        lesson = tuple(b for b in wanted if kinds[b] in LESSON_KINDS)
        numbers = tuple(b for b in wanted if kinds[b] not in LESSON_KINDS)
        drawn = any(self.shows(name) for name in self._drawings)
        for whole in (True, False):
            for arrangement in arrangements(w, h, self._type, wanted, lesson, numbers, drawn):
                if len(arrangement.columns) <= columns:
                    yield whole, arrangement

    def _replace(self) -> None:
        """Lay out anew: in the same arrangement when everything still fits it."""
        arrangement = self._arrangement
        if arrangement is not None and self._fits(arrangement, whole=False):
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
        for name, drawing in self._drawings.items():
            drawing.place(arrangement.plane if self.shows(name) else None)
        moved = self._arrangement is None or self._arrangement.canvas != arrangement.canvas
        self._arrangement = arrangement
        if self._canvas is not None:
            self._canvas.setGeometry(arrangement.canvas)
            if moved:
                self._canvas.fit_scene()
        self.arranged.emit()
