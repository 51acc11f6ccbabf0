"""The guided lesson inside the window: where we are, and how to move on.

The guide declares the lesson's panel (docked on the left), its Lesson menu and
binds the keys a presentation clicker sends — Page Down / Space for next,
Page Up / Backspace for previous — as window-wide shortcuts that keep
working in full screen. Space and Backspace still reach a focused spin box,
line edit or button (they need them), see _ClickerKeys.

Going to a step or question shows its preset as a page — not an undoable edit,
and a scene as loaded that does not count as modified (SceneController.show_page) — dims the
canvas parts it does not talk about and highlights its rows in every panel
(MainWindow.highlight). On a question, "next" first reveals the solution,
then moves on, so a clicker alone can run the whole lesson; R (or ".", the
blank-screen key of many clickers) reveals or hides it at once. While
presenting, an item whose words the stage shows over pages turns them first
(Host.turn_page), and going back enters the previous item at its last page
(Moment.from_end). Leaving the lesson (the menu, or closing its panel) clears
the emphasis and highlights.

An open question withholds what it asks on every view (the controller tells
them, SceneController.withhold) until it is revealed: by the lecturer, or by
the student answering every field right (asking.py). "New Numbers" gives it a
variant's numbers, a page like the question's own scene.

Undo and redo take back edits, never pages; but an edit made on another step
takes that step's scene with it. So the lesson follows the history: an undo or
redo that brings back a scene made on another step returns the lesson to that
step, and one that brings back a scene from before the lesson leaves it. The
lesson's words therefore always speak of the scene on screen.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
)

from ...choices import LANGUAGES
from ...model import Scene
from ...model.lesson import Kind, Lesson, LessonError
from ...model.lesson_format import cached_lesson, translated_preset_title
from ...model.lesson_logic import comparable, preset_of
from ...model.practice.summary import summary_csv
from ...model.presets import PRESETS
from ...model.scene import with_title
from ..declaration import LEFT, Action, Declaration, Dock, Export, Host, Submenu
from ..stage.parts import Moment, StagePart
from . import about, content
from .asking import Asking
from .panel import LessonPanel

NEXT_KEYS = (Qt.Key.Key_PageDown, Qt.Key.Key_Space)
PREVIOUS_KEYS = (Qt.Key.Key_PageUp, Qt.Key.Key_Backspace)
REVEAL_KEYS = (Qt.Key.Key_R, Qt.Key.Key_Period)  # "." is many clickers' blank-screen key

# Widgets that need these keys themselves while they have the keyboard focus.
_USES_SPACE = (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit, QTextEdit, QPlainTextEdit)
_USES_BACKSPACE = (QAbstractSpinBox, QLineEdit, QTextEdit, QPlainTextEdit)


class _ClickerKeys(QObject):
    """Lets a focused editor or button keep Space and Backspace instead of the lesson's shortcuts.

    Before a shortcut fires, Qt offers the key to the focus widget and then to
    its parents as a ShortcutOverride event; a line edit or spin box accepts
    Space and Backspace itself, a button does not. This filter sits on the
    window, where an override arrives when nobody below accepted it, and
    accepts it for a focused widget that needs the key — the key press then
    reaches that widget. Everywhere else (the canvas, a list, a label) the
    keys step the lesson.
    """

    def eventFilter(self, watched, event) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride:
            return False
        if event.modifiers() not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier):
            return False
        key = event.key()
        if key == Qt.Key.Key_Space:
            needs = _USES_SPACE
        elif key == Qt.Key.Key_Backspace:
            needs = _USES_BACKSPACE
        else:
            return False
        focus = QApplication.focusWidget()
        if focus is None or not isinstance(focus, needs) or not focus.isEnabled():
            return False
        event.accept()
        return True


class LessonGuide(QObject):
    """The lesson's state: the current item, whether the lesson is on, whether a solution shows."""

    shown = Signal()  # the item, whether the lesson is on or its solution shows, changed

    def __init__(self, host: Host):
        super().__init__()
        self._host = host
        self._controller = host.controller
        self.panel = LessonPanel()
        self.lesson: Lesson | None = None
        self.index = 0
        self.active = False
        self.revealed = False
        self.from_end = False  # came to this item (or its question unrevealed) going back
        self._reference: Scene | None = None
        self.asking = Asking(self._controller)  # the open question: its numbers, the answers tried
        self.asking.changed.connect(self._show)
        self.asking.solved.connect(lambda: self.reveal(True))
        self._controller.historyMoved.connect(self._history_moved)
        panel = self.panel
        panel.nextRequested.connect(self.next)
        panel.previousRequested.connect(self.previous)
        panel.revealRequested.connect(self.reveal)
        panel.resetRequested.connect(self.reset_scene)
        panel.itemRequested.connect(self.go_to)
        form = panel.form
        form.checkRequested.connect(lambda name, text: self.asking.check(name, text, host.language()))
        form.againRequested.connect(self._try_again)
        form.revealRequested.connect(lambda: self.reveal(True))
        form.mistakeRequested.connect(self._controller.show_mistake)
        form.numbersRequested.connect(self.use_numbers)
        form.freshRequested.connect(lambda: self.use_numbers(self.asking.fresh_seed()))
        host.watch_keys(_ClickerKeys(self))
        host.on_retranslate(self.retranslate)  # the lesson in the language, before its menus fill

    # ---- reading ------------------------------------------------------------------------

    @property
    def item(self):
        return None if self.lesson is None else self.lesson.items[self.index]

    @property
    def count(self) -> int:
        return 0 if self.lesson is None else len(self.lesson.items)

    @property
    def reference(self) -> Scene | None:
        """The current item's own scene, to tell whether the one on screen has changed."""
        return self._reference

    # ---- moving ---------------------------------------------------------------------------

    def next(self) -> None:
        """Start the lesson; turn the stage's page; reveal an unrevealed question; otherwise go to
        the next item."""
        if self.lesson is None:
            return
        if not self.active:
            self.go_to(self.index)
        elif self._host.turn_page(1):
            pass
        elif self.item.kind is Kind.QUESTION and not self.revealed:
            self.reveal(True)
        elif self.index + 1 < self.count:
            self.go_to(self.index + 1)

    def previous(self) -> None:
        """Start the lesson; turn the stage's page back; hide a revealed solution; otherwise go to
        the previous item — each at its last page."""
        if self.lesson is None:
            return
        if not self.active:
            self.go_to(self.index)
        elif self._host.turn_page(-1):
            pass
        elif self.revealed:
            self.reveal(False, from_end=True)
        elif self.index > 0:
            self._enter(self.index - 1, show_scene=True, from_end=True)

    def go_to(self, index: int | str) -> None:
        """Enter a step or question (by position or id): its scene, its emphasis, its highlights."""
        if self.lesson is None:
            return
        if isinstance(index, str):
            index = self.lesson.index(index)
        self._enter(max(0, min(int(index), self.count - 1)), show_scene=True)

    def _enter(self, index: int, show_scene: bool, from_end: bool = False) -> None:
        self.index = index
        self.active = True
        self.revealed = False
        self.from_end = from_end
        item = self.item
        self.asking.open(item.id if item.kind is Kind.QUESTION else None)
        self._reference = self._scene_of(item.preset)
        self._controller.context = item.id  # the undo steps made from now on belong to this item
        if show_scene and comparable(self._controller.scene) != comparable(self._reference):
            self._host.show_page(self._reference)
        self._show()
        self._host.emphasise(item.emphasis)
        self._host.highlight(item.highlight)

    def _history_moved(self, context) -> None:
        """An undo or redo brought back a scene made in `context`: follow it (see the module)."""
        if not self.active or self.lesson is None:
            return
        try:
            index = None if context is None else self.lesson.index(context)
        except KeyError:
            index = None
        if index is None:
            self.leave()
        elif index != self.index:
            self._enter(index, show_scene=False)

    def reveal(self, shown: bool = True, from_end: bool = False) -> None:
        if self.item is None or self.item.kind is not Kind.QUESTION:
            return
        if not self.active:
            self.go_to(self.index)
        self.revealed = shown
        self.from_end = from_end
        self._show()

    def use_numbers(self, seed: int | None) -> None:
        """The question on screen with a variant's numbers (`seed`), or the lesson's (None): a page
        of its own, asked anew (unrevealed, no answers tried)."""
        if not self.active or self.item is None or self.item.kind is not Kind.QUESTION:
            return
        self.revealed = False
        self.from_end = False
        if self.asking.use_numbers(seed) is None:
            return
        scene = self.asking.variant_scene
        self._reference = self._scene_of(self.item.preset) if scene is None else scene
        if comparable(self._controller.scene) != comparable(self._reference):
            self._host.show_page(self._reference)
        self._show()

    def _try_again(self, field: str) -> None:
        self.asking.forget(field)
        self.panel.form.clear_answer(field)

    def reset_scene(self) -> None:
        """Bring back the current item's own scene (one undo step), keeping the solution's state."""
        if self.active and self._reference is not None:
            self._controller.load(self._reference, self.tr("Back to the step's scene"))
            self._controller.undo_stack.setClean()  # the page again, as loaded: nothing to save
            self._host.fit_scene()

    def leave(self) -> None:
        """Stop the lesson: the canvas and panels show everything plainly again."""
        if not self.active:
            return
        self.active = False
        self.revealed = False
        self._controller.context = None
        self._host.emphasise(None)
        self._host.highlight(())
        self._show()

    # ---- language and menus -----------------------------------------------------------------

    def declaration(self) -> Declaration:
        """The lesson's panel on the left and the Lesson menu; next and previous also answer the
        clicker keys, window-wide."""
        lesson_on = lambda _scene: self.active  # noqa: E731
        dock = Dock(
            "lesson",
            lambda: self.tr("Lesson"),
            lambda: self.panel,
            LEFT,
            eager=True,
            scroll=False,
            closing=self.leave,  # closing the lesson's panel (its × button) leaves the lesson
        )
        actions = (
            Action("lessonNextAction", "lesson", lambda: self.tr("&Next"), self.next, _keys(NEXT_KEYS)),
            Action(
                "lessonPreviousAction",
                "lesson",
                lambda: self.tr("&Previous"),
                self.previous,
                _keys(PREVIOUS_KEYS),
            ),
            Action(
                "lessonRevealAction",
                "lesson",
                lambda: self.tr("&Reveal or Hide the Solution"),
                lambda: self.reveal(not self.revealed),
                _keys(REVEAL_KEYS),
                enabled_when=lambda _scene: self.item is not None and self.item.kind is Kind.QUESTION,
            ),
            Action(
                "lessonResetAction",
                "lesson",
                lambda: self.tr("Back to the Step's &Scene"),
                self.reset_scene,
                enabled_when=lesson_on,
            ),
            Submenu(
                "lessonStepsMenu",
                "lesson",
                lambda: self.tr("&Go to Step"),
                lambda: self._entries(Kind.STEP),
                separated=True,
            ),
            Submenu(
                "lessonQuestionsMenu",
                "lesson",
                lambda: self.tr("Check &Questions"),
                lambda: self._entries(Kind.QUESTION),
            ),
            Action(
                "lessonLeaveAction",
                "lesson",
                lambda: self.tr("&Leave the Lesson"),
                self.leave,
                enabled_when=lesson_on,
                separated=True,
            ),
            Action(
                "lessonAbout",
                "help",
                lambda: self.tr("About This &Lesson"),
                lambda: about.show(self.panel.window(), self.lesson),
            ),
        )
        stage = (
            StagePart(
                "title",
                "title",
                lambda moment, update, _style: content.title(
                    moment.item if moment.lesson else None, update.scene
                ),
            ),
            StagePart("words", "words", self._stage_words),
        )
        summary = Export(
            "exportPracticeSummary",
            lambda: self.tr("Practice &Summary as CSV…"),
            lambda: self.tr("Export the Practice Summary as CSV"),
            "csv",
            "CSV (*.csv)",
            "practice-summary",
            lambda _update: summary_csv(self.asking.summary).encode("utf-8"),
            lambda: self.tr("Could not export the practice summary"),
            enabled_when=lambda _scene: bool(self.asking.summary.tallies),
        )
        return Declaration(docks=(dock,), actions=actions, exports=(summary,), stage=stage)

    @property
    def moment(self) -> Moment:
        """Where the lesson is, as the stage asks."""
        return Moment(self.item, self.active, self.revealed, self.index, self.from_end)

    def _stage_words(self, moment: Moment, update, style) -> list[str] | None:
        if not moment.lesson:
            return None
        reference = self._reference if self.active else None
        filled = content.Filled(
            moment.item, update.scene, update.results, reference, style.lang, update.withheld, self._reference
        )
        return content.stage_words(moment.item, moment.revealed, filled, self.asking, style.lang)

    def retranslate(self) -> None:
        lang = self._host.language()
        if self.lesson is None or self.lesson.language != lang:
            self.lesson = _lesson_in(lang) or _lesson_in("en")
            if self.lesson is None:  # broken resources: no lesson, but the app still works
                return
            self.index = min(self.index, self.count - 1)
            if self.active:
                self._reference = self._scene_of(self.item.preset)
            self.panel.set_lesson(self.lesson)
            self._show()

    def _entries(self, kind: Kind) -> list:
        """The Go to Step or Check Questions submenu: one entry per step or question."""
        entries = []
        for index, item in enumerate(self.lesson.items if self.lesson is not None else ()):
            if item.kind is kind:
                if item.chapter:  # numbered in its chapter: the chapter's title says which
                    text = f"{item.chapter} · {item.title}"
                else:
                    text = f"&{item.number}. {item.title}" if kind is Kind.STEP else item.title
                entries.append((f"lessonGoTo_{item.id}", _menu_text(text), lambda i=index: self.go_to(i)))
        return entries

    def start_at_scene(self) -> None:
        """Point at the item whose preset is on screen. A step waits until asked; a question's
        own scene is that question already asked, so the lesson shows it as such (its heading,
        "Reveal" next), without loading anything or making an undo step."""
        if self.lesson is None:
            return
        titles = [{name: translated_preset_title(name, lang) for name in PRESETS} for lang in LANGUAGES]
        name = preset_of(self._controller.scene, titles)
        for index, item in enumerate(self.lesson.items):
            if item.preset == name:
                if item.kind is Kind.QUESTION:
                    self._enter(index, show_scene=False)
                    return
                self.index = index
                self._reference = self._scene_of(item.preset)  # its words quote it, if need be
                break
        self._show()

    # ---- internals -----------------------------------------------------------------------------

    def _scene_of(self, preset: str) -> Scene:
        return with_title(PRESETS[preset].scene, self.lesson.preset_titles.get(preset, PRESETS[preset].title))

    def _show(self) -> None:
        self.panel.show_item(self.index, self.active, self.revealed, self._reference, self.asking)
        self._controller.withhold(self.withheld)
        self._host.refresh_actions()  # Reveal, Back to the Step's Scene, Leave: on as the lesson is
        self.shown.emit()

    @property
    def withheld(self) -> frozenset[str]:
        """What every view withholds now: an open question's `asks`, until it is revealed."""
        asking = self.active and not self.revealed and self.asking.question is not None
        return self.asking.question.asks if asking else frozenset()


def _lesson_in(lang: str) -> Lesson | None:
    try:
        return cached_lesson(lang)
    except LessonError:
        return None


def _menu_text(title: str) -> str:
    return re.sub(r"</?[A-Za-z]+>", "", title)


def _keys(keys) -> list[QKeySequence]:
    return [QKeySequence(key) for key in keys]
