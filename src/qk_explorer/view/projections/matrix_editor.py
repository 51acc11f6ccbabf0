"""One of W_Q, W_K, W_V as a small grid of typed, scrubbable entries, with its presets.

An entry commits on Enter or when focus leaves (one undo step); a scrub is one
undo step too. The preset row replaces the whole matrix: identity, rotation by
θ, scaling by s, shear by k or random entries from a seed (model/projection_presets.py).
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ...model.projection_presets import DEFAULT_PARAMETER, MatrixPreset, preset_matrix
from .. import words
from ..controller import SceneController
from ..widgets.number_spin import NumberSpin, is_being_edited
from .scrub_spin import ScrubSpin

DECIMALS = 3
SYMBOLS = {"w_q": ("W", "Q"), "w_k": ("W", "K"), "w_v": ("W", "V")}
ROLES = {"w_q": "query", "w_k": "key", "w_v": "value"}
_serial = itertools.count(1)


class MatrixEditor(QWidget):
    def __init__(self, controller: SceneController, name: str, parent=None):
        super().__init__(parent)
        self.setObjectName(f"matrix_{name}")
        self._controller = controller
        self.name = name
        self._lang = "en"
        self._id = next(_serial)  # tells this editor's scrubs from another's with the same id
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self._grid = QGridLayout()
        self._grid.setSpacing(2)
        self.spins: list[list[ScrubSpin]] = []
        self.preset = QComboBox()
        self.preset.setObjectName(f"preset_{name}")
        self._parameter_label = QLabel()
        self.parameter = NumberSpin()
        self.parameter.setObjectName(f"presetParameter_{name}")
        self.parameter.setRange(-1000, 100000)
        self.parameter.setKeyboardTracking(False)
        self.apply = QPushButton()
        self.apply.setObjectName(f"applyPreset_{name}")
        self.apply.clicked.connect(self._apply_preset)
        for preset in MatrixPreset:
            self.preset.addItem("", preset)
        self.preset.currentIndexChanged.connect(self._preset_chosen)
        row = QHBoxLayout()
        for widget in (self.preset, self._parameter_label, self.parameter, self.apply):
            row.addWidget(widget)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(self._grid)
        layout.addLayout(row)
        self._preset_chosen()
        self.retranslate()

    def retranslate(self) -> None:
        names = {
            MatrixPreset.IDENTITY: self.tr("Identity"),
            MatrixPreset.ROTATION: self.tr("Rotation by θ"),
            MatrixPreset.SCALING: self.tr("Scaling by s"),
            MatrixPreset.SHEAR: self.tr("Shear by k"),
            MatrixPreset.RANDOM: self.tr("Random, from a seed"),
        }
        for i in range(self.preset.count()):
            self.preset.setItemText(i, names[MatrixPreset(self.preset.itemData(i))])
        self.preset.setAccessibleName(self.tr("A ready-made {matrix}").format(matrix=self.symbol()))
        self.apply.setText(self.tr("Set"))
        self.apply.setToolTip(
            self.tr("Replace {matrix} by the matrix chosen beside").format(matrix=self.symbol())
        )
        self._preset_chosen()
        for r, row in enumerate(self.spins):
            for c, spin in enumerate(row):
                spin.setAccessibleName(
                    self.tr("{matrix}, row {row}, column {column}").format(
                        matrix=self.symbol(), row=r + 1, column=c + 1
                    )
                )
                spin.setToolTip(self.tr("Type a value, or drag sideways to change it (Shift: finer)"))

    def symbol(self) -> str:
        letter, index = SYMBOLS[self.name]
        return f"{letter}_{index}"

    def set_title(self, colour: str | None, shape: tuple[int, int]) -> None:
        """The matrix's symbol in its vectors' colour, and its shape d_k × d_model."""
        letter, index = SYMBOLS[self.name]
        style = f' style="color:{colour}"' if colour else ""
        d_k, d_model = shape
        self.title.setText(f"<b><span{style}>{letter}<sub>{index}</sub></span></b>&nbsp; {d_k} × {d_model}")

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.parameter.set_language(lang)
        for row in self.spins:
            for spin in row:
                spin.set_language(lang)
        self.retranslate()

    def show_matrix(self, matrix) -> None:
        shape = (len(matrix), len(matrix[0]))
        if not self.spins or (len(self.spins), len(self.spins[0])) != shape:
            self._rebuild(*shape)
        for row, values in zip(self.spins, matrix, strict=True):
            for spin, x in zip(row, values, strict=True):
                if spin.value() != x and not is_being_edited(spin):
                    spin.blockSignals(True)
                    spin.setValue(x)
                    spin.blockSignals(False)

    def _rebuild(self, rows: int, columns: int) -> None:
        for row in self.spins:
            for spin in row:
                spin.blockSignals(True)  # a box being typed in commits on hiding: not into the new shape
                self._grid.removeWidget(spin)
                spin.deleteLater()
        self.spins = []
        for r in range(rows):
            row = []
            for c in range(columns):
                spin = ScrubSpin()
                spin.setObjectName(f"{self.name}_{r}_{c}")
                spin.set_language(self._lang)
                spin.setDecimals(DECIMALS)
                spin.setMinimumWidth(spin.fontMetrics().horizontalAdvance("−0.000") + 12)
                spin.valueChanged.connect(
                    lambda x, r=r, c=c: self._controller.set_projection_entry(self.name, r, c, x)
                )
                spin.scrubbed.connect(
                    lambda x, scrub, r=r, c=c: self._controller.set_projection_entry(
                        self.name, r, c, x, merge_key=("scrub", self._id, r, c, scrub)
                    )
                )
                self._grid.addWidget(spin, r, c)
                row.append(spin)
            self.spins.append(row)
        self.retranslate()

    def _preset_chosen(self, _index: int = 0) -> None:
        preset = MatrixPreset(self.preset.currentData())  # Qt hands a StrEnum back as a str
        labels = {
            MatrixPreset.ROTATION: self.tr("θ in degrees"),
            MatrixPreset.SCALING: self.tr("s"),
            MatrixPreset.SHEAR: self.tr("k"),
            MatrixPreset.RANDOM: words.seed(),
        }
        shown = preset in labels
        self._parameter_label.setVisible(shown)
        self.parameter.setVisible(shown)
        if shown:
            self._parameter_label.setText(labels[preset])
            self.parameter.setAccessibleName(labels[preset])
            if self.parameter.property("preset") != preset.value:
                self.parameter.setProperty("preset", preset.value)
                self.parameter.setDecimals(0 if preset is MatrixPreset.RANDOM else 2)
                self.parameter.setValue(DEFAULT_PARAMETER[preset])

    def _apply_preset(self) -> None:
        tokens = self._controller.scene.tokens
        if tokens is None:
            return
        matrix = preset_matrix(
            MatrixPreset(self.preset.currentData()), tokens.d_k, tokens.d_model, self.parameter.value()
        )
        self._controller.set_projection(self.name, matrix)
