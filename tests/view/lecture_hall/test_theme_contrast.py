"""Themes: contrast measured from the Theme values, one colour per role everywhere, live system scheme."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication

from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.view import theme as themes

TEXT_MIN, GRAPHIC_MIN = 4.5, 3.0  # WCAG 2 AA: text, and graphics such as arrows and axes


def test_contrast_ratio_matches_the_wcag_reference_values():
    assert themes.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert themes.contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert themes.contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert themes.contrast_ratio("#0072b2", "#ffffff") == themes.contrast_ratio("#ffffff", "#0072b2")


@pytest.mark.parametrize("theme", themes.THEMES.values(), ids=lambda t: t.name)
def test_text_colours_are_readable_on_every_background_they_meet(theme):
    # Coloured names (q, k₁, v₁ …) appear in panels and tables, on the canvas,
    # and on a row the lesson highlights.
    failures = []
    for role in themes.TEXT_ROLES:
        for where in ("background", "panel", "highlight"):
            ratio = themes.contrast_ratio(getattr(theme, role), getattr(theme, where))
            if ratio < TEXT_MIN:
                failures.append(f"{role} on {where}: {ratio:.2f}")
    assert failures == []


@pytest.mark.parametrize("theme", themes.THEMES.values(), ids=lambda t: t.name)
def test_arrows_and_axes_stand_out_from_the_canvas(theme):
    roles = ("query", "key", "value", "output", *themes.GRAPHIC_ROLES)
    ratios = {role: themes.contrast_ratio(getattr(theme, role), theme.background) for role in roles}
    assert min(ratios.values()) >= GRAPHIC_MIN, ratios


def blend(colour: str, background: str, alpha: float) -> str:
    c, bg = QColor(colour), QColor(background)
    mix = [round(alpha * x + (1 - alpha) * y) for x, y in zip(c.getRgb()[:3], bg.getRgb()[:3], strict=True)]
    return QColor(*mix).name()


@pytest.mark.parametrize("theme", [themes.PROJECTOR, themes.HIGH_CONTRAST], ids=lambda t: t.name)
def test_faded_arrows_still_show_in_the_lecture_hall_themes(theme):
    # Values and masked keys are drawn translucent; on a projector they must not vanish.
    for role in ("query", "key", "value", "output"):
        faded = blend(getattr(theme, role), theme.background, theme.faded)
        assert themes.contrast_ratio(faded, theme.background) >= GRAPHIC_MIN, role


def test_canvas_draws_faded_arrows_with_the_themes_opacity(make_window):
    window = make_window(preset_scene("four-keys"), theme="projector")
    assert {item._faded_alpha for item in window.canvas._values} == {themes.PROJECTOR.faded}


def test_projector_theme_is_white_with_black_text_and_thicker_strokes():
    p = themes.PROJECTOR
    assert QColor(p.background) == QColor("white")
    assert QColor(p.foreground) == QColor("black") and QColor(p.axis) == QColor("black")
    assert p.stroke > themes.LIGHT.stroke and p.font_scale > themes.LIGHT.font_scale
    # Saturated: a washed-out projector keeps hue only where there is plenty of it.
    for role in ("query", "key", "value", "output"):
        assert QColor(getattr(p, role)).hsvSaturationF() > 0.6, role


def test_the_four_main_colours_are_distinct_in_every_theme():
    for theme in themes.THEMES.values():
        colours = {
            QColor(getattr(theme, r)).name() for r in ("query", "key", "value", "output", "projection")
        }
        assert len(colours) == 5, theme.name


def colours_shown(window) -> dict[str, set[str]]:
    """Where each role's colour appears: the canvas arrow, the table header, the numbers' HTML."""
    canvas = window.canvas
    window.coordinates.spin(QUERY, 0)  # the table's rows, made when first asked for
    table = window.coordinates._table
    header = {
        table.verticalHeaderItem(r).text(): table.verticalHeaderItem(r) for r in range(table.rowCount())
    }
    numbers_q = window.numbers._names["q"].text()
    numbers_k = window.numbers._names["k"].text()
    return {
        "query": {
            canvas._query._colour.name(),
            header["q"].foreground().color().name(),
            numbers_q.split("color:")[1][:7],
        },
        "key": {
            canvas._keys[0]._colour.name(),
            header["k₁"].foreground().color().name(),
            numbers_k.split("color:")[1][:7],
        },
        "value": {canvas._values[0]._colour.name(), header["v₁"].foreground().color().name()},
        "output": {canvas._output._colour.name()},
    }


@pytest.mark.parametrize("start", ["light", "dark"])
def test_switching_theme_keeps_one_colour_per_role_everywhere(make_window, start):
    window = make_window(preset_scene("lesson-attention"), theme=start)
    for name in ("projector", "high-contrast", "dark", "light"):
        window.findChild(type(window.menus["view"].menuAction()), f"theme_{name}").trigger()
        theme = themes.THEMES[name]
        for role, seen in colours_shown(window).items():
            assert seen == {QColor(getattr(theme, role)).name()}, (name, role, seen)
        assert window.canvas.backgroundBrush().color() == QColor(theme.background)


def test_system_theme_follows_the_desktop_while_it_runs(make_window, qtbot):
    window = make_window(theme="system")
    hints = QGuiApplication.styleHints()
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert window.theme.name == "dark"
    assert window.canvas._query._colour == QColor(themes.DARK.query)
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert window.theme.name == "light"
    # A theme the user picked stays put when the desktop changes.
    window.set_theme("projector")
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert window.theme.name == "projector"


def test_theme_flag_from_the_command_line(tmp_path):
    from qk_explorer import cli
    from qk_explorer.window import build_window

    options = cli.parse(["--theme", "high-contrast", "--preset", "lesson-pair"])
    window = build_window(preset_scene(options.preset), "en", options.theme)
    try:
        assert window.theme.name == "high-contrast"
        assert window.canvas.backgroundBrush().color() == QColor("black")
    finally:
        window.deleteLater()


@pytest.mark.parametrize("theme", themes.THEMES.values(), ids=lambda t: t.name)
def test_check_boxes_have_an_edge_that_stands_out_from_the_panel(make_window, theme):
    # Fusion outlines a check box a shade darker than the window: on high contrast's black the
    # unchecked boxes vanished, fields too.
    from PySide6.QtWidgets import QApplication, QCheckBox

    window = make_window(preset_scene("lesson-attention"), theme=theme.name)
    window.show_dock("attention")
    QApplication.processEvents()
    box = window.findChild(QCheckBox, "compare")
    assert box is not None and not box.isChecked()
    picture = box.grab().toImage()
    panel = QColor(theme.panel)
    indicator = [
        picture.pixelColor(x, y) for x in range(min(24, picture.width())) for y in range(picture.height())
    ]
    best = max(themes.contrast_ratio(c.name(), panel.name()) for c in indicator)
    assert best >= GRAPHIC_MIN
    assert (QApplication.instance().styleSheet() != "") == (theme.name == "high-contrast")


@pytest.mark.parametrize("theme", themes.THEMES.values(), ids=lambda t: t.name)
def test_every_number_field_shows_its_number(make_window, theme):
    # High contrast's style sheet once left the fields without buttons (the coordinates, the
    # scale factor) a line edit one pixel wide: their numbers vanished.
    from PySide6.QtWidgets import QAbstractSpinBox, QApplication

    from qk_explorer.model.scene import QUERY

    window = make_window(preset_scene("question-1"), theme=theme.name)
    for name in ("coordinates", "magnitude", "attention"):
        window.docks[name].show()
        window.docks[name].raise_()
        QApplication.processEvents()
        fields = [f for f in window.docks[name].findChildren(QAbstractSpinBox) if f.isVisible()]
        assert fields
        for field in fields:
            edit = field.lineEdit()
            room = edit.fontMetrics().horizontalAdvance(field.text())
            assert edit.width() >= room, (name, field.objectName(), field.text(), edit.geometry())
    window.docks["coordinates"].raise_()
    QApplication.processEvents()
    spin = window.panel("coordinates").spin(QUERY, 1)
    assert spin.text() == "−1"
    picture = spin.grab().toImage()
    ink = QColor(theme.foreground)
    inked = [
        (x, y)
        for x in range(picture.width())
        for y in range(picture.height())
        if themes.contrast_ratio(picture.pixelColor(x, y).name(), ink.name()) < 1.5
    ]
    assert len(inked) >= 10, "the number is drawn"


def test_in_high_contrast_every_framed_number_field_has_an_edge(make_window):
    # Fusion outlines a field a shade darker than the window: on black, no edge at all.
    from PySide6.QtWidgets import QAbstractSpinBox, QApplication

    theme = themes.THEMES["high-contrast"]
    window = make_window(preset_scene("question-1"), theme=theme.name)
    checked = []
    for name in ("magnitude", "attention"):
        window.docks[name].show()
        window.docks[name].raise_()
        QApplication.processEvents()
        for field in window.docks[name].findChildren(QAbstractSpinBox):
            if not (field.isVisible() and field.hasFrame()):
                continue
            picture = field.grab().toImage()
            middle = picture.height() // 2
            left_edge = [picture.pixelColor(x, middle).name() for x in range(3)]
            assert max(themes.contrast_ratio(c, theme.panel) for c in left_edge) >= GRAPHIC_MIN, (
                field.objectName()
            )
            checked.append(field.objectName())
    assert "factorSpin" in checked


def test_in_high_contrast_a_sliders_whole_track_shows(make_window):
    # Fusion draws the track past the handle in the window's colour: black on black.
    from PySide6.QtWidgets import QApplication, QSlider

    theme = themes.THEMES["high-contrast"]
    window = make_window(preset_scene("question-1"), theme=theme.name)
    for name in ("magnitude", "sqrt_dk"):
        window.docks[name].show()
        window.docks[name].raise_()
        QApplication.processEvents()
        slider = window.docks[name].findChild(QSlider)
        picture = slider.grab().toImage()
        x = picture.width() - 4  # past the handle, at the track's far end
        column = [picture.pixelColor(x, y).name() for y in range(picture.height())]
        assert max(themes.contrast_ratio(c, theme.panel) for c in column) >= GRAPHIC_MIN, name
