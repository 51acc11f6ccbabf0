"""What must hold after every event, whatever the user did.

check_model: every float in Results finite, weights a distribution over the
keys that take part, proj + perp = q.

check_display: no NaN or infinity in any text shown, and the panels that are
on screen say what the formatting functions make of the current Results: every
row of the numbers panel, the attention table's scores, logits and weights
with its sums and output, the coordinates' boxes, the magnitude panel's "now"
column, the corner readout of the canvas and the status bar's sentence.
"""

from __future__ import annotations

import dataclasses
import math
import re

import numpy as np
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QLabel, QLineEdit, QTableWidget, QWidget

from qk_explorer.model import Results, Scene
from qk_explorer.model.scene import Scoring
from qk_explorer.text import exact, numbers
from qk_explorer.view import words
from qk_explorer.view.lesson.panel import to_html

NOT_A_NUMBER = re.compile(r"(?i)\b(nan|inf|infinity)\b")
DASH = "—"


def numbers_in(value, path="results"):
    """Every float inside a Results, with where it sits."""
    if isinstance(value, float):
        yield path, value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from numbers_in(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, tuple | list):
        for i, item in enumerate(value):
            yield from numbers_in(item, f"{path}[{i}]")
    elif isinstance(value, np.ndarray) and value.dtype.kind == "f":
        for i in np.flatnonzero(~np.isfinite(value)).tolist():  # an array's bad ones only: fast
            yield f"{path}[{i}]", float(value.flat[i])


# Worked out on first use, so they are no dataclass fields: walked as well.
LAZY_FIELDS = ("comparison", "same_product", "product_curve", "weight_bars", "comparison_weight_bars")
BARS = ("weight_bars", "comparison_weight_bars", "dropout_bars")


def check_model(scene: Scene, results: Results) -> list[str]:
    found = [*numbers_in(results)]
    for name in LAZY_FIELDS:
        found += numbers_in(getattr(results, name), f"results.{name}")
    problems = [f"{where} = {x}" for where, x in found if not math.isfinite(x)]
    for name in BARS:
        bars = getattr(results, name)
        if bars is not None and (len(bars) != scene.key_count or not all(0.0 <= b <= 1.0 for b in bars)):
            problems.append(f"results.{name} = {bars}: not one fraction in [0, 1] per key")
    for a in (results.attention, results.comparison):
        if a.weights is None:
            if a.undefined is None:
                problems.append(f"{a.scoring} weights missing without a reason")
            continue
        if any(w < 0 for w in a.weights):
            problems.append(f"{a.scoring}: negative weight {a.weights}")
        if abs(sum(a.weights) - 1.0) > 1e-9:
            problems.append(f"{a.scoring}: weights sum to {sum(a.weights)}")
        if any(w != 0 for w, m in zip(a.weights, scene.mask, strict=True) if not m):
            problems.append(f"{a.scoring}: a masked key has weight")
        if not any(scene.mask):
            problems.append(f"{a.scoring}: weights although every key is masked")
    pair = results.pair
    if pair.projection is not None:
        scale = max(1.0, *(abs(x) for x in scene.query))
        for p, r, q in zip(pair.projection, pair.perpendicular, scene.query, strict=True):
            if abs(p + r - q) > 1e-9 * scale:
                problems.append(
                    f"proj + perp != q: {pair.projection} + {pair.perpendicular} vs {scene.query}"
                )
                break
    return problems


def shown_texts(window):
    for widget in window.findChildren(QWidget):  # one walk of the tree: this runs after every event
        if isinstance(widget, QLabel | QAbstractButton | QLineEdit):
            if widget.text() and widget.isVisibleTo(window):
                yield widget, widget.text()
        elif isinstance(widget, QTableWidget) and widget.isVisibleTo(window):
            for r in range(widget.rowCount()):
                for c in range(widget.columnCount()):
                    item = widget.item(r, c)
                    if item is not None and item.text():
                        yield widget, item.text()


def plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def check_display(window) -> list[str]:
    problems = []
    # The student's own answers, which the feedback under them may quote.
    guesses = [
        box.text().strip()
        for box in window.lesson.panel.findChildren(QLineEdit)
        if box.objectName().startswith("predictAnswer_") and box.text().strip()
    ]
    tokens = window.controller.scene.tokens
    # A token named "inf" is a word the user typed, wherever it is quoted: not a number gone wrong.
    labels = [label for label in tokens.labels if NOT_A_NUMBER.search(label)] if tokens is not None else []
    for widget, text in shown_texts(window):
        for label in labels:
            text = text.replace(label, "")
        if isinstance(widget, QLineEdit) and isinstance(widget.parent(), QAbstractSpinBox):
            continue  # what the user is typing, not what the app shows
        name = widget.objectName()
        if name.startswith(("predictAnswer_", "predictSeed", "tokenLabel")):
            continue  # the student's own words: an answer, a seed, a token's name as it is typed
        if name.startswith("predictFeedback_") or name == "lessonSolution":
            for guess in guesses:  # the feedback and the solution may quote an answer
                text = text.replace(to_html(guess), "").replace(guess, "")
        if NOT_A_NUMBER.search(text):
            problems.append(f"{type(widget).__name__} {widget.objectName()!r} shows {text[:80]!r}")
    scene, results = window.controller.scene, window.controller.results
    lang = window.translations.language
    # While a check question is open its numbers read "?" on every surface: which ones, and
    # that they come back on reveal, is tests/view/lesson/test_withheld.py's to check.
    asking = bool(window.controller.withheld)
    if window.dock_shown("numbers") and not asking:
        problems += _numbers_panel(window.numbers, scene, results, lang)
    if window.dock_shown("attention"):
        panel = window.panel("attention")
        problems += (
            _attention_controls(panel, scene, results)
            if asking
            else _attention_panel(panel, scene, results, lang)
        )
    if window.dock_shown("coordinates"):
        problems += _coordinates_panel(window.coordinates, scene)
    if window.dock_shown("magnitude") and not asking:
        problems += _magnitude_panel(window.panel("magnitude"), scene, results, lang)
    if not asking:
        problems += _canvas_readout(window, scene, results, lang)
        problems += _status_bar(window, scene, results, lang)
    problems += _winner_map(window, scene)
    return problems


def _differs(where: str, shown: str, expected: str) -> list[str]:
    return [] if shown == expected else [f"{where} shows {shown!r}, the model says {expected!r}"]


def _numbers_panel(panel, scene, results, lang) -> list[str]:
    pair = results.pair
    f = lambda x: numbers.number(x, lang)  # noqa: E731
    undefined = words.undefined_word()
    k = scene.keys[scene.selected_key]
    expected = {
        "q": numbers.vector(scene.query, lang),
        "k": numbers.vector(k, lang),
        "dot": numbers.expanded_product(scene.query, k, pair.dot, lang),
        "norm_q": exact.beside(exact.length_form(pair.norm_q), f(pair.norm_q)),
        "norm_k": exact.beside(exact.length_form(pair.norm_k), f(pair.norm_k)),
        "cosine": undefined if pair.cosine is None else f(pair.cosine),
        "angle": undefined if pair.angle_deg is None else numbers.angle(pair.angle_deg, lang),
        "relation": words.relation(pair.relation, pair.direction),
        "comp": undefined
        if pair.scalar_projection is None
        else exact.beside(exact.quotient_form(pair.dot, pair.norm_k), f(pair.scalar_projection)),
        "proj": undefined
        if pair.projection is None
        else exact.beside(
            exact.multiple_form(pair.dot, pair.norm_k, words.key_name(scene.selected_key)),
            numbers.vector(pair.projection, lang),
            exact.shown_exactly(pair.projection),
        ),
        "perp": undefined if pair.perpendicular is None else numbers.vector(pair.perpendicular, lang),
    }
    problems = []
    for rid, text in expected.items():
        problems += _differs(f"numbers panel row {rid}", panel.value_text(rid), text)
    for rid, value in (("ratio", pair.cauchy_schwarz_ratio), ("residual", pair.residual)):
        shown = panel.value_text(rid)
        if value is None:
            problems += _differs(f"numbers panel row {rid}", shown, undefined)
        elif not shown.startswith(f(value)):
            problems.append(f"numbers panel row {rid} shows {shown!r}, the model says {f(value)}")
    heading = plain(panel._heading.text())
    if f"n = {scene.dimension}" not in heading or words.key_name(scene.selected_key) not in heading:
        problems.append(f"numbers panel heading {heading!r} for n = {scene.dimension}")
    return problems


def _weight_text(att, r, takes_part, lang) -> str:
    if att.weights is None:
        return DASH
    if not takes_part:
        return "0"
    return numbers.weight(att.weights[r], lang)


def _logit_text(x, takes_part: bool, lang: str) -> str:
    """A scaled logit; a masked key's says the mask makes it −∞ (PyTorch scales first)."""
    if x is None:
        return DASH
    return numbers.number(x, lang) if takes_part else numbers.masked_logit(x, lang)


def _attention_panel(panel, scene, results, lang) -> list[str]:
    att, other = results.attention, results.comparison
    table, summary = panel.table, panel.summary
    problems = []
    if table.rowCount() != scene.key_count:
        return [f"attention table has {table.rowCount()} rows for {scene.key_count} keys"]
    for r in range(scene.key_count):
        takes = scene.mask[r]
        expected = {
            "score": DASH if att.scores[r] is None else numbers.number(att.scores[r], lang),
            "logit": _logit_text(att.logits[r], takes, lang),
            "weight": _weight_text(att, r, takes, lang),
            "mask": "✓" if takes else "",
        }
        if table.column_shown("other"):
            expected["other"] = _weight_text(other, r, takes, lang)
        for column, text in expected.items():
            problems += _differs(f"attention table row {r} {column}", table.cell_text(r, column), text)
    total, output = summary.text("sum"), summary.text("output")
    undefined = words.undefined_word()
    if att.weight_sum is None:
        if undefined not in total or undefined not in output:
            problems.append(f"attention sums {total!r} / {output!r} for undefined weights")
    else:
        taking_part = sum(scene.mask)
        if f"= {numbers.number(att.weight_sum, lang)} " not in total or f"({taking_part})" not in total:
            problems.append(f"attention sum {total!r}, the model says {att.weight_sum} over {taking_part}")
        if not output.endswith(numbers.output(att.output, lang)):
            problems.append(f"attention output {output!r}, the model says {numbers.output(att.output, lang)}")
    if att.scale is not None and numbers.number(att.scale, lang) not in summary.text("scale"):
        problems.append(f"attention scale line {summary.text('scale')!r}, the model says {att.scale}")
    return problems + _attention_controls(panel, scene, results)


