"""Opening a scene of 64 queries and 64 keys makes what is on screen, not all it could show:
the coordinates' boxes wait for their panel to come forward, and the canvas places its names
once, for its first paint, not at each of the view's changes while the window is laid out, and
makes each name's outline once, for its measure and its picture."""

from __future__ import annotations

import importlib
from collections import Counter

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QObject
from PySide6.QtGui import QRawFont
from PySide6.QtWidgets import QApplication

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, key_ref, value_ref
from qk_explorer.view.canvas.naming import Naming
from qk_explorer.view.canvas.vector_item import VectorItem
from qk_explorer.view.drag import label_sprite
from qk_explorer.view.matrix import cells
from qk_explorer.view.widgets.number_spin import NumberSpin
from qk_explorer.window import build_window

from ..canvas.test_bulk_outputs import grid_scene
from ..helpers import raise_panel

view_box = importlib.import_module("pyqtgraph.graphicsItems.ViewBox.ViewBox")  # the module, not its class


@pytest.fixture
def opened(qtbot, monkeypatch):
    """A 64 × 64 window shown and painted once, how many times its names were laid out, and the
    texts whose outline was made (to be measured or drawn)."""
    layouts, outlined, calls = [], Counter(), Counter()
    lay_out, outline = Naming.lay_out, label_sprite.outline
    pixel_size, glyph_outline = pg.GraphicsItem.pixelSize, QRawFont.pathForGlyph

    def sizing(self):
        calls["pixelSize", type(self).__name__] += 1
        return pixel_size(self)

    def glyph_outlining(self, index):
        calls["a glyph's outline"] += 1
        return glyph_outline(self, index)

    def outlining(text, font):
        outlined[text] += 1
        return outline(text, font)

    def counted(self, items, *args, apart=frozenset(), **kwargs):
        if not apart:  # a list with no room lays the names out again, one by one: one layout
            layouts.append(len(items))
        return lay_out(self, items, *args, apart=apart, **kwargs)

    monkeypatch.setattr(Naming, "lay_out", counted)
    monkeypatch.setattr(label_sprite, "outline", outlining)
    monkeypatch.setattr(pg.GraphicsItem, "pixelSize", sizing)
    monkeypatch.setattr(QRawFont, "pathForGlyph", glyph_outlining)
    menu = view_box.ViewBoxMenu
    monkeypatch.setattr(view_box, "ViewBoxMenu", lambda *args: calls.update(["menu"]) or menu(*args))
    scene = grid_scene(64)
    window = build_window(scene, lang="en", theme="light")
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    window.outlined, window.calls = outlined, calls
    return window, scene, layouts


def boxes(panel) -> list:
    return panel._table.findChildren(NumberSpin)


def test_the_coordinates_boxes_wait_for_their_panel(opened):
    window, scene, _ = opened
    assert not window.dock_shown("coordinates")  # behind the attention panel's tab
    assert boxes(window.coordinates) == []
    panel = raise_panel(window, "coordinates")
    assert len(boxes(panel)) == (1 + 2 * scene.key_count) * scene.dimension
    for ref in (QUERY, key_ref(63), value_ref(40)):
        for axis in range(scene.dimension):
            assert panel.spin(ref, axis).value() == round(scene.vector(ref)[axis], 3)


def test_the_names_are_laid_out_once_for_the_first_paint(opened):
    window, _, layouts = opened
    assert len(layouts) == 1 and layouts[0] >= 257  # every arrow: the queries, keys, values, outputs
    names = window.canvas.name_boxes()
    assert len(layouts) == 1  # placed already: asking where the names are places nothing again
    assert len(names.boxes) > 64


def test_a_panel_in_front_shows_its_boxes_without_being_asked(make_window):
    window = make_window(preset_scene("lesson-pair"))
    scene = window.controller.scene
    assert window.dock_shown("coordinates")
    shown = boxes(window.coordinates)
    assert len(shown) == (1 + 2 * scene.key_count) * scene.dimension
    refs = [QUERY, *map(key_ref, range(scene.key_count)), *map(value_ref, range(scene.key_count))]
    assert sorted(box.value() for box in shown) == sorted(round(x, 3) for r in refs for x in scene.vector(r))


