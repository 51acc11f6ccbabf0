"""Languages: a complete Spanish catalogue, a runtime switch, and no label cut off by longer text."""

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QAbstractButton, QLabel

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "i18n" / "qk_explorer_es.ts"
QM = ROOT / "resources" / "i18n" / "qk_explorer_es.qm"
TOOLS = Path(sys.executable).parent


def _fresh_catalogue(tmp_path) -> Path:
    """The .ts as pyside6-lupdate would leave it for today's source."""
    copy = tmp_path / "es.ts"
    shutil.copy(TS, copy)
    sources = sorted(str(p) for p in (ROOT / "src" / "qk_explorer").rglob("*.py"))
    subprocess.run(
        [TOOLS / "pyside6-lupdate", "-silent", "-no-obsolete", "-locations", "none", *sources, "-ts", copy],
        check=True,
    )
    return copy


def test_no_phrase_is_translated_twice_under_two_contexts(tmp_path):
    """Each phrase the app shows has one source: a panel and the stage, a button and the undo step
    it makes, say it through the same call (a feature's content, words.py), translated once."""
    root = ET.parse(_fresh_catalogue(tmp_path)).getroot()
    contexts: dict[str, list[str]] = {}
    for context in root.iter("context"):
        for message in context.iter("message"):
            contexts.setdefault(message.findtext("source"), []).append(context.findtext("name"))
    assert {source: names for source, names in contexts.items() if len(names) > 1} == {}


def test_every_string_has_a_finished_spanish_translation(tmp_path):
    root = ET.parse(_fresh_catalogue(tmp_path)).getroot()
    problems = []
    for context in root.iter("context"):
        for message in context.iter("message"):
            source = message.findtext("source")
            translation = message.find("translation")
            forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
            if translation.get("type") in ("unfinished", "vanished", "obsolete") or not all(forms):
                problems.append(f"{context.findtext('name')}: {source!r} is not translated")
            for form in forms:
                if set(re.findall(r"\{\w*\}", source)) != set(re.findall(r"\{\w*\}", form)):
                    problems.append(f"{source!r}: placeholders differ in {form!r}")
    assert not problems, "\n".join(problems)


def test_compiled_catalogue_is_up_to_date(tmp_path):
    built = tmp_path / "es.qm"
    subprocess.run([TOOLS / "pyside6-lrelease", "-silent", TS, "-qm", built], check=True)
    assert built.read_bytes() == QM.read_bytes(), "run scripts/update-translations.sh"


def test_switching_language_at_runtime(window):
    assert window.menus["file"].title() == "&File"
    assert window.numbers.value_text("cosine") == "0.8"
    window.findChild(type(window.menus["file"].menuAction()), "language_es").trigger()
    assert window.menus["file"].title() == "&Archivo"
    assert window.numbers.value_text("cosine") == "0,8"
    assert window.numbers.value_text("proj") == "(4/5)·k₁ = (0,8; 1,6)"
    assert window.numbers.value_text("relation").startswith("agudo")
    assert window.docks["numbers"].windowTitle() == "Números"
    window.findChild(type(window.menus["file"].menuAction()), "language_en").trigger()
    assert window.menus["file"].title() == "&File"
    assert window.numbers.value_text("cosine") == "0.8"


class DoublingTranslator(QTranslator):
    """A pseudo-locale: every string twice as long, to find labels that would be cut off."""

    def translate(self, context, source, disambiguation=None, n=-1):
        if not source:
            return source
        return source + " " + source.lstrip("&")


def in_a_tab_behind(widget, window) -> bool:
    """Inside a dock that is tabbed behind another one: Qt keeps it visible, off screen."""
    docks = getattr(window, "docks", {})  # a dialog has none
    return any(dock.isAncestorOf(widget) and not window.dock_shown(name) for name, dock in docks.items())


def cut_off_widgets(window):
    cut = []
    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if not widget.isVisibleTo(window) or not widget.text() or in_a_tab_behind(widget, window):
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            continue
        # visibleRegion() is what the parents (a scroll area, the window's edge) leave showing.
        # A widget scrolled out of view or behind another dock's tab shows nothing: then only
        # its own width counts.
        region = widget.visibleRegion()
        shown = widget.width() if region.isEmpty() else region.boundingRect().width()
        if min(widget.width(), shown) < widget.minimumSizeHint().width() - 1:
            cut.append(f"{widget.objectName() or type(widget).__name__}: {widget.text()[:60]!r}")
    return cut


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_label_is_cut_off_with_doubled_strings(make_window, qtbot, lang):
    window = make_window(lang=lang)
    pseudo = DoublingTranslator()
    QCoreApplication.installTranslator(pseudo)
    try:
        window.retranslate()
        window.render(window.controller.update)
        QCoreApplication.processEvents()  # let the layouts settle
        assert window.minimumSizeHint().width() <= 1280
        assert cut_off_widgets(window) == []
        for name, dock in window.docks.items():  # every tab in turn
            if dock.isVisibleTo(window) and not window.dock_shown(name):
                dock.raise_()
                QCoreApplication.processEvents()
                assert cut_off_widgets(window) == [], name
    finally:
        QCoreApplication.removeTranslator(pseudo)
