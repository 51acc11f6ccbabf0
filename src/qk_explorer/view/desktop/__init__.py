"""Everything that makes the window a desktop document: files, autosave, export, remembered settings.

MainWindow calls install() once; the pieces live in their own modules:
documents.py (open, save, recent files, drops, the question before losing
changes), exporting.py (pictures, numbers, worked examples), autosave.py and
preferences.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from .autosave import Autosave
from .documents import Documents
from .exporting import Exporting
from .preferences import Preferences


@dataclass
class Desktop:
    documents: Documents
    exporting: Exporting
    autosave: Autosave
    preferences: Preferences


def install(window) -> Desktop:
    documents = Documents(window)  # File: Open, Open Recent, Save, Save As
    exporting = Exporting(window)  # File ▸ Export; Edit ▸ Copy Worked Example
    documents.add_quit()  # File: Quit, last
    autosave = Autosave(window)
    preferences = Preferences(window)
    documents.closing.connect(preferences.save)
    documents.closing.connect(autosave.finish)
    return Desktop(documents, exporting, autosave, preferences)
