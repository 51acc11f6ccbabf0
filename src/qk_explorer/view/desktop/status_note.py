"""A note for the user that needs no answer: in the window's status bar and in the log, never a dialog."""

from __future__ import annotations

import logging

from PySide6.QtWidgets import QStatusBar

MESSAGE_MS = 15000


def tell(window, text: str, log: logging.Logger) -> None:
    """Show `text` in the window's status bar, if it has one (asking for statusBar() would make
    one and shift the canvas), and write it to `log` as a warning."""
    log.warning("%s", text)
    bar = window.findChild(QStatusBar)
    if bar is not None:
        bar.showMessage(text, MESSAGE_MS)
