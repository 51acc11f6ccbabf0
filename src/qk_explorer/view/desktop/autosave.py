"""Autosave: unsaved work kept safe while the app runs, and offered back after a crash or a kill.

Each running instance owns one file in the application's data folder,
    autosave/<id>.qkautosave.json   guarded by   autosave/<id>.lock
where <id> is new for every run. The lock is a QLockFile taken before the
first write and held until the instance ends, so a second instance running
at the same time never writes, offers or deletes the first one's autosave.

The file is written 2 s after the last change (a drag restarts the wait, so a
drag is never saved step by step) and only while the scene has unsaved
changes; it is removed as soon as the scene is saved, and when the instance
exits cleanly. It never touches the user's own scene file.

At start, an autosave whose lock can be taken — no lock at all, or one left by
a process that no longer runs — belongs to an instance that crashed or was
killed: it is offered back, newest first, to restore or discard. Restored, it
comes back with the file it was opened from, so Save writes there again.

Only what this app wrote or the user declines is ever deleted: an autosave
it cannot read (damaged, from a newer version, not a regular file) stays in
place and the status bar says so once. A write that fails is said once too,
in the status bar and the log, and again only after one has succeeded — also
when the folder itself cannot be used (made, or its lock taken), which is
tried again at every autosave.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from PySide6.QtCore import (
    QCoreApplication,
    QDateTime,
    QDir,
    QEvent,
    QFile,
    QFileInfo,
    QLocale,
    QLockFile,
    QObject,
    QStandardPaths,
    Qt,
    QTimer,
    QUuid,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from ...model.lesson_format import title_in
from ...model.safe_paths import is_utf8_name, printable
from ...model.scene_file import Autosaved, read_autosave, write_autosave
from . import unreadable_autosaves as damage
from .file_io import FileError, failure_text, read_bytes, write_text
from .status_note import tell

DELAY_MS = 2000
SUFFIX = ".qkautosave.json"
LOCK_SUFFIX = ".lock"

log = logging.getLogger(__name__)


def default_folder() -> str:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return os.path.join(base, "autosave")


@dataclass
class Orphan:
    """An autosave left by an instance that no longer runs; this instance holds its lock."""

    path: str
    lock: QLockFile
    saved: Autosaved

    def release(self) -> None:
        """Keep the file for a later start."""
        self.lock.unlock()

    def remove(self) -> None:
        QFile.remove(self.path)
        self.lock.unlock()


def find_orphans(
    folder: str, own_id: str | None = None, unreadable: list | None = None, skip: frozenset[str] = frozenset()
) -> list[Orphan]:
    """Autosaves of instances that are gone, newest first (their locks now held here).

    One that cannot be read is left where it is, its lock released; `unreadable`,
    if given, gets an Unreadable for each. One whose mark is in `skip` (found
    unreadable before, unchanged since) is passed over unread."""
    directory = QDir(folder)
    if not directory.exists():
        return []
    orphans = []
    # System: named pipes, sockets and devices too, to be said and left alone rather than unseen.
    for name in directory.entryList([f"*{SUFFIX}"], QDir.Filter.Files | QDir.Filter.System):
        ident = name.removesuffix(SUFFIX)
        path = directory.filePath(name)
        mark = damage.mark(path)
        if ident == own_id or mark in skip:
            continue
        lock = QLockFile(directory.filePath(ident + LOCK_SUFFIX))
        lock.setStaleLockTime(0)  # never stale by age: only when its process is gone
        if not lock.tryLock(0):
            continue  # its instance is still running
        try:
            saved = read_autosave(read_bytes(path))
        except Exception as error:  # damaged, newer, not a regular file: not ours to delete
            lock.unlock()
            if unreadable is not None:
                unreadable.append(damage.unreadable(path, error, mark))
            continue
        if not saved.saved_at:
            saved = Autosaved(saved.scene, _file_time(path), saved.source)
        orphans.append(Orphan(path, lock, saved))
    # Leftover locks without an autosave: remove those whose process is gone.
    for name in directory.entryList([f"*{LOCK_SUFFIX}"], QDir.Filter.Files):
        ident = name.removesuffix(LOCK_SUFFIX)
        if ident != own_id and not directory.exists(ident + SUFFIX):
            lock = QLockFile(directory.filePath(name))
            lock.setStaleLockTime(0)
            if lock.tryLock(0):
                lock.unlock()
    orphans.sort(key=lambda o: o.saved.saved_at, reverse=True)
    return orphans


def _now() -> str:
    return QDateTime.currentDateTimeUtc().toString(Qt.DateFormat.ISODate)


def _file_time(path: str) -> str:
    return QFileInfo(path).lastModified().toUTC().toString(Qt.DateFormat.ISODate)


class Autosave(QObject):
    def __init__(self, window, folder: str | None = None):
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.folder = folder or default_folder()
        self.ident = QUuid.createUuid().toString(QUuid.StringFormat.WithoutBraces)
        self._lock: QLockFile | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.save_now)
        self.controller.updated.connect(lambda _update: self._changed())
        self.controller.undo_stack.cleanChanged.connect(self._changed)
        self.dialog: RecoveryDialog | None = None
        self.removal: QPushButton | None = None  # offers to remove damaged autosaves, when found
        self.writes = 0  # how many times the file was written (for tests and diagnostics)
        self.failure: str | None = None  # the last write's failure, said once until a write succeeds
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.finish)

    @property
    def path(self) -> str:
        return os.path.join(self.folder, self.ident + SUFFIX)

    @property
    def pending(self) -> bool:
        return self._timer.isActive()

    # ---- writing ------------------------------------------------------------------------------

    def _changed(self, *_args) -> None:
        if self.controller.undo_stack.isClean():
            self.discard_file()
        else:
            self._timer.start()  # restarts: only 2 s of quiet writes

    def save_now(self) -> bool:
        self._timer.stop()
        if self.controller.undo_stack.isClean():
            return False
        try:
            self._take_lock()
            source = self.window.current_path
            if source and not is_utf8_name(source):  # the file is kept as text: the work, not its name
                source = None
            write_text(self.path, write_autosave(self.controller.scene, _now(), source))
        except Exception as error:  # a safety net: never interrupt the work for it, but say so once
            if self.failure is None:
                self.failure = failure_text(self.path, error)
                self._tell(self.tr("Autosave failed: {problem}").format(problem=self.failure))
            return False
        self.failure = None
        self.writes += 1
        return True

    def _tell(self, text: str) -> None:
        tell(self.window, text, log)

    def _take_lock(self) -> None:
        """Hold this instance's lock, making the folder first; FileError says why it cannot."""
        if self._lock is not None:
            return
        folder = printable(self.folder)
        try:
            os.makedirs(self.folder, exist_ok=True)
        except FileExistsError:  # a file, a named pipe…: not a folder to keep autosaves in
            raise FileError(self.tr("{folder} is not a folder").format(folder=folder)) from None
        except OSError as error:
            raise FileError(f"{folder}: {printable(error.strerror or str(error))}") from None
        lock = QLockFile(os.path.join(self.folder, self.ident + LOCK_SUFFIX))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            why = {
                QLockFile.LockError.PermissionError: self.tr("no permission to write in {folder}"),
                QLockFile.LockError.LockFailedError: self.tr("its lock in {folder} is held elsewhere"),
            }.get(lock.error(), self.tr("its lock in {folder} cannot be made"))
            raise FileError(why.format(folder=folder))
        self._lock = lock

    def discard_file(self) -> None:
        self._timer.stop()
        if self._lock is not None:
            QFile.remove(self.path)

    def finish(self) -> None:
        """A clean exit: the autosave and its lock go away."""
        self.discard_file()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    # ---- recovery ------------------------------------------------------------------------------

    def offer_recovery(self) -> RecoveryDialog | None:
        """Show what crashed or killed instances left behind (a window-modal dialog), if anything.

        Autosaves that cannot be read are said once, and those damaged offered for removal
        (unreadable_autosaves.py)."""
        unreadable: list[damage.Unreadable] = []
        before = damage.known()
        orphans = find_orphans(self.folder, self.ident, unreadable, frozenset(before))
        damage.remember(self.folder, before, unreadable)
        if unreadable:
            first = unreadable[0]
            unread = (
                self.tr(
                    "An autosave file in {folder} could not be read and was left as it is"
                    " ({name}: {problem})."
                )
                if len(unreadable) == 1
                else self.tr(
                    "{count} autosave files in {folder} could not be read and were left as they are"
                    " ({name}: {problem})."
                )
            )
            self._tell(
                unread.format(
                    count=len(unreadable),
                    folder=printable(self.folder),
                    name=printable(os.path.basename(first.path)),
                    problem=first.why,
                )
            )
            self.removal = damage.offer_removal(self.window, [u for u in unreadable if u.damaged])
        if not orphans:
            return None
        self.dialog = RecoveryDialog(self, orphans, self.window.translations.language, self.window)
        self.dialog.open()
        return self.dialog

    def restore(self, orphan: Orphan) -> None:
        self.controller.load(orphan.saved.scene, self.tr("Restore autosaved scene"))
        self.window.current_path = orphan.saved.source  # Save writes back to the file it came from
        self.window.canvas.fit_scene()
        self.window._update_title()
        # Keep it safe in this instance's own autosave before letting the old one go.
        if self.save_now() or self.controller.undo_stack.isClean():
            orphan.remove()
        else:
            orphan.release()


