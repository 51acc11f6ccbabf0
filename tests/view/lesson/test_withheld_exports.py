"""A file or a copy of the numbers does not give an open question's answer away.

While a check question withholds quantities, File ▸ Export's numbers (JSON, CSV, the attention
table's, the matrix's and the projections' tables) and Edit ▸ Copy Worked Example (whose code
would work the answer out when run) are refused with a message that says why: nothing is
written, the clipboard keeps what it had. Once the solution is revealed each of them works.
"""

import pytest
from PySide6.QtWidgets import QApplication

KINDS = ("latex", "markdown", "numpy", "pytorch")


def _number_exports(window, tmp_path, tag: str) -> dict:
    """Each export of the scene's numbers the window offers, run: its name → (result, file made)."""
    exporting = window.desktop.exporting
    runs = {
        "json": lambda path: exporting.export_numbers(path),
        "csv": lambda path: exporting.export_csv(path),
    }
    for name, export in exporting._exports.items():
        action = window.findChild(type(window.menus["file"].menuAction()), name)
        if export.gives_numbers and action.isEnabled():
            runs[name] = lambda path, name=name: exporting.export(name, path)
    out = {}
    for name, run in runs.items():
        path = tmp_path / f"{tag}-{name}"
        out[name] = (run(str(path)), path.exists())
    clipboard = QApplication.clipboard()
    for kind in KINDS:
        clipboard.setText("before")
        out[kind] = (bool(exporting.copy_example(kind)), clipboard.text() != "before")
    return out


@pytest.mark.parametrize("qid", ["question-6", "question-7", "question-12"])
def test_an_open_questions_numbers_are_neither_exported_nor_copied_until_revealed(make_window, tmp_path, qid):
    window = make_window()
    window.lesson.go_to(qid)
    QApplication.processEvents()
    assert window.controller.withheld

    refused = _number_exports(window, tmp_path, "open")
    assert {"json", "csv", "exportAttentionCsv", *KINDS} <= set(refused)
    assert all(result == (False, False) for result in refused.values()), refused
    assert "question is open" in window.desktop.exporting.last_message

    window.lesson.reveal(True)
    QApplication.processEvents()
    done = _number_exports(window, tmp_path, "revealed")
    assert done.keys() == refused.keys()
    assert all(result == (True, True) for result in done.values()), done


def test_the_refusal_is_said_in_the_interface_language(make_window, tmp_path):
    window = make_window(lang="es")
    window.lesson.go_to("question-6")
    QApplication.processEvents()
    assert not window.desktop.exporting.export_numbers(str(tmp_path / "n.json"))
    assert "pregunta abierta" in window.desktop.exporting.last_message
