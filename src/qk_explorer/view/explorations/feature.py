"""Explorations beside the pair: magnitude versus direction, product versus angle, why 1/√d_k.

install(window) docks the three panels as tabs beside the coordinates, adds
the same-product ghost to the canvas and its switch to the View menu.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt

from .same_product_overlay import SameProductOverlay


def install(window) -> SameProductOverlay:
    ghost = SameProductOverlay()
    window.canvas.add_overlay(ghost, fit_points=ghost.fit_points)
    action = window.action(
        "view",
        lambda: QCoreApplication.translate("Explorations", "Show a Pair with the &Same Product"),
        ghost.set_shown,
        "Ctrl+Shift+G",
        checkable=True,
        checked=False,
        name="showSameProduct",
    )
    window.on_retranslate(lambda: ghost.set_language(window.translations.language))

    # The panels are built when first opened: their plots and experiments would slow start-up.
    def magnitude():
        from .magnitude_panel import MagnitudePanel

        panel = MagnitudePanel(window.controller)
        panel.ghost_check.setChecked(action.isChecked())
        panel.ghost_check.toggled.connect(action.setChecked)
        action.toggled.connect(panel.ghost_check.setChecked)
        return panel

    def angle_plot():
        from .angle_plot_panel import AnglePlotPanel

        return AnglePlotPanel()

    def sqrt_dk():
        from .sqrt_dk_panel import SqrtDkPanel

        return SqrtDkPanel()

    area = Qt.DockWidgetArea.RightDockWidgetArea
    window.add_lazy_panel(
        "magnitude", magnitude, lambda: QCoreApplication.translate("Explorations", "Scale q"), area
    )
    window.add_lazy_panel(
        "angle_plot", angle_plot, lambda: QCoreApplication.translate("Explorations", "q·k and θ"), area
    )
    below = window.docks.get("coordinates")
    if below is not None:
        for name in ("magnitude", "angle_plot"):
            window.tabifyDockWidget(below, window.docks[name])
        below.raise_()
    # Wide and low under the canvas, closed until asked for (View ▸ Panels, or a lesson step).
    sqrt_dock = window.add_lazy_panel(
        "sqrt_dk",
        sqrt_dk,
        lambda: QCoreApplication.translate("Explorations", "Why √d"),
        Qt.DockWidgetArea.BottomDockWidgetArea,
        scroll=False,
    )
    sqrt_dock.hide()
    sqrt_dock.visibilityChanged.connect(lambda shown: shown and _give_room(window, sqrt_dock))
    return ghost


def _give_room(window, dock) -> None:
    """The first time it opens, make the √d dock tall enough for its plots to be read."""
    if dock.property("roomGiven") or dock.isFloating():
        return
    dock.setProperty("roomGiven", True)
    height = round(0.36 * window.height())
    if dock.height() < height:
        window.resizeDocks([dock], [height], Qt.Orientation.Vertical)
