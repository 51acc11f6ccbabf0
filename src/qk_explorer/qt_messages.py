"""Qt's messages on stderr, less two that say nothing the user can act on.

Offscreen (and minimal) Qt cannot pass a window's size hints to a window manager
it does not have, and says so for every window shown: "This plugin does not
support propagateSizeHints()". A screenshot or a self-test would print it each
run, so it hides the warnings that matter.

In a locale that is not UTF-8 (LC_ALL=C, en_US.ISO-8859-1, or one that is not
installed) Qt switches to C.UTF-8 itself and says so in four lines as the
application starts; a one-line refusal would come after them. The app reads
and writes UTF-8 whatever the locale, so that notice is dropped too.

Only those messages are dropped; the handler is installed before Qt starts.
"""

from __future__ import annotations

import sys

HARMLESS = frozenset({"This plugin does not support propagateSizeHints()"})
_LOCALE_NOTICE = ("Detected locale ", "Qt depends on a UTF-8 locale")


def harmless(message: str) -> bool:
    return message in HARMLESS or (message.startswith(_LOCALE_NOTICE[0]) and _LOCALE_NOTICE[1] in message)


def pass_on(mode, context, message: str) -> None:
    """A Qt message handler: every message as Qt would print it, except the harmless ones."""
    from PySide6.QtCore import qFormatLogMessage

    if not harmless(message):
        print(qFormatLogMessage(mode, context, message), file=sys.stderr, flush=True)


def quiet_harmless_messages() -> None:
    """From now on, hand Qt's messages to pass_on() (a fatal one still ends the process)."""
    from PySide6.QtCore import qInstallMessageHandler

    qInstallMessageHandler(pass_on)
