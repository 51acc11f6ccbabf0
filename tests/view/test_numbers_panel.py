"""The numbers panel: names beside their values, or above them in a dock too narrow for both."""

from PySide6.QtCore import QCoreApplication, Qt

from qk_explorer.model.presets import preset_scene


def settle():
    for _ in range(3):
        QCoreApplication.processEvents()


def test_a_narrow_dock_puts_each_value_under_its_name_and_a_wide_one_beside_it(make_window):
    window = make_window(preset_scene("lesson-pair"))
    dock, panel = window.docks["numbers"], window.panels["numbers"]
    settle()
    assert not panel.stacked
    name, value = panel._names["dot"], panel._values["dot"]
    assert value.geometry().left() > name.geometry().right()  # beside

    window.resizeDocks([dock], [170], Qt.Orientation.Horizontal)
    settle()
    assert panel.stacked
    assert value.geometry().top() >= name.geometry().bottom()  # under
    assert dock.widget().horizontalScrollBar().maximum() == 0  # nothing off the edge
    assert panel.value_text("dot") == "2(1) + 1(2) = 4"

    window.resizeDocks([dock], [420], Qt.Orientation.Horizontal)
    settle()
    assert not panel.stacked
    assert value.geometry().left() > name.geometry().right()


def test_presenting_on_a_small_screen_keeps_every_value_in_sight(make_window):
    window = make_window(preset_scene("lesson-pair"), size=(800, 600))
    window.presentation.enter()
    settle()
    panel = window.panels["numbers"]
    assert window.docks["numbers"].widget().horizontalScrollBar().maximum() == 0
    viewport = window.docks["numbers"].widget().viewport()
    for value in panel._values.values():
        if value.isVisible():
            right = value.mapTo(viewport, value.rect().topRight()).x()
            assert right <= viewport.width()
    window.presentation.leave()


def test_the_lessons_exact_forms_stand_before_the_decimals(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es")
    panel = window.numbers
    assert panel.value_text("norm_q") == "√5 ≈ 2,236" and panel.value_text("norm_k") == "√5 ≈ 2,236"
    assert panel.value_text("comp") == "4/√5 ≈ 1,789"
    assert panel.value_text("proj") == "(4/5)·k₁ = (0,8; 1,6)"
    assert panel.value_text("cosine") == "0,8"  # already exact: no form beside it

    window = make_window(preset_scene("same-dot-aligned"))  # q = (4, 0), k = (1, 0): nothing to add
    assert [window.numbers.value_text(r) for r in ("norm_q", "norm_k", "comp", "proj")] == [
        "4",
        "1",
        "4",
        "4·k₁ = (4, 0)",
    ]
