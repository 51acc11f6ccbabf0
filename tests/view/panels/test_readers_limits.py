"""Every value the scene reader accepts is one the window can show: a scene at the edges of what a file
may hold opens through File ▸ Open, and each control of the Attention panel holds its exact value
(a spin box that cannot hold it used to raise at every update, or clamp it to another number)."""

import json

import pytest
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox

from qk_explorer.model.limits import MAX_DROPOUT, SCALE_LIMIT
from qk_explorer.model.scene_file import read_scene

from .test_attention_panel import panel_of

BASE = {"queries": [[1, 2], [2, 1]], "keys": [[1, 0], [0, 1]]}

EDGES = [
    {"dropout_p": 0.5, "dropout_seed": 2**31},  # the first seed a 32-bit spin box cannot hold
    {"dropout_p": MAX_DROPOUT, "dropout_seed": 2**32 - 1},
    {"dropout_p": 0.01, "dropout_seed": 0},  # below the p the panel offers by its arrows
    {"dropout_p": 1e-9, "dropout_seed": 7},
    {"scale": SCALE_LIMIT, "scoring": "cosine", "cosine_multiplier": -SCALE_LIMIT},
    {"scale": -SCALE_LIMIT, "cosine_multiplier": SCALE_LIMIT},
]


@pytest.mark.parametrize("fields", EDGES, ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()))
def test_a_scene_at_the_readers_limits_opens_and_every_control_holds_its_value(fields, make_window, tmp_path):
    path = tmp_path / "edge.qkscene.json"
    path.write_text(json.dumps({**BASE, **fields}))
    scene = read_scene(path.read_bytes())
    window = make_window()
    assert window.desktop.documents.open_path(str(path))
    assert window.controller.scene == scene
    panel = panel_of(window)
    spins = {spin.objectName(): spin for spin in panel.findChildren(QAbstractSpinBox)}
    dropout_on = scene.dropout_p > 0
    assert panel.findChild(QCheckBox, "dropout").isChecked() == dropout_on
    if dropout_on:
        assert spins["dropoutP"].value() == scene.dropout_p
        assert spins["dropoutSeed"].value() == scene.dropout_seed
        assert spins["dropoutSeed"].text() == str(scene.dropout_seed)
    if scene.scale is not None:
        assert spins["scale"].value() == scene.scale
    assert spins["cosineMultiplier"].value() == scene.cosine_multiplier
    # Showing it changed nothing: the scene is still the file's and not modified.
    assert window.controller.scene == scene and not window.isWindowModified()


def test_a_seed_typed_up_to_the_readers_limit_is_the_scenes(make_window, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from qk_explorer.model import make_scene

    window = make_window(make_scene((1, 2), [(1, 0), (0, 1)], dropout_p=0.5, dropout_seed=3))
    seed = {s.objectName(): s for s in panel_of(window).findChildren(QAbstractSpinBox)}["dropoutSeed"]
    seed.setFocus()
    seed.selectAll()
    QTest.keyClicks(seed, str(2**32 - 1))
    QTest.keyClick(seed, Qt.Key.Key_Return)
    assert window.controller.scene.dropout_seed == 2**32 - 1
    assert seed.text() == "4294967295"
    seed.selectAll()
    QTest.keyClicks(seed, "1,5")  # no thousands separator gets in: the comma is refused as typed
    assert seed.text() == "15"
