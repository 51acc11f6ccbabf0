"""Autosave: written after a quiet spell, never over the user's file, offered back after a crash or a kill."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QListWidget, QMessageBox, QPushButton, QStatusBar

from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.model.scene_file import read_autosave, read_scene, write_autosave, write_scene
from qk_explorer.view.desktop import autosave
from tests.corpus import scene_files
from tests.corpus.scene_files import within

from ..helpers import view_to_viewport

INSTANCE = r"""
import sys
from qk_explorer.app import create_application
from qk_explorer.window import build_window
from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY

app = create_application()
scene = make_scene((2, 1), [(1, 2), (0, 1)], title="before the crash")
window = build_window(scene, lang="en", theme="light")
window.controller.set_vector(QUERY, (3.5, -1.25))
if not window.desktop.autosave.save_now():
    sys.exit("no autosave")
print(window.desktop.autosave.folder, flush=True)
print(window.desktop.autosave.path, flush=True)
app.exec()
"""


@pytest.fixture
def instance(tmp_path):
    """Start another running Q·K Explorer with unsaved work; yields (process, folder, its autosave)."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    env["QT_QPA_PLATFORM"] = "offscreen"
    process = subprocess.Popen(
        [sys.executable, "-c", INSTANCE], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    folder = process.stdout.readline().strip()
    path = process.stdout.readline().strip()
    assert path, process.stderr.read()
    yield process, folder, path
    if process.poll() is None:
        process.kill()
    process.wait(timeout=30)
    process.stdout.close()
    process.stderr.close()


def kill(process) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)


def slow_drag(qtbot, canvas, start, end, steps=8, pause_ms=60):
    """A drag at a human pace: the pointer rests a little between moves."""
    viewport = canvas.viewport()
    a, b = view_to_viewport(canvas, start), view_to_viewport(canvas, end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, steps + 1):
        p = a + (b - a) * (i / steps)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
        qtbot.wait(pause_ms)  # the scenario's pace, not a synchronisation
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def test_autosave_waits_for_a_quiet_spell_never_saving_drag_steps(make_window, monkeypatch, qtbot):
    monkeypatch.setattr(autosave, "DELAY_MS", 300)
    window = make_window(make_scene((2, 1), [(3, -1)]))
    saver = window.desktop.autosave
    assert not saver.pending and not Path(saver.path).exists()  # nothing to keep yet
    slow_drag(qtbot, window.canvas, (3, -1), (1, 2))
    assert saver.writes == 0  # the drag took ~0.5 s, longer than the delay, in steps of 60 ms
    assert saver.pending
    qtbot.waitUntil(lambda: saver.writes == 1, timeout=3000)
    saved = read_autosave(Path(saver.path).read_bytes())
    assert saved.scene == window.controller.scene
    assert saved.scene.keys[0] == (1, 2)
    assert saved.source is None
    assert Path(saver.path).parent == Path(saver.folder)


def test_the_users_own_file_is_never_written_by_autosave(make_window, tmp_path):
    mine = tmp_path / "mine.qkscene.json"
    mine.write_text(write_scene(make_scene((2, 1), [(1, 2)])))
    original = mine.read_bytes()
    window = make_window()
    assert window.desktop.documents.open_path(str(mine))
    window.controller.set_vector(QUERY, (-4, 4))
    saver = window.desktop.autosave
    assert saver.save_now()
    assert mine.read_bytes() == original
    saved = read_autosave(Path(saver.path).read_bytes())
    assert saved.scene.query == (-4, 4)
    assert saved.source == str(mine)
    assert not Path(saver.path).is_relative_to(tmp_path / "mine.qkscene.json")
    # Saving makes the scene clean: its autosave is no longer needed.
    assert window.desktop.documents.save()
    assert read_scene(mine.read_bytes()).query == (-4, 4)
    assert not Path(saver.path).exists()
    # Undoing back past the save makes it modified again, and autosaved again.
    window.controller.undo_stack.undo()
    assert window.isWindowModified()
    assert saver.pending


