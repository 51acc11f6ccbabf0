"""Every text a person can read in the window, surface by surface, and the asked quantities of an
open check question as the app writes them: what tests of withholding compare."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit

from qk_explorer.model.practice import QUESTIONS, FieldKind
from qk_explorer.model.practice.withheld import IDS
from qk_explorer.text import numbers
from qk_explorer.text.practice.feedback import value_text
from qk_explorer.view import words
from qk_explorer.view.attention.winner_map_item import WinnerLabelsItem
from qk_explorer.view.canvas.vector_item import VectorItem
from qk_explorer.view.desktop.exporting import canvas_svg
from qk_explorer.view.explorations.same_product_overlay import SameProductOverlay
from qk_explorer.view.matrix import content as matrix_content
from qk_explorer.view.practice.mistake_item import MistakeItem

from ..helpers import raise_panel


def plain(text: str) -> str:
    return QTextDocumentFragment.fromHtml(text).toPlainText() if "<" in text else text


def _labels(widget) -> list[str]:
    out = [plain(label.text()) for label in widget.findChildren(QLabel) if label.isVisible()]
    out += [edit.text() for edit in widget.findChildren(QLineEdit) if edit.isVisible()]
    return out


def panel_texts(window) -> dict[str, list[str]]:
    """Each panel the scene brings, brought forward in turn and read whole."""
    scene = window.controller.scene
    names = ["numbers", "attention", "magnitude", "angle_plot"]
    if scene.query_count > 1 or scene.tokens is not None:
        names.append("matrix")
    if scene.tokens is not None:
        names += ["projections", "tokens"]
    out = {}
    for name in names:
        panel = raise_panel(window, name)
        texts = _labels(panel)
        if name == "attention":
            texts += [*panel.table.texts(), panel.chart.undefined_text()]
        if name == "matrix":
            rows, keys = scene.query_count, scene.key_count
            for grid in ("scores", "logits", "weights", "outputs"):
                columns = 1 if grid == "outputs" else keys + (grid == "weights")
                texts += [panel.cell_text(grid, i, j) for i in range(rows) for j in range(columns)]
                texts += [panel._tooltip(grid, i, j) for i in range(rows) for j in range(columns)]
        out[name] = texts
    out["lesson"] = _labels(window.lesson.panel)
    return out


def canvas_texts(window) -> list[str]:
    """The canvas's text items: the readout, every arrow's name, the map's names, the overlays."""
    canvas = window.canvas
    texts = [canvas.readout_text()]
    for item in canvas.scene().items():
        if not item.isVisible():
            continue
        if isinstance(item, VectorItem):
            texts.append(item.label)
        elif isinstance(item, WinnerLabelsItem):
            texts += item.labels()
        elif isinstance(item, MistakeItem):
            texts += item.texts()
        elif isinstance(item, SameProductOverlay):
            texts.append(item.caption)
    return texts


def status_texts(window) -> list[str]:
    """The status bar and the live description read to screen readers."""
    window.live_description.refresh()
    return [
        window.live_description.text,
        window.statusBar().currentMessage(),
        window.canvas.accessibleDescription(),
    ]


def stage_texts(window) -> list[str]:
    """What the stage shows, presenting (and the canvas's texts there)."""
    window.presentation.enter()
    QApplication.processEvents()
    stage = window.presentation.stage
    texts = [plain(label.text()) for label in (*stage.text_labels(), *stage.number_labels())]
    texts += canvas_texts(window)
    window.presentation.leave()
    QApplication.processEvents()
    return texts


def tick_strings(window) -> set[str]:
    """The numbers the canvas's axes write at their ticks."""
    out = set()
    for name in ("left", "bottom"):
        axis = window.canvas.getPlotItem().getAxis(name)
        low, high = axis.range
        size = axis.height() if name == "left" else axis.width()
        for spacing, values in axis.tickValues(low, high, max(size, 1.0)):
            out.update(axis.tickStrings(values, 1.0, spacing))
    return out


def picture_texts(window) -> list[str]:
    """The text items of the canvas exported as an SVG drawing, but the axes' tick numbers."""
    svg = canvas_svg(window.canvas)
    root = ET.fromstring(svg)
    ticks = tick_strings(window)
    texts = ["".join(node.itertext()).strip() for node in root.iter() if node.tag.endswith("text")]
    return [t for t in texts if t not in ticks]