class RecoveryDialog(QDialog):
    """Lists autosaves of instances that ended unexpectedly: restore one, discard, or decide later."""

    def __init__(self, autosave: Autosave, orphans: list[Orphan], lang: str = "en", parent=None):
        super().__init__(parent)
        self.setObjectName("recoveryDialog")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._autosave = autosave
        self.orphans = list(orphans)
        self._lang = lang
        self._intro = intro = QLabel()
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("recoveryList")
        self.list.setWordWrap(True)
        self.list.setSpacing(2)
        self.list.itemDoubleClicked.connect(lambda _item: self.restore_selected())
        buttons = QDialogButtonBox()
        self.restore_button = QPushButton()
        self.restore_button.setObjectName("restoreButton")
        self.restore_button.setDefault(True)
        self.discard_button = QPushButton()
        self.discard_button.setObjectName("discardButton")
        self.later_button = QPushButton()
        self.later_button.setObjectName("laterButton")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.clicked.connect(self.restore_selected)
        self.discard_button.clicked.connect(self.discard_selected)
        self.later_button.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.retranslate()
        self.resize(640, 320)

    def retranslate(self) -> None:
        """Every text in the interface language (also when it changes while the dialog is open)."""
        self.setWindowTitle(self.tr("Recover Unsaved Work"))
        self._intro.setText(
            self.tr(
                "Q·K Explorer ended unexpectedly while a scene had unsaved changes. "
                "Its last autosaved state is kept here, newest first."
            )
        )
        self.restore_button.setText(self.tr("&Restore"))
        self.discard_button.setText(self.tr("&Discard"))
        self.later_button.setText(self.tr("Decide &Later"))
        self._fill()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._lang = self._autosave.window.translations.language
            self.retranslate()
        super().changeEvent(event)

    def _fill(self) -> None:
        row = max(0, self.list.currentRow())
        self.list.clear()
        for orphan in self.orphans:
            item = QListWidgetItem(self.describe(orphan))
            self.list.addItem(item)
        if self.orphans:
            self.list.setCurrentRow(min(row, len(self.orphans) - 1))

    def describe(self, orphan: Orphan) -> str:
        """Two lines: what it is, then when it was saved and how big it is."""
        saved = orphan.saved
        when = QDateTime.fromString(saved.saved_at, Qt.DateFormat.ISODate).toLocalTime()
        locale = QLocale(QLocale.Language.Spanish if self._lang == "es" else QLocale.Language.English)
        when_text = locale.toString(when, "d MMM yyyy, HH:mm") if when.isValid() else "?"
        title = title_in(saved.scene.title, self._lang) or self.tr("untitled")
        name = QFileInfo(saved.source).fileName() if saved.source else title
        count = saved.scene.key_count
        keys = self.tr("1 key") if count == 1 else self.tr("{count} keys").format(count=count)
        details = self.tr("saved {when} · {keys} · n = {n}")
        details = details.format(when=when_text, keys=keys, n=saved.scene.dimension)
        return f"{name}\n{details}"

    def selected(self) -> Orphan | None:
        row = self.list.currentRow()
        return self.orphans[row] if 0 <= row < len(self.orphans) else None

    def restore_selected(self) -> None:
        orphan = self.selected()
        if orphan is None:
            return
        self.orphans.remove(orphan)
        self._autosave.restore(orphan)
        self.accept()

    def discard_selected(self) -> None:
        orphan = self.selected()
        if orphan is None:
            return
        self.orphans.remove(orphan)
        orphan.remove()
        self._fill()
        if not self.orphans:
            self.accept()

    def done(self, result: int) -> None:
        # Whatever is still listed stays on disk for the next start.
        for orphan in self.orphans:
            orphan.release()
        self.orphans = []
        super().done(result)
