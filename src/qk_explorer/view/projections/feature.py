"""Scenes of tokens in the window: the Projections panel and the hint on derived arrows.

install(window) docks the Projections panel as a tab beside the coordinates —
built the first time it is shown, shown by itself and brought to the front when
a token scene opens, hidden for a scene without tokens — shows the canvas's
hint in the status bar when someone presses an arrow that the tokens derive,
and adds the projections as a CSV table to File ▸ Export (on for a token scene
only; written as every export is, desktop/exporting.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QStatusBar

from ...model.projections_table import projections_csv

if TYPE_CHECKING:
    from .panel import ProjectionsPanel

HINT_MS = 6000


class ProjectionsFeature(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.dock = window.add_lazy_panel(
            "projections",
            self._build_panel,
            lambda: self.tr("Projections"),
            Qt.DockWidgetArea.RightDockWidgetArea,
        )
        beside = window.docks.get("coordinates")
        if beside is not None:
            window.tabifyDockWidget(beside, self.dock)
        self._had_tokens = window.controller.scene.tokens is not None
        self._presented_tokens = self._had_tokens
        if not self._had_tokens:
            self.dock.hide()
        window.canvas.derivedPressed.connect(self.tell)
        self.export_action = window.desktop.exporting.add_export(
            "exportProjectionsCsv", lambda: self.tr("Projections as a CSV &Table…"), self.csv_dialog
        )
        self.export_action.setEnabled(self._had_tokens)
        window.controller.updated.connect(lambda u: self._update(u.scene, u.results))
        window.presentation.changed.connect(self._presenting)
        window.desktop.preferences.restored.connect(lambda: self._arrive(self._had_tokens))

    @property
    def panel(self) -> ProjectionsPanel:
        return self.window.panels["projections"]

    def _build_panel(self) -> ProjectionsPanel:
        from .panel import ProjectionsPanel

        return ProjectionsPanel(self.window.controller)

    def show_panel(self) -> None:
        if self.window.presentation.active:  # no dock comes over the stage
            return
        self.dock.show()
        self.dock.raise_()

    def tell(self, text: str) -> None:
        """The derived arrow's hint in the status bar (a window without one shows it as a tooltip)."""
        bar = self.window.findChild(QStatusBar)
        if bar is not None:
            bar.showMessage(text, HINT_MS)

    def _update(self, scene, _results) -> None:
        has_tokens = scene.tokens is not None
        if has_tokens != self._had_tokens:
            self._had_tokens = has_tokens
            self.export_action.setEnabled(has_tokens)
            if not self.window.presentation.active:  # presenting: see _presenting
                self._arrive(has_tokens)

    def _arrive(self, has_tokens: bool) -> None:
        if has_tokens:
            self.show_panel()  # a scene of tokens is about where its vectors come from
        else:
            self.dock.hide()

    def _presenting(self, on: bool) -> None:
        """Leaving puts back the docks as they were on entering; the scene may have changed since."""
        if on:
            self._presented_tokens = self._had_tokens
        elif self._had_tokens != self._presented_tokens:
            self._arrive(self._had_tokens)

    # ---- export --------------------------------------------------------------------------

    def csv_dialog(self) -> None:
        exporting = self.window.desktop.exporting
        title = self.tr("Export the Projections as CSV")
        path = exporting.ask_path(title, "csv", "CSV (*.csv)", "projections")
        if path:
            self.export_csv(path)

    def export_csv(self, path: str) -> bool:
        """W_Q, W_K, W_V and B from Results; False, with nothing written, without tokens."""
        projections = self.window.controller.results.projections
        if projections is None:
            return False
        failure = self.tr("Could not export the projections")
        return self.window.desktop.exporting.write(
            path, projections_csv(projections).encode("utf-8"), failure
        )


def install(window) -> ProjectionsFeature:
    return ProjectionsFeature(window)
