"""What a feature declares to the shell: its docks, its actions, its exports and its canvas overlays.

A feature is a folder of view/ whose feature.py makes one Declaration. The shell
(shell/) wires every declaration the same way: it docks the panels and builds each
the first time it is shown, shows and hides them as the scene asks, gives them room,
keeps them off the stage while presenting, puts the actions in their menus and keeps
them enabled and checked as the scene says, lists the exports in File ▸ Export and
writes what they make, adds the overlays to the canvas and the stage parts to the
stage. A feature never reaches
into another feature or into the window: what it needs at run time comes from the
Host it is given (host.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QImage, QKeySequence, QTransform
from PySide6.QtWidgets import QDialog, QWidget

from ..model import Scene
from .contract import Overlay, Update, View
from .stage.parts import StagePart

if TYPE_CHECKING:
    from .controller import SceneController

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea

Shortcut = str | QKeySequence | QKeySequence.StandardKey | list | None


@dataclass(frozen=True)
class Room:
    """The room a dock asks for when it comes forward (pixels of the window's height).

    share: as tall as its panel asks, at most this share of the window's height (`fit`),
    or this share itself (not `fit`); `once`: only the first time it comes forward;
    `grows_with`: asked again when this number grows while it is shown (the matrix: its queries).
    short: the pixels the panel still lacks, taken from the dock above it in its column — or,
    when that dock cannot spare them, by setting that dock aside for as long as this one
    stays; `then`: what the panel does once it has its room."""

    share: float = 0.0
    fit: bool = True
    once: bool = False
    grows_with: Callable[[Scene], int] | None = None
    short: Callable[[View], int] | None = None
    then: Callable[[View], None] | None = None


@dataclass(frozen=True)
class Dock:
    """A panel in a dock. `build` makes it the first time it is shown (or a lesson step speaks
    of one of its `highlights`), unless it is `eager`. `beside`: the dock whose tabs it shares.
    `wanted`: when it comes forward by itself (a scene of several queries, a scene of tokens);
    `leaves`: it is hidden when `wanted` turns false; `closed`: hidden at start unless wanted."""

    name: str
    title: Callable[[], str]
    build: Callable[[], View]
    area: Qt.DockWidgetArea = RIGHT
    beside: str | None = None
    wanted: Callable[[Scene], bool] | None = None
    leaves: bool = False
    closed: bool = False
    eager: bool = False
    scroll: bool = True
    highlights: frozenset[str] = frozenset()
    room: Room | None = None
    closing: Callable[[], None] | None = None  # its × button closed it


@dataclass(frozen=True)
class Action:
    """A menu item (and its shortcut, which works everywhere in the window, presenting too).

    `trigger` is called with the new state of a checkable action, else with nothing.
    `enabled_when`, `checked_when`: kept so as the scene says, at every change."""

    name: str
    menu: str
    text: Callable[[], str]
    trigger: Callable
    shortcut: Shortcut = None
    checkable: bool = False
    checked: bool = False
    enabled_when: Callable[[Scene], bool] | None = None
    checked_when: Callable[[Scene], bool] | None = None
    after: str | None = None  # placed right after the action of that name in its menu
    separated: bool = False  # a separator before it


@dataclass(frozen=True)
class Export:
    """An item of File ▸ Export: a file made from the update on screen, written as every file is
    (never half-written). `make` gives the file's bytes or a picture (written as PNG), or None
    when there is nothing to write."""

    name: str
    text: Callable[[], str]
    title: Callable[[], str]  # the file dialog's
    suffix: str
    file_filter: str
    stem: str
    make: Callable[[Update], bytes | QImage | None]
    failure: Callable[[], str]
    enabled_when: Callable[[Scene], bool] | None = None
    ask: Callable[[QWidget], QDialog] | None = None  # a dialog asked first: once accepted, the file
    gives_numbers: bool = False  # the scene's numbers: refused while an open question withholds some


@dataclass(frozen=True)
class CanvasItem:
    """An overlay on the canvas: `backdrop` ones lie with the grid, under the arrows; `fit_points`
    gives points that Fit Scene keeps in view; `names` its arrows whose names the canvas's rule for
    names places with the others (as it places a faint arrow's: left out where no room is free);
    `keeps_clear(to_px, bounds)` the boxes, in the canvas's pixels, that names keep clear of (what
    it writes over the drawing)."""

    item: Overlay
    backdrop: bool = False
    fit_points: Callable[[], list] | None = None
    z: float | None = None
    names: Callable[[], list] | None = None
    keeps_clear: Callable[[QTransform, QRectF], list[QRectF]] | None = None


@dataclass(frozen=True)
class Submenu:
    """A submenu whose entries follow the language: `entries()` gives (object name, text, what it
    does) for each, asked again whenever the language changes."""

    name: str
    menu: str
    title: Callable[[], str]
    entries: Callable[[], list[tuple[str, str, Callable[[], None]]]]
    separated: bool = False


@dataclass(frozen=True)
class Declaration:
    """Everything a feature adds, in the order it appears in its menus."""

    docks: tuple[Dock, ...] = ()
    actions: tuple[Action | Submenu, ...] = ()
    exports: tuple[Export, ...] = ()
    overlays: tuple[CanvasItem, ...] = ()
    stage: tuple[StagePart, ...] = ()  # what it shows on the stage, presenting


class Host(Protocol):
    """What the shell lends a feature at run time: the controller to edit the scene through, and
    the few services of the window a feature may ask for."""

    controller: SceneController

    def language(self) -> str:
        """The interface language, "en" or "es"."""

    def on_retranslate(self, callback: Callable[[], None]) -> None:
        """Run `callback` now and whenever the language changes."""

    def panel(self, name: str) -> View:
        """The panel of one of the feature's own docks, built now if it was not."""

    def show_panel(self, name: str) -> None:
        """Bring one of the feature's own docks forward (not while presenting), built if it was not."""

    def set_checked(self, action: str, on: bool) -> None:
        """Check or uncheck one of the feature's own checkable actions (its trigger follows)."""

    def refresh_actions(self) -> None:
        """Ask every action's `enabled_when` again: the feature's own state changed."""

    # For the lesson, which leads the window through its steps:

    def highlight(self, ids) -> None:
        """Mark these quantities (row ids) in every panel, bringing forward the panels that show them."""

    def emphasise(self, parts) -> None:
        """Draw only these parts of the canvas at full strength (None: everything)."""

    def fit_scene(self) -> None:
        """Frame the scene on the canvas."""

    def show_page(self, scene: Scene) -> None:
        """Put a lesson page on screen, framed: a scene as loaded (SceneController.show_page), and
        not the file that was open, so Save asks for a name rather than writing over it."""

    def turn_page(self, step: int) -> bool:
        """While presenting, show the stage's next (1) or previous (-1) page of the item on screen,
        if it has one; whether it did."""

    def watch_keys(self, watcher: QObject) -> None:
        """Let `watcher` see the window's key events first (an event filter)."""
