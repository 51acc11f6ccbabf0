"""Explorations beside the pair: magnitude versus direction, product versus angle, why 1/√d_k.

Three panels: Scale q and q·k and θ as tabs beside the coordinates, Why √d wide and
low under the canvas (closed until asked for: View ▸ Panels, or a lesson step); all
built when first opened, their plots and experiments would slow start-up. On the
canvas, the ghost of a pair with the same product, and its switch in the View menu
(the Scale q panel has the same switch).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from .. import words
from ..declaration import BOTTOM, Action, CanvasItem, Declaration, Dock, Host, Room
from .same_product_overlay import SameProductOverlay

SQRT_DK_ROOM = 0.36  # of the window's height, the first time Why √d opens: its plots can be read


translate = QCoreApplication.translate


class Explorations:
    def __init__(self, host: Host):
        self._host = host
        self.same_product = SameProductOverlay()
        self._magnitude = None  # the Scale q panel, once built

    def declaration(self) -> Declaration:
        docks = (
            Dock(
                "magnitude",
                lambda: words.scale_q(),
                self._build_magnitude,
                beside="coordinates",
            ),
            Dock(
                "angle_plot",
                lambda: translate("Explorations", "q·k and θ"),
                _build_angle_plot,
                beside="coordinates",
            ),
            Dock(
                "sqrt_dk",
                lambda: translate("Explorations", "Why √d"),
                _build_sqrt_dk,
                BOTTOM,
                closed=True,
                scroll=False,
                room=Room(share=SQRT_DK_ROOM, fit=False, once=True),
            ),
        )
        action = Action(
            "showSameProduct",
            "view",
            lambda: translate("Explorations", "Show a Pair with the &Same Product"),
            self._show_ghost,
            "Ctrl+Shift+G",
            checkable=True,
        )
        overlay = CanvasItem(self.same_product, fit_points=self.same_product.fit_points)
        return Declaration(docks=docks, actions=(action,), overlays=(overlay,))

    def _show_ghost(self, on: bool) -> None:
        self.same_product.set_shown(on)
        if self._magnitude is not None and self._magnitude.ghost_check.isChecked() != on:
            self._magnitude.ghost_check.setChecked(on)

    def _build_magnitude(self):
        from .magnitude_panel import MagnitudePanel

        panel = MagnitudePanel(self._host.controller)
        panel.ghost_check.setChecked(self.same_product.shown)
        panel.ghost_check.toggled.connect(lambda on: self._host.set_checked("showSameProduct", on))
        self._magnitude = panel
        return panel


def _build_angle_plot():
    from .angle_plot_panel import AnglePlotPanel

    return AnglePlotPanel()


def _build_sqrt_dk():
    from .sqrt_dk_panel import SqrtDkPanel

    return SqrtDkPanel()
