"""Scene documents: open and save, recent files, drag-and-drop, and a question before changes are lost.

The undo stack's clean state is the scene as saved or as loaded: saving or
opening a file marks it clean, and so do a preset and a lesson page (nothing
in them to save); any edit makes it modified (the title shows an asterisk), and
undoing back to the clean step makes it clean again. Opening another scene or closing the
window while it is modified asks first: save, discard or cancel.

Opening is strict (model/scene_file.py): on any problem a message names it
and the current scene stays exactly as it was. Only regular files are read
or written (file_io.py); writing goes through QSaveFile, so a failed save
never leaves half a file behind, and any error while saving is a message.
"""

from __future__ import annotations

import os
from enum import Enum, auto

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QFileInfo,
    QObject,
    QStandardPaths,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ...model.safe_paths import is_utf8_name, printable
from ...model.scene_file import SUFFIX, SceneFileError, read_scene, write_scene
from .. import words
from .file_io import FileError, failure_text, read_bytes, write_text
from .settings_file import settings

RECENT_KEY = "files/recent"
MAX_RECENT = 8
SCENE_PATTERNS = "*.qkscene.json *.json"


class Choice(Enum):
    SAVE = auto()
    DISCARD = auto()
    CANCEL = auto()


def ask_save_changes(parent, name: str) -> Choice:
    """Ask whether to save the modified scene before it is replaced or closed (modal)."""
    box = QMessageBox(parent)
    box.setObjectName("unsavedBox")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("Documents", "Unsaved changes"))
    box.setText(
        QCoreApplication.translate("Documents", "“{name}” has changes that are not saved yet.").format(
            name=name
        )
    )
    box.setInformativeText(QCoreApplication.translate("Documents", "Save them before going on?"))
    buttons = QMessageBox.StandardButton
    box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
    box.setDefaultButton(buttons.Save)
    answer = buttons(box.exec())
    box.deleteLater()
    return {buttons.Save: Choice.SAVE, buttons.Discard: Choice.DISCARD}.get(answer, Choice.CANCEL)


def recent_files() -> list[str]:
    store = settings()
    return (recent_paths(store.value(RECENT_KEY, [])) if store is not None else None) or []


