"""The keyboard shortcut sheet (F1, Help menu), written from the window's own actions.

Each time it opens it lists every action that has a shortcut, under the menu
that holds it, plus the canvas's own keys — so it cannot fall behind the
actions. Action texts are already in the interface language; key names come
from Qt's own translation (QKeySequence NativeText).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRect, Qt, QTimer
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)


def plain(text: str) -> str:
    """A menu text without its mnemonic marks: "&Open…" → "Open…"."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _on_keyboard(seq: QKeySequence) -> bool:
    """False for the keys of special keyboards (Open, Save, Help…): listed they only clutter."""
    return not seq.isEmpty() and all(
        seq[i].key() < Qt.Key.Key_Back and seq[i].key() != Qt.Key.Key_Help for i in range(seq.count())
    )


def keys_text(action: QAction) -> str:
    return ", ".join(
        seq.toString(QKeySequence.SequenceFormat.NativeText)
        for seq in action.shortcuts()
        if _on_keyboard(seq)
    )


def _menu_actions(menu: QMenu):
    for action in menu.actions():
        if action.menu() is not None:
            yield from _menu_actions(action.menu())
        elif not action.isSeparator():
            yield action


class ShortcutSheet(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("shortcutSheet")
        self._window = window
        self.table = QTableWidget(0, 2, self)
        self.table.setObjectName("shortcutTable")
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.table.setCornerButtonEnabled(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(section title, [(what, keys)]) from the window's actions, as shown."""
        w = self._window
        seen: set[int] = set()
        sections = []
        for menu in w.menus.values():
            rows = []
            for action in _menu_actions(menu):
                seen.add(id(action))
                if keys_text(action) and action.text():
                    rows.append((plain(action.text()), keys_text(action)))
            if rows:
                sections.append((plain(menu.title()), rows))
        shift, ctrl = _native("Shift+A")[:-2], _native("Ctrl+A")[:-2]
        canvas = [
            (self.tr("Pick the next or the previous vector"), _native("Tab", "Shift+Tab")),
            (self.tr("Move the picked tip"), self.tr("arrow keys")),
            (self.tr("Move it in small steps"), self.tr("{shift}+arrow keys").format(shift=shift)),
            (self.tr("Drag without snapping to the grid"), self.tr("{ctrl}+drag").format(ctrl=ctrl)),
            (self.tr("Leave the drawing for the panels"), _native("Ctrl+Tab", "Ctrl+Shift+Tab")),
        ]
        sections.append((self.tr("In the drawing"), canvas))
        others = [
            (plain(a.text()), keys_text(a))
            for a in w.actions()
            if id(a) not in seen and keys_text(a) and a.text() and not a.isSeparator()
        ]
        if others:
            sections.append((self.tr("Anywhere"), others))
        return sections

    def rebuild(self) -> None:
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        self.table.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys")])
        self.table.setRowCount(0)
        bold = QFont(self.font())
        bold.setBold(True)
        for title, rows in self.sections():
            r = self.table.rowCount()
            self.table.insertRow(r)
            heading = QTableWidgetItem(title)
            heading.setFont(bold)
            self.table.setItem(r, 0, heading)
            self.table.setSpan(r, 0, 1, 2)
            for what, keys in rows:
                r = self.table.rowCount()
                self.table.insertRow(r)
                self.table.setItem(r, 0, QTableWidgetItem(what))
                self.table.setItem(r, 1, QTableWidgetItem(keys))
        self.table.resizeColumnsToContents()
        self.table.setCurrentItem(None)
        table = self.table
        width = table.sizeHintForColumn(0) + table.sizeHintForColumn(1) + table.frameWidth() * 2 + 60
        self.resize(min(max(width, 420), self._room().width() - 40), self.height())
        QTimer.singleShot(0, self, self._fit_height)  # once the columns have their widths, rows may wrap

    def _room(self) -> QRect:
        """The part of the sheet's screen that windows may use (no panels or docks of the desktop)."""
        return (self.screen() or self._window.screen()).availableGeometry()

    def _fit_height(self) -> None:
        """As tall as its rows, within the screen: what does not fit scrolls inside the table."""
        table = self.table
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        chrome = self.height() - table.viewport().height()
        room = self._room()
        frame = self.frameGeometry().size() - self.size()  # the title bar and borders around it
        self.resize(self.width(), min(rows + chrome + 4, room.height() - frame.height()))
        # Placed over the window before its height was known: its bottom could be below the screen's.
        self.move(within(self.frameGeometry(), room).topLeft())

    def rows(self) -> list[tuple[str, str]]:
        """Every (what, keys) row as shown, headings with empty keys (for tests)."""
        out = []
        for r in range(self.table.rowCount()):
            keys = self.table.item(r, 1)
            out.append((self.table.item(r, 0).text(), keys.text() if keys is not None else ""))
        return out


def within(frame: QRect, room: QRect) -> QRect:
    """`frame` moved as little as it takes to lie inside `room` (its top-left corner first when
    it is larger)."""
    x = max(room.left(), min(frame.left(), room.right() + 1 - frame.width()))
    y = max(room.top(), min(frame.top(), room.bottom() + 1 - frame.height()))
    return QRect(x, y, frame.width(), frame.height())


def _native(*portable: str) -> str:
    """Key sequences as this platform and language write them."""
    return ", ".join(
        QKeySequence(p, QKeySequence.SequenceFormat.PortableText).toString(
            QKeySequence.SequenceFormat.NativeText
        )
        for p in portable
    )


def install(window) -> QAction:
    def show_sheet() -> None:
        sheet = window.findChild(ShortcutSheet, "shortcutSheet") or ShortcutSheet(window)
        sheet.rebuild()
        sheet.show()
        sheet.raise_()
        sheet.activateWindow()

    action = window.action(
        "help",
        lambda: QCoreApplication.translate("ShortcutSheet", "&Keyboard Shortcuts"),
        show_sheet,
        QKeySequence.StandardKey.HelpContents,
        name="shortcutSheet",
    )
    menu = window.menus["help"]
    first = menu.actions()[0]
    if first is not action:
        menu.removeAction(action)
        menu.insertAction(first, action)
    return action