def test_each_name_is_outlined_once(opened):
    """The rule for names, the arrows' bounds, their paint and the pictures of the names drawn
    share one outline of a name (Qt's, some 50 µs each)."""
    window, _, _ = opened
    outlined = {text: n for text, n in window.outlined.items() if text != "θ"}  # the angle's, not a name
    assert len(outlined) > 128  # the queries, keys, outputs and the lists of names sharing a tip
    assert max(outlined.values()) == 1, sorted(outlined.items(), key=lambda item: -item[1])[:3]


def test_the_names_outlines_share_their_glyphs(opened):
    """Measured together, the names (some 20 glyphs in all) outline each glyph once, not each text's
    glyphs anew (Qt hints each glyph it outlines)."""
    window, _, _ = opened
    assert sum(window.outlined.values()) > 128
    assert 0 < window.calls["a glyph's outline"] <= 30


def test_the_arrows_work_out_one_pixels_size_and_hear_of_the_view_through_it(opened, monkeypatch):
    """A pixel's size in the plane is one for the 256 arrows of the canvas's untransformed layers
    (the 63 other rows' outputs included), and the view's changes reach them through it: pyqtgraph
    connects no arrow of those to the view as it is added, nor follows its other changes (an arrow
    never moves, it paints between its points)."""
    window, _, _ = opened
    calls = window.calls
    assert calls["pixelSize", "ChildGroup"] <= 8  # the plane's, for each of the view's few changes
    told = Counter()
    monkeypatch.setattr(VectorItem, "viewTransformChanged", lambda arrow: told.update([id(arrow)]))
    window.canvas.getPlotItem().getViewBox().scaleBy((2.0, 2.0))
    QApplication.processEvents()
    canvas = window.canvas
    arrows = [canvas.row_output(i) for i in range(64)] + [canvas.arrow(key_ref(i)) for i in range(64)]
    assert all(told[id(arrow)] >= 1 for arrow in arrows)  # told of the zoom


def test_the_arrows_are_made_in_their_layers_and_are_no_qobjects(opened):
    """The canvas's 256 arrows and the other rows' outputs are made in their layers: Qt puts each
    in its layer and the scene as it is made (the layer's arrows are stacked in the order they were
    made). They are plain graphics items, not pyqtgraph's (QObjects): Qt sends them no events
    through the application (the window's activation, twice an arrow) and calls into Python for
    none of their changes (a parent, a scene, pyqtgraph's flag: some 1,000 calls)."""
    window, _, _ = opened
    canvas = window.canvas
    arrows = [canvas.row_output(i) for i in range(1, 64)] + [canvas.arrow(key_ref(i)) for i in range(64)]
    assert all(arrow.scene() is canvas.scene() and arrow.parentItem() is not None for arrow in arrows)
    assert not any(isinstance(arrow, QObject) for arrow in arrows)
    assert "itemChange" not in vars(VectorItem)


def test_no_plot_makes_a_menu_it_has_switched_off(opened):
    """The canvas and the weights chart have no context menu: pyqtgraph's is not made at all."""
    window, _, _ = opened
    assert window.panel("attention").chart.isVisible()
    assert window.calls["menu"] == 0


def test_a_colour_maps_table_is_worked_out_once_for_every_grid_that_uses_it(qtbot, monkeypatch):
    """Four grids (scores, logits, weights, and the weights of a mistake) use two maps."""
    measured, luminance = [], cells.relative_luminance
    monkeypatch.setattr(cells, "relative_luminance", lambda c: measured.append(c) or luminance(c))
    cells._shipped.cache_clear()
    window = build_window(preset_scene("several-queries"), lang="en", theme="light")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.dock_shown("matrix")
    assert len(measured) == 2 * cells.LUT_SIZE