def test_a_clean_exit_removes_the_autosave_and_its_lock(make_window):
    window = make_window()
    window.controller.set_vector(QUERY, (1, 1))
    saver = window.desktop.autosave
    assert saver.save_now()
    folder = Path(saver.folder)
    assert sorted(p.suffix for p in folder.iterdir()) == [".json", ".lock"]
    assert window.close()  # the test's answer to "save changes?" is discard
    assert list(folder.iterdir()) == []


def test_an_autosave_left_by_a_killed_instance_is_offered_and_restored(
    make_window, instance, monkeypatch, qtbot
):
    process, folder, path = instance
    kill(process)
    assert Path(path).exists() and Path(path).with_suffix("").with_suffix(".lock").exists()
    monkeypatch.setattr(autosave, "default_folder", lambda: folder)
    window = make_window(make_scene((0, 1), [(1, 0)]))
    dialog = window.desktop.autosave.offer_recovery()
    assert dialog is not None and dialog.isVisible()
    items = dialog.findChild(QListWidget, "recoveryList")
    assert items.count() == 1
    name, details = items.item(0).text().split("\n")
    assert name == "before the crash"
    assert details.startswith("saved ") and details.endswith(" · 2 keys · n = 2")
    qtbot.mouseClick(dialog.findChild(QPushButton, "restoreButton"), Qt.MouseButton.LeftButton)
    scene = window.controller.scene
    assert scene.query == (3.5, -1.25) and scene.keys == ((1, 2), (0, 1))
    assert window.numbers.value_text("dot") == "3.5(1) + (−1.25)(2) = 1"
    assert window.isWindowModified()  # restored work is unsaved work
    assert window.current_path is None
    # The old autosave is gone; this instance now keeps the work in its own.
    assert not Path(path).exists()
    own = window.desktop.autosave.path
    assert read_autosave(Path(own).read_bytes()).scene == scene
    # Nothing left to offer at the next start.
    assert autosave.find_orphans(folder, window.desktop.autosave.ident) == []


def test_a_running_instance_is_never_offered_nor_clobbered(make_window, instance, monkeypatch, qtbot):
    process, folder, path = instance
    before = Path(path).read_bytes()
    monkeypatch.setattr(autosave, "default_folder", lambda: folder)
    window = make_window(make_scene((0, 1), [(1, 0)]))
    saver = window.desktop.autosave
    assert saver.offer_recovery() is None  # the other instance is alive
    window.controller.set_vector(QUERY, (7, 7))
    assert saver.save_now()
    assert saver.path != path
    assert Path(path).read_bytes() == before
    assert read_autosave(Path(saver.path).read_bytes()).scene.query == (7, 7)
    kill(process)
    orphans = autosave.find_orphans(folder, saver.ident)
    assert [o.path for o in orphans] == [path]  # now it is offered; this instance's own never is
    orphans[0].release()


SAVING_INSTANCE = r"""
import sys
from qk_explorer.app import create_application
from qk_explorer.window import build_window
from qk_explorer.model import make_scene
from qk_explorer.model.scene import QUERY

app = create_application()
window = build_window(make_scene((2, 1), [(1, 2)], title=sys.argv[1]), lang="en", theme="light")
saver = window.desktop.autosave
for step in range(1, 6):  # saves again and again, as a person working would make it
    window.controller.set_vector(QUERY, (float(sys.argv[2]), float(step)))
    if not saver.save_now():
        sys.exit("no autosave")
print(saver.path, flush=True)
app.exec()
"""


