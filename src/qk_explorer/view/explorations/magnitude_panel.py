"""Magnitude versus direction: scale q by a factor c and watch the product and the angle.

q = c·q₀, where q₀ is q as it was when the scaling began. The table shows the
pair before (q₀) and now (c·q₀): the product follows c, the cosine stays for
c > 0, changes sign for c < 0 and is undefined at c = 0. Every number comes
from Results (its scaling comparison from q₀, and its same-product pair); the
panel keeps only q₀, where the user began scaling, and formats.

One drag of the slider is one undo step, and so is a run of arrow keys on it.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from ...model import Scene
from ...model.same_product import NoGhost, SameProductPair, Shape
from ...model.scaling import DirectionChange, Scaling, ScalingComparison
from ...model.scene import COORDINATE_LIMIT
from ...text import numbers
from ...text.withheld import MARK
from .. import words
from ..contract import Update
from ..controller import SceneController
from ..theme import Theme
from ..widgets.norm_bars import norm_html
from ..widgets.number_spin import NumberSpin, is_being_edited

SLIDER_LIMIT = 3.0
SLIDER_STEPS_PER_UNIT = 100
ROWS = ("q", "norm_q", "dot", "cosine", "angle")


class MagnitudePanel(QWidget):
    def __init__(self, controller: SceneController, parent=None):
        super().__init__(parent)
        self.setObjectName("magnitudePanel")
        self._controller = controller
        self._scaling: Scaling | None = None
        self._serial = itertools.count(1)
        self._merge_key = self._new_key()
        self._theme: Theme | None = None
        self._lang = "en"
        self._last: Update | None = None

        self._intro = QLabel()
        self._intro.setObjectName("magnitudeIntro")
        self._intro.setWordWrap(True)
        self._factor_label = QLabel()
        self._slider = QSlider(Qt.Orientation.Horizontal)
        self._slider.setObjectName("factorSlider")
        limit = round(SLIDER_LIMIT * SLIDER_STEPS_PER_UNIT)
        self._slider.setRange(-limit, limit)
        self._slider.setSingleStep(10)
        self._slider.setPageStep(SLIDER_STEPS_PER_UNIT)
        self._slider.setTickInterval(SLIDER_STEPS_PER_UNIT)
        self._slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self._slider.setMinimumWidth(120)
        self._spin = NumberSpin()
        self._spin.setObjectName("factorSpin")
        self._spin.setRange(-COORDINATE_LIMIT, COORDINATE_LIMIT)
        self._spin.setDecimals(3)
        self._spin.setSingleStep(0.1)
        self._spin.setKeyboardTracking(False)
        self._spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
        self._spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        self._spin.setMinimumWidth(70)
        self._reset = QPushButton()
        self._reset.setObjectName("factorReset")
        factor_row = QHBoxLayout()
        factor_row.addWidget(self._factor_label)
        factor_row.addWidget(self._slider, 1)
        factor_row.addWidget(self._spin)
        factor_row.addWidget(self._reset)

        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(14)
        self._grid.setVerticalSpacing(2)
        self._grid.setColumnStretch(1, 1)
        self._grid.setColumnStretch(2, 1)
        self._before_head, self._now_head = QLabel(), QLabel()
        self._grid.addWidget(self._before_head, 0, 1)
        self._grid.addWidget(self._now_head, 0, 2)
        self._names: dict[str, QLabel] = {}
        self._before: dict[str, QLabel] = {}
        self._now: dict[str, QLabel] = {}
        for row, rid in enumerate(ROWS, start=1):
            name, before, now = QLabel(), QLabel(), QLabel()
            name.setTextFormat(Qt.TextFormat.RichText)
            before.setObjectName(f"before_{rid}")
            now.setObjectName(f"now_{rid}")
            for label in (before, now):
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                label.setWordWrap(True)
                label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            self._grid.addWidget(name, row, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            self._grid.addWidget(before, row, 1, Qt.AlignmentFlag.AlignTop)
            self._grid.addWidget(now, row, 2, Qt.AlignmentFlag.AlignTop)
            self._names[rid], self._before[rid], self._now[rid] = name, before, now
        self._verdict = QLabel()
        self._verdict.setObjectName("directionVerdict")
        self._verdict.setWordWrap(True)

        self.ghost_check = QCheckBox()
        self.ghost_check.setObjectName("showSameProductCheck")
        self._ghost = QLabel()
        self._ghost.setObjectName("sameProductText")
        self._ghost.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addWidget(self._intro)
        layout.addLayout(factor_row)
        layout.addLayout(self._grid)
        layout.addWidget(self._verdict)
        layout.addSpacing(8)
        layout.addWidget(self.ghost_check)
        layout.addWidget(self._ghost)
        layout.addStretch(1)

        self._slider.sliderPressed.connect(self._begin_step)
        self._slider.sliderReleased.connect(self._begin_step)
        self._slider.valueChanged.connect(self._slider_moved)
        self._spin.valueChanged.connect(self._typed)
        self._reset.clicked.connect(self._reset_factor)
        self.retranslate()

    # ---- options -----------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._verdict.setStyleSheet(f"color: {theme.foreground};")
        self._ghost.setStyleSheet(f"color: {theme.muted};")
        self.retranslate()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self._spin.set_language(lang)
        self.retranslate()

    def retranslate(self) -> None:
        self._intro.setText(
            self.tr(
                "Multiply q by a factor c. q₀ is q as it was when you started scaling, "
                "so q = c·q₀ at every step."
            )
        )
        self._factor_label.setText(self.tr("c"))
        self._slider.setAccessibleName(self.tr("Factor c for q"))
        self._spin.setAccessibleName(self.tr("Factor c for q"))
        self._slider.setToolTip(self.tr("Drag to scale q between −3 and 3; type any factor in the box"))
        self._reset.setText(self.tr("c = 1"))
        self._reset.setToolTip(self.tr("Put q back to q₀"))
        self.ghost_check.setText(self.tr("Show the same-product pair"))
        if self._last is not None:
            self.render(self._last.redrawn())

    # ---- reading, for tests and lesson steps --------------------------------------------

    @property
    def factor(self) -> float:
        return self._scaling.factor if self._scaling else 1.0

    @property
    def reference(self):
        return self._scaling.reference if self._scaling else None

    def text(self, column: str, rid: str) -> str:
        return (self._before if column == "before" else self._now)[rid].text()

    def verdict_text(self) -> str:
        return self._verdict.text()

    def ghost_text(self) -> str:
        return self._ghost.text()

    # ---- content -----------------------------------------------------------------------

    def highlight(self, ids) -> None:
        pass  # nothing here is a lesson row

    def render(self, update: Update) -> None:
        scene, results = update.scene, update.results
        self._last = update
        comparison = results.scaling_from(self._scaling)
        self._follow(comparison.scaling)
        self._show_factor(comparison.factor)
        self._show_table(scene, comparison, update.withheld)
        self._verdict.setText(self._verdict_text(comparison))
        # The ghost pair has the same q·k, and where there is none the angle says why: an open
        # question asking for either keeps it back.
        hidden = update.hides("dot", "angle", "cosine", "relation")
        self._ghost.setText(
            words.withheld_note() if hidden else self._ghost_text(scene, results.same_product)
        )

    def _follow(self, scaling: Scaling) -> None:
        if self._scaling is None or scaling.reference != self._scaling.reference:
            self._merge_key = self._new_key()  # q changed some other way: a new scaling begins
        self._scaling = scaling

    def _show_table(self, scene: Scene, comparison: ScalingComparison, withheld=frozenset()) -> None:
        """q₀ and c·q₀ with their numbers; what an open question withholds reads "?"."""
        lang = self._lang
        f = lambda x: numbers.number(x, lang)  # noqa: E731
        undefined = words.undefined_word()
        k = words.key_name(scene.selected_key)
        q_html, k_html = self._coloured("q", "query"), self._coloured(k, "key")
        before, now = comparison.reference, comparison.current
        self._before_head.setText(self.tr("<b>before: q₀</b>"))
        self._now_head.setText(self.tr("<b>now: c·q₀</b>"))
        self._names["q"].setText(q_html)
        self._names["norm_q"].setText(norm_html(q_html, self._names["norm_q"].font()))
        self._names["dot"].setText(f"{q_html}·{k_html}")
        self._names["cosine"].setText("cos θ")
        self._names["angle"].setText("θ")
        self._before["q"].setText(numbers.vector(comparison.scaling.reference, lang))
        self._now["q"].setText(numbers.vector(scene.query, lang))
        self._before["norm_q"].setText(f(before.norm_q))
        self._now["norm_q"].setText(f(now.norm_q))
        self._before["dot"].setText(f(before.dot))
        self._now["dot"].setText(
            self.tr("{value} = {c} × {before}").format(
                value=f(now.dot),
                c=numbers.signed(comparison.factor, lang),
                before=numbers.signed(before.dot, lang),
            )
        )
        for rid, b, n in (
            ("cosine", before.cosine, now.cosine),
            ("angle", before.angle_deg, now.angle_deg),
        ):
            show = (lambda x: numbers.angle(x, lang)) if rid == "angle" else f
            self._before[rid].setText(undefined if b is None else show(b))
            self._now[rid].setText(undefined if n is None else show(n))
        for rid in ("dot", "cosine", "angle"):
            if rid in withheld:
                self._before[rid].setText(MARK)
                self._now[rid].setText(MARK)

    def _verdict_text(self, comparison: ScalingComparison) -> str:
        c = numbers.number(comparison.factor, self._lang)
        if comparison.change is DirectionChange.KEPT:
            return self.tr(
                "c = {c} > 0: q keeps its direction. The product is c times as large; "
                "cos θ and the angle do not change."
            ).format(c=c)
        if comparison.change is DirectionChange.FLIPPED:
            return self.tr(
                "c = {c} < 0: q points the opposite way. The product changes sign, "
                "cos θ changes sign and θ becomes 180° − θ."
            ).format(c=c)
        if comparison.change is DirectionChange.LOST:
            return self.tr(
                "c = 0: q is the zero vector. The product is 0, but q has no direction, so cos θ and θ are "
                "undefined."
            )
        return self.tr(
            "q₀ or the key is the zero vector: there is no angle to keep. The product is still c times q₀·k."
        )

    def _ghost_text(self, scene: Scene, ghost: SameProductPair) -> str:
        lang = self._lang
        if ghost.missing is NoGhost.ONE_DIMENSION:
            return self.tr(
                "Same product, different angle: impossible in one dimension, where the sign of the "
                "product fixes the angle at 0° or 180°."
            )
        if ghost.missing is NoGhost.ZERO_VECTOR:
            return self.tr(
                "Same product, different angle: with a zero vector the product is 0 and there is no angle."
            )
        if ghost.missing is NoGhost.PERPENDICULAR:
            return self.tr(
                "Same product, different angle: a product of 0 between non-zero vectors always means 90°, "
                "so no other angle gives it."
            )
        g = ghost.geometry
        if ghost.shape is Shape.ALIGNED:
            text = self.tr(
                "Same product, different angle: q′ = {q} and k′ = {k} also give q′·k′ = {dot}, "
                "but they lie on one line: θ′ = {angle}."
            )
        else:
            text = self.tr(
                "Same product, different angle: q′ = {q} and k′ = {k} also give q′·k′ = {dot}, "
                "but cos θ′ = {cos} (θ′ = {angle})."
            )
        sentence = text.format(
            q=numbers.vector(ghost.query, lang),
            k=numbers.vector(ghost.key, lang),
            dot=numbers.number(g.dot, lang),
            angle=numbers.angle(g.angle_deg, lang),
            cos=numbers.number(g.cosine, lang),
        )
        return sentence + " " + self.tr("The product alone does not tell the angle.")

    def _coloured(self, text: str, role: str) -> str:
        if self._theme is None:
            return f"<b>{text}</b>"
        return f'<b style="color:{getattr(self._theme, role)}">{text}</b>'

    def _show_factor(self, c: float) -> None:
        position = round(max(-SLIDER_LIMIT, min(SLIDER_LIMIT, c)) * SLIDER_STEPS_PER_UNIT)
        if self._slider.value() != position and not self._slider.isSliderDown():
            self._slider.blockSignals(True)
            self._slider.setValue(position)
            self._slider.blockSignals(False)
        if round(self._spin.value(), 3) != round(c, 3) and not is_being_edited(self._spin):
            self._spin.blockSignals(True)
            self._spin.setValue(c)
            self._spin.blockSignals(False)

    # ---- editing -----------------------------------------------------------------------

    def _new_key(self):
        return ("scale-q", id(self), next(self._serial))

    def _begin_step(self) -> None:
        self._merge_key = self._new_key()

    def _slider_moved(self, position: int) -> None:
        self._scale(position / SLIDER_STEPS_PER_UNIT, self._merge_key)

    def _typed(self, c: float) -> None:
        self._scale(c, self._new_key())
        self._begin_step()

    def _reset_factor(self) -> None:
        self._scale(1.0, self._new_key())
        self._begin_step()

    def _scale(self, c: float, merge_key) -> None:
        scene = self._controller.scene
        before = self._merge_key
        self._follow(self._controller.results.scaling_from(self._scaling).scaling)
        if self._merge_key != before:  # a new scaling began: its first step is an undo step of its own
            merge_key = self._merge_key
        self._controller.scale_query_from(self._scaling.reference, c, merge_key)
        if self._controller.scene is scene:  # q₀ = 0: c·q₀ changes nothing, and c stays as it was
            self._show_factor(self.factor)
