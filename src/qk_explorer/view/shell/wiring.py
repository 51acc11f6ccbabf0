"""How the shell wires what a feature declares, and what it lends a feature at run time.

Wiring.install() takes a feature's Declaration: its docks go to docking.py, its
actions and submenus to the named menus (their texts follow the language), its
exports to File ▸ Export (desktop/exporting.py writes them), its overlays to the
canvas. At every update, follow() keeps the declared actions enabled and checked as
the scene says. WindowHost is what a feature gets instead of the window.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction

from ..declaration import Action, Declaration, Dock, Submenu


class Wiring:
    def __init__(self, window):
        self._window = window
        self._enabled: list[tuple[QAction, object]] = []  # (action, enabled_when)
        self._checked: list[tuple[QAction, object]] = []  # (action, checked_when)
        self.stage_parts: list = []  # every feature's, in the order they were installed

    def install(self, feature) -> None:
        window = self._window
        if isinstance(feature, QObject):
            feature.setParent(window)
        declared: Declaration = feature.declaration()
        for dock in declared.docks:
            self._dock(dock)
        for entry in declared.actions:
            if isinstance(entry, Submenu):
                self._submenu(entry)
            else:
                self._action(entry)
        exporting = window.desktop.exporting if declared.exports else None
        for export in declared.exports:
            action = exporting.add(export)
            if export.enabled_when is not None:
                self._enabled.append((action, export.enabled_when))
        self.stage_parts += declared.stage
        for overlay in declared.overlays:
            window.canvas.add_overlay(
                overlay.item,
                backdrop=overlay.backdrop,
                fit_points=overlay.fit_points,
                names=overlay.names,
                keeps_clear=overlay.keeps_clear,
            )
            if overlay.z is not None:
                overlay.item.setZValue(overlay.z)
        self.follow(window.controller.scene)

    def follow(self, scene) -> None:
        """The declared actions enabled and checked as the scene says (only what changed is set)."""
        for action, when in self._enabled:
            on = bool(when(scene))
            if action.isEnabled() != on:
                action.setEnabled(on)
        for action, when in self._checked:
            on = bool(when(scene))
            if action.isChecked() != on:
                action.setChecked(on)

    # ---- each kind of entry ----------------------------------------------------------------

    def _dock(self, dock: Dock) -> None:
        window = self._window
        widget = window.docking.add(dock)

        def retitle() -> None:
            widget.setWindowTitle(dock.title())
            widget.widget().setAccessibleName(dock.title())

        window.on_retranslate(retitle)
        if dock.closing is not None:
            widget.installEventFilter(_CloseWatcher(dock.closing, widget))

    def _action(self, entry: Action) -> None:
        window = self._window
        menu = window.menus[entry.menu]
        if entry.separated:
            menu.addSeparator()
        action = window.action(
            entry.menu, entry.text, entry.trigger, entry.shortcut, entry.checkable, entry.checked, entry.name
        )
        if entry.after is not None:
            _move_after(menu, entry.after, action)
        if entry.enabled_when is not None:
            self._enabled.append((action, entry.enabled_when))
        if entry.checked_when is not None:
            self._checked.append((action, entry.checked_when))

    def _submenu(self, entry: Submenu) -> None:
        window = self._window
        parent = window.menus[entry.menu]
        if entry.separated:
            parent.addSeparator()
        submenu = parent.addMenu("")
        submenu.setObjectName(entry.name)

        def refill() -> None:
            submenu.setTitle(entry.title())
            submenu.clear()
            for name, text, chosen in entry.entries():
                action = submenu.addAction(text)
                action.setObjectName(name)
                action.triggered.connect(lambda _checked=False, chosen=chosen: chosen())

        window.on_retranslate(refill)


def _move_after(menu, name: str, action: QAction) -> None:
    """Place `action` right after the menu's action called `name` (it was added at the end)."""
    existing = menu.actions()
    anchor = next((i for i, a in enumerate(existing) if a.objectName() == name), None)
    if anchor is None or anchor + 1 >= len(existing) or existing[anchor + 1] is action:
        return
    menu.removeAction(action)
    menu.insertAction(existing[anchor + 1], action)


class _CloseWatcher(QObject):
    """A dock closed with its × button tells its feature (the lesson's panel: leave the lesson)."""

    def __init__(self, closing, parent: QObject):
        super().__init__(parent)
        self._closing = closing

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Close:
            self._closing()
        return False


class WindowHost:
    """What a feature gets at run time instead of the window (declaration.Host)."""

    def __init__(self, window):
        self._window = window
        self.controller = window.controller

    def language(self) -> str:
        return self._window.translations.language

    def on_retranslate(self, callback) -> None:
        self._window.on_retranslate(callback)

    def panel(self, name: str):
        return self._window.docking.build(name)

    def show_panel(self, name: str) -> None:
        self._window.docking.build(name)
        self._window.show_dock(name)

    def set_checked(self, action: str, on: bool) -> None:
        found = self._window.findChild(QAction, action)
        if found.isChecked() != on:
            found.setChecked(on)

    def refresh_actions(self) -> None:
        self._window.wiring.follow(self.controller.scene)

    def highlight(self, ids) -> None:
        self._window.highlight(ids)

    def emphasise(self, parts) -> None:
        self._window.canvas.set_emphasis(parts)

    def fit_scene(self) -> None:
        self._window.canvas.fit_scene()

    def show_page(self, scene) -> None:
        self._window.current_path = None
        self.controller.show_page(scene)
        self._window.canvas.fit_scene()

    def turn_page(self, step: int) -> bool:
        presentation = self._window.presentation
        return presentation.active and presentation.stage.turn_page(step)

    def watch_keys(self, watcher: QObject) -> None:
        self._window.installEventFilter(watcher)