def test_two_running_instances_keep_their_own_autosaves_and_both_are_offered_after_a_kill(
    make_window, tmp_path, monkeypatch
):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    env["QT_QPA_PLATFORM"] = "offscreen"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", SAVING_INSTANCE, title, q],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for title, q in (("first", "10"), ("second", "20"))
    ]
    try:
        paths = [p.stdout.readline().strip() for p in processes]
        assert all(paths), [p.stderr.read() for p in processes]
        assert paths[0] != paths[1] and Path(paths[0]).parent == Path(paths[1]).parent
        for path, title, q in zip(paths, ("first", "second"), (10, 20), strict=True):
            saved = read_autosave(Path(path).read_bytes())
            assert (saved.scene.title, saved.scene.query) == (title, (q, 5))
        for process in processes:
            kill(process)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=30)
            process.stdout.close()
            process.stderr.close()
    folder = str(Path(paths[0]).parent)
    monkeypatch.setattr(autosave, "default_folder", lambda: folder)
    window = make_window(make_scene((0, 1), [(1, 0)]))
    dialog = window.desktop.autosave.offer_recovery()
    assert dialog is not None
    titles = sorted(o.saved.scene.title for o in dialog.orphans)
    assert titles == ["first", "second"]
    dialog.reject()


def test_two_windows_of_one_instance_keep_separate_autosaves(make_window):
    first, second = make_window(make_scene((1, 0), [(1, 1)])), make_window(make_scene((0, 1), [(1, 1)]))
    first.controller.set_vector(QUERY, (2, 0))
    second.controller.set_vector(QUERY, (0, 2))
    assert first.desktop.autosave.save_now() and second.desktop.autosave.save_now()
    a, b = Path(first.desktop.autosave.path), Path(second.desktop.autosave.path)
    assert a != b
    assert read_autosave(a.read_bytes()).scene.query == (2, 0)
    assert read_autosave(b.read_bytes()).scene.query == (0, 2)
    assert autosave.find_orphans(first.desktop.autosave.folder, first.desktop.autosave.ident) == []


def _orphan_file(folder: Path, ident: str, saved_at: str, query) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (ident + autosave.SUFFIX)
    path.write_text(write_autosave(make_scene(query, [(1, 0)]), saved_at, None))
    return path


def test_several_orphans_newest_first_discard_one_keep_the_rest(make_window, tmp_path, qtbot):
    folder = tmp_path / "autosave"
    old = _orphan_file(folder, "old", "2024-05-01T10:00:00Z", (1, 1))
    new = _orphan_file(folder, "new", "2025-02-03T10:00:00Z", (2, 2))
    (folder / ("broken" + autosave.SUFFIX)).write_text("{not json")
    window = make_window()
    dialog = window.desktop.autosave.offer_recovery()
    items = dialog.findChild(QListWidget, "recoveryList")
    assert items.count() == 2
    assert [o.path for o in dialog.orphans] == [str(new), str(old)]
    # Damaged: never offered, and not deleted either (nor its lock left behind).
    assert (folder / ("broken" + autosave.SUFFIX)).read_text() == "{not json"
    assert not (folder / "broken.lock").exists()
    qtbot.mouseClick(dialog.findChild(QPushButton, "discardButton"), Qt.MouseButton.LeftButton)
    assert not new.exists() and old.exists()
    assert items.count() == 1
    qtbot.mouseClick(dialog.findChild(QPushButton, "laterButton"), Qt.MouseButton.LeftButton)
    assert old.exists()
    assert window.controller.scene.query == (2, 1)  # untouched
    # Decided later: offered again at the next start, and its lock released meanwhile.
    assert not (folder / "old.lock").exists()
    again = autosave.find_orphans(str(folder))
    assert [o.path for o in again] == [str(old)]
    again[0].release()


def test_an_autosave_file_is_a_scene_wrapped_with_its_origin(make_window):
    window = make_window()
    window.controller.set_vector(QUERY, (1, 3))
    window.desktop.autosave.save_now()
    document = json.loads(Path(window.desktop.autosave.path).read_text())
    assert document["format"] == "qk-explorer-autosave"
    assert document["scene"]["queries"] == [[1, 3]]
    assert document["saved_at"].endswith("Z")


# ---- what cannot be read stays; what is restored keeps its file ---------------------------------------


def status_text(window) -> str:
    return window.findChild(QStatusBar).currentMessage()


