"""Colours and sizes, named once per role and theme.

The roles keep their meaning everywhere — canvas, tables and text: q, k, v,
the output, the projection. Colours come from the Okabe–Ito palette, which
stays distinguishable with the common colour-vision deficiencies. The
projector theme is white with black text and deeper, saturated colours that
survive a washed-out projector; high contrast is white and bright hues on black.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ..choices import THEME_NAMES  # noqa: F401  (re-exported for the menus)


@dataclass(frozen=True)
class Theme:
    name: str
    dark: bool
    background: str
    foreground: str
    muted: str  # secondary text, the perpendicular drop
    grid: str
    axis: str
    panel: str  # widget backgrounds
    query: str
    key: str
    value: str
    output: str
    projection: str
    angle: str
    highlight: str  # lesson highlights in panels
    stroke: float = 3.0  # arrow width in pixels, before zoom
    font_scale: float = 1.0
    zoom: float = 1.0  # the user's Ctrl +/− on top of the theme

    @property
    def stroke_px(self) -> float:
        return self.stroke * self.zoom

    @property
    def text_scale(self) -> float:
        return self.font_scale * self.zoom

    def colour(self, role: str) -> QColor:
        return QColor(getattr(self, role))

    def zoomed(self, zoom: float) -> Theme:
        return replace(self, zoom=zoom)


LIGHT = Theme(
    name="light",
    dark=False,
    background="#ffffff",
    foreground="#1a1a1a",
    muted="#5c5c5c",
    grid="#e6e6e6",
    axis="#8a8a8a",
    panel="#f5f5f5",
    query="#d55e00",  # vermillion
    key="#0072b2",  # blue
    value="#009e73",  # bluish green
    output="#cc79a7",  # reddish purple
    projection="#e69f00",  # orange
    angle="#444444",
    highlight="#fff3c4",
)

DARK = Theme(
    name="dark",
    dark=True,
    background="#1b1d21",
    foreground="#eeeeee",
    muted="#b0b0b0",
    grid="#2c3036",
    axis="#7a7f87",
    panel="#25282d",
    query="#ff7a2f",
    key="#56b4e9",  # sky blue: the deep blue vanishes on black
    value="#1fc99a",
    output="#e08fc0",
    projection="#f0c040",
    angle="#d0d0d0",
    highlight="#4a4220",
)

PROJECTOR = Theme(
    name="projector",
    dark=False,
    background="#ffffff",
    foreground="#000000",
    muted="#333333",
    grid="#d0d0d0",
    axis="#000000",
    panel="#ffffff",
    query="#c33f00",
    key="#0057a0",
    value="#007a55",
    output="#a8327f",
    projection="#c77800",
    angle="#000000",
    highlight="#ffe680",
    stroke=5.0,
    font_scale=1.3,
)

HIGH_CONTRAST = Theme(
    name="high-contrast",
    dark=True,
    background="#000000",
    foreground="#ffffff",
    muted="#ffffff",
    grid="#3a3a3a",
    axis="#ffffff",
    panel="#000000",
    query="#ffd23f",  # yellow
    key="#4fc3ff",  # sky blue
    value="#ff9e3d",  # orange
    output="#ff8ad8",  # pink
    projection="#ffffff",
    angle="#ffffff",
    highlight="#5a4a00",
    stroke=4.0,
    font_scale=1.15,
)

THEMES = {t.name: t for t in (LIGHT, DARK, PROJECTOR, HIGH_CONTRAST)}


def resolve(name: str) -> Theme:
    """A theme by name; "system" follows the desktop's light or dark scheme."""
    if name in THEMES:
        return THEMES[name]
    hints = QGuiApplication.styleHints() if QGuiApplication.instance() else None
    if hints is not None and hints.colorScheme() == Qt.ColorScheme.Dark:
        return DARK
    return LIGHT


def palette(theme: Theme) -> QPalette:
    """A widget palette that matches the canvas, for the Fusion style."""
    p = QPalette()
    bg, fg = QColor(theme.background), QColor(theme.foreground)
    panel = QColor(theme.panel)
    base = bg if theme.name != "light" else QColor("#ffffff")
    p.setColor(QPalette.ColorRole.Window, panel)
    p.setColor(QPalette.ColorRole.WindowText, fg)
    p.setColor(QPalette.ColorRole.Base, base)
    p.setColor(QPalette.ColorRole.AlternateBase, panel.darker(105) if not theme.dark else panel.lighter(120))
    p.setColor(QPalette.ColorRole.Text, fg)
    p.setColor(QPalette.ColorRole.Button, panel)
    p.setColor(QPalette.ColorRole.ButtonText, fg)
    p.setColor(QPalette.ColorRole.ToolTipBase, panel)
    p.setColor(QPalette.ColorRole.ToolTipText, fg)
    p.setColor(QPalette.ColorRole.PlaceholderText, QColor(theme.muted))
    p.setColor(QPalette.ColorRole.BrightText, QColor(theme.query))
    p.setColor(QPalette.ColorRole.Highlight, QColor(theme.key))
    p.setColor(QPalette.ColorRole.HighlightedText, QColor("#000000" if theme.dark else "#ffffff"))
    p.setColor(QPalette.ColorRole.Link, QColor(theme.key))
    disabled = QColor(theme.muted)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p
