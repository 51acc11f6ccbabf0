"""Every panel and overlay implements the view contract, and learns what changed."""

import pytest
from PySide6.QtCore import QObject

from qk_explorer.model.change import NOTHING
from qk_explorer.model.scene import QUERY, key_ref, query_ref
from qk_explorer.view.contract import Overlay, Update, View

from .helpers import drag, raise_panel

LAZY = ("attention", "magnitude", "angle_plot", "sqrt_dk", "projections", "training")


def test_every_panel_and_overlay_implements_the_contract(window):
    for name in LAZY:
        window.panel(name)  # builds it
    assert set(LAZY) | {"numbers", "coordinates", "lesson"} <= set(window.panels)
    for name, panel in window.panels.items():
        assert isinstance(panel, View), name
    assert window.canvas._overlays  # the winner map, its names, the chain, the same-product pair
    for overlay in window.canvas._overlays:
        assert isinstance(overlay, Overlay), type(overlay).__name__


def test_each_feature_declares_what_it_adds_and_the_shell_wires_it(window):
    """Every dock, action, export and overlay of the window comes from a feature's declaration,
    and a panel is built only by asking for it (window.panel), never by looking it up."""
    features = window.features
    declarations = [feature.declaration() for feature in features]
    docks = [dock.name for declared in declarations for dock in declared.docks]
    assert sorted(docks) == sorted(window.docks)
    actions = {entry.name for declared in declarations for entry in declared.actions}
    assert all(window.findChild(QObject, name) is not None for name in actions)  # actions, submenus
    exports = {export.name for declared in declarations for export in declared.exports}
    assert exports == {
        "exportAttentionCsv",
        "exportMatrixCsv",
        "exportMatrixPng",
        "exportProjectionsCsv",
        "exportPracticeSummary",
        "exportPracticeSheet",
        "exportTrainedModel",
    }
    overlays = [overlay.item for declared in declarations for overlay in declared.overlays]
    assert all(overlay in window.canvas._overlays for overlay in overlays)
    assert "attention" not in window.panels  # one key: behind the coordinates' tab, not built
    with pytest.raises(KeyError):
        window.panels["attention"]
    assert window.panel("attention") is window.panels["attention"]


@pytest.fixture
def seen(window, monkeypatch):
    """The updates the numbers panel is given."""
    updates: list[Update] = []
    panel = raise_panel(window, "numbers")
    render = panel.render
    monkeypatch.setattr(panel, "render", lambda update: (updates.append(update), render(update)))
    return updates


def test_a_drag_tells_the_panels_which_vector_moved(window, seen):
    import pyqtgraph as pg

    pg.setConfigOptions(mouseRateLimit=0)
    q = window.controller.scene.query
    drag(window.canvas, q, (q[0] + 1.0, q[1] - 1.0))
    moved = {QUERY, query_ref(0)}  # the selected query, by both its names
    steps = [update for update in seen if not update.drag.turned]
    assert steps and all(u.change.moved == moved and not u.change.everything for u in steps)
    assert all(u.drag.moving == (QUERY,) for u in steps)
    # The drag's beginning and its end are updates too, that move nothing.
    turned = [update for update in seen if update.drag.turned]
    assert [u.drag.on for u in turned] == [True, False] and all(u.change == NOTHING for u in turned)
    seen.clear()
    k = window.controller.scene.keys[0]
    drag(window.canvas, k, (k[0] - 1.0, k[1] + 1.5))
    moved = [update.change for update in seen if update.change.moved]
    assert moved and all(change.moved == {key_ref(0)} for change in moved)


def test_undo_and_theme_tell_the_panels_what_changed(window, seen):
    window.controller.set_mask(0, False)
    assert seen[-1].change.settings
    window.controller.undo_stack.undo()
    assert seen[-1].change.settings
    window.set_theme("dark")
    assert seen[-1].change.restyled
