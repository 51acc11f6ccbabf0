"""Attention over several keys in the window: its panel, its canvas overlays and its actions.

install(window) adds the attention panel (tabbed with the coordinates, built
when first shown), the winner map and the tip-to-tail construction of Σ wᵢvᵢ
to the canvas, the keyboard actions that add, remove and mask keys to the Edit
menu and the overlays' switches to the View menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence

from ...model.lesson import ATTENTION_ROWS
from ...model.scene import UI_MAX_KEYS
from .tip_to_tail_item import TipToTailItem
from .winner_map_item import WinnerLabelsItem, WinnerMapItem

if TYPE_CHECKING:
    from .panel import AttentionPanel


class AttentionFeature(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        controller = window.controller
        # Built when first shown: with one key the panel starts behind the coordinates' tab.
        dock = window.add_lazy_panel(
            "attention", self._build_panel, lambda: self.tr("Attention"), highlights=ATTENTION_ROWS
        )
        coordinates = window.docks.get("coordinates")
        if coordinates is not None:
            window.tabifyDockWidget(coordinates, dock)
            coordinates.raise_()  # MainWindow decides which tab starts in front
        self.dock = dock
        self._keys_before = controller.scene.key_count

        self.winner_labels = WinnerLabelsItem()
        self.winner_map = WinnerMapItem(self.winner_labels)
        self.tip_to_tail = TipToTailItem()
        window.canvas.add_overlay(self.winner_map, backdrop=True)  # with the grid, under the arrows
        window.canvas.add_overlay(self.winner_labels, backdrop=True)
        window.canvas.add_overlay(self.tip_to_tail)
        # A ViewBox lifts items with negative z to just above itself when they are added:
        # put the opaque map back under the grid.
        self.winner_map.setZValue(-1000)

        menu = window.menus["edit"]
        menu.addSeparator()
        self.add_action = window.action(
            "edit", lambda: self.tr("Add &Key"), controller.add_key, "Ctrl+K", name="addKey"
        )
        self.remove_action = window.action(
            "edit",
            lambda: self.tr("Remo&ve Selected Key"),
            lambda: controller.remove_key(controller.scene.selected_key),
            QKeySequence(QKeySequence.StandardKey.Delete),
            name="removeKey",
        )
        self.mask_action = window.action(
            "edit",
            lambda: self.tr("&Mask or Unmask Selected Key"),
            lambda: controller.toggle_mask(controller.scene.selected_key),
            "M",
            name="toggleMask",
        )
        self.map_action = window.action(
            "view",
            lambda: self.tr("Show &Winner Map (2-D)"),
            self.set_winner_map,
            "Ctrl+Shift+M",
            checkable=True,
            name="winnerMap",
        )
        self.chain_action = window.action(
            "view",
            lambda: self.tr("Show Σwᵢvᵢ as a &Chain, Tip to Tail"),
            self.tip_to_tail.set_enabled,
            "Ctrl+Shift+T",
            checkable=True,
            name="tipToTail",
        )
        _move_after(window.menus["view"], "showValues", [self.map_action, self.chain_action])
        controller.updated.connect(lambda u: self._update_actions(u.scene, u.results))
        self._update_actions(controller.scene, controller.results)

    @property
    def panel(self) -> AttentionPanel:
        return self.window.panels["attention"]

    def _build_panel(self) -> AttentionPanel:
        from .panel import AttentionPanel

        panel = AttentionPanel(self.window.controller)
        panel.set_map_legend(self.map_action.isChecked())
        # Bring the panel forward when a lesson step talks about its quantities.
        panel.highlightChanged.connect(lambda ids: ids and self.show_panel())
        return panel

    def show_panel(self) -> None:
        presentation = self.window.presentation
        if presentation is not None and presentation.active:
            return  # presenting, the stage shows attention; the docks come back on leaving
        if self.dock.isHidden():
            self.dock.show()
        self.dock.raise_()

    def set_winner_map(self, on: bool) -> None:
        self.winner_map.set_enabled(on)
        panel = self.window.panels.get("attention")  # one not built yet takes it up when it is
        if panel is not None:
            panel.set_map_legend(on)
        if self.map_action.isChecked() != on:
            self.map_action.setChecked(on)

    def _update_actions(self, scene, _results) -> None:
        # A scene that grows from one key to several is about attention: show its panel.
        if scene.key_count > 1 and self._keys_before <= 1:
            self.show_panel()
        self._keys_before = scene.key_count
        free = scene.tokens is None  # a token scene's keys come from its tokens: add or remove a token
        can_add, can_remove = free and scene.key_count < UI_MAX_KEYS, free and scene.key_count > 1
        if self.add_action.isEnabled() != can_add:
            self.add_action.setEnabled(can_add)
        if self.remove_action.isEnabled() != can_remove:
            self.remove_action.setEnabled(can_remove)


def _move_after(menu, name: str, actions) -> None:
    """Place `actions` right after the menu's action called `name` (they were added at the end)."""
    existing = menu.actions()
    anchor = next((i for i, a in enumerate(existing) if a.objectName() == name), None)
    if anchor is None or anchor + 1 >= len(existing):
        return
    before = existing[anchor + 1]
    for action in actions:
        menu.removeAction(action)
        menu.insertAction(before, action)


def install(window) -> AttentionFeature:
    return AttentionFeature(window)
