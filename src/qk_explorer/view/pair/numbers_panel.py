"""The pair's numbers, live: the product written out, lengths, angle, projection.

Every value comes from Results; the panel only formats it. Rows have stable
ids so a lesson step can highlight the quantities it talks about.

Names stand beside their values; in a dock too narrow for both (large type on a
small screen, presentation mode on a projector of 800 pixels) each value goes
under its name instead of off the panel's edge.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...model.lesson import PAIR_ROWS
from ...text import exact, numbers
from ...text.names import query_label
from ...text.withheld import MARK
from .. import words
from ..contract import Update
from ..drag.live_label import LiveLabel
from ..theme import Theme
from ..widgets.norm_bars import norm_html
from .content import UNDEFINED_ROWS

ROWS = PAIR_ROWS  # the row ids a lesson step may highlight


class NumbersPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("numbersPanel")
        self._names: dict[str, QLabel] = {}
        self._values: dict[str, LiveLabel] = {}
        self._frames: dict[str, QFrame] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        for rid in ROWS:
            frame = QFrame(self)
            frame.setObjectName(f"row_{rid}")
            frame.setAutoFillBackground(False)
            name, value = QLabel(), LiveLabel()
            name.setTextFormat(Qt.TextFormat.RichText)
            value.setObjectName(f"value_{rid}")
            value.setTextFormat(Qt.TextFormat.PlainText)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            value.setWordWrap(True)
            self._names[rid], self._values[rid], self._frames[rid] = name, value, frame
        self._grid = grid
        self._stacked: bool | None = None  # values under their names (True) or beside them
        self._arrange(stacked=False)
        self._heading = QLabel()
        self._heading.setObjectName("numbersHeading")
        self._heading.setWordWrap(True)
        self._reason = QLabel()
        self._reason.setObjectName("undefinedReason")
        self._reason.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self._heading)
        layout.addLayout(grid)
        layout.addWidget(self._reason)
        layout.addStretch(1)
        self._theme: Theme | None = None
        self._lang = "en"
        self._highlighted: set[str] = set()
        self._last: Update | None = None
        self._withheld: frozenset[str] = frozenset()

    # ---- options -------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._reason.setStyleSheet(f"color: {theme.muted};")
        self._apply_highlight()
        self.retranslate()

    def set_language(self, lang: str) -> None:
        self._lang = lang
        self.retranslate()

    # ---- arrangement ------------------------------------------------------------------

    @property
    def stacked(self) -> bool:
        return bool(self._stacked)

    def _arrange(self, stacked: bool) -> None:
        if stacked == self._stacked:
            return
        self._stacked = stacked
        grid = self._grid
        top, left, right = Qt.AlignmentFlag.AlignTop, Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignRight
        for row, rid in enumerate(ROWS):
            frame, name, value = self._frames[rid], self._names[rid], self._values[rid]
            for widget in (frame, name, value):
                grid.removeWidget(widget)
            if stacked:
                grid.addWidget(frame, 2 * row, 0, 2, 2)
                grid.addWidget(name, 2 * row, 0, 1, 2, left | top)
                grid.addWidget(value, 2 * row + 1, 0, 1, 2, top)
            else:
                grid.addWidget(frame, row, 0, 1, 2)
                grid.addWidget(name, row, 0, right | top)
                grid.addWidget(value, row, 1, top)
            value.setIndent(value.fontMetrics().horizontalAdvance("MM") if stacked else -1)

    def _side_by_side_width(self) -> int:
        """Room for the longest name and a two-dimensional vector beside it."""
        names = max(name.sizeHint().width() for name in self._names.values())
        sample = numbers.vector((-0.125, -0.125), self._lang)
        margins = self.contentsMargins()
        value = self._values["q"].fontMetrics().horizontalAdvance(sample) + 8
        return margins.left() + names + self._grid.horizontalSpacing() + value + margins.right()

    def _fit_to(self, room: int) -> None:
        self._arrange(stacked=room < self._side_by_side_width())

    def event(self, event) -> bool:
        # The room is the dock's: the panel itself never grows narrower than its two columns.
        if event.type() == QEvent.Type.ParentChange and self.parentWidget() is not None:
            self.parentWidget().installEventFilter(self)
        elif event.type() in (QEvent.Type.FontChange, QEvent.Type.LanguageChange, QEvent.Type.Show):
            self._fit_to(self._room())
        return super().event(event)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._fit_to(self._room())
        return super().eventFilter(watched, event)

    def _room(self) -> int:
        parent = self.parentWidget()
        return parent.width() if parent is not None else self.width()

    def highlight(self, rows) -> None:
        """Mark rows (ids from ROWS) as the ones the lesson is talking about."""
        self._highlighted = set(rows) & set(ROWS)
        self._apply_highlight()

    def retranslate(self) -> None:
        if self._last is not None:
            self.render(self._last.redrawn())

    # ---- content -------------------------------------------------------------------

    def value_text(self, rid: str) -> str:
        return self._values[rid].text()

    def heading_text(self) -> str:
        """The heading as read: "q₂ against k₁ (n = 2)"."""
        return QTextDocumentFragment.fromHtml(self._heading.text()).toPlainText()

    def reason_text(self) -> str:
        return self._reason.text()

    def render(self, update: Update) -> None:
        scene, results = update.scene, update.results
        self._last = update
        self._withheld = update.withheld  # those rows read "?" (_set)
        lang, pair = self._lang, results.pair
        k = words.key_name(scene.selected_key)
        q = query_label(scene.selected_query, scene.query_count)  # q₂ when there are several
        q_html, k_html = self._coloured(q, "query"), self._coloured(k, "key")
        f = lambda x: numbers.number(x, lang)  # noqa: E731
        undefined = words.undefined_word()

        self._set("q", q_html, numbers.vector(scene.query, lang))
        self._set("k", k_html, numbers.vector(scene.keys[scene.selected_key], lang))
        self._set(
            "dot",
            f"{q_html}·{k_html}",
            numbers.expanded_product(scene.query, scene.keys[scene.selected_key], pair.dot, lang),
        )
        font = self._names["norm_q"].font()
        # The lesson's exact forms before the decimals, where there are any: √5 ≈ 2.236.
        self._set(
            "norm_q", norm_html(q_html, font), exact.beside(exact.length_form(pair.norm_q), f(pair.norm_q))
        )
        self._set(
            "norm_k", norm_html(k_html, font), exact.beside(exact.length_form(pair.norm_k), f(pair.norm_k))
        )
        self._set("cosine", "cos θ", undefined if pair.cosine is None else f(pair.cosine))
        self._set("angle", "θ", undefined if pair.angle_deg is None else numbers.angle(pair.angle_deg, lang))
        self._set("relation", self.tr("kind of angle"), words.relation(pair.relation, pair.direction))
        self._set(
            "ratio",
            f"|{q_html}·{k_html}| / ({norm_html(q_html, font)}{norm_html(k_html, font)})",
            undefined
            if pair.cauchy_schwarz_ratio is None
            else self.tr("{value} (never above 1)").format(value=f(pair.cauchy_schwarz_ratio)),
        )
        self._set(
            "comp",
            f"comp<sub>{k}</sub>({q_html})",
            undefined
            if pair.scalar_projection is None
            else exact.beside(exact.quotient_form(pair.dot, pair.norm_k), f(pair.scalar_projection)),
        )
        self._set(
            "proj",
            f"proj<sub>{k}</sub>({q_html})",
            undefined
            if pair.projection is None
            else exact.beside(
                exact.multiple_form(pair.dot, pair.norm_k, k),
                numbers.vector(pair.projection, lang),
                exact.shown_exactly(pair.projection),
            ),
        )
        self._set(
            "perp",
            f"{q_html} − proj<sub>{k}</sub>({q_html})",
            undefined if pair.perpendicular is None else numbers.vector(pair.perpendicular, lang),
        )
        self._set(
            "residual",
            f"({q_html} − proj)·{k_html}",
            undefined
            if pair.residual is None
            else self.tr("{value}: the remainder is ⟂ {key}").format(value=f(pair.residual), key=k),
        )
        self._heading.setText(
            self.tr("<b>{query} against {key}</b> (n = {n})").format(query=q, key=k, n=scene.dimension)
        )
        # Why an angle or a projection has no value answers a question about it: withheld with it.
        told = pair.undefined is not None and not update.hides(*UNDEFINED_ROWS)
        self._reason.setText(words.reason(pair.undefined) if told else "")
        self._reason.setVisible(told)

    def _set(self, rid: str, name_html: str, value: str) -> None:
        self._names[rid].setText(name_html)
        self._values[rid].setText(MARK if rid in self._withheld else value)

    def _coloured(self, text: str, role: str) -> str:
        if self._theme is None:
            return f"<b>{text}</b>"
        return f'<b style="color:{getattr(self._theme, role)}">{text}</b>'

    def _apply_highlight(self) -> None:
        colour = self._theme.highlight if self._theme else "#fff3c4"
        border = self._theme.muted if self._theme else "#5c5c5c"  # the fill alone is faint on dark themes
        for rid, frame in self._frames.items():
            highlighted = rid in self._highlighted
            frame.setStyleSheet(
                f"QFrame#row_{rid} {{ background: {colour}; border: 1px solid {border};"
                " border-radius: 4px; }"
                if highlighted
                else ""
            )
            # A value on the panel's own background paints it itself: a new number then repaints
            # the value alone, not its row and the panel behind it too. On a highlighted row the
            # row's rounded box shows through.
            self._values[rid].setAutoFillBackground(not highlighted)
