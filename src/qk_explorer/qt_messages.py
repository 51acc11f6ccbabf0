"""Qt's messages on stderr, less one that the offscreen platform prints for nothing.

Offscreen (and minimal) Qt cannot pass a window's size hints to a window manager
it does not have, and says so for every window shown: "This plugin does not
support propagateSizeHints()". A screenshot or a self-test would print it each
run, so it hides the warnings that matter. Only that exact message is dropped.
"""

from __future__ import annotations

import sys

HARMLESS = frozenset({"This plugin does not support propagateSizeHints()"})


def pass_on(mode, context, message: str) -> None:
    """A Qt message handler: every message as Qt would print it, except the HARMLESS ones."""
    from PySide6.QtCore import qFormatLogMessage

    if message not in HARMLESS:
        print(qFormatLogMessage(mode, context, message), file=sys.stderr, flush=True)


def quiet_harmless_messages() -> None:
    """From now on, hand Qt's messages to pass_on() (a fatal one still ends the process)."""
    from PySide6.QtCore import qInstallMessageHandler

    qInstallMessageHandler(pass_on)
