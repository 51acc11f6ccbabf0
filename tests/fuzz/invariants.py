"""What must hold after every event, whatever the user did."""

from __future__ import annotations

import dataclasses
import math
import re

from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QLabel, QLineEdit, QTableWidget

from qk_explorer.model import Results, Scene
from qk_explorer.text import numbers

NOT_A_NUMBER = re.compile(r"(?i)\b(nan|inf|infinity)\b")


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


def check_model(scene: Scene, results: Results) -> list[str]:
    problems = [f"{where} = {x}" for where, x in numbers_in(results) if not math.isfinite(x)]
    for a in (results.attention, results.comparison):
        if a.weights is None:
            if a.undefined is None:
                problems.append(f"{a.scoring} weights missing without a reason")
            continue
        if any(w < 0 for w in a.weights):
            problems.append(f"{a.scoring}: negative weight {a.weights}")
        if abs(sum(a.weights) - 1.0) > 1e-9:
            problems.append(f"{a.scoring}: weights sum to {sum(a.weights)}")
        if any(w != 0 for w, m in zip(a.weights, scene.mask) if not m):
            problems.append(f"{a.scoring}: a masked key has weight")
    pair = results.pair
    if pair.projection is not None:
        scale = max(1.0, *(abs(x) for x in scene.query))
        for p, r, q in zip(pair.projection, pair.perpendicular, scene.query):
            if abs(p + r - q) > 1e-9 * scale:
                problems.append(
                    f"proj + perp != q: {pair.projection} + {pair.perpendicular} vs {scene.query}"
                )
                break
    return problems


def shown_texts(window):
    for widget in (
        window.findChildren(QLabel) + window.findChildren(QAbstractButton) + window.findChildren(QLineEdit)
    ):
        if widget.isVisibleTo(window) and widget.text():
            yield widget, widget.text()
    for table in window.findChildren(QTableWidget):
        if not table.isVisibleTo(window):
            continue
        for r in range(table.rowCount()):
            for c in range(table.columnCount()):
                item = table.item(r, c)
                if item is not None and item.text():
                    yield table, item.text()


def check_display(window) -> list[str]:
    problems = []
    for widget, text in shown_texts(window):
        if isinstance(widget, QLineEdit) and isinstance(widget.parent(), QAbstractSpinBox):
            continue  # what the user is typing, not what the app shows
        if NOT_A_NUMBER.search(text):
            problems.append(f"{type(widget).__name__} {widget.objectName()!r} shows {text[:80]!r}")
    scene, results = window.controller.scene, window.controller.results
    if window.docks["numbers"].isVisible():
        lang = window.translations.language
        expected = numbers.expanded_product(
            scene.query, scene.keys[scene.selected_key], results.pair.dot, lang
        )
        shown = window.numbers.value_text("dot")
        if shown != expected:
            problems.append(f"numbers panel shows {shown!r}, the model says {expected!r}")
    return problems