def _wrapped(scene_bytes: bytes) -> bytes:
    """A corpus scene file as the scene of an autosave file, byte for byte."""
    head = b'{"format": "qk-explorer-autosave", "version": 1, "saved_at": "2025-01-31T14:05:09Z", '
    return head + b'"source": null, "scene": ' + scene_bytes.removeprefix(b"\xef\xbb\xbf") + b"}"


@pytest.mark.parametrize("case", scene_files.ALL, ids=str)
def test_every_corpus_file_in_the_autosave_folder_at_start_up(case, tmp_path, make_window, caplog):
    """A good scene is offered back; a bad one is left as it is, said once, and start-up goes on."""
    folder = tmp_path / "autosave"
    folder.mkdir()
    path = folder / ("crashed" + autosave.SUFFIX)
    path.write_bytes(_wrapped(case.path(tmp_path).read_bytes()))
    before = path.read_bytes()
    window = make_window(make_scene((0, 1), [(1, 0)]))
    window.desktop.autosave.folder = str(folder)
    with within(10):
        dialog = window.desktop.autosave.offer_recovery()
    if case.problem is None:
        assert dialog is not None
        assert dialog.orphans[0].saved.scene == _scene_of(case, tmp_path)
        dialog.reject()
    else:
        assert dialog is None
        assert "could not be read and was left as it is" in status_text(window)
        assert len([r for r in caplog.records if r.name == autosave.__name__]) == 1
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == [path.name]  # nor its lock
    assert window.controller.scene.query == (0, 1)


def _scene_of(case, tmp_path):
    from qk_explorer.model.scene_file import read_scene

    return read_scene(case.path(tmp_path).read_bytes())


@pytest.mark.parametrize("special", [s for s in scene_files.SPECIAL if s.name != "folder.json"], ids=str)
def test_no_special_file_in_the_autosave_folder_can_hang_or_lose_start_up(special, tmp_path, make_window):
    folder = tmp_path / "autosave"
    folder.mkdir()
    good = _orphan_file(folder, "good", "2025-02-03T10:00:00Z", (2, 2))
    path = special.path(folder, "special" + autosave.SUFFIX)
    window = make_window(make_scene((0, 1), [(1, 0)]))
    window.desktop.autosave.folder = str(folder)
    with within(2):
        dialog = window.desktop.autosave.offer_recovery()
    assert [o.path for o in dialog.orphans] == [str(good)]
    dialog.reject()
    assert os.path.lexists(path)
    assert "special" + autosave.SUFFIX in status_text(window)
    assert "only regular files" in status_text(window)


def test_an_autosave_from_a_newer_version_is_left_in_place_and_said_once(make_window, tmp_path, caplog):
    folder = tmp_path / "autosave"
    folder.mkdir()
    newer = folder / ("newer" + autosave.SUFFIX)
    text = write_autosave(make_scene((1, 2), [(1, 0)]), "2030-01-01T00:00:00Z").replace(
        '"version": 1', '"version": 7', 1
    )
    newer.write_text(text)
    also = folder / ("also-newer" + autosave.SUFFIX)
    also.write_text(text)
    window = make_window()
    window.desktop.autosave.folder = str(folder)
    assert window.desktop.autosave.offer_recovery() is None
    assert newer.read_text() == text and also.read_text() == text
    message = status_text(window)
    assert message.startswith("2 autosave files in ") and "newer Q·K Explorer" in message
    assert len([r for r in caplog.records if r.name == autosave.__name__]) == 1  # once, not per file
    assert window.findChild(QMessageBox) is None


