"""The lesson panel: the current step or check question, in words, with the live numbers.

It only shows things. Which item is current, whether its solution is revealed
and what the buttons do belong to the LessonGuide (lesson/guide.py); the
panel turns the item's paragraphs into rich text — only those whose
conditions hold for the scene on screen, with every placeholder filled from
the current Results in the interface language — and re-renders on every
change, so a revealed solution follows a drag. A check question asks for its predictions in
the answer boxes of prediction.py; with fresh numbers its text and solution are its variant's;
what it withholds reads "?" in its paragraphs (content.py).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...model import Scene
from ...model.lesson import Item, Kind, Lesson
from ...text.lesson_text import to_html, to_runs
from ..contract import Update
from ..drag.live_label import LiveLabel
from ..drag.runs_label import RunsLabel
from ..theme import Theme
from ..widgets.text_runs import TagFormats
from .about import show_frame
from .content import Filled, question_words, solution_words, try_it
from .prediction import PredictionForm

ROLES = ("query", "key", "value", "output", "projection")


class LessonPanel(QWidget):
    """Signals carry what the person asked for; the guide decides what happens."""

    nextRequested = Signal()
    previousRequested = Signal()
    revealRequested = Signal(bool)
    resetRequested = Signal()
    itemRequested = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("lessonPanel")
        self._lesson: Lesson | None = None
        self._item: Item | None = None
        self._index = 0
        self._active = False
        self._revealed = False
        self._reference: Scene | None = None
        self._last: Update | None = None
        self._asking = None  # the open question (asking.py), told by the guide
        self._theme: Theme | None = None
        self._reading_font: QFont | None = None  # the paragraphs' type, set with the theme
        self._colours: dict[str, str] = {}  # role ("query", "key" …) → the theme's colour
        self._tag_formats = TagFormats({})  # the paragraphs' runs styled in those colours
        self._rendered: dict[str, tuple[str, list]] = {}  # a filled paragraph's (HTML, runs), as shown
        self._lang = "en"

        # Buttons take focus from Tab only: a click leaves the keyboard focus where it was,
        # so a clicker's Space or Backspace never lands on "Previous" by accident.
        self._previous = self._button("lessonPrevious", self.previousRequested.emit)
        self._next = self._button("lessonNext", self.nextRequested.emit)
        self._position = QLabel()
        self._position.setObjectName("lessonPosition")
        self._position.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._position.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        # The position sits above the buttons, so the row fits a narrow panel at large sizes.
        bar = QHBoxLayout()
        bar.addWidget(self._previous)
        bar.addStretch(1)
        bar.addWidget(self._next)

        self._title = self._label("lessonTitle")
        # What the lesson is for, before step 1; its sources and what comes next, after the last.
        self._frame = (self._label("lessonIntroduction"), self._label("lessonConclusion"))
        # One label per paragraph: a drag re-lays out only the paragraphs whose numbers changed.
        self._text = QWidget()
        self._text.setObjectName("lessonText")
        self._paragraphs: list[RunsLabel] = []
        paragraphs = QVBoxLayout(self._text)
        paragraphs.setContentsMargins(0, 0, 0, 0)
        paragraphs.setSpacing(8)  # as between paragraphs of one label (a label drops its last margin)
        self._hint = self._label("lessonHint")
        self.form = PredictionForm()
        self._reveal = self._button("lessonReveal", lambda: self.revealRequested.emit(not self._revealed))
        self._changed_note = self._label("lessonChangedNote")
        self._solution = self._label("lessonSolution")
        self._solution_frame = QFrame()
        self._solution_frame.setObjectName("lessonSolutionFrame")
        inner = QVBoxLayout(self._solution_frame)
        inner.setContentsMargins(10, 4, 4, 4)
        inner.addWidget(self._changed_note)
        inner.addWidget(self._solution)
        self._reset = self._button("lessonReset", self.resetRequested.emit)
        reset_row = QHBoxLayout()
        reset_row.addWidget(self._reset)
        reset_row.addStretch(1)

        body = QWidget()
        body.setObjectName("lessonBody")
        column = QVBoxLayout(body)
        column.setContentsMargins(2, 2, 8, 2)
        column.addWidget(self._frame[0])
        column.addWidget(self._title)
        column.addWidget(self._text)
        column.addWidget(self._frame[1])
        column.addWidget(self._hint)
        column.addWidget(self.form)
        reveal_row = QHBoxLayout()
        reveal_row.addWidget(self._reveal)
        reveal_row.addStretch(1)
        column.addLayout(reveal_row)
        column.addWidget(self._solution_frame)
        column.addLayout(reset_row)
        column.addStretch(1)
        self._scroll = QScrollArea()
        self._scroll.setObjectName("lessonScroll")
        self._scroll.setWidget(body)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        self._contents_toggle = QToolButton()
        self._contents_toggle.setObjectName("lessonContentsToggle")
        self._contents_toggle.setCheckable(True)
        self._contents_toggle.setChecked(False)
        self._contents_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._contents_toggle.setAutoRaise(True)
        self._contents_toggle.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self._contents_toggle.toggled.connect(self._show_contents)
        self._list = QListWidget()
        self._list.setObjectName("lessonList")
        self._list.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self._list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._list.setWordWrap(True)
        self._list.itemClicked.connect(self._list_chosen)
        self._list.itemActivated.connect(self._list_chosen)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self._position)
        layout.addLayout(bar)
        layout.addWidget(self._scroll, 3)
        layout.addWidget(self._contents_toggle)
        layout.addWidget(self._list, 1)
        self.setMinimumWidth(260)
        self._show_contents(False)
        self.retranslate()

    def sizeHint(self) -> QSize:
        return QSize(380, 600)

    # ---- building ----------------------------------------------------------------------

    def _button(self, name: str, slot) -> QPushButton:
        button = QPushButton()
        button.setObjectName(name)
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _label(self, name: str, kind: type[LiveLabel] = LiveLabel) -> LiveLabel:
        label = kind()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        return label

    # ---- what the guide tells it ---------------------------------------------------------

    def set_lesson(self, lesson: Lesson) -> None:
        self._lesson = lesson
        self._fill_list()
        if self._item is not None:
            self._item = lesson.items[self._index]
        self._refresh()

    def show_item(
        self, index: int, active: bool, revealed: bool, reference: Scene | None, asking=None
    ) -> None:
        """Show item `index` of the lesson; `reference` is its own scene, to notice changes;
        `asking` the open question (asking.py), with its numbers and the answers tried."""
        moved = index != self._index or self._item is None
        self._index = index
        self._item = self._lesson.items[index] if self._lesson else None
        self._active = active
        self._revealed = revealed
        self._reference = reference
        self._asking = asking
        if moved:
            self._scroll.verticalScrollBar().setValue(0)
        self._refresh()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # laid out before a drag holds it
        if revealed and not moved:
            # Bring the solution into view once the layout has its new height.
            # With the panel as context: the call is dropped if the panel is gone by then.
            QTimer.singleShot(0, self, lambda: self._scroll.ensureWidgetVisible(self._solution_frame, 0, 0))

    # ---- the usual panel interface -------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._colours = {role: getattr(theme, role) for role in ROLES}
        self._tag_formats = TagFormats(self._colours)
        self._rendered = {}
        base = QApplication.font()
        size = base.pointSizeF()
        big = QFont(base)
        big.setPointSizeF(size * 1.3)
        big.setBold(True)
        self._title.setFont(big)
        reading = QFont(base)
        reading.setPointSizeF(size * 1.1)
        for label in (*self._paragraphs, self._solution, self._hint, self._changed_note):
            label.setFont(reading)
        self._reading_font = reading
        strong = QFont(base)
        strong.setBold(True)
        self._position.setFont(strong)
        self._solution_frame.setStyleSheet(
            # The page's own background: coloured words (q, k, proj …) keep their contrast.
            f"QFrame#lessonSolutionFrame {{ border: 1px solid {theme.grid}; "
            f"border-left: 5px solid {theme.key}; background: {theme.background}; }}"
        )
        self._hint.setStyleSheet(f"color: {theme.muted};")
        self._changed_note.setStyleSheet(f"color: {theme.foreground}; font-style: italic;")
        self._refresh()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.form.set_language(lang)
        self.retranslate()

    def retranslate(self) -> None:
        self._previous.setText(self.tr("◀ Previous"))
        self._previous.setToolTip(self.tr("Previous step (Page Up or Backspace)"))
        self._changed_note.setText(
            self.tr(
                "You have changed the scene since the question was asked: "
                "the solution below uses the numbers on screen now."
            )
        )
        self._contents_toggle.setText(self.tr("All steps and questions"))
        self._list.setAccessibleName(self.tr("All steps and questions"))
        self._refresh()

    def highlight(self, ids) -> None:
        pass  # nothing here is a lesson row

    def render(self, update: Update) -> None:
        self._last = update
        self._render_texts()

    # ---- reading back (tests, accessibility) -----------------------------------------------

    def title_text(self) -> str:
        return self._title.text()

    def body_text(self) -> str:
        return "".join(label.text() for label in self._paragraphs if not label.isHidden())

    def solution_text(self) -> str:
        """The revealed solution as shown (with the note about a changed scene); empty while hidden."""
        if not self._solution_frame.isVisibleTo(self):
            return ""
        note = self._changed_note.text() if self._changed_note.isVisibleTo(self) else ""
        return f"<p>{note}</p>{self._solution.text()}" if note else self._solution.text()

    def position_text(self) -> str:
        return self._position.text()

    # ---- drawing -------------------------------------------------------------------------------

    def _refresh(self) -> None:
        item = self._item
        question = item is not None and item.kind is Kind.QUESTION
        if item is None:
            self._position.setText("")
        else:
            self._position.setText(self._place(item))
        last = self._lesson is not None and self._index == len(self._lesson.items) - 1
        if not self._active:
            self._next.setText(self.tr("Start ▶"))
            self._next.setToolTip(self.tr("Load this step's scene and begin (Page Down or Space)"))
        elif question and not self._revealed:
            self._next.setText(self.tr("Reveal ▶"))
            self._next.setToolTip(self.tr("Show the solution (Page Down or Space)"))
        else:
            self._next.setText(self.tr("Next ▶"))
            self._next.setToolTip(self.tr("Next step (Page Down or Space)"))
        self._next.setEnabled(not (self._active and last and (self._revealed or not question)))
        self._previous.setEnabled(not self._active or self._index > 0 or self._revealed)
        self._hint.setVisible(question)
        asking = self._asking if question and self._active else None
        self.form.setVisible(asking is not None and asking.question is not None)
        if asking is not None:
            self.form.show_question(asking.instance(), asking.seed, asking.tried)
        self._reveal.setVisible(question)
        self._reveal.setText(
            self.tr("Hide the Solution") if self._revealed else self.tr("Reveal the Solution")
        )
        self._solution_frame.setVisible(question and self._revealed)
        self._select_in_list()
        self._render_texts()

    def _render_texts(self) -> None:
        item = self._item
        if item is None:
            self._title.setText("")
            self._set_paragraphs([])
            return
        self._title.setText(to_html(item.title))
        show_frame(*self._frame, self._lesson, item, self._colours)
        if self._last is None:
            return
        update = self._last
        reference = self._reference if self._active else None
        own = self._reference  # quoted when the scene on screen lacks the item's numbers
        filled = Filled(item, update.scene, update.results, reference, self._lang, update.withheld, own)
        asking = self._asking if self._active and item.kind is Kind.QUESTION else None
        instance = None if asking is None else asking.instance(update.scene)
        colours = self._colours

        def html(text: str) -> str:
            return f'<p style="margin-top:0; margin-bottom:8px">{to_html(text, colours)}</p>'

        def runs(text: str) -> list:  # what a held label draws mid-drag
            return [(run, self._tag_formats(tags)) for run, tags in to_runs(text)]

        # Mid-drag most paragraphs read as they did a step before: their HTML and runs are kept.
        before, self._rendered = self._rendered, {}

        def rendered(text: str) -> tuple[str, list]:
            got = before.get(text) or self._rendered.get(text) or (html(text), runs(text))
            self._rendered[text] = got
            return got

        texts = question_words(item, filled, instance, self._lang)
        self._set_paragraphs([rendered(text) for text in texts])
        changed = self._active and filled.changed
        self._reset.setVisible(changed or (self._active and filled.borrowed))
        self._reset.setText(
            self.tr("Back to the Question's Scene")
            if item.kind is Kind.QUESTION
            else self.tr("Back to This Step's Scene")
        )
        if item.kind is Kind.QUESTION:
            self._hint.setText(try_it(" ".join(to_html(text, colours) for text in filled(item.hint))))
            if self._revealed:
                solution = solution_words(item, filled, instance, self._lang)
                self._solution.setText("".join(html(text) for text in solution))
                self._changed_note.setVisible(changed)

    def _set_paragraphs(self, texts: list[tuple[str, list]]) -> None:
        """Show each (HTML, runs) pair in a paragraph label of its own."""
        while len(self._paragraphs) < len(texts):
            label = self._label(f"lessonParagraph{len(self._paragraphs)}", RunsLabel)
            # Opaque on the panel's own background: a new number repaints the paragraph alone,
            # not the two boxes it sits in.
            label.setAutoFillBackground(True)
            if self._reading_font is not None:
                label.setFont(self._reading_font)
            self._text.layout().addWidget(label)
            self._paragraphs.append(label)
        for n, label in enumerate(self._paragraphs):
            shown_ = n < len(texts)
            if shown_:
                label.set_runs(*texts[n])
            else:
                label.setText("")
            if label.isHidden() == shown_:
                label.setVisible(shown_)

    def _place(self, item) -> str:
        """Where the item stands: "Step 8 of 21", "Question 3 of 12"; in a chapter, its title first
        and the items counted in it ("A head that learned · Step 1 of 3")."""
        total = len(self._lesson.siblings(item))
        if item.kind is Kind.STEP:
            place = self.tr("Step {n} of {total}").format(n=item.number, total=total)
        elif item.chapter and total == 1:
            place = self.tr("Question")
        else:
            place = self.tr("Question {n} of {total}").format(n=item.number, total=total)
        return f"{item.chapter} · {place}" if item.chapter else place

    def _fill_list(self) -> None:
        self._list.clear()
        if self._lesson is None:
            return
        for index, item in enumerate(self._lesson.items):
            heading = None  # a part begins: the check questions, or a chapter
            if item.number == 1 and item.kind is Kind.QUESTION and not item.chapter:
                heading = self.tr("Check questions")
            elif item.number == 1 and item.kind is Kind.STEP and item.chapter:
                heading = item.chapter
            if heading is not None:
                header = QListWidgetItem(heading)
                header.setFlags(Qt.ItemFlag.NoItemFlags)
                font = header.font()
                font.setBold(True)
                header.setFont(font)
                self._list.addItem(header)
            text = f"{item.number}. {item.title}" if item.kind is Kind.STEP else item.title
            entry = QListWidgetItem(_plain(text))
            entry.setData(Qt.ItemDataRole.UserRole, index)
            self._list.addItem(entry)
        self._select_in_list()

    def _select_in_list(self) -> None:
        for row in range(self._list.count()):
            entry = self._list.item(row)
            if entry.data(Qt.ItemDataRole.UserRole) == self._index:
                self._list.setCurrentRow(row)
                self._list.scrollToItem(entry)
                return

    def _list_chosen(self, entry: QListWidgetItem) -> None:
        index = entry.data(Qt.ItemDataRole.UserRole)
        if index is not None:
            self.itemRequested.emit(int(index))

    def _show_contents(self, shown_: bool) -> None:
        self._list.setVisible(shown_)
        self._contents_toggle.setArrowType(Qt.ArrowType.DownArrow if shown_ else Qt.ArrowType.RightArrow)


def _plain(text: str) -> str:
    """A title without its tags, for the list."""
    return re.sub(r"</?[A-Za-z]+>", "", text)
