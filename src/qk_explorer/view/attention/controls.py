"""The attention panel's settings: the scoring rule and its multiplier, both rules side by side,
an own scale, dropout (p and seed), and the buttons that add and remove keys.

They show the scene's settings, which no drag changes: they are brought up to date when a
setting or the selected key changes (a shortcut pressed mid-drag included), not at every
step. A field holding typed text not yet committed is left alone, and catches up after.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from ...model import Results, Scene
from ...model.scene import MAX_DROPOUT, MAX_DROPOUT_SEED, SCALE_LIMIT, UI_MAX_KEYS, Scoring
from .. import words
from ..contract import Update
from ..controller import SceneController
from ..theme import Theme
from ..widgets.number_spin import NumberSpin, WideWholeNumberSpin, is_being_edited

DEFAULT_DROPOUT = 0.25
MIN_DROPOUT_STEP = 0.05  # the least p the arrows go to (a file may hold a smaller one)
# The words keep the attention panel's context: its Spanish catalogue has them under that name.
translate = QCoreApplication.translate


class AttentionControls(QWidget):
    compareToggled = Signal(bool)  # the user asked for both rules side by side, or not

    def __init__(self, controller: SceneController, parent=None):
        super().__init__(parent)
        self._controller = controller
        self._lang = "en"
        self._compare = False
        self._syncing = False
        self._behind = False  # a field kept typed text at the last update: it catches up at the next
        self._scoring_label = QLabel()
        self._scoring = QComboBox()
        self._scoring.setObjectName("scoring")
        self._scoring.addItems(["", ""])
        self._scoring.currentIndexChanged.connect(self._scoring_chosen)
        self._multiplier_label = QLabel()
        self._multiplier = self._double_spin("cosineMultiplier", -SCALE_LIMIT, SCALE_LIMIT, 3, 0.5)
        self._multiplier.valueChanged.connect(self._multiplier_edited)
        self._compare_box = QCheckBox()
        self._compare_box.setObjectName("compare")
        self._compare_box.toggled.connect(self.compareToggled)
        self._scale_box = QCheckBox()
        self._scale_box.setObjectName("customScale")
        self._scale_box.toggled.connect(self._scale_toggled)
        self._scale = self._double_spin("scale", -SCALE_LIMIT, SCALE_LIMIT, 4, 0.05)
        self._scale.valueChanged.connect(self._scale_edited)
        self._dropout_box = QCheckBox()
        self._dropout_box.setObjectName("dropout")
        self._dropout_box.toggled.connect(self._dropout_toggled)
        self._p_label = QLabel("p")
        self._p_label.setObjectName("dropoutPLabel")
        self._p = self._double_spin("dropoutP", MIN_DROPOUT_STEP, MAX_DROPOUT, 2, MIN_DROPOUT_STEP)
        self._p.setValue(DEFAULT_DROPOUT)
        self._p.valueChanged.connect(self._dropout_edited)
        self._seed_label = QLabel()
        self._seed_label.setObjectName("dropoutSeedLabel")
        self._seed = WideWholeNumberSpin()
        self._seed.setObjectName("dropoutSeed")
        self._seed.setRange(0, MAX_DROPOUT_SEED)
        self._seed.setKeyboardTracking(False)
        self._seed.valueChanged.connect(self._dropout_edited)
        self._add = QPushButton()
        self._add.setObjectName("addKey")
        self._add.clicked.connect(controller.add_key)
        self._remove = QPushButton()
        self._remove.setObjectName("removeKey")
        self._remove.clicked.connect(lambda: controller.remove_key(controller.scene.selected_key))
        self._lay_out()
        self.set_language(self._lang)

    def _lay_out(self) -> None:
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        # Each wide control on a line of its own: side by side they made the panel wider than
        # its dock in large type (the projector theme in Spanish).
        grid.addWidget(self._scoring_label, 0, 0, 1, 4)
        grid.addWidget(self._scoring, 1, 0, 1, 4)
        grid.addWidget(self._multiplier_label, 2, 0)
        grid.addWidget(self._multiplier, 2, 1, 1, 3)
        grid.addWidget(self._compare_box, 3, 0, 1, 4)
        grid.addWidget(self._scale_box, 4, 0)
        grid.addWidget(self._scale, 4, 1, 1, 3)
        # "p" and "seed" end where the first column ends, and their fields line up with the scale's.
        dropout_row = QHBoxLayout()
        dropout_row.addWidget(self._dropout_box)
        dropout_row.addStretch(1)
        dropout_row.addWidget(self._p_label)
        grid.addLayout(dropout_row, 5, 0)
        grid.addWidget(self._p, 5, 1, 1, 3)
        grid.addWidget(self._seed_label, 6, 0, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self._seed, 6, 1, 1, 3)
        buttons = QHBoxLayout()
        buttons.addWidget(self._add)
        buttons.addWidget(self._remove)
        buttons.addStretch(1)
        grid.addLayout(buttons, 7, 0, 1, 4)
        grid.setColumnStretch(1, 1)

    def _double_spin(self, name: str, low: float, high: float, decimals: int, step: float) -> NumberSpin:
        spin = NumberSpin()  # reads a decimal point or comma as the other number fields do
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setDecimals(decimals)
        spin.setSingleStep(step)
        spin.setKeyboardTracking(False)
        spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
        return spin

    # ---- options ------------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        """The application's style and palette colour the controls."""

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for spin in (self._multiplier, self._scale, self._p):
            spin.set_language(lang)
        self._scoring_label.setText(translate("AttentionPanel", "Scoring"))
        self._scoring.setItemText(0, translate("AttentionPanel", "scaled dot product q·kᵢ"))
        self._scoring.setItemText(1, translate("AttentionPanel", "cosine cos(q, kᵢ) × multiplier"))
        self._multiplier_label.setText(translate("AttentionPanel", "Multiplier"))
        self._multiplier.setToolTip(
            translate("AttentionPanel", "Cosine scoring multiplies each cosine by this number")
        )
        # Short: a check box does not wrap.
        self._compare_box.setText(translate("AttentionPanel", "Compare both rules"))
        self._compare_box.setToolTip(
            translate("AttentionPanel", "Show both rules' weights side by side, in the table and the chart")
        )
        self._scale_box.setText(translate("AttentionPanel", "Own scale"))
        self._scale_box.setToolTip(
            translate("AttentionPanel", "Replace 1/√d_k by a scale of your own (PyTorch's scale= argument)")
        )
        self._dropout_box.setText(translate("AttentionPanel", "Dropout"))
        self._dropout_box.setToolTip(
            translate(
                "AttentionPanel",
                "Training-mode dropout on the weights, as PyTorch's dropout_p: off by default",
            )
        )
        self._seed_label.setText(words.seed())
        self._p.setToolTip(translate("AttentionPanel", "Probability that a weight is dropped"))
        self._seed.setToolTip(translate("AttentionPanel", "The same seed drops the same keys"))
        self._add.setText(words.add_key())
        self._scale.setAccessibleName(translate("AttentionPanel", "Own scale"))
        self._p.setAccessibleName(translate("AttentionPanel", "Dropout probability p"))
        self._seed.setAccessibleName(translate("AttentionPanel", "Dropout seed"))
        self._add.setToolTip(
            translate("AttentionPanel", "Add a key and its value (at most {n})").format(n=UI_MAX_KEYS)
        )

    def set_compare(self, on: bool) -> None:
        """Check the comparison's box (without asking for it again) and show the multiplier with it."""
        self._compare = on
        if self._compare_box.isChecked() != on:
            self._compare_box.blockSignals(True)
            self._compare_box.setChecked(on)
            self._compare_box.blockSignals(False)

    # ---- content ------------------------------------------------------------------------

    def render(self, update: Update) -> None:
        scene, results, change = update.scene, update.results, update.change
        if change.everything or change.selection or self._behind:
            self.show_settings(scene, results)

    def show_settings(self, scene: Scene, results: Results) -> None:
        """Bring every control to the scene's settings."""
        self._syncing = True
        self._behind = False
        try:
            index = 1 if scene.scoring is Scoring.COSINE else 0
            if self._scoring.currentIndex() != index:
                self._scoring.setCurrentIndex(index)
            self._set_spin(self._multiplier, scene.cosine_multiplier)
            cosine_shown = index == 1 or self._compare
            if self._multiplier.isVisibleTo(self) != cosine_shown:
                self._multiplier.setVisible(cosine_shown)
                self._multiplier_label.setVisible(cosine_shown)
            own = scene.scale is not None
            if self._scale_box.isChecked() != own:
                self._scale_box.setChecked(own)
            self._set_spin(self._scale, results.dot_attention.scale)
            self._scale.setEnabled(own)
            on = scene.dropout_p > 0
            if self._dropout_box.isChecked() != on:
                self._dropout_box.setChecked(on)
            if on:
                # A file may hold a p below the panel's least step: the field goes down to it.
                self._p.setMinimum(min(MIN_DROPOUT_STEP, scene.dropout_p))
                self._set_spin(self._p, scene.dropout_p)
            if self._seed.value() != scene.dropout_seed:
                if is_being_edited(self._seed):
                    self._behind = True
                else:
                    self._seed.setValue(scene.dropout_seed)
            for widget in (self._p, self._seed, self._p_label, self._seed_label):
                widget.setEnabled(on)
            free = scene.tokens is None  # a token scene's keys come from its tokens
            self._add.setEnabled(free and scene.key_count < UI_MAX_KEYS)
            self._remove.setEnabled(free and scene.key_count > 1)
            remove = translate("AttentionPanel", "Remove {key}").format(
                key=words.key_name(scene.selected_key)
            )
            if self._remove.text() != remove:
                self._remove.setText(remove)
        finally:
            self._syncing = False

    def _set_spin(self, spin: QDoubleSpinBox, value: float) -> None:
        if spin.value() == round(value, spin.decimals()):
            return
        if is_being_edited(spin):
            self._behind = True
        else:
            spin.setValue(value)

    # ---- input ----------------------------------------------------------------------------

    def _scoring_chosen(self, index: int) -> None:
        if not self._syncing:
            self._controller.set_scoring(Scoring.COSINE if index == 1 else Scoring.DOT)

    def _multiplier_edited(self, value: float) -> None:
        if not self._syncing:
            self._controller.set_scoring(self._controller.scene.scoring, value)

    def _scale_toggled(self, on: bool) -> None:
        self._scale.setEnabled(on)
        if not self._syncing:
            self._controller.set_scale(self._scale.value() if on else None)

    def _scale_edited(self, value: float) -> None:
        if not self._syncing and self._scale_box.isChecked():
            self._controller.set_scale(value)

    def _dropout_toggled(self, on: bool) -> None:
        if not self._syncing:
            self._controller.set_dropout(self._p.value() if on else 0.0, self._seed.value())

    def _dropout_edited(self, _value=None) -> None:
        if not self._syncing and self._dropout_box.isChecked():
            self._controller.set_dropout(self._p.value(), self._seed.value())
