"""What every panel and canvas overlay offers the window: the one contract views implement.

MainWindow and Canvas call these methods on every panel and overlay they
hold, without asking whether it has them; a view with nothing to do for one
implements it as a no-op.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..model import Results, Scene
from ..model.change import EVERYTHING, SceneChange
from .theme import Theme


@runtime_checkable
class Overlay(Protocol):
    """An item a feature adds to the canvas (Canvas.add_overlay)."""

    def show_results(self, scene: Scene, results: Results, change: SceneChange = EVERYTHING) -> None:
        """Draw these numbers; `change` says what differs from the scene drawn last."""

    def set_theme(self, theme: Theme) -> None:
        """Take up colours, type sizes and strokes (the next show_results draws with them)."""

    def set_language(self, lang: str) -> None:
        """Take up the interface language, "en" or "es"."""


@runtime_checkable
class View(Overlay, Protocol):
    """A docked panel (MainWindow.add_panel): an overlay's contract, and lesson highlights."""

    def highlight(self, ids: frozenset[str]) -> None:
        """Mark the quantities (row ids) the current lesson step speaks of."""