def recent_paths(value) -> list[str] | None:
    """The recent scenes a setting holds (one name is read back as text, not a list); None when
    it holds anything else."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        return None
    return [p for p in value if p][:MAX_RECENT]


def set_recent_files(paths: list[str]) -> None:
    store = settings()
    if store is not None:
        store.setValue(RECENT_KEY, list(paths[:MAX_RECENT]))


class Documents(QObject):
    """The File menu's scene actions for one window; `closing` fires when the window really closes."""

    closing = Signal()

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.controller.undo_stack.cleanChanged.connect(self._clean_changed)
        window.setAcceptDrops(True)
        window.installEventFilter(self)
        self._build_actions()

    # ---- menu ---------------------------------------------------------------------------

    def _build_actions(self) -> None:
        w = self.window
        w.action(
            "file", lambda: self.tr("&Open…"), self.open_dialog, QKeySequence.StandardKey.Open, name="open"
        )
        self.recent_menu = w.menus["file"].addMenu("")
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        w.on_retranslate(lambda: self.recent_menu.setTitle(self.tr("Open &Recent")))
        w.action("file", lambda: self.tr("&Save"), self.save, QKeySequence.StandardKey.Save, name="save")
        w.action(
            "file",
            lambda: self.tr("Save &As…"),
            self.save_as_dialog,
            QKeySequence.StandardKey.SaveAs,
            name="saveAs",
        )
        w.menus["file"].addSeparator()

    def add_quit(self) -> None:
        self.window.menus["file"].addSeparator()
        self.window.action(
            "file", lambda: self.tr("&Quit"), self.window.close, QKeySequence.StandardKey.Quit, name="quit"
        )

    def fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = recent_files()
        for i, path in enumerate(paths):
            act = QAction(f"&{i + 1}  {QFileInfo(path).fileName()}", menu)
            act.setObjectName(f"recent_{i}")
            act.setData(path)
            act.setToolTip(path)
            act.setStatusTip(path)
            act.triggered.connect(lambda _checked=False, p=path: self.open_recent(p))
            menu.addAction(act)
        if not paths:
            empty = menu.addAction(self.tr("No recent scenes"))
            empty.setEnabled(False)
        menu.addSeparator()
        clear = menu.addAction(self.tr("&Clear the List"))
        clear.setObjectName("clearRecent")
        clear.setEnabled(bool(paths))
        clear.triggered.connect(lambda: set_recent_files([]))

    # ---- state ------------------------------------------------------------------------------

    @property
    def path(self) -> str | None:
        return self.window.current_path

    def is_modified(self) -> bool:
        return not self.controller.undo_stack.isClean()

    def display_name(self) -> str:
        if self.path:
            return os.path.basename(self.path)
        return self.controller.scene.title or self.tr("Untitled scene")

    def _clean_changed(self, clean: bool) -> None:
        self.window.setWindowModified(not clean)

    def adopt(self, path: str) -> None:
        """The scene on screen was read from `path` (the command line): Save writes back there."""
        self.window.current_path = os.path.abspath(path)
        self.controller.undo_stack.setClean()
        self._remember(self.window.current_path)
        self.window._update_title()

    # ---- asking before losing changes ------------------------------------------------------------

    def confirm_discard(self) -> bool:
        """True when the scene may be replaced: it is saved, or the user saved or discarded it."""
        if not self.is_modified():
            return True
        choice = ask_save_changes(self.window, self.display_name())
        if choice is Choice.SAVE:
            return self.save()
        return choice is Choice.DISCARD

    # ---- opening ------------------------------------------------------------------------------

    def open_dialog(self) -> None:
        if not self.confirm_discard():
            return
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            self.tr("Open Scene"),
            self.folder(),
            self.tr("Q·K scenes ({patterns})").format(patterns=SCENE_PATTERNS),
        )
        if path:
            self.open_path(path)

    def open_file(self, path: str) -> bool:
        """Open a scene from a recent entry or a drop: ask about unsaved changes first."""
        return self.confirm_discard() and self.open_path(path)

    def open_recent(self, path: str) -> bool:
        if not QFileInfo(path).isFile():
            set_recent_files([p for p in recent_files() if p != path])
            self._complain(
                self.tr("Scene not found"),
                self.tr(
                    "“{name}” is no longer there, so it has been taken off the recent scenes.\n{path}"
                ).format(name=QFileInfo(path).fileName(), path=path),
            )
            return False
        return self.open_file(path)

    def open_path(self, path: str) -> bool:
        """Open a scene file; on any problem say so and leave the current scene as it was."""
        name = printable(os.path.basename(path))
        try:
            scene = read_scene(read_bytes(path))
        except FileError as error:
            self._complain(self.tr("Could not open the scene"), str(error))
            return False
        except SceneFileError as error:
            self._complain(
                self.tr("Could not open the scene"),
                self.tr("{file}: {problem}").format(
                    file=name, problem=words.file_problem(error, self.window.translations.language)
                ),
            )
            return False
        self.controller.load(scene)
        self.controller.undo_stack.setClean()
        self.window.current_path = os.path.abspath(path)
        self._remember(self.window.current_path)
        self.window.canvas.fit_scene()
        self.window._update_title()
        return True

    # ---- saving ---------------------------------------------------------------------------------

    def save(self) -> bool:
        if self.path:
            return self.save_to(self.path)
        return self.save_as_dialog()

    def save_as_dialog(self) -> bool:
        suggestion = self.path or os.path.join(self.folder(), "scene" + SUFFIX)
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            self.tr("Save Scene"),
            suggestion,
            self.tr("Q·K scenes ({patterns})").format(patterns=SCENE_PATTERNS),
        )
        return bool(path) and self.save_to(path)

    def save_to(self, path: str) -> bool:
        if not path.lower().endswith(".json"):
            path += SUFFIX
        try:
            write_text(path, write_scene(self.controller.scene))
        except Exception as error:  # whatever it is, the user hears of it
            self._complain(self.tr("Could not save the scene"), failure_text(path, error))
            return False
        self.window.current_path = os.path.abspath(path)
        self.controller.undo_stack.setClean()
        self._remember(self.window.current_path)
        self.window._update_title()
        return True

    # ---- helpers ----------------------------------------------------------------------------

    def folder(self) -> str:
        for candidate in (self.path, *recent_files()):
            folder = os.path.dirname(os.path.abspath(candidate)) if candidate else ""
            if folder and os.path.isdir(folder):
                return folder
        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)

    def _remember(self, path: str) -> None:
        if not is_utf8_name(path):  # settings hold names as text: it would come back as another name
            return
        set_recent_files([path, *(p for p in recent_files() if p != path)])

    def _complain(self, title: str, message: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, self.window
        )
        box.setObjectName("problemBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # ---- window events: closing and drops ---------------------------------------------------------

    def eventFilter(self, watched, event) -> bool:
        if watched is self.window:
            kind = event.type()
            if kind == QEvent.Type.Close:
                if not self.confirm_discard():
                    event.ignore()
                    return True
                self.closing.emit()
            elif kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
                if dropped_scene_path(event.mimeData()):
                    event.acceptProposedAction()
                    return True
            elif kind == QEvent.Type.Drop:
                path = dropped_scene_path(event.mimeData())
                if path:
                    event.acceptProposedAction()
                    # Out of the drop handler: the question about unsaved changes is a modal dialog.
                    QTimer.singleShot(0, self, lambda: self.open_file(path))
                    return True
        return super().eventFilter(watched, event)


def dropped_scene_path(mime) -> str | None:
    """The one local .json file being dragged, if that is what it is."""
    if mime is None or not mime.hasUrls():
        return None
    urls = mime.urls()
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    path = urls[0].toLocalFile()
    return path if path.lower().endswith(".json") else None
