"""Practice beyond the lesson's panel: the common mistakes made visible, and the practice sheet.

View ▸ Common Mistakes picks one of the attention mistakes (content.MISTAKES; "None" ends it):
the controller tells every view (Update.mistake), so the canvas draws the wrong outputs beside
the right ones with the line of PyTorch that makes them (mistake_item.py) and the matrix's
grids show the mistake's weights beside the right ones. A diagnosed answer's Show Me (the
lesson's panel) asks for the same. File ▸ Export ▸ Practice Sheet… prints fresh instances of
chosen questions and, on pages of their own, their answers and worked solutions (sheet.py).
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ...text.practice.prompts import mistake_name
from ..declaration import CanvasItem, Declaration, Export, Host, Submenu
from .content import MISTAKES
from .mistake_item import MistakeItem


class PracticeFeature(QObject):
    def __init__(self, host: Host):
        super().__init__()
        self._host = host
        self.mistake_item = MistakeItem()
        self.sheet_dialog = None  # the last Practice Sheet dialog asked

    def declaration(self) -> Declaration:
        c = self._host.controller
        mistakes = Submenu(
            "commonMistakesMenu",
            "view",
            lambda: self.tr("Common &Mistakes"),
            lambda: [
                ("mistake_none", self.tr("&None: the Right Computation Only"), lambda: c.show_mistake(None)),
                *(
                    (
                        f"mistake_{m.value}",
                        mistake_name(m, self._host.language()),
                        lambda m=m: c.show_mistake(m),
                    )
                    for m in MISTAKES
                ),
            ],
            separated=True,
        )
        sheet = Export(
            "exportPracticeSheet",
            lambda: self.tr("Practice S&heet (PDF)…"),
            lambda: self.tr("Export a Practice Sheet"),
            "pdf",
            "PDF (*.pdf)",
            "practice-sheet",
            self._sheet,
            lambda: self.tr("Could not export the practice sheet"),
            ask=self._ask_sheet,
        )
        return Declaration(
            actions=(mistakes,),
            exports=(sheet,),
            overlays=(
                CanvasItem(
                    self.mistake_item,
                    fit_points=self.mistake_item.fit_points,
                    names=self.mistake_item.arrows,
                    keeps_clear=self.mistake_item.keeps_clear,
                ),
            ),
        )

    def _ask_sheet(self, parent):
        from .sheet import PracticeSheetDialog

        self.sheet_dialog = PracticeSheetDialog(self._host.language(), parent)
        return self.sheet_dialog

    def _sheet(self, _update) -> bytes | None:
        """The sheet the dialog asked for, in the interface language; None without one."""
        from .sheet import sheet_pdf

        if self.sheet_dialog is None or not self.sheet_dialog.chosen():
            return None
        return sheet_pdf(self.sheet_dialog.instances(), self._host.language())