def _attention_controls(panel, scene, results) -> list[str]:
    problems = []

    def field(name: str):
        return panel.findChild(QWidget, name)

    scoring = field("scoring")
    if scoring.currentIndex() != (1 if scene.scoring is Scoring.COSINE else 0):
        problems.append(f"scoring box shows {scoring.currentText()!r} for {scene.scoring}")
    for box, on in (
        (field("customScale"), scene.scale is not None),
        (field("dropout"), scene.dropout_p > 0),
    ):
        if box.isChecked() != on:
            problems.append(f"{box.objectName()} box is {'' if box.isChecked() else 'not '}checked")
    problems += _field("scale", field("scale"), results.dot_attention.scale)
    if field("cosineMultiplier").isVisibleTo(panel):
        problems += _field("multiplier", field("cosineMultiplier"), scene.cosine_multiplier)
    if scene.dropout_p > 0:
        problems += _field("dropout p", field("dropoutP"), scene.dropout_p)
        problems += _field("dropout seed", field("dropoutSeed"), scene.dropout_seed)
    remove = field("removeKey")
    # A token scene's keys come from its tokens: its remove button is off.
    if remove.isEnabled() != (scene.key_count > 1 and scene.tokens is None):
        problems.append(f"remove button enabled = {remove.isEnabled()} with {scene.key_count} keys")
    return problems


def _typing(spin) -> bool:
    """The box holds typed text not committed yet: it may differ from the model until Enter."""
    return spin.hasFocus() and spin.lineEdit().text() != spin.textFromValue(spin.value())


def _field(where: str, spin, value) -> list[str]:
    if _typing(spin):
        return []
    shown, expected = spin.lineEdit().text(), spin.textFromValue(value)
    return [] if shown == expected else [f"{where} field shows {shown!r}, the model says {expected!r}"]


def _coordinates_panel(panel, scene) -> list[str]:
    problems = _field("Dimension", panel._dimension, scene.dimension)
    for ref, row in zip(panel._refs, panel._spins, strict=True):
        if not scene.has(ref):
            problems.append(f"coordinates panel has a row for {ref} the scene does not have")
            continue
        for axis, (spin, x) in enumerate(zip(row, scene.vector(ref), strict=True)):
            problems += _field(f"coordinate {ref.kind.value}{ref.index}[{axis}]", spin, x)
    return problems


def _magnitude_panel(panel, scene, results, lang) -> list[str]:
    pair = results.pair
    problems = _differs("magnitude panel q", panel.text("now", "q"), numbers.vector(scene.query, lang))
    norm = numbers.number(pair.norm_q, lang)
    problems += _differs("magnitude panel ‖q‖", panel.text("now", "norm_q"), norm)
    problems += _field("factor c", panel._spin, panel.factor)
    dot = panel.text("now", "dot")
    if not dot.startswith(numbers.number(pair.dot, lang) + " = "):
        problems.append(f"magnitude panel q·k shows {dot!r}, the model says {pair.dot}")
    return problems


def _canvas_readout(window, scene, results, lang) -> list[str]:
    if not window.canvas._readout.isVisible():
        return []
    text = window.canvas.readout_text()
    expected = f"= {numbers.number(results.pair.dot, lang)}"
    return [] if expected in text else [f"canvas readout {text!r}, the model says q·k {expected}"]


def _status_bar(window, scene, results, lang) -> list[str]:
    live = window.live_description
    if live._timer.isActive() or not live.label.isVisible():
        return []  # waits for the scene to be still; hidden behind a passing message
    expected = live.sentence(scene, results, lang)
    return _differs("status bar", live.label.text(), expected)


def _winner_map(window, scene) -> list[str]:
    item = window.attention.winner_map
    wm = item.last_map
    if not item.isVisible() or wm is None:
        return []
    m = sum(scene.mask)
    weight, sharpness = wm.weight, wm.sharpness
    if not (np.all(np.isfinite(weight)) and np.all(np.isfinite(sharpness))):
        return ["the winner map holds a weight that is not finite"]
    if weight.min() < np.float32(1 / m) * (1 - 1e-6) or weight.max() > 1 or sharpness.min() < 0:
        return [f"winner map weights {weight.min()} … {weight.max()} for {m} keys taking part"]
    return []
