"""What every view is told, and what every view offers: the one contract between the shell and views.

Once per change the controller makes one Update — the scene, its results, what
changed, the drag state, what an open question withholds and the mistake drawn
beside the right computation — and the shell hands that same value to the canvas,
its overlays, every panel on screen and the stage. A view draws from the Update
alone: it never reads the controller back during a render. A view writes
text.withheld.MARK where a withheld quantity would show, and leaves out a drawing
that shows one (the ids: model/practice/withheld.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..model import Results, Scene
from ..model.change import EVERYTHING, SceneChange
from ..model.scene import QUERY, VectorRef
from ..text.withheld import hides
from .theme import Theme

if TYPE_CHECKING:
    from ..model.practice.mistakes import Mistake


@dataclass(frozen=True)
class DragState:
    """What is in hand. `active`: the tip picked (the keyboard moves it, a click picks it);
    `moving`: the vectors the drag in progress moves (the tip in hand, or a token's query, key
    and value), none between drags; `turned`: this update begins or ends a drag."""

    active: VectorRef = QUERY
    moving: tuple[VectorRef, ...] = ()
    turned: bool = False

    @property
    def on(self) -> bool:
        return bool(self.moving)


@dataclass(frozen=True)
class Update:
    """One change, as every view is told it."""

    scene: Scene
    results: Results
    change: SceneChange = EVERYTHING
    drag: DragState = field(default_factory=DragState)
    withheld: frozenset[str] = frozenset()  # what an open question asks: shown nowhere until answered
    mistake: Mistake | None = None  # a common mistake drawn beside the right computation

    def hides(self, *ids: str) -> bool:
        """Whether any of these quantities is withheld."""
        return hides(self.withheld, *ids)

    def redrawn(self) -> Update:
        """The same numbers, to be drawn in full (a new theme, language or option)."""
        return replace(self, change=EVERYTHING, drag=replace(self.drag, turned=False))


@runtime_checkable
class Overlay(Protocol):
    """An item a feature adds to the canvas (declared in its feature.py)."""

    def render(self, update: Update) -> None:
        """Draw these numbers; `update.change` says what differs from the update drawn last."""

    def set_theme(self, theme: Theme) -> None:
        """Take up colours, type sizes and strokes (the next render draws with them)."""

    def set_language(self, lang: str) -> None:
        """Take up the interface language, "en" or "es"."""


@runtime_checkable
class View(Overlay, Protocol):
    """A docked panel or the stage: an overlay's contract, and lesson highlights."""

    def highlight(self, ids: frozenset[str]) -> None:
        """Mark the quantities (row ids) the current lesson step speaks of."""
