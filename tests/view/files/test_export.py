"""Export from the real window: PNG and SVG of the canvas, the numbers, and the worked example."""

import csv
import importlib.util
import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QFileDialog, QLabel

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.view.desktop.exporting import PictureSizeDialog

from ...text.snippets import parse_output, plain
from ..helpers import act, drag


def save_to(monkeypatch, path):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))


def ink(image: QImage, colour: str) -> float:
    """Share of pixels within a small distance of `colour`."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(
        image.height(), image.bytesPerLine() // 4, 4
    )
    bgr = rows[:, : image.width(), :3].astype(int)
    target = QColor(colour)
    distance = np.abs(bgr - np.array([target.blue(), target.green(), target.red()])).sum(axis=2)
    return float(np.mean(distance < 40))


def near(image: QImage, point: QPointF, colour: str, radius: int = 3) -> bool:
    target = QColor(colour)
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            c = image.pixelColor(round(point.x()) + dx, round(point.y()) + dy)
            if (
                abs(c.red() - target.red()) + abs(c.green() - target.green()) + abs(c.blue() - target.blue())
                < 40
            ):
                return True
    return False


def settled(window):
    """The window as the user sees it: painted once, so the axes have taken their widths."""
    from PySide6.QtWidgets import QApplication

    for _ in range(2):
        window.canvas.viewport().grab()
        QApplication.processEvents()
    return window


def q_shaft_on_viewport(window) -> QPointF:
    """Where the middle of q's arrow is on the canvas viewport, in its pixels."""
    vb = window.canvas.getPlotItem().vb
    x, y = window.canvas.controller.scene.query
    return QPointF(window.canvas.mapFromScene(vb.mapViewToScene(QPointF(x / 2, y / 2))))


def test_png_at_a_chosen_width_looks_like_the_screen_only_sharper(make_window, tmp_path, monkeypatch, qtbot):
    window = settled(make_window(preset_scene("lesson-pair")))
    save_to(monkeypatch, tmp_path / "canvas")
    act(window, "exportPng").trigger()
    dialog = window.findChild(PictureSizeDialog, "pictureSizeDialog")
    assert dialog is not None and dialog.isVisible()
    widths = dialog.findChild(QComboBox, "pngWidth")
    widths.setCurrentIndex(widths.findData(2560))
    viewport = window.canvas.viewport().size()
    height = round(viewport.height() * 2560 / viewport.width())
    assert dialog.findChild(QLabel, "pngSize").text() == f"2560 × {height} pixels"
    qtbot.mouseClick(
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
        Qt.MouseButton.LeftButton,
    )
    image = QImage(str(tmp_path / "canvas.png"))
    assert (image.width(), image.height()) == (2560, height)

    ratio = 2560 / viewport.width()
    assert near(image, q_shaft_on_viewport(window) * ratio, window.theme.query, radius=round(2 * ratio))
    # Strokes and labels grew with the picture: the share of q's colour is what it is on screen.
    screen = window.canvas.viewport().grab().toImage()
    on_screen = ink(screen, window.theme.query)
    exported = ink(image, window.theme.query)
    assert on_screen > 0.001
    assert 0.7 < exported / on_screen < 1.4


def test_png_export_can_be_cancelled(make_window, tmp_path, monkeypatch):
    window = make_window()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    dialog = window.desktop.exporting.png_dialog()
    dialog.accept()
    assert list(tmp_path.iterdir()) == []


def test_svg_is_vector_with_clipping_and_the_arrows_where_the_screen_has_them(
    make_window, tmp_path, monkeypatch
):
    window = settled(make_window(preset_scene("lesson-pair")))
    save_to(monkeypatch, tmp_path / "canvas.svg")
    act(window, "exportSvg").trigger()
    data = (tmp_path / "canvas.svg").read_bytes()
    root = ET.fromstring(data)
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.findall(".//svg:clipPath", ns), "the plot's clipping is kept"
    assert not root.findall(".//svg:image", ns), "arrows and grid are drawn, not pictures of the screen"
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "36.87°" in texts  # the readout stays text
    assert window.theme.query.lower() in data.decode().lower()

    viewport = window.canvas.viewport().size()
    renderer = QSvgRenderer(data)
    assert renderer.isValid()
    image = QImage(viewport, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    assert near(image, q_shaft_on_viewport(window), window.theme.query)
    on_screen = ink(window.canvas.viewport().grab().toImage(), window.theme.query)
    assert 0.7 < ink(image, window.theme.query) / on_screen < 1.4


def test_numbers_export_as_json_and_csv(make_window, tmp_path, monkeypatch):
    window = make_window(preset_scene("lesson-attention"))
    save_to(monkeypatch, tmp_path / "n")
    act(window, "exportNumbers").trigger()
    document = json.loads((tmp_path / "n.json").read_text())
    assert document["attention"]["scores"] == [1.0, 2.0]
    save_to(monkeypatch, tmp_path / "n")
    act(window, "exportCsv").trigger()
    rows = list(csv.DictReader(io.StringIO((tmp_path / "n.csv").read_text())))
    weights = [float(r["value"]) for r in rows if r["quantity"] == "weight"]
    assert weights == document["attention"]["weights"]


def test_an_export_that_cannot_be_written_says_so(make_window, tmp_path, monkeypatch, qtbot):
    from PySide6.QtWidgets import QMessageBox

    window = make_window()
    save_to(monkeypatch, tmp_path / "no-such-folder" / "n.csv")
    act(window, "exportCsv").trigger()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "problemBox") is not None)
    assert window.findChild(QMessageBox, "problemBox").windowTitle() == "Could not export the numbers"


