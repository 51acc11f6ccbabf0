"""The drag surface: everything that exists so that a step of a drag costs little, and nothing else.

The one rule for whoever adds to a plot or a panel: draw from the update, as any view does —
the drag surface takes care of the rest. While a drag is on (update.drag.on), a plot's frames
are painted by its DragFrame (frame.py): the items in hand, and every item in no Layer
(layer.py), are painted at each step; the layers are pictures taken as the drag begins, and a
layer whose items change mid-drag is painted item by item from then on (it tells the frame
itself). So an overlay that changes at each step of a drag belongs outside the layers, one
that stands still inside one; either way it is drawn right.

The pieces, each measured (docs/performance.md says what each buys):

- handler.py: pressing, dragging and releasing a tip, the same on the canvas and the token
  plane (one threshold, one pick rule), kept from pyqtgraph's scene;
- frame.py, layer.py: the frames of a plot painted from pictures and the items in hand;
- live_label.py, runs_label.py: a panel's number that changes at each step repaints its own
  label, at the size it had, without a new layout; a held paragraph is drawn from runs of text;
- held_table.py: a table's changing numbers painted in place, without its items and delegate;
- label_sprite.py: a name with a halo stroked once, then copied;
- glyph_pictures.py: type too big for Qt's glyph cache (the stage at 3840 × 2160) copied from
  pictures of its glyphs, each drawn once by Qt: a live label's numbers and the canvas's header;
- bulk_arrows.py: many arrows of one look that a drag moves together (the other rows' outputs
  in a key's, a value's or a token's drag) painted as one path, their names back on release.

Labels and tables are held while a drag lasts by hold() below, which the window calls as a
drag begins and ends: they are the surface's clients, not protocols of their own.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from .held_table import HeldNumbersTable
from .live_label import LiveLabel


def hold(root: QWidget, on: bool) -> None:
    """Hold (on) or let go every live label and held table under `root`: while held, a new number
    repaints in place, without a new layout."""
    for held in (*root.findChildren(LiveLabel), *root.findChildren(HeldNumbersTable)):
        held.hold(on)