def every_text(window, stage: bool = True) -> dict[str, list[str]]:
    out = panel_texts(window)
    out["canvas"] = canvas_texts(window)
    out["status"] = status_texts(window)
    out["picture"] = picture_texts(window)
    if stage:
        out["stage"] = stage_texts(window)
    return out


# ---- what a question asks, as the app writes it -----------------------------------------------------


def _each(values, lang, write=numbers.number) -> list[str]:
    return [write(x, lang) for x in values if x is not None]


def shown_strings(window, question_id: str, lang: str, others: bool = False) -> set[str]:
    """How the app writes each quantity the question withholds (`others`: each one it does not
    withhold), for the scene on screen."""
    results, scene = window.controller.results, window.controller.scene
    pair, att, matrix = results.pair, results.attention, results.matrix
    asks = QUESTIONS[question_id].asks
    if others:
        asks = IDS - asks
    out: set[str] = set()

    def add(quantity, *texts):
        if quantity in asks:
            out.update(t for t in texts if t)

    add("dot", numbers.number(pair.dot, lang))
    if pair.angle_deg is not None:
        add("cosine", numbers.number(pair.cosine, lang))
        add("angle", numbers.angle(pair.angle_deg, lang))
        add("relation", words.relation(pair.relation, pair.direction))
    if pair.projection is not None:
        add("comp", numbers.number(pair.scalar_projection, lang))
        add("proj", numbers.vector(pair.projection, lang))
        add("perp", numbers.vector(pair.perpendicular, lang))
    if scene.key_count > 1:
        add("scores", *_each(att.scores, lang))
        add("logits", *_each(att.logits, lang))
    if att.weights is not None and scene.key_count > 1:
        add("weights", *_each(att.weights, lang, numbers.weight))
        add("output", numbers.output(att.output, lang))
    if scene.query_count > 1 or scene.tokens is not None:
        panel = window.panels.get("matrix")
        narrow = panel is not None and panel.cells["logits"].narrow  # masked logits as −∞ alone: no number
        for grid in ("scores", "logits", "weights"):
            cells = getattr(matrix, grid)
            masked = matrix_content.masked(matrix)
            for i, row in enumerate(cells):
                for j, x in enumerate(row or ()):
                    if not (narrow and grid == "logits" and masked[i, j]):
                        add(f"matrix_{grid}", matrix_content.cell_text(grid, x, masked[i, j], lang))
        add("matrix_outputs", *[matrix_content.vector_text(o, lang) for o in matrix.outputs if o is not None])
    if results.projections is not None:
        add("bilinear", *[numbers.number(x, lang, 3) for row in results.projections.bilinear for x in row])
    return out


def answer_strings(window, instance, lang: str) -> set[str]:
    """The question's own answers, field by field, as the feedback writes them."""
    out = set()
    for field in instance.fields:
        if field.kind is FieldKind.PLACE:
            continue
        out.add(value_text(field, field.answer(instance), lang, instance.scene.mask))
    return out


def given_strings(window, lang: str) -> set[str]:
    """Numbers a question gives or that stay on screen: a withheld quantity that reads the same is
    not told apart from them, so it is not looked for."""
    scene, results = window.controller.scene, window.controller.results
    out = {"0", "1", "2", str(scene.dimension), str(scene.key_count), str(scene.query_count)}
    for v in (*scene.queries, *scene.keys, *scene.values):
        out.update(numbers.number(x, lang) for x in v)
        out.add(numbers.vector(v, lang))
    pair, att = results.pair, results.attention
    out.update(numbers.number(x, lang) for x in (pair.norm_q, pair.norm_k, att.scale, pair.residual))
    out.update(numbers.number(x, lang, 2) for x in (att.scale,))
    if scene.tokens is not None:
        t = scene.tokens
        for m in (t.embeddings, t.w_q, t.w_k, t.w_v):
            out.update(numbers.number(x, lang) for row in m for x in row)
    return out


def found(needle: str, haystack: str) -> bool:
    """`needle` in `haystack` as a whole number or phrase: not a piece of a longer number."""
    pattern = r"(?<![\d.,\u2212\-])" + re.escape(needle) + r"(?![\d])"
    if needle[-1].isdigit():
        pattern += r"(?![.,]\d)"
    return re.search(pattern, haystack) is not None


def where(needle: str, texts: dict[str, list[str]]) -> list[str]:
    return [f"{surface}: {t!r}" for surface, ts in texts.items() for t in ts if t and found(needle, t)]
