"""A typed number that can also be scrubbed: drag sideways on it and the value follows.

A press that stays put is an ordinary click (the text takes focus, ready to
type). Once the pointer has moved SCRUB_START_PX sideways with the button held,
each move sets start + PER_PX × pixels moved (a tenth of that with Shift),
rounded to hundredths so that a scrubbed entry reads as a short number. Every
value of one scrub carries the same scrub id, so the controller makes the whole
scrub a single undo step.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QAbstractSpinBox

from ...model.limits import COORDINATE_LIMIT
from ..widgets.number_spin import NumberSpin

SCRUB_START_PX = 4  # less is a click: the hand shakes a little on a press
PER_PX = 0.02  # 50 px change an entry by 1
FINE = 0.1


class ScrubSpin(NumberSpin):
    scrubbed = Signal(float, int)  # value, scrub id (the same for every value of one scrub)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setRange(-COORDINATE_LIMIT, COORDINATE_LIMIT)
        self.setKeyboardTracking(False)
        self.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
        self.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.lineEdit().setCursor(Qt.CursorShape.SizeHorCursor)
        self.lineEdit().installEventFilter(self)
        self.scrub_id = 0
        self.scrubbing = False
        self._press_x: float | None = None
        self._start = 0.0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self._press_x, self._start = event.position().x(), self.value()
        elif kind == QEvent.Type.MouseMove and self._press_x is not None:
            dx = event.position().x() - self._press_x
            if not self.scrubbing and abs(dx) >= SCRUB_START_PX:
                self.scrubbing = True
                self.scrub_id += 1
                self.lineEdit().deselect()
            if self.scrubbing:
                fine = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
                x = round(self._start + dx * PER_PX * (FINE if fine else 1.0), 2)
                self.scrubbed.emit(max(-COORDINATE_LIMIT, min(COORDINATE_LIMIT, x)), self.scrub_id)
                return True  # no text selection while scrubbing
        elif kind == QEvent.Type.MouseButtonRelease and event.button() == Qt.MouseButton.LeftButton:
            self._press_x = None
            if self.scrubbing:
                self.scrubbing = False
                self.lineEdit().deselect()
                return True
        return super().eventFilter(watched, event)
