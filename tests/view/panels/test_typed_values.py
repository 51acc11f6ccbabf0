"""Typed values in every editable number field, in both languages: tests/corpus/typed_values.py.

Pasted whole, a text that is not a number in the interface language (or is out
of the field's range) is refused: the field shows its value again and the scene
and its undo history stay exactly as they were; a number becomes exactly that
value. Typed key by key, the field refuses what cannot begin a number, and
whatever it accepts is what the model gets: the field and the model agree.
"""

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox

from qk_explorer.model import make_scene
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY, Scoring
from tests.corpus.typed_values import REAL, WHOLE
from tests.fuzz.fuzzer import type_text

from ..helpers import act, raise_panel


def _attention(window, name: str, setup=lambda c: None):
    """The attention panel's number field `name` (its object name), after `setup`."""
    setup(window.controller)
    return raise_panel(window, "attention").findChild(QAbstractSpinBox, name)


@dataclass(frozen=True)
class Field:
    find: Callable  # window -> the spin box, on screen and enabled
    read: Callable  # window -> the value the field edits, as the model (or its panel) holds it
    whole: bool = False


FIELDS = {
    "coordinate": Field(
        lambda w: raise_panel(w, "coordinates").spin(QUERY, 0), lambda w: w.controller.scene.query[0]
    ),
    "factor c": Field(lambda w: raise_panel(w, "magnitude")._spin, lambda w: w.panel("magnitude").factor),
    "cosine multiplier": Field(
        lambda w: _attention(w, "cosineMultiplier", lambda c: c.set_scoring(Scoring.COSINE)),
        lambda w: w.controller.scene.cosine_multiplier,
    ),
    "own scale": Field(
        lambda w: _attention(w, "scale", lambda c: c.scene.scale is None and c.set_scale(0.5)),
        lambda w: w.controller.scene.scale,
    ),
    "dropout p": Field(
        lambda w: _attention(w, "dropoutP", lambda c: c.scene.dropout_p or c.set_dropout(0.25)),
        lambda w: w.controller.scene.dropout_p,
    ),
    "dropout seed": Field(
        lambda w: _attention(w, "dropoutSeed", lambda c: c.scene.dropout_p or c.set_dropout(0.25)),
        lambda w: w.controller.scene.dropout_seed,
        whole=True,
    ),
    "dimension": Field(
        lambda w: raise_panel(w, "coordinates")._dimension, lambda w: w.controller.scene.dimension, whole=True
    ),
    "d of √d": Field(
        lambda w: raise_panel(w, "sqrt_dk")._d_spin, lambda w: w.panel("sqrt_dk")._d, whole=True
    ),
    "keys of √d": Field(
        lambda w: raise_panel(w, "sqrt_dk")._keys_spin, lambda w: w.panel("sqrt_dk")._keys, whole=True
    ),
}


def enter(spin, text: str, pasted: bool) -> None:
    """Replace the field's text as a person would, then press Enter."""
    spin.setFocus()
    line = spin.lineEdit()
    line.selectAll()
    if text == "":
        QTest.keyClick(line, Qt.Key.Key_Delete)
    elif pasted:
        QGuiApplication.clipboard().setText(text)
        QTest.keyClick(line, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    else:
        type_text(spin, text)
    QTest.keyClick(spin, Qt.Key.Key_Return)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(FIELDS))
def test_every_typed_value_in_every_field(name, lang, make_window):
    field = FIELDS[name]
    window = make_window(make_scene((2, 1), [(1, 2), (0, 1)]), lang=lang)
    table = WHOLE if field.whole else REAL
    column = 0 if lang == "en" else 1
    problems = []
    for text, meanings in table.items():
        for pasted in (True, False):
            spin = field.find(window)
            scene, count = window.controller.scene, window.controller.undo_stack.count()
            before = field.read(window)
            enter(spin, text, pasted)
            after = field.read(window)
            how = f"{text!r} {'pasted' if pasted else 'typed'}"
            if spin.lineEdit().text() != spin.textFromValue(after):
                problems.append(f"{how}: the field shows {spin.lineEdit().text()!r}, the model has {after}")
            if not pasted:
                continue  # typed: what the field let through is what the model got (checked above)
            meaning = meanings[column]
            if meaning is None or not spin.minimum() <= meaning <= spin.maximum():
                if after != before or window.controller.scene != scene:
                    problems.append(f"{how}: refused text changed {before} to {after}")
                if window.controller.undo_stack.count() != count:
                    problems.append(f"{how}: refused text added an undo step")
            elif after != pytest.approx(meaning, abs=10 ** -spin.decimals() if not field.whole else 0):
                problems.append(f"{how}: became {after}, not {meaning}")
    assert not problems, "\n".join(problems)


def test_a_token_scenes_derived_coordinates_and_dimension_go_back_when_typed_into(make_window):
    """q, k and v of a token scene come from the tokens: a value typed into one of their fields
    is refused by the model, and the field shows what the scene holds again, as does the
    dimension box."""
    window = make_window(preset_scene("learned-projections"))
    panel = raise_panel(window, "coordinates")
    c = window.controller
    before = c.scene
    spin = panel.spin(QUERY, 0)
    shown = spin.text()
    enter(spin, "7", pasted=False)
    assert c.scene == before and c.undo_stack.count() == 0
    assert spin.text() == shown
    box = panel.findChild(QAbstractSpinBox, "dimension")
    assert not box.isEnabled() and box.value() == before.dimension  # W_Q's shape says it
    c.set_dimension(3)  # as a box typed into would: refused, and the box shows the scene's
    assert c.scene == before and box.value() == before.dimension
    # Nor do the actions that add or remove a key or a query: the tokens make them.
    for name in ("addKey", "removeKey", "addQuery", "removeQuery"):
        assert not act(window, name).isEnabled(), name
    window.controller.load(preset_scene("several-queries"))
    assert box.isEnabled() and act(window, "addQuery").isEnabled()
