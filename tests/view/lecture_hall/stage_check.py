"""Lay the presentation window out at a screen's size and list whatever a back row would miss.

For every number the stage shows (Stage.number_labels) and every label of the
lesson's words: inside the screen, not clipped by its label or any parent (a
wrapped label as tall as its text and as wide as its longest word), covered by
no other widget, and drawn at least as large as the lecture hall asks —
digits 1/40 of the screen's height, capitals 1/50 (in device pixels). The
token plane of a scene of tokens: whole on screen, its tokens' names and tick
numbers with digits of 1/40. Nothing on screen scrolls but the drawings.
Windows are laid out without painting: layout requests are sent, paint events
are not processed. A step whose words go over pages is checked on each page,
and its pages together must show every word of the step, in order, none cut
short with "…", with the page marker on every page when there are several and
on none when there is one (page_problems).

Run as a program it checks every lesson item in both languages and both
presentation themes at one size and prints the problems as JSON; the tests run
it so under QT_SCALE_FACTOR=2 for a 3840 × 2160 screen at device pixel ratio 2.
"""

from __future__ import annotations

import json
import os
import sys

from PySide6.QtCore import QCoreApplication, QEvent, QRect, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QLabel, QScrollBar, QWidget

from qk_explorer.text.lesson_text import to_html

LANGS = ("en", "es")
THEMES = ("projector", "high-contrast")
NUMBER_RULE, TEXT_RULE = 40, 50


def settle() -> None:
    """Let every layout take its place, without painting anything."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def present(window, size: tuple[int, int]) -> None:
    """Presentation mode in a window of the screen's size (offscreen, full screen is 800 × 800)."""
    window.presentation.enter()
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowFullScreen)
    window.resize(*size)
    QApplication.processEvents()  # the new size reaches the window (one paint per size)
    settle()
    assert (window.width(), window.height()) == size, (window.size(), size)


def global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapTo(widget.window(), widget.rect().topLeft()), widget.size())


def _ancestors(widget: QWidget) -> list[QWidget]:
    out, parent = [], widget.parentWidget()
    while parent is not None:
        out.append(parent)
        parent = parent.parentWidget()
    return out


def digit_height(font) -> float:
    return QFontMetricsF(font).tightBoundingRect("0123456789").height()


def capital_height(font) -> float:
    return QFontMetricsF(font).tightBoundingRect("HIEMT").height()


def _clipped(label: QLabel) -> str | None:
    """Why the label does not show all its text, or None."""
    inner = label.contentsRect()
    if label.wordWrap():
        need = label.heightForWidth(label.width())
        if need > label.height():
            return f"needs {need} px of height, has {label.height()}"
        metrics = label.fontMetrics()
        plain = label.text() if label.textFormat() == Qt.TextFormat.PlainText else _plain(label.text())
        for word in plain.split():
            if metrics.horizontalAdvance(word) > inner.width():
                return f"the word {word!r} is wider than the label ({inner.width()} px)"
    else:
        hint = label.sizeHint()
        if hint.width() > label.width() or hint.height() > label.height():
            return f"needs {hint.width()}×{hint.height()}, has {label.width()}×{label.height()}"
    rect = global_rect(label)
    for parent in _ancestors(label):
        if not global_rect(parent).contains(rect):
            return f"reaches outside {parent.objectName() or type(parent).__name__}"
    return None


def _plain(html: str) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText().replace("\u2060", "")