def test_a_restored_autosave_keeps_the_file_it_came_from(make_window, tmp_path, monkeypatch):
    mine = tmp_path / "mine.qkscene.json"
    mine.write_text(write_scene(make_scene((2, 1), [(1, 2)])))
    folder = tmp_path / "autosave"
    folder.mkdir()
    work = make_scene((-3, 4), [(1, 2)])
    (folder / ("crashed" + autosave.SUFFIX)).write_text(
        write_autosave(work, "2025-02-03T10:00:00Z", str(mine))
    )
    window = make_window()
    window.desktop.autosave.folder = str(folder)
    dialog = window.desktop.autosave.offer_recovery()
    assert dialog.describe(dialog.orphans[0]).startswith("mine.qkscene.json\n")
    dialog.restore_selected()
    assert window.controller.scene == work
    assert window.current_path == str(mine)
    assert window.windowTitle().startswith("mine.qkscene.json")
    assert window.isWindowModified()
    own = read_autosave(Path(window.desktop.autosave.path).read_bytes())
    assert own.source == str(mine)  # and it stays with the work if this instance crashes too
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: pytest.fail("Save asked for a name"))
    assert window.desktop.documents.save()
    assert read_scene(mine.read_bytes()) == work
    assert not window.isWindowModified()


def test_an_autosave_that_cannot_be_written_is_said_once_until_one_succeeds(make_window, caplog):
    """A lone surrogate in the title (which no reader lets in any more) cannot be written as UTF-8."""
    window = make_window(make_scene((2, 1), [(1, 2)], title="\ud800"))
    saver = window.desktop.autosave
    said = []
    window.findChild(QStatusBar).messageChanged.connect(lambda text: text and said.append(text))
    window.controller.set_vector(QUERY, (1, 1))
    for _ in range(5):  # every 2 s while the work goes on
        assert saver.save_now() is False
    assert len(said) == 1 and said[0].startswith("Autosave failed: ")
    assert saver.path in said[0] and "surrogates not allowed" in said[0]
    assert "\n" not in said[0]
    assert len([r for r in caplog.records if r.name == autosave.__name__]) == 1
    assert window.findChild(QMessageBox, "problemBox") is None
    window.controller.load(make_scene((1, 1), [(1, 2)], title="fine"), "fix")
    assert saver.save_now()
    assert saver.failure is None
    assert read_autosave(Path(saver.path).read_bytes()).scene.title == "fine"


# ---- an autosave folder that cannot be used is said, never silently skipped -------------------------------


def _data_home_is_a_file(tmp_path):
    data = tmp_path / "data-home"
    data.write_text("not a folder")
    return data / "qk-explorer" / "qk-explorer" / "autosave"  # where XDG_DATA_HOME puts it


def _folder_is_a_file(tmp_path):
    folder = tmp_path / "autosave"
    folder.write_text("not a folder")
    return folder


def _folder_is_a_fifo(tmp_path):
    folder = tmp_path / "autosave"
    os.mkfifo(folder)
    return folder


def _folder_is_read_only(tmp_path):
    folder = tmp_path / "autosave"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o500)
        return folder
    # Root writes in a folder without write permission; not in one marked immutable.
    import shutil

    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(folder)]).returncode:
        pytest.skip("root writes in a read-only folder, and chattr cannot make it immutable here")
    _read_only.append(folder)
    return folder


_read_only: list[Path] = []


@pytest.fixture(autouse=True)
def _writable_again():
    yield
    while _read_only:  # so that the test's folder can be deleted
        subprocess.run(["chattr", "-i", str(_read_only.pop())], check=True)


@pytest.mark.parametrize(
    "unusable", [_data_home_is_a_file, _folder_is_a_file, _folder_is_a_fifo, _folder_is_read_only]
)
def test_an_autosave_folder_that_cannot_be_used_is_said_within_one_autosave_period(
    unusable, make_window, tmp_path, monkeypatch, qtbot, caplog
):
    monkeypatch.setattr(autosave, "DELAY_MS", 300)
    folder = unusable(tmp_path)
    monkeypatch.setattr(autosave, "default_folder", lambda: str(folder))
    window = make_window(make_scene((2, 1), [(3, -1)]))
    saver = window.desktop.autosave
    said = []
    window.findChild(QStatusBar).messageChanged.connect(lambda text: text and said.append(text))
    window.controller.set_vector(QUERY, (1, 1))  # an edit: the work must now be kept
    qtbot.waitUntil(lambda: bool(said), timeout=autosave.DELAY_MS + 2000)
    assert said[0].startswith("Autosave failed: ") and str(folder) in said[0]
    assert "\n" not in said[0]
    assert [r.getMessage() for r in caplog.records if r.name == autosave.__name__] == said
    window.controller.set_vector(QUERY, (2, 2))  # said once, not at every try
    assert saver.save_now() is False
    assert len(said) == 1


