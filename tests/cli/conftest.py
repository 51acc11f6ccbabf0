"""Shared setup for tests that run main() in the test process."""

import pytest


@pytest.fixture(autouse=True)
def _delete_windows_main_left():
    """The main windows main() built are deleted when the test ends.

    main() closes its window and returns: the program ends there, but a test process goes on,
    and a closed window still answers every later application-wide change (a type size, a
    palette) — its status bar, for one, remakes its layout and deletes the old items. Only
    main windows: the other windows without a parent (a plot's menu, widgets Qt makes for
    itself) are deleted by whatever made them; deleted here first, the window's own deletion
    then crashed."""
    from PySide6.QtWidgets import QApplication, QMainWindow

    def main_windows() -> set:
        if QApplication.instance() is None:
            return set()
        tops = QApplication.topLevelWidgets()
        return {w for w in tops if isinstance(w, QMainWindow) and w.parent() is None}

    before = main_windows()
    yield
    from PySide6.QtCore import QCoreApplication, QEvent

    left = main_windows() - before
    for window in left:
        window.deleteLater()
    if left:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