def problems(window, where: str) -> list[str]:
    """Everything wrong with the stage on screen now, as sentences naming `where`."""
    stage = window.presentation.stage
    screen = window.rect()
    ratio = window.devicePixelRatioF()
    device_height = screen.height() * ratio
    out = []
    visible = [w for w in window.findChildren(QWidget) if w.isVisible() and w.width() > 0 and w.height() > 0]
    rects = {w: global_rect(w) for w in visible}
    for kind, labels, rule, measure in (
        ("number", stage.number_labels(), NUMBER_RULE, digit_height),
        ("text", stage.lesson_labels(), TEXT_RULE, capital_height),
    ):
        if kind == "number" and not labels:
            out.append(f"{where}: the stage shows no numbers")
        for label in labels:
            name = f"{where}: {kind} {label.objectName()} {label.text()[:40]!r}"
            if not label.isVisible():
                out.append(f"{name} is not visible")
                continue
            rect = rects[label]
            if not screen.contains(rect):
                out.append(f"{name} lies outside the screen ({rect})")
            why = _clipped(label)
            if why:
                out.append(f"{name} is clipped: {why}")
            if kind == "text" and not label.wordWrap():
                out.append(f"{name} does not wrap")
            related = {label, *_ancestors(label), *label.findChildren(QWidget)}
            for other, other_rect in rects.items():
                if other not in related and other_rect.intersects(rect):
                    out.append(f"{name} is covered by {other.objectName() or type(other).__name__}")
                    break
            size = measure(label.font()) * ratio
            if size < device_height / rule:
                out.append(f"{name}: {size:.1f} px high, less than 1/{rule} of {device_height:.0f}")
    drawings = stage.drawings()  # plots: graphics views that never scroll
    plot = stage.drawing("plane").plot
    if stage.shows("plane"):
        if plot is None or not plot.isVisible() or not screen.contains(rects[plot]):
            out.append(f"{where}: the token plane is not whole on screen")
            plot = None
    elif plot is not None and plot.isVisible():
        out.append(f"{where}: a token plane without tokens")
    if plot is not None and plot.isVisible():
        for kind, font in (("names", plot.name_font()), ("tick numbers", plot.tick_font())):
            size = digit_height(font) * ratio
            if size < device_height / NUMBER_RULE:
                out.append(f"{where}: the token plane's {kind}: {size:.1f} px, less than 1/{NUMBER_RULE}")
    for widget in visible:
        scroll_bar = isinstance(widget, QScrollBar) and widget.maximum() > 0
        scroll_area = isinstance(widget, QAbstractScrollArea) and widget not in drawings
        if scroll_bar or scroll_area:
            out.append(f"{where}: {type(widget).__name__} {widget.objectName()} scrolls")
    hint = window.presentation.hint
    if hint.isVisible():
        for content in stage.content_widgets():
            if rects.get(content, QRect()).intersects(rects[hint]):
                out.append(f"{where}: the leave hint covers {content.objectName()}")
    return out


def lesson_states(window):
    """Go to every step and question (a question twice: asked, then solved); yield a name for each."""
    guide = window.lesson
    for index, item in enumerate(guide.lesson.items):
        guide.go_to(index)
        settle()
        yield f"{item.id}"
        if item.kind.value == "question":
            guide.reveal(True)
            settle()
            yield f"{item.id} solved"


def words_of(html: str) -> list[str]:
    return _plain(html).split()


def page_problems(window, where: str) -> list[str]:
    """problems() on every page of the step on screen, and whether its pages together show all its
    words: each word of each paragraph once, in order, none elided; the marker iff several pages."""
    stage = window.presentation.stage
    title, words = stage.block("title"), stage.block("words")
    count = stage.page_count
    out, shown = [], []
    for page in range(count):
        stage.show_page(page)
        settle()
        here = f"{where} page {page + 1}/{count}"
        out += problems(window, here)
        shown += [word for html in words.paragraph_texts() for word in words_of(html)]
        marker = title.marker
        if count > 1 and not (marker.isVisible() and f"{page + 1}/{count}" in marker.text()):
            out.append(f"{here}: no page marker ({marker.text()!r})")
        if count == 1 and marker.isVisible():
            out.append(f"{here}: a page marker on a step of one page")
    stage.show_page(0)
    expected = [word for text in stage.pager.paragraphs for word in words_of(to_html(text))]
    if shown != expected:
        missing = [word for word in expected if word not in shown]
        out.append(f"{where}: its pages show {len(shown)} of {len(expected)} words; missing {missing[:8]}")
    if any("…" in word for word in shown) and not any("…" in word for word in expected):
        out.append(f"{where}: a paragraph is elided with '…'")
    return out


def check_each_state(window, size: tuple[int, int], states, problems, langs=LANGS, themes=THEMES) -> list:
    """Present at `size`; in each theme and language, `problems(window, where)` for every state
    `states(window)` reaches (each checked as it is reached)."""
    found = []
    present(window, size)
    for theme in themes:
        window.set_theme(theme)
        for lang in langs:
            window.set_language(lang)
            for state in states(window):
                found += problems(window, f"{size[0]}×{size[1]} {theme} {lang} {state}")
    window.presentation.leave()
    return found


def check_every_item(window, size: tuple[int, int], langs=LANGS, themes=THEMES) -> list[str]:
    return check_each_state(window, size, lesson_states, page_problems, langs, themes)


def child_window():
    """The application and a shown window in the projector theme, for a check run as a program."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from qk_explorer.app import create_application
    from qk_explorer.model.presets import preset_scene
    from qk_explorer.window import build_window

    app = create_application()
    window = build_window(preset_scene("lesson-pair"), lang="en", theme="projector")
    window.show()
    return app, window


def main(argv: list[str]) -> int:
    """python -m tests.view.lecture_hall.stage_check WxH: the problems of every item, as JSON, on stdout."""
    app, window = child_window()
    w, h = (int(x) for x in argv[0].split("x"))
    found = check_every_item(window, (w, h))
    result = {
        "ratio": window.devicePixelRatioF(),
        "size": [window.width(), window.height()],
        "problems": found,
    }
    print(json.dumps(result))
    window.translations.load("en")
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
