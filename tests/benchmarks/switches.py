"""Each of the drag surface's speed mechanisms, switched off, to count what it buys.

    instructions.py --without frame|pictures|held-labels|runs|held-table|sprites

Each switch leaves the app drawing exactly what it draws (tests prove the mechanisms paint as Qt
does); only the work of a drag step changes:

- frame: no drag frame; Qt paints every item of the canvas and the token plane at each step;
- pictures: the drag frame paints every layer item by item, never from its pictures;
- held-labels: the panels' changing numbers are laid out again at each step (no LiveLabel.hold);
- runs: held paragraphs are drawn by QLabel from their HTML, not from runs of text;
- held-table: the attention table's numbers go through its items and delegate at each step;
- sprites: every name's halo is stroked at each paint, not copied from a picture.
"""

from __future__ import annotations

NAMES = ("frame", "pictures", "held-labels", "runs", "held-table", "sprites")


def switch_off(name: str) -> None:
    if name == "frame":
        from qk_explorer.view.drag.frame import DragFrame

        DragFrame.begin = lambda self, *items: None
    elif name == "pictures":
        from qk_explorer.view.drag.frame import DragFrame

        DragFrame._standing = lambda self, item: False
    elif name == "held-labels":
        from qk_explorer.view.drag.live_label import LiveLabel

        LiveLabel.hold = lambda self, on: None
    elif name == "runs":
        from qk_explorer.view.drag.runs_label import RunsLabel

        RunsLabel._start_drawing_runs = lambda self: None
    elif name == "held-table":
        from qk_explorer.view.drag.held_table import HeldNumbersTable

        HeldNumbersTable.hold = lambda self, on: None
    elif name == "sprites":
        from qk_explorer.view.drag import label_sprite

        def draw_centred(self, painter, centre, text, font, colour, halo, halo_px=label_sprite.HALO_PX):
            return self._draw_outline(painter, centre, text, font, colour, halo, halo_px)

        label_sprite.LabelSprite.draw_centred = draw_centred
    else:
        raise ValueError(f"no such mechanism: {name!r} (one of {', '.join(NAMES)})")
