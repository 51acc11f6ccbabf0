"""The attention table's mask cells: a check box painted in each row, not a widget per row.

A QCheckBox in every row (in a holder widget, to centre it) made 128 widgets for 64 keys,
a good part of the cost of opening such a scene. Each cell now keeps its check state in
its item, and this delegate paints it as the check box stood there: one hidden stamp
QCheckBox, a child of the table, lends the style (and the high-contrast style sheet) its
look, its size and its place, centred where Qt laid the holder out. A left click on the
box toggles the key's mask as a click on the widget did; the row is not selected by it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtWidgets import QCheckBox, QStyle, QStyledItemDelegate, QStyleOptionButton, QStyleOptionViewItem

_PRESS, _RELEASE = QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease
_DOUBLE = QEvent.Type.MouseButtonDblClick
_CENTRE = Qt.AlignmentFlag.AlignCenter


class MaskCellDelegate(QStyledItemDelegate):
    def __init__(self, table, toggle: Callable[[int], None]):
        super().__init__(table)
        self._table = table
        self._toggle = toggle  # row → flip that key's mask
        self._stamp = QCheckBox(table)
        self._stamp.setObjectName("maskStamp")
        self._stamp.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._stamp.hide()
        self._pressed: int | None = None  # the row whose box the left button went down on

    def box_rect(self, option: QStyleOptionViewItem, index) -> QRect:
        """Where the check box stands in the cell: centred in the cell's text rect, as the
        holder widget was laid out there."""
        cell = QStyleOptionViewItem(option)
        self.initStyleOption(cell, index)
        cell.showDecorationSelected = True
        cell.features &= ~QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        style = self._table.style()
        holder = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, cell, self._table)
        self._stamp.ensurePolished()
        return QStyle.alignedRect(Qt.LayoutDirection.LeftToRight, _CENTRE, self._stamp.sizeHint(), holder)

    def paint(self, painter, option, index) -> None:
        cell = QStyleOptionViewItem(option)
        self.initStyleOption(cell, index)
        cell.features &= ~QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        style = self._table.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, cell, painter, self._table)
        box = QStyleOptionButton()
        self._stamp.initStyleOption(box)
        box.state &= ~(QStyle.StateFlag.State_On | QStyle.StateFlag.State_Off)
        checked = Qt.CheckState(index.data(Qt.ItemDataRole.CheckStateRole)) == Qt.CheckState.Checked
        box.state |= QStyle.StateFlag.State_On if checked else QStyle.StateFlag.State_Off
        box.rect = self.box_rect(option, index)
        self._stamp.style().drawControl(QStyle.ControlElement.CE_CheckBox, box, painter, self._stamp)

    def editorEvent(self, event, model, option, index) -> bool:
        kind = event.type()
        if kind not in (_PRESS, _RELEASE, _DOUBLE):
            return False
        on_box = event.button() == Qt.MouseButton.LeftButton and self.box_rect(option, index).contains(
            event.position().toPoint()
        )
        if kind == _RELEASE:
            pressed, self._pressed = self._pressed, None
            if on_box and pressed == index.row():
                self._toggle(index.row())
        elif on_box:
            self._pressed = index.row()
        return on_box
