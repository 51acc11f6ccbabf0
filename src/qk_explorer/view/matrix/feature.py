"""Several queries in the window: the Q·Kᵀ matrix panel, its Edit actions and its exports.

install(window) docks the matrix panel under the canvas — built the first time
it is shown, shown by itself when a scene has several queries or a lesson step
speaks of the matrix — adds Add Query, Remove Selected Query and Causal Mask to
the Edit menu, and the matrix as a CSV table and as a PNG picture to File ▸
Export (written as every export is, desktop/exporting.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer

from ...model.lesson import MATRIX_ROWS
from ...model.matrix_table import matrix_csv
from ...model.scene import UI_MAX_QUERIES
from ..desktop.exporting import png_bytes

if TYPE_CHECKING:
    from .panel import MatrixPanel

ROOM = 0.45  # the most of the window's height the dock takes for itself when it opens or grows


class MatrixFeature(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        controller = window.controller
        self.dock = window.add_lazy_panel(
            "matrix",
            self._build_panel,
            lambda: self.tr("Q·Kᵀ Matrix"),
            Qt.DockWidgetArea.BottomDockWidgetArea,
            highlights=MATRIX_ROWS,  # in a scroll area: a short window scrolls it rather than squeeze it
        )
        # The lesson's column keeps the window's whole height: the matrix goes under the canvas
        # and the panels on the right. (Shortened by a dock under it, the lesson's text scrolled,
        # wrapped afresh and was laid out again at every step of a drag.)
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._queries_before = controller.scene.query_count
        if self._queries_before <= 1:
            self.dock.hide()
        # Once the window has laid the new panel out: its size is known only then.
        self.dock.visibilityChanged.connect(
            lambda shown: shown and QTimer.singleShot(0, self, self.give_room)
        )

        window.menus["edit"].addSeparator()
        self.add_action = window.action(
            "edit", lambda: self.tr("Add &Query"), controller.add_query, "Ctrl+Shift+K", name="addQuery"
        )
        self.remove_action = window.action(
            "edit",
            lambda: self.tr("Remove Selected Quer&y"),
            lambda: controller.remove_query(controller.scene.selected_query),
            "Ctrl+Shift+Delete",
            name="removeQuery",
        )
        self.causal_action = window.action(
            "edit",
            lambda: self.tr("&Causal Mask"),
            lambda on: on != controller.scene.causal and controller.set_causal(on),
            "Ctrl+Shift+C",
            checkable=True,
            checked=controller.scene.causal,
            name="causalMask",
        )
        exporting = window.desktop.exporting
        exporting.add_export(
            "exportMatrixCsv", lambda: self.tr("Q·Kᵀ Matrix as a CS&V Table…"), self.csv_dialog
        )
        exporting.add_export(
            "exportMatrixPng", lambda: self.tr("Q·Kᵀ Matrix as a P&icture…"), self.png_dialog
        )
        controller.updated.connect(lambda u: self._update(u.scene, u.results))
        self._update(controller.scene, controller.results)

    @property
    def panel(self) -> MatrixPanel:
        return self.window.panels["matrix"]

    def _build_panel(self) -> MatrixPanel:
        from .panel import MatrixPanel

        panel = MatrixPanel(self.window.controller)
        # Brought forward when a lesson step speaks of the matrix.
        panel.highlightChanged.connect(lambda ids: ids and self.show_panel())
        return panel

    def show_panel(self) -> None:
        if self.window.presentation.active:  # the stage shows the grids; no dock comes over it
            return
        if self.dock.isHidden():
            self.dock.show()
        self.dock.raise_()

    def give_room(self) -> None:
        """Make the dock tall enough for its grids, up to ROOM of the window (not when floating)."""
        if self.dock.isFloating() or self.window.panels.get("matrix") is None:
            return
        holder = self.dock.widget()  # a scroll area: its own size hint stays what it first was
        chrome = self.dock.height() - holder.viewport().height()  # the title bar, a scroll bar across
        wanted = min(self.panel.sizeHint().height() + chrome, round(ROOM * self.window.height()))
        if self.dock.height() < wanted:
            self.window.resizeDocks([self.dock], [wanted], Qt.Orientation.Vertical)

    def _update(self, scene, _results) -> None:
        queries = scene.query_count
        if queries > 1 and self._queries_before <= 1:
            self.show_panel()  # a scene of several queries is about the matrix
        elif queries > self._queries_before and self.window.dock_shown("matrix"):
            self.give_room()
        self._queries_before = queries
        free = scene.tokens is None  # a token scene's queries come from its tokens
        for action, on in (
            (self.add_action, free and queries < UI_MAX_QUERIES),
            (self.remove_action, free and queries > 1),
        ):
            if action.isEnabled() != on:
                action.setEnabled(on)
        if self.causal_action.isChecked() != scene.causal:
            self.causal_action.setChecked(scene.causal)

    # ---- export --------------------------------------------------------------------------

    def csv_dialog(self) -> None:
        exporting = self.window.desktop.exporting
        path = exporting.ask_path(self.tr("Export the Q·Kᵀ Matrix as CSV"), "csv", "CSV (*.csv)", "matrix")
        if path:
            self.export_csv(path)

    def export_csv(self, path: str) -> bool:
        text = matrix_csv(self.window.controller.results.matrix)
        failure = self.tr("Could not export the matrix")
        return self.window.desktop.exporting.write(path, text.encode("utf-8"), failure)

    def png_dialog(self) -> None:
        exporting = self.window.desktop.exporting
        title = self.tr("Export the Q·Kᵀ Matrix as a Picture")
        path = exporting.ask_path(title, "png", "PNG (*.png)", "matrix")
        if path:
            self.export_png(path)

    def export_png(self, path: str) -> bool:
        from .picture import grids_picture

        c = self.window.controller
        self.panel.render(c.update)  # up to date even if out of sight
        data = png_bytes(grids_picture(self.panel))
        return self.window.desktop.exporting.write(path, data, self.tr("Could not export the matrix"))


def install(window) -> MatrixFeature:
    return MatrixFeature(window)
