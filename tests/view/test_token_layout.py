"""Where a scene of tokens puts its panels: the matrix's grids whole and the token plane large
enough to drag a tip, in the window sizes of a laptop."""

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QScrollArea

from qk_explorer.model.presets import preset_scene
from qk_explorer.window import build_window

from .helpers import view_to_viewport

PLOT_SIDE = 250  # the token plot's least width and height, in pixels
COLOURED = ("scores", "logits", "weights")


def settle() -> None:
    """Let the docks take the room they ask for once the window is up (zero-delay timers)."""
    for _ in range(3):
        QCoreApplication.processEvents()


def rect_in(widget, ancestor) -> QRect:
    return QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())


def cut_or_scrolled(window) -> list[str]:
    """The matrix's coloured grids that scroll, or that their dock shows only in part."""
    holder = window.docks["matrix"].widget().viewport()
    out = []
    for name in COLOURED:
        grid = window.panel("matrix").grids[name]
        full, seen = grid.full_size(), grid.viewport().size()
        if full.width() > seen.width() or full.height() > seen.height():
            out.append(f"{name}: {full.width()}×{full.height()} in {seen.width()}×{seen.height()}")
        if not holder.rect().contains(rect_in(grid, holder)):
            out.append(f"{name} reaches outside its dock")
    return out


@pytest.fixture
def tokens_at(make_window):
    def make(size, lang="en"):
        window = make_window(preset_scene("learned-projections"), lang=lang, size=size)
        settle()
        return window

    return make


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_laptop_window_shows_every_cell_of_the_grids_and_a_token_plane_to_drag_in(size, lang, tokens_at):
    window = tokens_at(size, lang)
    assert window.dock_shown("matrix") and window.dock_shown("tokens")
    assert cut_or_scrolled(window) == []
    plot = window.panel("tokens").plot
    assert plot.isVisible()
    assert plot.width() >= PLOT_SIDE and plot.height() >= PLOT_SIDE, plot.size()
    assert window.rect().contains(rect_in(plot, window))
    # The Projections panel is one tab away; Numbers made way for the plane in this short column.
    tabs = window.tabifiedDockWidgets(window.docks["tokens"])
    assert window.docks["projections"] in tabs
    assert window.docks["numbers"].isHidden()


def test_a_tall_window_keeps_the_numbers_above_the_plane(tokens_at):
    window = tokens_at((1920, 1080))
    assert cut_or_scrolled(window) == []
    assert window.dock_shown("numbers") and window.dock_shown("tokens")
    plot = window.panel("tokens").plot
    assert plot.width() >= PLOT_SIDE and plot.height() >= PLOT_SIDE, plot.size()


def test_the_numbers_come_back_with_a_scene_without_tokens(tokens_at):
    window = tokens_at((1280, 800))
    assert window.docks["numbers"].isHidden()
    window.load_preset("lesson-pair")
    settle()
    assert window.dock_shown("numbers")
    assert window.docks["tokens"].isHidden() and window.docks["projections"].isHidden()
    window.load_preset("identity-projections")
    settle()
    assert window.dock_shown("tokens") and window.docks["numbers"].isHidden()


def on_screen(window) -> dict[str, int]:
    """The docks on screen, and how far each one's panel scrolls (the part its dock does not show)."""
    holders = {name: dock.widget() for name, dock in window.docks.items() if window.dock_shown(name)}
    return {n: h.verticalScrollBar().maximum() for n, h in holders.items() if isinstance(h, QScrollArea)}


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_after_a_scene_of_tokens_the_first_steps_have_the_window_they_started_with(size, make_window):
    window = make_window(size=size)
    guide = window.lesson
    fresh = {}
    for step in ("multiply", "scores"):
        guide.go_to(step)
        settle()
        fresh[step] = on_screen(window)
    assert fresh["multiply"] == {"numbers": 0, "coordinates": 0}
    guide.go_to("token-projections")
    settle()
    assert window.dock_shown("matrix") and window.docks["numbers"].isHidden()
    # One query again: the matrix goes, Numbers comes back whole, its tab group as it was …
    guide.go_to("multiply")
    settle()
    assert on_screen(window) == fresh["multiply"]
    # … and the attention panel's output line and bar chart are no further down than at first.
    guide.go_to("scores")
    settle()
    now = on_screen(window)
    assert now.keys() == fresh["scores"].keys() and now["numbers"] == 0
    assert now["attention"] <= fresh["scores"]["attention"]


def test_a_tip_is_dragged_in_the_plane_where_the_layout_puts_it(tokens_at):
    window = tokens_at((1280, 800))
    plot = window.panel("tokens").plot
    viewport = plot.viewport()
    a, b = view_to_viewport(plot, (1, 2)), view_to_viewport(plot, (2, 1))  # "cat"
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for k in range(1, 7):
        p = a + (b - a) * (k / 6)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert window.controller.scene.tokens.embeddings[1] == (2.0, 1.0)


def test_leaving_a_presentation_that_moved_to_a_plain_step_brings_the_numbers_back(tokens_at):
    window = tokens_at((1280, 800))
    window.lesson.go_to(16)  # step 17, a scene of tokens
    settle()
    window.presentation.enter()
    window.lesson.go_to(0)  # step 1: q and one key
    window.presentation.leave()
    settle()
    assert window.dock_shown("numbers")
    assert window.docks["tokens"].isHidden() and window.docks["projections"].isHidden()
    window.presentation.enter()
    window.lesson.go_to(16)
    window.presentation.leave()
    settle()
    assert window.dock_shown("tokens") and not window.docks["projections"].isHidden()
    assert window.panel("tokens").plot.height() >= PLOT_SIDE


def test_the_layout_remembered_is_the_ordinary_one(qtbot):
    """Closed while Numbers made way, the window remembers Numbers where it was."""
    made = []

    def start(preset):
        window = build_window(preset_scene(preset), lang="en", theme="light", remember=True)
        made.append(window)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        settle()
        return window

    first = start("learned-projections")
    assert first.docks["numbers"].isHidden()
    assert first.close()
    second = start("lesson-pair")
    assert second.dock_shown("numbers")
    assert second.docks["tokens"].isHidden()
