"""The lesson panel's answer boxes for a check question: one row a field, in the form it asks.

A number, a vector or a list is typed in a line (Enter checks it); a choice is picked from a
list; a place is reached by dragging on the canvas (the guide tests it after each drag, and
this row says how far it is). Under each row the last try's feedback: right; or wrong, with
the mistake it comes from, and then Try Again, Reveal and — when the mistake has a picture —
Show Me; or unreadable, which is no try. Above the rows, the question's numbers: the
lesson's, or a seed's (shown, so that a class can share it; type one to use it).

It only shows things and says what was asked for; the guide (guide.py) and the question
(asking.py) decide.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...model.practice import SEED_LIMIT, FieldKind, Instance
from ...model.practice.wrong_attention import ATTENTION_MISTAKES
from ...text.lesson_text import to_html
from ...text.practice.choices import label
from ...text.practice.prompts import form, prompt
from .asking import Tried


class _FieldRow:
    """The widgets of one field: its prompt, its answer box, Check, the feedback and what next."""

    def __init__(self, owner: PredictionForm, name: str, kind: FieldKind):
        self.name, self.kind = name, kind
        self.prompt = QLabel(wordWrap=True, objectName=f"predictPrompt_{name}")
        self.prompt.setTextFormat(Qt.TextFormat.RichText)
        if kind is FieldKind.CHOICE:
            self.box = QComboBox(objectName=f"predictChoice_{name}")
            self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            self.box.setMinimumContentsLength(12)
        elif kind is FieldKind.PLACE:
            self.box = None
        else:
            self.box = QLineEdit(objectName=f"predictAnswer_{name}")
            self.box.setClearButtonEnabled(True)
            self.box.returnPressed.connect(lambda: owner.checkRequested.emit(name, self.answer()))
        self.check = owner.button(
            f"predictCheck_{name}", lambda: owner.checkRequested.emit(name, self.answer())
        )
        self.feedback = QLabel(wordWrap=True, objectName=f"predictFeedback_{name}")
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        self.again = owner.button(f"predictAgain_{name}", lambda: owner.againRequested.emit(name))
        self.reveal = owner.button(f"predictReveal_{name}", owner.revealRequested.emit)
        self.show_me = owner.button(
            f"predictShowMe_{name}", lambda: owner.mistakeRequested.emit(self.mistake)
        )
        self.mistake = None
        # What next, in a widget of its own: the form's grid holds widgets only. A layout added to
        # it with its buttons in would leave Python wrappers of their layout items, which outlive
        # the buttons' deletion and later stand for whatever Qt puts at the same address.
        self.next_row = QWidget(objectName=f"predictNext_{name}")
        buttons = QHBoxLayout(self.next_row)
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.again, self.reveal, self.show_me):
            buttons.addWidget(button)
        buttons.addStretch(1)

    def show_mistake(self) -> None:
        self._owner.mistakeRequested.emit(self.mistake)

    def asked(self) -> None:
        self._owner.checkRequested.emit(self.name, self.answer())

    def answer(self) -> str:
        if isinstance(self.box, QComboBox):
            index = self.box.currentIndex()
            return str(index) if index > 0 else ""  # entry 0 asks to choose; read_choice counts from 1
        return "" if self.box is None else self.box.text()

    def widgets(self):
        return [w for w in (self.prompt, self.box, self.check, self.feedback, self.next_row) if w is not None]


class PredictionForm(QWidget):
    checkRequested = Signal(str, str)  # field, answer as typed (a choice: its number from 1)
    againRequested = Signal(str)  # field
    revealRequested = Signal()
    mistakeRequested = Signal(object)  # a model.practice Mistake to show beside the right computation
    numbersRequested = Signal(object)  # a seed, or None for the lesson's own numbers
    freshRequested = Signal()  # new numbers, from a seed of the app's choosing

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("predictionForm")
        self._lang = "en"
        self._rows: list[_FieldRow] = []
        self._shape = None  # (question, field names): rows are made again when it changes
        self._heading = QLabel(objectName="predictHeading", wordWrap=True)
        self._seed_label = QLabel(objectName="predictSeedLabel")
        self._seed = QLineEdit(objectName="predictSeed")
        self._seed.setMaxLength(10)
        self._seed.returnPressed.connect(self._seed_typed)
        self._fresh = self.button("predictNewNumbers", self.freshRequested.emit)
        self._lesson_numbers = self.button("predictLessonNumbers", lambda: self.numbersRequested.emit(None))
        self._seed_note = QLabel(objectName="predictSeedNote", wordWrap=True)
        numbers = QGridLayout()
        numbers.addWidget(self._seed_label, 0, 0)
        numbers.addWidget(self._seed, 0, 1, 1, 2)
        numbers.addWidget(self._fresh, 1, 1)
        numbers.addWidget(self._lesson_numbers, 1, 2)
        numbers.setColumnStretch(3, 1)
        self._fields = QGridLayout()
        self._fields.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._heading)
        layout.addLayout(self._fields)
        layout.addLayout(numbers)
        layout.addWidget(self._seed_note)
        self._seed_note.hide()
        self.retranslate()

    def button(self, name: str, slot) -> QPushButton:
        button = QPushButton(objectName=name)
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the clicker's keys alone
        button.clicked.connect(lambda _checked=False: slot())
        return button

    # ---- what the guide tells it ------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.retranslate()

    def retranslate(self) -> None:
        self._heading.setText(self.tr("<b>Predict, then check</b>"))
        self._seed_label.setText(self.tr("Numbers:"))
        self._seed.setPlaceholderText(self.tr("the lesson's own"))
        self._seed.setAccessibleName(self.tr("Seed of the question's numbers"))
        self._seed.setToolTip(
            self.tr("The same seed gives the same numbers everywhere: type one and press Enter")
        )
        self._fresh.setText(self.tr("New Numbers"))
        self._lesson_numbers.setText(self.tr("Lesson's Numbers"))
        for row in self._rows:
            row.check.setText(self.tr("Check"))
            row.again.setText(self.tr("Try Again"))
            row.reveal.setText(self.tr("Reveal"))
            row.show_me.setText(self.tr("Show Me"))
        self._shape = None  # prompts and choices in the new language

    def show_question(self, instance: Instance | None, seed: int | None, tried: dict[str, Tried]) -> None:
        """The rows of `instance`'s fields with the last try at each; no rows without a question."""
        fields = () if instance is None else instance.fields
        shape = (
            None if instance is None else instance.question.id,
            tuple(f.name for f in fields),
            self._lang,
        )
        if shape != self._shape:
            self._shape = shape
            self._make_rows(instance)
        self._seed.setText("" if seed is None else str(seed))
        self._lesson_numbers.setEnabled(seed is not None)
        self._seed_note.hide()
        for row in self._rows:
            self._show_try(row, tried.get(row.name))

    def _make_rows(self, instance: Instance | None) -> None:
        for row in self._rows:
            for widget in row.widgets():
                self._fields.removeWidget(widget)
                widget.deleteLater()
        self._rows = []
        if instance is None:
            return
        lang = self._lang
        for n, field in enumerate(instance.fields):
            row = _FieldRow(self, field.name, field.kind)
            row.prompt.setText(to_html(prompt(instance, field, lang)))
            if isinstance(row.box, QComboBox):
                row.box.addItem(self.tr("Choose…"))
                for choice in field.choices(instance):
                    row.box.addItem(label(field.name, choice, lang))
                row.box.setAccessibleName(prompt(instance, field, lang))
            elif isinstance(row.box, QLineEdit):
                row.box.setPlaceholderText(form(instance, field, lang))
                row.box.setAccessibleName(prompt(instance, field, lang))
            row.check.setVisible(row.box is not None)
            base = 4 * n
            self._fields.addWidget(row.prompt, base, 0, 1, 2)
            if row.box is not None:
                self._fields.addWidget(row.box, base + 1, 0)
                self._fields.addWidget(row.check, base + 1, 1)
            self._fields.addWidget(row.feedback, base + 2, 0, 1, 2)
            self._fields.addWidget(row.next_row, base + 3, 0, 1, 2)
            self._rows.append(row)
        self.retranslate()
        self._shape = (instance.question.id, tuple(f.name for f in instance.fields), lang)

    def _show_try(self, row: _FieldRow, tried: Tried | None) -> None:
        wrong = tried is not None and tried.verdict is not None and not tried.right
        placed = row.kind is FieldKind.PLACE
        row.feedback.setVisible(tried is not None)
        if tried is not None:
            mark = "✓ " if tried.right else "" if tried.verdict is None else "✗ "
            row.feedback.setText(mark + to_html(tried.said(self._lang)))
        row.mistake = tried.mistake if tried is not None else None
        row.next_row.setVisible(wrong)
        row.again.setVisible(not placed)
        row.show_me.setVisible(row.mistake in ATTENTION_MISTAKES)
        if row.box is not None:
            row.box.setEnabled(not (tried is not None and tried.right))
            row.check.setEnabled(not (tried is not None and tried.right))

    def clear_answer(self, field: str) -> None:
        """Empty the field's box and put the keyboard there, to try again."""
        for row in self._rows:
            if row.name == field and row.box is not None:
                if isinstance(row.box, QComboBox):
                    row.box.setCurrentIndex(0)
                else:
                    row.box.clear()
                row.box.setFocus(Qt.FocusReason.OtherFocusReason)

    # ---- reading back (tests, the stage) ------------------------------------------------------------

    def row(self, field: str) -> _FieldRow:
        return next(r for r in self._rows if r.name == field)

    def field_names(self) -> list[str]:
        return [r.name for r in self._rows]

    def texts(self) -> list[str]:
        """Every text the form shows (feedback included)."""
        out = [self._heading.text(), self._seed.text(), self._seed_note.text()]
        for row in self._rows:
            out += [row.prompt.text(), row.feedback.text() if row.feedback.isVisibleTo(self) else ""]
        return out

    # ---- input ---------------------------------------------------------------------------------------

    def _seed_typed(self) -> None:
        text = self._seed.text().strip()
        if not text:
            self.numbersRequested.emit(None)
            return
        if text.isdigit() and int(text) < SEED_LIMIT:
            self.numbersRequested.emit(int(text))
            return
        self._seed_note.setText(
            self.tr("A seed is a whole number from 0 to {last}.").format(last=SEED_LIMIT - 1)
        )
        self._seed_note.show()
