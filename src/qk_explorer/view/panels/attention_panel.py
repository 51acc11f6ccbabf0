"""Attention over every key: score → scaled logit → softmax weight → output, live.

One table row per key (its name, whether it takes part, its score, scaled
logit and weight, the weight also as a bar), the scale used, the sums, the
output Σ wᵢvᵢ, a bar chart of the weights and the controls of the scoring
rule, the scale, dropout and the keys. Every number comes from Results; the
panel only formats it. While the user drags, cells and bars are updated in
place: widgets are built again only when the number of keys changes. Mid-drag
only the rows and the chart in sight are brought up to date; the rest catch up
when they come into sight, are read, or the drag ends.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QIcon,
    QPixmap,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...model import Results, Scene
from ...model.attention import Attention
from ...model.change import EVERYTHING, SceneChange
from ...model.lesson import ATTENTION_ROWS
from ...model.results import other_rule
from ...model.scene import MAX_DROPOUT, QUERY, SCALE_LIMIT, UI_MAX_KEYS, Scoring, key_ref
from ...text import numbers
from .. import words
from ..controller import SceneController
from ..key_palette import key_colour
from ..theme import Theme
from .attention_table import AttentionTable
from .live_label import LiveLabel
from .number_spin import NumberSpin, WholeNumberSpin, is_being_edited
from .weights_chart import WeightsChart

COLUMNS = ("key", "mask", "score", "logit", "weight", "other", "dropout")
NUMBER_COLUMNS = tuple(COLUMNS.index(c) for c in ("score", "logit", "weight", "other", "dropout"))
HIGHLIGHTS = ATTENTION_ROWS  # the quantities a lesson step may highlight
_COLUMN_OF_HIGHLIGHT = {"scores": "score", "logits": "logit", "weights": "weight"}
DASH = "—"
DROPPED = "✕"
TABLE_TYPE_SCALES = (1.0, 0.95, 0.9, 0.85)  # how far the table's type may shrink to fit its columns
DEFAULT_DROPOUT = 0.25


class AttentionPanel(QWidget):
    compareChanged = Signal(bool)
    highlightChanged = Signal(object)  # the set of ids now highlighted

    def __init__(self, controller: SceneController, parent=None):
        super().__init__(parent)
        self.setObjectName("attentionPanel")
        self._controller = controller
        self._theme: Theme | None = None
        self._lang = "en"
        self._last: tuple[Scene, Results] | None = None
        self._compare = False
        self._map_legend = False
        self._highlighted: set[str] = set()
        self._syncing = False
        self._controls_show: tuple | None = None  # the settings the controls were last brought to
        self._rows = 0
        self._mask_boxes: list[QCheckBox] = []
        self._swatches: dict[int, QIcon] = {}
        self._sizing = None
        self._headed = None  # what the headers were last made for
        # Mid-drag only the rows in sight are filled; the others wait (the arguments of
        # _fill_rows and those rows) until they are painted, read, or the drag ends.
        self._waiting_rows: tuple[tuple, set[int]] | None = None

        self._heading = QLabel()
        self._heading.setObjectName("attentionHeading")
        self._heading.setWordWrap(True)
        self._table = self._make_table()
        self._table.installEventFilter(self)
        self._table.viewport().installEventFilter(self)
        controller.draggingChanged.connect(self._dragging_changed)

        self._texts: dict[str, QLabel] = {}
        self._frames: dict[str, QFrame] = {}
        summary = QVBoxLayout()
        summary.setSpacing(2)
        for rid in ("scale", "sum", "output", "dropout", "reason", "other_reason"):
            frame = QFrame(self)
            frame.setObjectName(f"attention_{rid}")
            # Opaque: a number changing inside repaints this line only, not the panel behind it.
            frame.setAutoFillBackground(True)
            label = LiveLabel(frame)
            label.setObjectName(f"attentionText_{rid}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            inner = QVBoxLayout(frame)
            inner.setContentsMargins(4, 1, 4, 1)
            inner.addWidget(label)
            summary.addWidget(frame)
            self._texts[rid], self._frames[rid] = label, frame

        self.chart = WeightsChart(self)
        self._legend = QLabel()
        self._legend.setObjectName("attentionLegend")
        self._legend.setWordWrap(True)
        self._legend.setTextFormat(Qt.TextFormat.RichText)

        layout = QVBoxLayout(self)
        layout.addWidget(self._heading)
        layout.addWidget(self._table)
        layout.addLayout(summary)
        layout.addWidget(self.chart)
        layout.addWidget(self._legend)
        layout.addLayout(self._make_controls())
        layout.addStretch(1)
        self.retranslate()

    # ---- building ----------------------------------------------------------------------

    def _make_table(self) -> AttentionTable:
        table = AttentionTable(len(COLUMNS), NUMBER_COLUMNS, self)
        table.setObjectName("attentionTable")
        table.verticalHeader().setVisible(False)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        header = table.horizontalHeader()
        header.setMinimumSectionSize(20)
        for c in range(len(COLUMNS)):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
            table.setHorizontalHeaderItem(c, QTableWidgetItem())
        table.itemSelectionChanged.connect(self._selection_changed)
        return table

    def _make_controls(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
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
        self._compare_box.toggled.connect(self.set_compare)
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
        self._p = self._double_spin("dropoutP", 0.05, MAX_DROPOUT, 2, 0.05)
        self._p.setValue(DEFAULT_DROPOUT)
        self._p.valueChanged.connect(self._dropout_edited)
        self._seed_label = QLabel()
        self._seed_label.setObjectName("dropoutSeedLabel")
        self._seed = WholeNumberSpin()
        self._seed.setObjectName("dropoutSeed")
        self._seed.setRange(0, 2**31 - 1)
        self._seed.setKeyboardTracking(False)
        self._seed.valueChanged.connect(self._dropout_edited)
        self._add = QPushButton()
        self._add.setObjectName("addKey")
        self._add.clicked.connect(self._controller.add_key)
        self._remove = QPushButton()
        self._remove.setObjectName("removeKey")
        self._remove.clicked.connect(lambda: self._controller.remove_key(self._controller.scene.selected_key))

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
        return grid

    def _double_spin(self, name: str, low: float, high: float, decimals: int, step: float) -> NumberSpin:
        spin = NumberSpin()  # reads a decimal point or comma as the other number fields do
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setDecimals(decimals)
        spin.setSingleStep(step)
        spin.setKeyboardTracking(False)
        spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
        spin.set_language(self._lang)
        return spin

    def _rebuild_rows(self, count: int) -> None:
        table = self._table
        self._syncing = True
        table.setRowCount(count)
        table.forget_cells()
        self._mask_boxes = []
        for r in range(count):
            for c, cid in enumerate(COLUMNS):
                if cid == "mask":
                    continue
                item = QTableWidgetItem("")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                if cid != "key":
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(r, c, item)
            box = QCheckBox()
            box.setObjectName(f"mask_{r}")
            box.toggled.connect(lambda on, i=r: self._mask_toggled(i, on))
            holder = QWidget()
            holder_layout = QHBoxLayout(holder)
            holder_layout.setContentsMargins(0, 0, 0, 0)
            holder_layout.addWidget(box, 0, Qt.AlignmentFlag.AlignCenter)
            table.setCellWidget(r, COLUMNS.index("mask"), holder)
            self._mask_boxes.append(box)
        self._rows = count
        self._syncing = False
        self._fit_table_height()
        self._retranslate_rows()
        self._apply_highlight()

    def _fit_table_height(self) -> None:
        table = self._table
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        header = table.horizontalHeader().sizeHint().height()
        bar = table.horizontalScrollBar().sizeHint().height()
        scrolls = table.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        height = header + rows + 2 * table.frameWidth() + 2 + (bar if scrolls else 0)
        if table.height() != height or table.minimumHeight() != height:
            table.setFixedHeight(height)

    # ---- options ----------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.chart.set_theme(theme)
        self._texts["dropout"].setStyleSheet(f"color: {theme.query};")
        for rid in ("reason", "other_reason"):
            self._texts[rid].setStyleSheet(f"color: {theme.muted};")
        self._apply_highlight()
        self.retranslate()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for spin in (self._multiplier, self._scale, self._p):
            spin.set_language(lang)
        self.chart.set_language(lang)
        self.retranslate()

    def set_compare(self, on: bool) -> None:
        """Show dot-product and cosine weights side by side (table and chart)."""
        on = bool(on)
        if self._compare_box.isChecked() != on:
            self._compare_box.setChecked(on)  # comes back here through toggled
            return
        if on != self._compare:
            self._compare = on
            self.compareChanged.emit(on)
            self._refresh()

    @property
    def compare(self) -> bool:
        return self._compare

    def set_map_legend(self, on: bool) -> None:
        """Colour swatches by the keys' names and a line of legend while the winner map is shown."""
        self._map_legend = bool(on)
        self._retranslate_rows()
        self._refresh()

    def highlight(self, ids) -> None:
        """Mark the quantities a lesson step talks about: ids from HIGHLIGHTS."""
        self._highlighted = set(ids) & set(HIGHLIGHTS)
        self._apply_highlight()
        self.highlightChanged.emit(set(self._highlighted))

    def retranslate(self) -> None:
        self._scoring_label.setText(self.tr("Scoring"))
        self._scoring.setItemText(0, self.tr("scaled dot product q·kᵢ"))
        self._scoring.setItemText(1, self.tr("cosine cos(q, kᵢ) × multiplier"))
        self._multiplier_label.setText(self.tr("Multiplier"))
        self._multiplier.setToolTip(self.tr("Cosine scoring multiplies each cosine by this number"))
        self._compare_box.setText(self.tr("Compare both rules"))  # short: a check box does not wrap
        self._compare_box.setToolTip(
            self.tr("Show both rules' weights side by side, in the table and the chart")
        )
        self._scale_box.setText(self.tr("Own scale"))
        self._scale_box.setToolTip(
            self.tr("Replace 1/√d_k by a scale of your own (PyTorch's scale= argument)")
        )
        self._dropout_box.setText(self.tr("Dropout"))
        self._dropout_box.setToolTip(
            self.tr("Training-mode dropout on the weights, as PyTorch's dropout_p: off by default")
        )
        self._seed_label.setText(self.tr("seed"))
        self._p.setToolTip(self.tr("Probability that a weight is dropped"))
        self._seed.setToolTip(self.tr("The same seed drops the same keys"))
        self._add.setText(self.tr("Add key"))
        self._table.setAccessibleName(self.tr("Attention per key: score, scaled logit and weight"))
        self._scale.setAccessibleName(self.tr("Own scale"))
        self._p.setAccessibleName(self.tr("Dropout probability p"))
        self._seed.setAccessibleName(self.tr("Dropout seed"))
        self._add.setToolTip(self.tr("Add a key and its value (at most {n})").format(n=UI_MAX_KEYS))
        self._retranslate_rows()
        self._refresh()

    def _retranslate_rows(self) -> None:
        for r, box in enumerate(self._mask_boxes):
            box.setAccessibleName(self.tr("{key} takes part").format(key=words.key_name(r)))
            box.setToolTip(
                self.tr("Checked: {key} takes part in softmax (mask True)").format(key=words.key_name(r))
            )
        for r in range(self._rows):
            item = self._table.item(r, 0)
            item.setText(words.key_name(r))
            item.setIcon(self._swatch(r) if self._map_legend else QIcon())
            if self._theme is not None:
                item.setForeground(QColor(self._theme.key))

    def _swatch(self, index: int) -> QIcon:
        colour = key_colour(index).name()
        if colour not in self._swatches:
            pixmap = QPixmap(12, 12)
            pixmap.fill(key_colour(index))
            self._swatches[colour] = QIcon(pixmap)
        return self._swatches[colour]

    def _refresh(self) -> None:
        if self._last is not None:
            self.show_results(*self._last)

    # ---- reading (tests and lessons) ----------------------------------------------------

    def cell_text(self, row: int, column: str) -> str:
        self._fill_waiting_rows()
        if column == "mask":
            return "✓" if self._mask_boxes[row].isChecked() else ""
        c = COLUMNS.index(column)
        return self._table.cell(row, c)[0] if c in NUMBER_COLUMNS else self._table.item(row, c).text()

    def column_texts(self, column: str) -> list[str]:
        return [self.cell_text(r, column) for r in range(self._rows)]

    def column_shown(self, column: str) -> bool:
        return not self._table.isColumnHidden(COLUMNS.index(column))

    def header_text(self, column: str) -> str:
        return self._table.horizontalHeaderItem(COLUMNS.index(column)).text()

    def text(self, rid: str) -> str:
        """The plain text of a summary line: "scale", "sum", "output", "dropout", "reason", "other_reason"."""
        label = self._texts[rid]
        if not label.isVisibleTo(self):
            return ""
        doc = QTextDocument()
        doc.setHtml(label.text())
        return doc.toPlainText()

    def mask_box(self, row: int) -> QCheckBox:
        return self._mask_boxes[row]

    @property
    def table(self) -> QTableWidget:
        return self._table

    def selected_row(self) -> int | None:
        rows = self._table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def all_texts(self) -> list[str]:
        """Every string the panel shows, for checks that no NaN or infinity slips through."""
        texts = [self._heading.text(), self._legend.text()]
        texts += [label.text() for label in self._texts.values()]
        for r in range(self._rows):
            texts += [self.cell_text(r, c) for c in COLUMNS]
        texts += [self.header_text(c) for c in COLUMNS]
        texts.append(self.chart.undefined_text())
        return texts

    # ---- content ----------------------------------------------------------------------------

    def show_results(self, scene: Scene, results: Results, change: SceneChange = EVERYTHING) -> None:
        self._last = (scene, results)
        if scene.key_count != self._rows:
            self._rebuild_rows(scene.key_count)
        att = results.attention
        # The other rule is computed only when shown (compare on): a drag does not pay for it.
        other = results.comparison if self._compare else None
        dropout = att.dropout
        show_other = self._compare
        show_dropout = dropout is not None

        self._set_heading(scene, att)
        self._set_headers(att, show_other, show_dropout)
        # Many cells change at once while the user drags: let the model stay quiet and
        # repaint just those cells, in one go (the check boxes in between stay as they are).
        filling = (scene, att, other, dropout, show_other, show_dropout)
        rows = self._rows_in_sight() if self._controller.dragging else range(scene.key_count)
        waiting = set(range(scene.key_count)).difference(rows)
        self._waiting_rows = (filling, waiting) if waiting else None
        self._fill_quietly(filling, rows, repaint=True)
        self._set_summary(scene, att, other, show_other)
        self._set_chart(scene, att, other, show_other)
        self._set_legend(show_other, show_dropout, att, other)
        # The controls show the scene's settings, which no drag changes: mid-drag they are
        # brought up to date only if one of them did change (a shortcut pressed while dragging).
        settings = (scene.scoring, scene.cosine_multiplier, scene.scale, results.dot_attention.scale)
        settings += (scene.dropout_p, scene.dropout_seed, scene.key_count, scene.selected_key)
        settings += (self._compare, self._lang)
        if not self._controller.dragging or settings != self._controls_show:
            self._sync_controls(scene, results)
            self._controls_show = settings
        self._sync_selection()

    def _fill_quietly(self, filling: tuple, rows, repaint: bool) -> None:
        # Many cells change at once while the user drags: let the model stay quiet and
        # repaint just those cells, in one go (the check boxes in between stay as they are).
        model = self._table.model()
        model.blockSignals(True)
        try:
            self._fill_rows(*filling, rows)
        finally:
            model.blockSignals(False)
        if repaint:
            self._table.repaint_changed()

    def _rows_in_sight(self) -> range:
        """The rows the dock shows: with many keys most of the table is scrolled out of sight."""
        return self._rows_crossing(self._table.viewport().visibleRegion().boundingRect())

    def _rows_crossing(self, rect: QRect) -> range:
        table = self._table
        first = table.rowAt(rect.top()) if not rect.isEmpty() else -1
        if first < 0:
            return range(0)
        last = table.rowAt(rect.bottom())
        return range(first, (self._rows - 1 if last < 0 else last) + 1)

    def _fill_waiting_rows(self, within: QRect | None = None) -> None:
        """Fill rows left out mid-drag: all of them, or those crossing `within` (about to be painted)."""
        if self._waiting_rows is None:
            return
        filling, waiting = self._waiting_rows
        rows = waiting if within is None else waiting.intersection(self._rows_crossing(within))
        if not rows:
            return
        self._waiting_rows = (filling, waiting - rows) if waiting - rows else None
        self._fill_quietly(filling, sorted(rows), repaint=within is None)

    def _dragging_changed(self, dragging: bool) -> None:
        self._table.hold(dragging)
        if not dragging:
            self._fill_waiting_rows()

    def _fill_rows(self, scene, att, other, dropout, show_other: bool, show_dropout: bool, rows) -> None:
        lang = self._lang
        key_ink = self._theme.key if self._theme else "#0072b2"
        muted = QColor(self._theme.muted) if self._theme else QColor("#777777")
        ink = QColor(self._theme.foreground) if self._theme else QColor("#000000")
        warn = QColor(self._theme.query) if self._theme else QColor("#d55e00")
        other_ink = self._theme.muted if self._theme else "#777777"
        for r in rows:
            takes_part = scene.mask[r]
            box = self._mask_boxes[r]
            if box.isChecked() != takes_part:
                box.blockSignals(True)
                box.setChecked(takes_part)
                box.blockSignals(False)
            row_ink = ink if takes_part else muted
            self._set_cell(r, "score", self._score_text(att.scores[r], takes_part), row_ink)
            self._set_cell(r, "logit", self._score_text(att.logits[r], takes_part), row_ink)
            self._set_weight(r, "weight", att, takes_part, row_ink, key_ink)
            if show_other:
                self._set_weight(r, "other", other, takes_part, row_ink, other_ink)
            if show_dropout:
                kept = dropout.kept[r]
                w = dropout.weights[r]
                if not takes_part:
                    self._set_cell(r, "dropout", "0", muted, 0.0, other_ink)
                elif kept:
                    top = max(1.0, *dropout.weights)
                    self._set_cell(
                        r, "dropout", numbers.number(w, lang, 3, fixed=True), ink, w / top, key_ink
                    )
                else:
                    self._set_cell(r, "dropout", f"{DROPPED} 0", warn, 0.0, other_ink)

    def _score_text(self, x: float | None, takes_part: bool) -> str:
        return numbers.number(x, self._lang) if takes_part and x is not None else DASH

    def _set_weight(self, r: int, column: str, att: Attention, takes_part: bool, ink, bar) -> None:
        if att.weights is None:
            self._set_cell(r, column, DASH, ink, 0.0, bar)
        elif not takes_part:
            self._set_cell(r, column, "0", ink, 0.0, bar)
        else:
            w = att.weights[r]
            self._set_cell(r, column, numbers.number(w, self._lang, 3, fixed=True), ink, w, bar)

    def _set_cell(self, r: int, column: str, text: str, ink=None, bar: float | None = None, bar_colour=None):
        cell = (text, None if ink is None else ink.rgba(), bar, bar_colour)
        self._table.set_cell(r, COLUMNS.index(column), cell)

    def _set_heading(self, scene: Scene, att: Attention) -> None:
        taking_part = sum(scene.mask)
        text = self.tr(
            "<b>Attention of q over its keys</b>: {n} in all, {m} taking part; d<sub>k</sub> = {d}"
        ).format(n=scene.key_count, m=taking_part, d=att.d_k)
        if self._heading.text() != text:
            self._heading.setText(text)

    def _rule_name(self, att: Attention) -> str:
        return self.tr("cosine") if att.scoring is Scoring.COSINE else self.tr("dot product")

    def _set_headers(self, att: Attention, show_other: bool, show_dropout: bool) -> None:
        table = self._table
        made_for = (att.scoring, show_other, show_dropout, self._lang, self._map_legend)
        if (made_for, table.font().key()) == self._headed:  # as at almost every step of a drag
            return
        self._headed = (made_for, table.font().key())
        short = {Scoring.DOT: "q·k", Scoring.COSINE: "cos"}
        texts = {
            "key": self.tr("key"),
            "mask": self.tr("takes\npart"),
            "score": self.tr("cosine\ncos(q, kᵢ)")
            if att.scoring is Scoring.COSINE
            else self.tr("score\nq·kᵢ"),
            "logit": self.tr("scaled\nlogit"),
            "weight": self.tr("weight\n({rule})").format(rule=short[att.scoring]),
            "other": self.tr("weight\n({rule})").format(rule=short[other_rule(att.scoring)]),
            "dropout": self.tr("after\ndropout"),
        }
        changed = False
        for c, cid in enumerate(COLUMNS):
            item = table.horizontalHeaderItem(c)
            if item.text() != texts[cid]:
                item.setText(texts[cid])
                changed = True
        for cid, shown in (("other", show_other), ("dropout", show_dropout)):
            c = COLUMNS.index(cid)
            if table.isColumnHidden(c) == shown:
                table.setColumnHidden(c, not shown)
                changed = True
        sizing = (self._map_legend, table.font().toString())
        if changed or sizing != self._sizing:
            self._sizing = sizing
            self._fit_columns()

    def _fit_columns(self) -> None:
        """Every column at least as wide as its header and a number like −0.000; spare width to the numbers.

        Where that is wider than the panel (large type in Spanish on a projector), the table's
        type shrinks a little first; only then does the table scroll sideways, never cutting text.
        """
        table = self._table
        header = table.horizontalHeader()
        shown = [c for c in range(len(COLUMNS)) if not table.isColumnHidden(c)]
        # From the table's own size: on a resize its viewport catches up only afterwards.
        room = table.contentsRect().width()
        base = self.font()
        for scale in TABLE_TYPE_SCALES:
            font = QFont(base)
            font.setPointSizeF(base.pointSizeF() * scale)
            least = self._least_widths(QFontMetrics(font), shown)
            if sum(least.values()) <= room:
                break
        if table.font() != font:
            table.setFont(font)
            self._apply_highlight()  # the headers carry fonts of their own (bold when highlighted)
        spare = max(0, room - sum(least.values()))
        numeric = [c for c in shown if COLUMNS[c] not in ("key", "mask")]
        share = sum(least[c] for c in numeric) or 1
        given = 0
        for c in shown:
            width = least[c]
            if c in numeric:
                extra = spare * least[c] // share if c != numeric[-1] else spare - given
                given += extra
                width += extra
            if header.sectionSize(c) != width:
                header.resizeSection(c, width)
        scrolls = sum(least.values()) > room
        policy = Qt.ScrollBarPolicy.ScrollBarAsNeeded if scrolls else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        if table.horizontalScrollBarPolicy() != policy:
            table.setHorizontalScrollBarPolicy(policy)
        self._fit_table_height()

    def _least_widths(self, metrics: QFontMetrics, shown) -> dict[int, int]:
        least = {}
        for c in shown:
            cid = COLUMNS[c]
            lines = self._table.horizontalHeaderItem(c).text().split("\n")
            samples = ["k₁₆"] if cid == "key" else [] if cid == "mask" else ["−00.000"]
            least[c] = max(metrics.horizontalAdvance(t) for t in [*lines, *samples]) + 16
            if cid == "key" and self._map_legend:
                least[c] += 18
        return least

    def eventFilter(self, watched, event) -> bool:
        table = getattr(self, "_table", None)
        if event.type() == QEvent.Type.Resize and watched is table:
            self._fit_columns()
        elif event.type() == QEvent.Type.Paint and self._waiting_rows and watched is table.viewport():
            self._fill_waiting_rows(event.rect())  # rows scrolled into sight, before they are painted
        return super().eventFilter(watched, event)

    def _set_summary(self, scene: Scene, att: Attention, other: Attention, show_other: bool) -> None:
        lang = self._lang
        f = lambda x: numbers.number(x, lang)  # noqa: E731
        if att.scoring is Scoring.COSINE:
            scale = self.tr(
                "Logit = cos(q, kᵢ) × {m} (the cosine's own multiplier; 1/√d<sub>k</sub> is not used)"
            ).format(m=f(att.scale))
        elif att.scale_is_default:
            scale = self.tr("Scale = 1/√d<sub>k</sub> = 1/√{d} ≈ {s} (PyTorch's default)").format(
                d=att.d_k, s=f(att.scale)
            )
        else:
            scale = self.tr("Scale = {s}, set by hand in place of 1/√d<sub>k</sub>").format(s=f(att.scale))
        self._put("scale", scale)
        undefined = words.undefined_word()
        taking_part = sum(scene.mask)
        if att.weight_sum is None:
            total = self.tr("Σ weights: {u}").format(u=undefined)
            output = self.tr("Output Σ wᵢvᵢ: {u}").format(u=undefined)
        else:
            total = self.tr("Σ weights = {s} over the keys that take part ({m}); masked keys weigh 0").format(
                s=f(att.weight_sum), m=taking_part
            )
            output = self.tr("Output Σ wᵢvᵢ = {v}").format(v=numbers.vector(att.output, lang))
        self._put("sum", total)
        self._put("output", output)
        dropout = att.dropout
        if dropout is None:
            self._put("dropout", "")
        else:
            self._put(
                "dropout",
                self.tr(
                    "<b>⚠ Dropout is on</b> (p = {p}, seed {seed}), as in training: each weight is kept with "
                    "probability 1 − p and divided by 1 − p, or dropped ({x}). The weights after dropout "
                    "sum to {s}, <b>not to 1</b>; their output is {v}."
                ).format(
                    p=f(dropout.p),
                    seed=dropout.seed,
                    x=DROPPED,
                    s=f(dropout.weight_sum),
                    v=numbers.vector(dropout.output, lang),
                ),
            )
        self._put("reason", words.reason(att.undefined))
        other_reason = ""
        if show_other and other.undefined is not None and other.undefined != att.undefined:
            other_reason = self.tr("{rule}: {reason}").format(
                rule=self._rule_name(other).capitalize(), reason=words.reason(other.undefined)
            )
        self._put("other_reason", other_reason)

    def _put(self, rid: str, html: str) -> None:
        label, frame = self._texts[rid], self._frames[rid]
        if label.text() != html:
            label.setText(html)
        shown = bool(html)
        if frame.isVisibleTo(self) != shown:
            frame.setVisible(shown)

    def _set_chart(self, scene: Scene, att: Attention, other: Attention, show_other: bool) -> None:
        names = [words.key_name(i) for i in range(scene.key_count)]
        zeros = [0.0] * scene.key_count
        series = {"weights": list(att.weights) if att.weights is not None else zeros}
        if show_other:
            series["other"] = list(other.weights) if other.weights is not None else zeros
        if att.dropout is not None:
            series["dropout"] = list(att.dropout.weights)
        self.chart.set_weights(names, series, words.undefined_word() if att.weights is None else "")

    def _set_legend(self, show_other: bool, show_dropout: bool, att: Attention, other: Attention) -> None:
        parts = []
        if self._theme is not None and (show_other or show_dropout):
            series = self.tr("weights ({rule})")
            parts.append((self._theme.key, "■", series.format(rule=self._rule_name(att))))
            if show_other:
                parts.append((self._theme.muted, "■", series.format(rule=self._rule_name(other))))
            if show_dropout:
                parts.append((self._theme.foreground, "▨", self.tr("after dropout")))
        html = " &nbsp; ".join(
            f'<span style="color:{c}">{mark}</span>&nbsp;{text.replace(" ", "&nbsp;")}'
            for c, mark, text in parts
        )
        if self._map_legend:
            line = self.tr(
                "Background: the key that would get the largest weight if q were there (its colour is "
                "next to its name); the deeper the colour, the larger that weight."
            )
            html = f"{html}<br>{line}" if html else line
        if self._legend.text() != html:
            self._legend.setText(html)
        if self._legend.isVisibleTo(self) != bool(html):
            self._legend.setVisible(bool(html))

    def _sync_controls(self, scene: Scene, results: Results) -> None:
        self._syncing = True
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
                self._set_spin(self._p, scene.dropout_p)
            if self._seed.value() != scene.dropout_seed and not is_being_edited(self._seed):
                self._seed.setValue(scene.dropout_seed)
            for widget in (self._p, self._seed, self._p_label, self._seed_label):
                widget.setEnabled(on)
            self._add.setEnabled(scene.key_count < UI_MAX_KEYS)
            self._remove.setEnabled(scene.key_count > 1)
            remove = self.tr("Remove {key}").format(key=words.key_name(scene.selected_key))
            if self._remove.text() != remove:
                self._remove.setText(remove)
        finally:
            self._syncing = False

    @staticmethod
    def _set_spin(spin: QDoubleSpinBox, value: float) -> None:
        if not is_being_edited(spin) and spin.value() != round(value, spin.decimals()):
            spin.setValue(value)

    def _sync_selection(self) -> None:
        active = self._controller.active
        want = None if active == QUERY else active.index
        if want is not None and want >= self._rows:
            want = None
        if self.selected_row() == want:
            return
        self._syncing = True
        try:
            if want is None:
                self._table.clearSelection()
            else:
                self._table.selectRow(want)
        finally:
            self._syncing = False

    def _apply_highlight(self) -> None:
        colour = QColor(self._theme.highlight if self._theme else "#fff3c4")
        for rid, frame in self._frames.items():
            frame.setStyleSheet(
                f"QFrame#attention_{rid} {{ background: {colour.name()}; border-radius: 4px; }}"
                if rid in self._highlighted
                else ""
            )
        for hid, cid in _COLUMN_OF_HIGHLIGHT.items():
            c = COLUMNS.index(cid)
            self._table.set_column_background(c, QBrush(colour) if hid in self._highlighted else QBrush())
            header = self._table.horizontalHeaderItem(c)
            font = QFont(self._table.font())
            font.setBold(hid in self._highlighted)
            header.setFont(font)

    def highlighted(self) -> set[str]:
        return set(self._highlighted)

    # ---- input ----------------------------------------------------------------------------

    def _selection_changed(self) -> None:
        if self._syncing:
            return
        row = self.selected_row()
        if row is not None:
            self._controller.select(key_ref(row))

    def _mask_toggled(self, index: int, on: bool) -> None:
        if not self._syncing:
            self._controller.set_mask(index, on)

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