# ---- many unreadable autosaves: each read once, the damaged ones offered for removal --------------------


def _damaged(folder: Path, count: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"damaged-{i:04d}{autosave.SUFFIX}" for i in range(count)]
    for path in paths:
        path.write_text("{not json")
    return paths


def _counting_reads(monkeypatch) -> list[str]:
    reads = []
    real = autosave.read_bytes

    def read_bytes(path, *args):
        reads.append(path)
        return real(path, *args)

    monkeypatch.setattr(autosave, "read_bytes", read_bytes)
    return reads


def test_unreadable_autosaves_are_read_once_and_said_once_over_many_starts(
    make_window, tmp_path, monkeypatch, caplog
):
    folder = tmp_path / "autosave"
    paths = _damaged(folder, 100)
    reads = _counting_reads(monkeypatch)
    first = make_window()
    assert first.desktop.autosave.offer_recovery() is None
    assert len(reads) == 100
    assert status_text(first).startswith("100 autosave files in ")
    caplog.clear()
    reads.clear()
    second = make_window()  # the next start: nothing new to read or to say
    assert second.desktop.autosave.offer_recovery() is None
    assert reads == []
    assert status_text(second) == ""
    assert not [r for r in caplog.records if r.name == autosave.__name__]
    # One that changed since is read again, and said.
    paths[7].write_text("{still not json, and longer")
    third = make_window()
    third.desktop.autosave.offer_recovery()
    assert reads == [str(paths[7])]
    assert status_text(third).startswith("An autosave file in ")
    assert all(p.exists() for p in paths)  # none removed unasked


def test_damaged_autosaves_are_offered_for_removal_and_nothing_else_is_removed(make_window, tmp_path, qtbot):
    folder = tmp_path / "autosave"
    damaged = _damaged(folder, 3)
    newer = folder / ("newer" + autosave.SUFFIX)
    newer.write_text(
        write_autosave(make_scene((1, 2), [(1, 0)]), "2030-01-01T00:00:00Z").replace(
            '"version": 1', '"version": 7', 1
        )
    )
    os.mkfifo(folder / ("pipe" + autosave.SUFFIX))
    good = _orphan_file(folder, "good", "2025-02-03T10:00:00Z", (2, 2))
    window = make_window()
    dialog = window.desktop.autosave.offer_recovery()
    assert [o.path for o in dialog.orphans] == [str(good)]
    dialog.reject()
    button = window.findChild(QPushButton, "removeDamagedAutosaves")
    assert button is not None and button.text() == "Remove 3 Damaged Autosaves"
    damaged[0].write_text("{changed since it was read")  # not the file that was read: kept
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [damaged[0].name, newer.name, "pipe" + autosave.SUFFIX, good.name]
    )
    assert status_text(window) == "2 damaged autosave files removed."
    qtbot.waitUntil(lambda: window.findChild(QPushButton, "removeDamagedAutosaves") is None)


def test_only_a_newer_versions_autosave_is_never_offered_for_removal(make_window, tmp_path):
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / ("newer" + autosave.SUFFIX)).write_text(
        write_autosave(make_scene((1, 2), [(1, 0)]), "2030-01-01T00:00:00Z").replace(
            '"version": 1', '"version": 7', 1
        )
    )
    window = make_window()
    assert window.desktop.autosave.offer_recovery() is None
    assert "newer Q·K Explorer" in status_text(window)
    assert window.findChild(QPushButton, "removeDamagedAutosaves") is None