def run(code: str, python: str = sys.executable) -> str:
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def decimal(text: str) -> str:
    return text.rsplit(" ≈ ", 1)[-1].rsplit(" = ", 1)[-1]


def numbers_on_screen(window) -> dict[str, str]:
    """What the numbers panel shows, in the snippet's labels and plain program notation: the
    decimals, without the exact forms before them (√5 ≈ 2.236)."""
    panel = window.numbers
    return {
        "q·k₁": plain(panel.value_text("dot").rsplit(" = ", 1)[1]),
        "‖q‖": plain(decimal(panel.value_text("norm_q"))),
        "‖k₁‖": plain(decimal(panel.value_text("norm_k"))),
        "cos θ": plain(panel.value_text("cosine")),
        "θ": plain(panel.value_text("angle")),
        "comp_k₁(q)": plain(decimal(panel.value_text("comp"))),
        "proj_k₁(q)": plain(decimal(panel.value_text("proj"))),
        "q − proj_k₁(q)": plain(panel.value_text("perp")),
    }


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_copied_numpy_snippet_prints_the_numbers_on_screen(lang, make_window):
    window = make_window(make_scene((2, 1), [(3, -1), (0, 1)], [(1, 0), (0, 1)]), lang=lang)
    drag(window.canvas, (3, -1), (1, 2))  # k₁ onto the lesson's (1, 2)
    act(window, "copyNumpy").trigger()
    code = QGuiApplication.clipboard().text()
    assert code.startswith("# Q·K Explorer")
    printed = parse_output(run(code))
    for label, shown in numbers_on_screen(window).items():
        assert printed[label] == shown, label
    assert printed["q·k₁"] == "4" and printed["θ"] == "36.87°" and printed["proj_k₁(q)"] == "(0.8, 1.6)"
    a = window.controller.results.attention
    scores, weights = ("scores", "weights") if lang == "en" else ("puntuaciones", "pesos")
    assert printed[scores] == "(4, 1)"
    assert printed[weights] == "(" + ", ".join(f"{w:.3f}".rstrip("0") for w in a.weights) + ")"
    assert window.desktop.exporting.last_message.startswith(
        "Worked example copied as" if lang == "en" else ""
    )


def test_the_copied_pytorch_snippet_prints_the_numbers_on_screen(make_window):
    python = os.environ.get("QK_EXPLORER_TORCH_PYTHON")
    if not python:
        if importlib.util.find_spec("torch") is None:
            pytest.skip("torch is not installed (set QK_EXPLORER_TORCH_PYTHON to an interpreter that has it)")
        python = sys.executable
    window = make_window(preset_scene("lesson-attention"))
    window.controller.set_vector(QUERY, (1, 2))
    act(window, "copyPytorch").trigger()
    code = QGuiApplication.clipboard().text()
    assert "torch.nn.functional" in code
    printed = parse_output(run(code, python))
    for label, shown in numbers_on_screen(window).items():
        assert printed[label] == shown, label
    assert printed["weights"] == "(0.33, 0.67)"
    assert printed["logits"] == "(0.707, 1.414)"


def test_latex_and_markdown_are_copied_in_the_interface_language(make_window):
    window = make_window(preset_scene("lesson-pair"), lang="es")
    act(window, "copyLatex").trigger()
    latex = QGuiApplication.clipboard().text()
    assert "= 0{,}8" in latex and "36{,}87^\\circ" in latex
    act(window, "copyMarkdown").trigger()
    assert "(0,8; 1,6)" in QGuiApplication.clipboard().text()
