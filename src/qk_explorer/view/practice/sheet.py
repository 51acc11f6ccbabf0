"""File ▸ Export ▸ Practice Sheet…: which questions, how many of each, from which seed; then a PDF.

The dialog asks first; the file is then chosen and written as every export is
(desktop/exporting.py: a regular file or a new path, never half-written, errors said). The
document is text/practice/sheet.py's, in the interface language, printed by Qt's own
QPdfWriter on A4 in numbered pages: the questions with their numbers, then from a page of their
own the answers and worked solutions, each question kept whole on one page. Instance k of a
question has the seed first + k, so the seeds printed beside each question make the same
numbers in the app (--variant, or the lesson's seed box).
"""

from __future__ import annotations

import random
import re

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
)

from ...model.lesson_format import cached_lesson
from ...model.practice import QUESTIONS, SEED_LIMIT, variant
from ...text.practice.sheet import sheet_html

MAX_EACH = 10
LAYOUT_DPI = 96  # the unit of Qt's text layout without a device: a pixel at 96 dots an inch
MARGIN = 2.0 / 2.54 * LAYOUT_DPI  # 2 cm inside the page's own margins, as Qt's printing leaves
SEED_BOX_LIMIT = 2**31 - 1  # a spin box holds a signed 32-bit number: the seeds above it by --variant


def instances(questions: list[str], each: int, first: int) -> list:
    """`each` variants of every question, seeds first, first + 1, … (wrapping below 2³²)."""
    return [variant(q, (first + k) % SEED_LIMIT) for q in questions for k in range(each)]


def sheet_pdf(instances_, lang: str) -> bytes:
    """The sheet as a PDF document (A4, Qt's own writer)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait, QMarginsF(18, 18, 18, 18)
        )
    )
    writer.setResolution(300)
    writer.setTitle(QCoreApplication.translate("PracticeSheet", "Practice sheet"))
    writer.setCreator("Q·K Explorer")
    page = QRectF(0.0, 0.0, writer.width() / _scale(writer), writer.height() / _scale(writer))
    _print_pages(_laid_out(instances_, lang, page.size()), writer, page)
    del writer  # finishes the file
    buffer.close()
    return bytes(data.data())


def _scale(writer: QPdfWriter) -> float:
    """From the text layout's unit, a pixel at 96 dots an inch, to the writer's dots."""
    return writer.resolution() / LAYOUT_DPI


def _laid_out(instances_, lang: str, page: QSizeF) -> QTextDocument:
    """The sheet in pages, each question on one page where it would straddle a break.

    Qt breaks a page wherever a line ends, so a question's statement could sit at the
    foot of one page and its answer lines at the top of the next. A question that would,
    and fits on a page, starts the next page instead; the sheet is written again with that
    break and laid out again, until no question straddles one.
    """
    new_pages: frozenset[int] = frozenset()
    while True:
        document = QTextDocument()
        font = QFont()
        font.setPointSizeF(11.0)
        document.setDefaultFont(font)
        document.setHtml(sheet_html(instances_, lang, new_pages))
        frame = document.rootFrame().frameFormat()
        frame.setMargin(MARGIN)
        document.rootFrame().setFrameFormat(frame)
        document.setPageSize(page)
        straddling = _first_straddling_heading(document, new_pages)
        if straddling is None:
            return document
        new_pages |= {straddling}


def _first_straddling_heading(document: QTextDocument, new_pages: frozenset[int]) -> int | None:
    """The first question (a level-3 heading and the blocks up to the next heading) that
    crosses a page break though it would fit on one page, and does not start a page already:
    its heading's number from 0."""
    layout = document.documentLayout()
    height = document.pageSize().height()
    number, block = 0, document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() != 3:
            block = block.next()
            continue
        last = block
        while last.next().isValid() and not last.next().blockFormat().headingLevel():
            last = last.next()
        top, bottom = layout.blockBoundingRect(block).top(), layout.blockBoundingRect(last).bottom()
        # Qt may set a last line in the bottom margin and print it on the next page.
        crosses = bottom > (top // height + 1) * height - MARGIN
        if crosses and bottom - top <= height - 2 * MARGIN and number not in new_pages:
            return number
        number, block = number + 1, last.next()
    return None


def _print_pages(document: QTextDocument, writer: QPdfWriter, page: QRectF) -> None:
    """Prints the laid-out document a page at a time, each numbered at its foot."""
    scale = _scale(writer)
    margin = MARGIN * scale
    foot = QRectF(0.0, writer.height() - margin, writer.width() - margin, margin / 2)
    painter = QPainter(writer)
    painter.setFont(document.defaultFont())  # the painter's points are the writer's: true size
    for n in range(document.pageCount()):
        if n:
            writer.newPage()
        painter.save()
        painter.scale(scale, scale)
        painter.translate(0.0, -n * page.height())
        document.drawContents(painter, page.translated(0.0, n * page.height()))
        painter.restore()
        painter.drawText(foot, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, str(n + 1))
    painter.end()


class PracticeSheetDialog(QDialog):
    """Which questions, how many fresh instances of each, and the first seed."""

    def __init__(self, lang: str, parent=None):
        super().__init__(parent)
        self.setObjectName("practiceSheetDialog")
        self.setWindowTitle(self.tr("Practice Sheet"))
        self.questions = QListWidget(objectName="sheetQuestions")
        lesson = cached_lesson(lang)
        titles = {item.id: item.title for item in lesson.items}
        for qid, question in QUESTIONS.items():
            entry = QListWidgetItem(_plain(titles.get(qid, qid)))
            entry.setData(Qt.ItemDataRole.UserRole, qid)
            entry.setFlags(entry.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            entry.setCheckState(Qt.CheckState.Checked if question.number <= 8 else Qt.CheckState.Unchecked)
            self.questions.addItem(entry)
        self.each = QSpinBox(objectName="sheetEach", minimum=1, maximum=MAX_EACH, value=1)
        self.seed = QSpinBox(objectName="sheetSeed", minimum=0, maximum=SEED_BOX_LIMIT)
        self.seed.setValue(random.randrange(SEED_BOX_LIMIT))
        form = QFormLayout()
        form.addRow(self.tr("&Questions:"), self.questions)
        form.addRow(self.tr("Fresh numbers for &each:"), self.each)
        form.addRow(self.tr("&First seed:"), self.seed)
        ok, cancel = QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok | cancel)
        buttons.button(ok).setText(QCoreApplication.translate("PictureSizeDialog", "&Choose File…"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def chosen(self) -> list[str]:
        rows = (self.questions.item(i) for i in range(self.questions.count()))
        return [r.data(Qt.ItemDataRole.UserRole) for r in rows if r.checkState() == Qt.CheckState.Checked]

    def instances(self) -> list:
        return instances(self.chosen(), self.each.value(), self.seed.value())

    def _accept(self) -> None:
        if self.chosen():  # nothing chosen: nothing to print, the dialog stays
            self.accept()


def _plain(title: str) -> str:
    return re.sub(r"</?[A-Za-z]+>", "", title)
