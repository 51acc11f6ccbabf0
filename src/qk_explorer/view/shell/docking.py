"""The window's docks, as the features declare them: built when first shown, shown as the scene asks.

One set of rules for every dock (declaration.Dock):

- built the first time it is shown, or a lesson step speaks of one of its quantities
  (a panel nobody opens costs nothing at start-up); rendered only while on screen,
  brought up to date when it comes into sight;
- a dock `wanted` by the scene comes forward when that turns true (a second key, a
  second query, a scene of tokens), and one that `leaves` is hidden when it turns false;
- while presenting, no dock comes over the stage: leaving puts the docks back as they
  were, then the docks that come and go with the scene follow the scene on screen;
- a dock that comes forward gets the room it declares (declaration.Room), the docks
  under the canvas first; one that needs more than the dock above it can spare sets that
  dock aside while it stays, and brings it back when it goes or before the layout is saved.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QScrollArea, QTabBar, QWidget

from ..contract import Update, View
from ..declaration import BOTTOM, Dock

SETTLE_STEPS = 3  # a squeezed panel gives its words their room back first: measure again


class Docking(QObject):
    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self._window = window
        self.declared: dict[str, Dock] = {}
        self.docks: dict[str, QDockWidget] = {}
        self.panels: dict[str, View] = {}  # built
        self._on_screen: dict[str, bool] = {}
        self._stale: set[str] = set()
        self._wanted: dict[str, bool] = {}  # what `wanted` said at the last update
        self._presented: dict[str, bool] = {}  # … and when presenting began
        self._room_due: set[str] = set()  # to be given room when next shown
        self._roomed: set[str] = set()  # given their room once
        self._aside: dict[str, str] = {}  # a dock set aside → the dock it made room for
        self._sizes: dict[str, int] = {}  # what each room's `grows_with` said at the last update
        self.highlighted: frozenset[str] = frozenset()
        self.presenting = False
        self.last: Update | None = None
        self.prepare = lambda panel: None  # themes and translates a panel just built (the window)

    # ---- declaring ----------------------------------------------------------------------

    def add(self, dock: Dock) -> QDockWidget:
        widget = QDockWidget(self._window)
        widget.setObjectName(f"dock_{dock.name}")
        if dock.scroll:
            holder = QScrollArea()
            holder.setWidgetResizable(True)
            holder.setFrameShape(QScrollArea.Shape.NoFrame)
            # A panel wider than its dock (large type, long words) scrolls rather than being cut off.
            holder.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            widget.setWidget(holder)
        else:
            widget.setWidget(QWidget())  # stands in until the panel is built
        self._window.addDockWidget(dock.area, widget)
        self.declared[dock.name] = dock
        self.docks[dock.name] = widget
        widget.visibilityChanged.connect(lambda visible, n=dock.name: self._visibility(n, visible))
        if dock.eager:
            self.build(dock.name)
        return widget

    def arrange(self, scene) -> None:
        """Once every dock is declared: tab groups, docks closed at start, the tabs in front."""
        beside = [d for d in self.declared.values() if d.beside in self.docks]
        for dock in beside:
            self._window.tabifyDockWidget(self.docks[dock.beside], self.docks[dock.name])
        for name in {d.beside for d in beside} - {d.name for d in beside}:
            self.docks[name].raise_()  # the first of each group in front, unless one is wanted
        for dock in self.declared.values():
            wanted = dock.wanted is not None and dock.wanted(scene)
            self._wanted[dock.name] = wanted
            if dock.room is not None and dock.room.grows_with is not None:
                self._sizes[dock.name] = dock.room.grows_with(scene)
            if dock.closed and not wanted:
                self.docks[dock.name].hide()
            if wanted:
                self.docks[dock.name].raise_()
                self._room_due.add(dock.name)

    # ---- building and rendering -------------------------------------------------------------

    def build(self, name: str) -> View:
        """The panel of dock `name`, built now if it was not (up to date, themed, translated)."""
        panel = self.panels.get(name)
        if panel is not None:
            return panel
        panel = self.declared[name].build()
        dock = self.docks[name]
        holder = dock.widget()
        if isinstance(holder, QScrollArea):
            holder.setWidget(panel)
        else:
            dock.setWidget(panel)
            panel.setAccessibleName(dock.windowTitle())
            holder.deleteLater()
        self.panels[name] = panel
        self.prepare(panel)
        panel.highlight(self.highlighted)
        if self.last is not None:
            panel.render(self.last.redrawn())
        self._stale.discard(name)
        return panel

    def shown(self, name: str) -> bool:
        """On screen: a dock in a tab behind another is visible to Qt, but nobody sees it.

        QDockWidget.visibilityChanged reports both showing/hiding and tab switches."""
        return self.docks[name].isVisible() and self._on_screen.get(name, False)

    def render(self, update: Update) -> None:
        """Every panel on screen draws the update; the others catch up when they are shown."""
        self.last = update
        everyone = not self._window.isVisible()
        for name, panel in self.panels.items():
            if everyone or self.shown(name):
                panel.render(update)
                self._stale.discard(name)
            else:
                self._stale.add(name)

    def follow(self, scene) -> None:
        """Docks wanted by the scene come forward as it turns to want them; those that leave go."""
        for dock in self.declared.values():
            if dock.wanted is None:
                continue
            wanted, before = dock.wanted(scene), self._wanted[dock.name]
            self._wanted[dock.name] = wanted
            grows = dock.room.grows_with if dock.room is not None else None
            size = grows(scene) if grows is not None else 0
            grew, self._sizes[dock.name] = size > self._sizes.get(dock.name, size), size
            if wanted != before and not self.presenting:
                self._arrive(dock, wanted)
            elif wanted and grew and self.shown(dock.name):
                self.give_room(dock.name)

    def highlight(self, ids: frozenset[str]) -> None:
        """A lesson step speaks of these quantities: the panels that show them are built and come
        forward, and mark them."""
        self.highlighted = ids
        for dock in self.declared.values():
            if dock.highlights & ids:
                self.build(dock.name)
        for panel in self.panels.values():
            panel.highlight(ids)
        for dock in self.declared.values():
            if dock.highlights & ids:
                self.show(dock.name)

    # ---- showing ---------------------------------------------------------------------------------

    def show(self, name: str) -> None:
        """Bring a dock forward (not while presenting: no dock comes over the stage)."""
        if self.presenting:
            return
        dock = self.docks[name]
        if dock.isHidden():
            dock.show()
        dock.raise_()

    def _arrive(self, dock: Dock, wanted: bool) -> None:
        if wanted:
            self._room_due.add(dock.name)
            self.show(dock.name)
            QTimer.singleShot(0, self, lambda: self._room_if_due(dock.name))
        elif dock.leaves:
            self._room_due.discard(dock.name)
            in_front = self.shown(dock.name)
            self.docks[dock.name].hide()
            beside = dock.beside  # its tab group shows the tab it came in front of, not any other
            while beside is not None and self.docks[beside].isHidden():
                beside = self.declared[beside].beside
            if in_front and beside is not None:
                self.docks[beside].raise_()
            self.bring_back(dock.name)

    def set_presenting(self, on: bool) -> None:
        """Entering remembers what the scene wanted; leaving (the window has put its docks back)
        lets the docks that come and go with the scene follow the scene on screen now."""
        self.presenting = on
        if on:
            self._presented = dict(self._wanted)
            return
        for dock in self.declared.values():
            if dock.leaves and self._wanted[dock.name] != self._presented.get(dock.name):
                self._arrive(dock, self._wanted[dock.name])

    def restored(self) -> None:
        """The remembered layout came back: the docks that come and go with the scene follow it."""
        for dock in self.declared.values():
            if dock.leaves:
                self._arrive(dock, self._wanted[dock.name])

    def bring_back(self, name: str | None = None) -> None:
        """The docks set aside for `name` (for any dock: None) come back, as tall as their panels
        ask: not the sliver the docks around them left when they went."""
        back = []
        for aside, made_for in list(self._aside.items()):
            if name is None or made_for == name:
                del self._aside[aside]
                self.docks[aside].show()
                back.append(aside)
        if back:  # once the window has laid them out with the scene's numbers: their size is known then
            QTimer.singleShot(0, self, lambda: self._fit(back))

    def _fit(self, names: list[str]) -> None:
        """Each dock as tall as its panel asks, taken from the dock under it in its column."""
        window = self._window
        _lay_out()  # the docks gone meanwhile have left the column
        for name in names:
            dock = self.docks[name]
            below = self._next_to(dock, above=False) if name in self.panels and self.shown(name) else None
            if below is None:
                continue
            grow = _fitted(dock, self.panels[name]) - dock.height()
            group = below.height() + _tab_bar_under(window, below)  # the size resizeDocks sets
            if grow > 0 and group - grow >= below.minimumSizeHint().height():
                sizes = [dock.height() + grow, group - grow]
                window.resizeDocks([dock, below], sizes, Qt.Orientation.Vertical)
                _lay_out()

    # ---- visibility ------------------------------------------------------------------------------

    def _visibility(self, name: str, visible: bool) -> None:
        self._on_screen[name] = visible
        if not visible:
            return
        if name not in self.panels:
            self.build(name)
        elif name in self._stale and self.last is not None:
            self._stale.discard(name)
            self.panels[name].render(self.last.redrawn())
        room = self.declared[name].room
        if room is not None and (not room.once or name not in self._roomed):
            if room.short is None:
                self._room_due.add(name)
            # Once the window has laid the panel out: its size is known only then.
            QTimer.singleShot(0, self, lambda: self._room_if_due(name))

    # ---- room ------------------------------------------------------------------------------------

    def _room_if_due(self, name: str) -> None:
        if name in self._room_due and self.shown(name):
            self.give_room(name)

    def give_room(self, name: str) -> None:
        room, dock, window = self.declared[name].room, self.docks[name], self._window
        if room is None or dock.isFloating() or not window.isVisible() or self.presenting:
            return
        self._room_due.discard(name)
        self._roomed.add(name)
        panel = self.panels.get(name)
        if panel is None:
            return
        if room.short is not None:
            self._make_room(name, panel)
            return
        if room.fit:
            wanted = min(_fitted(dock, panel), round(room.share * window.height()))
        else:
            wanted = round(room.share * window.height())
        if dock.height() < wanted:
            window.resizeDocks([dock], [wanted], Qt.Orientation.Vertical)

    def _make_room(self, name: str, panel: View) -> None:
        """Room for a panel that needs `short` more pixels: from the dock above it in its column
        while that dock keeps its least height, else by setting that dock aside."""
        window, dock, room = self._window, self.docks[name], self.declared[name].room
        for other, declared in self.declared.items():  # the docks under the canvas first
            if declared.area == BOTTOM and declared.room is not None and other != name and self.shown(other):
                self.give_room(other)
        _lay_out()
        if dock.isHidden() or dock.isFloating():
            return
        for _ in range(SETTLE_STEPS):
            short = room.short(panel)
            above = self._next_to(dock, above=True)
            if short <= 0 or above is None:
                break
            if above.height() - above.minimumSizeHint().height() < short:
                above.hide()
                self._aside[next(n for n, d in self.docks.items() if d is above)] = name
                break
            group = dock.height() + _tab_bar_under(window, dock)  # the size resizeDocks sets
            sizes = [above.height() - short, group + short]
            window.resizeDocks([above, dock], sizes, Qt.Orientation.Vertical)
            _lay_out()
        _lay_out()
        if room.then is not None:
            room.then(panel)

    def _next_to(self, dock: QDockWidget, above: bool) -> QDockWidget | None:
        """The shown dock stacked right above `dock` in its column (or right under it), if any."""
        window, rect = self._window, dock.geometry()
        best, sign = None, 1 if above else -1
        for other in self.docks.values():
            if other is dock or other.isHidden() or other.isFloating():
                continue
            if window.dockWidgetArea(other) != window.dockWidgetArea(dock):
                continue
            at = other.geometry()
            side = at.bottom() < rect.top() if above else at.top() > rect.bottom()
            nearer = best is None or sign * at.top() > sign * best.geometry().top()
            if at.left() < rect.right() and rect.left() < at.right() and side and nearer:
                best = other
        return best


def _fitted(dock: QDockWidget, panel: View) -> int:
    """The height of a dock that shows all of its panel."""
    holder = dock.widget()  # a scroll area's own size hint stays what it first was: not asked
    shown = holder.viewport() if isinstance(holder, QScrollArea) else holder
    chrome = dock.height() - shown.height()  # the title bar, a scroll bar across
    return panel.sizeHint().height() + chrome


def _lay_out() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def _tab_bar_under(window, dock) -> int:
    """The height of the tab bar of the dock's tab group (under it), or 0 for a dock alone."""
    rect = dock.geometry()
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        at = bar.geometry()
        if bar.isVisible() and at.top() == rect.bottom() + 1 and at.left() == rect.left():
            return at.height()
    return 0
