"""One rule for each quantity's decimal places, whichever view shows it."""

from PySide6.QtCore import QCoreApplication

from qk_explorer.model.presets import preset_scene
from qk_explorer.text.lesson_text import NBSP, placeholder_values


def test_a_weight_and_an_angle_read_the_same_in_every_view(make_window):
    window = make_window(preset_scene("lesson-attention"), lang="es")
    window.show_dock("attention")
    for _ in range(5):
        QCoreApplication.processEvents()
    table, summary = window.panel("attention").table, window.panel("attention").summary
    scene, results = window.controller.scene, window.controller.results
    lesson = placeholder_values(scene, results, "es", "indefinido")

    assert table.column_texts("weight") == ["0,33", "0,67"]
    assert lesson["weights"].replace(NBSP, " ") == "0,33 y 0,67"
    assert summary.text("output").endswith("(0,33; 0,67)")
    assert lesson["output"].replace(NBSP, " ") == "(0,33; 0,67)"

    # θ for q = (1, 2), k₁ = (1, 0): the numbers panel, the lesson and the status bar alike.
    assert window.numbers.value_text("angle") == "63,43°" == lesson["angle"]
    assert "63,43°" in window.live_description.label.text()
