"""Attention over several keys: what it adds to the window.

Its panel (tabbed with the coordinates, built when first shown, come forward when
the scene has several keys or a lesson step speaks of its quantities), the winner
map and the tip-to-tail construction of Σ wᵢvᵢ on the canvas, the keyboard actions
that add, remove and mask keys in the Edit menu and the overlays' switches in View,
the table as CSV in File ▸ Export, and its tables on the stage. What the panel, the
stage and the CSV show is written once, in content.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence

from ...model.lesson import ATTENTION_ROWS
from ...model.scene import UI_MAX_KEYS
from ..declaration import Action, CanvasItem, Declaration, Dock, Export, Host
from ..stage.parts import StagePart
from . import content
from .tip_to_tail_item import TipToTailItem
from .winner_map_item import WinnerLabelsItem, WinnerMapItem

if TYPE_CHECKING:
    from .panel import AttentionPanel


class AttentionFeature(QObject):
    def __init__(self, host: Host):
        super().__init__()
        self._host = host
        self.panel: AttentionPanel | None = None  # built the first time it is shown
        self._map_shown = False
        self.winner_labels = WinnerLabelsItem()
        self.winner_map = WinnerMapItem(self.winner_labels)
        self.tip_to_tail = TipToTailItem()

    def declaration(self) -> Declaration:
        c = self._host.controller
        free = lambda scene: scene.tokens is None  # noqa: E731  a token scene's keys come from its tokens
        dock = Dock(
            "attention",
            lambda: self.tr("Attention"),
            self._build_panel,
            beside="coordinates",
            wanted=lambda scene: scene.key_count > 1,  # a scene of several keys is about attention
            highlights=frozenset(ATTENTION_ROWS),
        )
        actions = (
            Action(
                "addKey",
                "edit",
                lambda: self.tr("Add &Key"),
                c.add_key,
                "Ctrl+K",
                enabled_when=lambda scene: free(scene) and scene.key_count < UI_MAX_KEYS,
                separated=True,
            ),
            Action(
                "removeKey",
                "edit",
                lambda: self.tr("Remo&ve Selected Key"),
                lambda: c.remove_key(c.scene.selected_key),
                QKeySequence(QKeySequence.StandardKey.Delete),
                enabled_when=lambda scene: free(scene) and scene.key_count > 1,
            ),
            Action(
                "toggleMask",
                "edit",
                lambda: self.tr("&Mask or Unmask Selected Key"),
                lambda: c.toggle_mask(c.scene.selected_key),
                "M",
            ),
            Action(
                "winnerMap",
                "view",
                lambda: self.tr("Show &Winner Map (2-D)"),
                self.set_winner_map,
                "Ctrl+Shift+M",
                checkable=True,
                after="showValues",
            ),
            Action(
                "tipToTail",
                "view",
                lambda: self.tr("Show Σwᵢvᵢ as a &Chain, Tip to Tail"),
                self.tip_to_tail.set_enabled,
                "Ctrl+Shift+T",
                checkable=True,
                after="winnerMap",
            ),
        )
        overlays = (
            # With the grid, under the arrows; a ViewBox lifts items with negative z to just above
            # itself when they are added: the opaque map goes back under the grid.
            CanvasItem(self.winner_map, backdrop=True, z=-1000),
            CanvasItem(self.winner_labels, backdrop=True),
            CanvasItem(self.tip_to_tail),
        )
        stage = (
            StagePart("attention", "table", content.stage_texts, keyed=True),
            StagePart("compare", "table", content.stage_compare_texts, keyed=True),
        )
        export = Export(
            "exportAttentionCsv",
            lambda: self.tr("Attention Table as a CSV T&able…"),
            lambda: self.tr("Export the Attention Table as CSV"),
            "csv",
            "CSV (*.csv)",
            "attention",
            self._csv,
            lambda: self.tr("Could not export the attention table"),
            gives_numbers=True,
        )
        return Declaration(docks=(dock,), actions=actions, exports=(export,), overlays=overlays, stage=stage)

    def _csv(self, update) -> bytes:
        """The table as the panel shows it (both rules while it compares them)."""
        compare = self.panel is not None and self.panel.compare
        return content.csv(update.scene, update.results, compare).encode("utf-8")

    def _build_panel(self) -> AttentionPanel:
        from .panel import AttentionPanel

        self.panel = AttentionPanel(self._host.controller)
        self.panel.set_map_legend(self._map_shown)
        return self.panel

    def set_winner_map(self, on: bool) -> None:
        self._map_shown = on
        self.winner_map.set_enabled(on)
        if self.panel is not None:  # one not built yet takes it up when it is
            self.panel.set_map_legend(on)
