"""Colours and sizes, named once per role and theme.

The roles keep their meaning everywhere — canvas, tables and text: q, k, v,
the output, the projection. Colours come from the Okabe–Ito palette, which
stays distinguishable with the common colour-vision deficiencies, darkened
where needed so every colour that also appears in text keeps a contrast of at
least 4.5 : 1 against the backgrounds it is drawn on (WCAG AA; graphics-only
roles at least 3 : 1 — tests/view/lecture_hall/test_theme_contrast.py measures them). The
projector theme is white with black text and axes, deeper saturated colours
that survive a washed-out projector, and thicker strokes; high contrast is
white and bright hues on black.
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
    faded: float = 0.55  # opacity of secondary arrows (values, masked keys)
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
    query="#b44f00",  # vermillion, darkened to read as text on white
    key="#0072b2",  # blue
    value="#007d5b",  # bluish green, darkened
    output="#b24481",  # reddish purple, darkened
    projection="#b87f00",  # orange, darkened to stay visible on white
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
    highlight="#3b3519",
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
    query="#b63b00",
    key="#0057a0",
    value="#007551",
    output="#a8327f",
    projection="#c77800",
    angle="#000000",
    highlight="#ffe680",
    stroke=5.0,
    faded=0.75,  # a washed-out projector would lose paler arrows altogether
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
    highlight="#4a3d00",
    stroke=4.0,
    faded=0.75,
    font_scale=1.15,
)

THEMES = {t.name: t for t in (LIGHT, DARK, PROJECTOR, HIGH_CONTRAST)}


# The roles that also appear as text (coloured names in panels and tables,
# the angle's label) and the ones drawn only as graphics.
TEXT_ROLES = ("foreground", "muted", "query", "key", "value", "output", "angle")
GRAPHIC_ROLES = ("axis", "projection")


def resolve(name: str, scheme: Qt.ColorScheme | None = None) -> Theme:
    """A theme by name; "system" follows the desktop's light or dark scheme.

    `scheme` is the desktop's scheme when the caller already knows it (from
    QStyleHints.colorSchemeChanged); otherwise it is asked for.
    """
    if name in THEMES:
        return THEMES[name]
    if scheme is None:
        hints = QGuiApplication.styleHints() if QGuiApplication.instance() else None
        scheme = hints.colorScheme() if hints is not None else Qt.ColorScheme.Unknown
    return DARK if scheme == Qt.ColorScheme.Dark else LIGHT


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour like "#d55e00"."""
    c = QColor(colour)
    channels = []
    for x in (c.redF(), c.greenF(), c.blueF()):
        channels.append(x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


_BASE_POINT_SIZE: list[float] = []


def base_point_size() -> float:
    """The desktop's font size before any theme or zoom scaled it (read once)."""
    if _BASE_POINT_SIZE:
        return _BASE_POINT_SIZE[0]
    if QGuiApplication.instance() is None:
        return 9.0
    size = QGuiApplication.font().pointSizeF()
    _BASE_POINT_SIZE.append(size if size > 0 else 9.0)
    return _BASE_POINT_SIZE[0]


def font_points(theme: Theme, factor: float = 1.0) -> float:
    """A font size in points for this theme and zoom: `factor` × the desktop's size."""
    return base_point_size() * factor * theme.text_scale


_WITH_BUTTONS = 'QAbstractSpinBox[buttonSymbols="UpDownArrows"]'


def edge_style_sheet(theme: Theme) -> str:
    """White edges for check boxes and fields in high contrast.

    Fusion outlines them a shade darker than the window, which on black is black: the boxes
    and fields vanished. Elsewhere Fusion's own outlines are kept (no style sheet at all)."""
    if theme.name != HIGH_CONTRAST.name:
        return ""
    edge, ground, on = theme.foreground, theme.background, theme.key
    return (
        f"QCheckBox::indicator {{ width: 12px; height: 12px; border: 2px solid {edge};"
        f" background: {ground}; }}"
        f" QCheckBox::indicator:checked {{ background: {on}; }}"
        f" QCheckBox::indicator:disabled {{ border-color: {theme.grid}; }}"
        # A spin box without buttons gets no rule: any rule (even one for its buttons) leaves Qt's
        # style-sheet style a line edit one pixel wide in it, so its number vanished. The only
        # ones are frameless, in a table's grid; a field that stands alone has buttons.
        f' {_WITH_BUTTONS}, QComboBox, QLineEdit[frame="true"]'
        f" {{ border: 1px solid {edge}; padding: 1px 3px; }}"
        # Drawn by the sheet too, else their arrows are black on black: triangles of borders.
        f" {_WITH_BUTTONS}::up-button, {_WITH_BUTTONS}::down-button {{ border: none; width: 14px; }}"
        f" QComboBox::drop-down {{ border: none; width: 16px; }}"
        # A slider's track: Fusion draws the part past the handle in the window's colour.
        f" QSlider::groove:horizontal {{ height: 4px; border: 1px solid {edge}; background: {ground}; }}"
        f" QSlider::sub-page:horizontal {{ background: {on}; border: 1px solid {edge}; }}"
        f" QSlider::handle:horizontal {{ width: 12px; margin: -7px 0; border: 2px solid {edge};"
        f" border-radius: 3px; background: {ground}; }}"
        f" QSlider::handle:horizontal:focus {{ background: {on}; }}"
        f" {_WITH_BUTTONS}::up-arrow {{ width: 0; height: 0; border-left: 4px solid {ground};"
        f" border-right: 4px solid {ground}; border-bottom: 5px solid {edge}; }}"
        f" {_WITH_BUTTONS}::down-arrow, QComboBox::down-arrow {{ width: 0; height: 0;"
        f" border-left: 4px solid {ground}; border-right: 4px solid {ground};"
        f" border-top: 5px solid {edge}; }}"
    )


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
