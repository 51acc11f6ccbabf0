"""Keyboard and screen-reader support for the whole window.

- A live one-sentence description of the state ("q·k₁ = 4, acute angle of
  36.9°; k₂ gets 67 % of the attention") in the status bar, also given to
  screen readers as the canvas's accessible description and as a polite
  announcement. It waits until the scene has been still for a moment, so a
  drag does not flood a screen reader with sentences. What an open check question
  withholds is not said (text/describe.py).
- An accessible name for the canvas (MainWindow names each panel's holder after it).
- Ctrl+Tab (Ctrl+Shift+Tab) leaves the canvas, where Tab cycles the vectors.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtWidgets import QLabel

from ...text import describe as describing
from . import focus_ring

SETTLE_MS = 400  # how long the scene must stay still before the sentence is renewed


class LiveDescription(QObject):
    """The state in one sentence, in the interface language (window.live_description)."""

    changed = Signal(str)  # the new sentence, once the scene has settled

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("liveDescription")
        self._window = window
        self.label = QLabel(window)
        self.label.setObjectName("stateDescription")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        window.statusBar().addWidget(self.label, 1)
        self._text = ""
        self._update = None  # the last Update told: the sentence says it once the scene settles
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.refresh)
        window.controller.updated.connect(self._updated)
        window.on_retranslate(self._retranslate)

    @property
    def text(self) -> str:
        return self._text

    def _updated(self, update) -> None:
        before, self._update = self._update, update
        if before is not None and before.withheld != update.withheld:
            self.refresh()  # at once: the sentence of a moment ago may say what is now asked
        else:
            self._timer.start()

    def sentence(self, scene, results, lang: str, withheld=frozenset()) -> str:
        """The description of (scene, results), in the interface language, without what is withheld."""
        templates = {
            describing.Clause.PRODUCT: self.tr("{pair} = {dot}"),
            describing.Clause.ACUTE: self.tr("{pair} = {dot}, acute angle of {angle}"),
            describing.Clause.RIGHT: self.tr("{pair} = {dot}, right angle"),
            describing.Clause.OBTUSE: self.tr("{pair} = {dot}, obtuse angle of {angle}"),
            describing.Clause.SAME: self.tr("{pair} = {dot}, angle of {angle}: same direction"),
            describing.Clause.OPPOSITE: self.tr("{pair} = {dot}, angle of {angle}: opposite directions"),
            describing.Clause.NO_ANGLE: self.tr("{pair} = {dot}, no angle (a zero vector has no direction)"),
            describing.Clause.WINNER: self.tr("{key} gets {percent} of the attention"),
            describing.Clause.EVEN: self.tr("the {count} keys share the attention equally"),
            describing.Clause.ALL_MASKED: self.tr("every key is masked, so there are no attention weights"),
            describing.Clause.NO_WEIGHTS: self.tr("the attention weights are undefined"),
        }
        parts = describing.describe(scene, results, lang, withheld)
        return describing.sentence([templates[p.clause].format(**p.fields) for p in parts])

    def refresh(self) -> None:
        """Renew the sentence now (the timer calls this once the scene is still)."""
        self._timer.stop()
        w = self._window
        update = self._update or w.controller.update
        text = self.sentence(update.scene, update.results, w.translations.language, update.withheld)
        if text == self._text:
            return
        self._text = text
        self.label.setText(text)
        self.label.setAccessibleName(text)
        w.canvas.setAccessibleDescription(text)
        self.changed.emit(text)
        QAccessible.updateAccessibility(QAccessibleEvent(self.label, QAccessible.Event.NameChanged))
        QAccessible.updateAccessibility(QAccessibleEvent(w.canvas, QAccessible.Event.DescriptionChanged))
        if QAccessible.isActive():
            announcement = QAccessibleAnnouncementEvent(w.canvas, text)
            announcement.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
            QAccessible.updateAccessibility(announcement)

    def _retranslate(self) -> None:
        w = self._window
        w.canvas.setAccessibleName(
            self.tr("Drawing of q, the keys and the values; Tab picks a vector, the arrow keys move it")
        )
        self.label.setToolTip(self.tr("The state of the scene in one sentence"))
        self.refresh()


class _LeaveCanvas(QObject):
    """Ctrl+Tab and Ctrl+Shift+Tab move the focus out of the canvas (Tab cycles its vectors)."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window
        window.canvas.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.KeyPress and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if event.key() == Qt.Key.Key_Tab:
                return self._window.focusNextPrevChild(True)
            if event.key() == Qt.Key.Key_Backtab:
                return self._window.focusNextPrevChild(False)
        return False


def install(window) -> LiveDescription:
    _LeaveCanvas(window)  # lives as the window's child
    focus_ring.install(window)  # so does the ring around the control the keys go to
    return LiveDescription(window)
