"""Settings never stop a start: a value of the wrong type or out of range is left aside (the window
opens with the default and says so once), and a settings file that is not a regular file is neither
read (a named pipe blocked the start for ever) nor written over."""

import logging
import os
import stat
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QStatusBar

from qk_explorer.view.desktop import documents, preferences, settings_file

from .helpers import act


@pytest.fixture
def start(start_remembered):
    return start_remembered


def as_started(window) -> dict:
    """What the settings decide about a window, to compare with one started with none."""
    return {
        "theme": window.theme_name,
        "language": window.translations.language,
        "zoom": window.zoom,
        "size": (window.width(), window.height()),
        "toggles": {a.objectName(): a.isChecked() for a in window.desktop.preferences.remembered_actions()},
        "recent": documents.recent_files(),
    }


def write_settings(text: str) -> None:
    path = settings_file.candidate_files()[0]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def status_text(window) -> str:
    return window.findChild(QStatusBar).currentMessage()


BAD_VALUES = [
    ("window", "geometry", "garbage"),
    ("window", "geometry", "42"),
    ("window", "geometry", "a, b"),
    ("window", "geometry", "@ByteArray(garbage)"),
    ("window", "geometry", "@Rect(0 0 10 10)"),
    ("window", "state", "garbage"),
    ("window", "state", "1, 2, 3"),
    ("view", "zoom", "inf"),
    ("view", "zoom", "nan"),
    ("view", "zoom", "-1"),
    ("view", "zoom", "1e308"),
    ("view", "zoom", "big"),
    ("view", "zoom", "1.5, 2"),
    ("view", "theme", "neon"),
    ("view", "theme", "dark, light"),
    ("view", "language", "fr"),
    ("view", "language", "@ByteArray(es)"),
    ("options", "snap", "maybe"),
    ("options", "showValues", "1, 2"),
    ("files", "recent", "@Rect(1 2 3 4)"),
    ("files", "recent", "@ByteArray(/tmp/x.json)"),
]


@pytest.mark.parametrize(("section", "key", "raw"), BAD_VALUES, ids=lambda x: str(x))
def test_a_wrong_setting_is_left_aside_and_the_window_opens_with_the_default(
    section, key, raw, start, caplog
):
    defaults = as_started(start())
    write_settings(f"[{section}]\n{key}={raw}\n")
    caplog.clear()
    window = start()
    assert as_started(window) == defaults
    assert status_text(window) == (
        f"Settings left aside because they are not valid: {section}/{key}. The defaults apply."
    )
    assert len([r for r in caplog.records if r.name == preferences.__name__]) == 1
    window.desktop.documents.fill_recent_menu()  # the menu that reads the recent scenes works
    assert window.close()


def test_several_wrong_settings_are_said_in_one_line(start):
    write_settings("[window]\ngeometry=garbage\n[view]\nzoom=9\ntheme=neon\n")
    window = start()
    assert status_text(window) == (
        "Settings left aside because they are not valid: window/geometry, view/zoom, view/theme. "
        "The defaults apply."
    )


def test_good_settings_are_said_nothing_about(start, caplog):
    write_settings("[view]\nzoom=1.3225\ntheme=dark\n[options]\nsnap=false\n")
    window = start()
    assert window.zoom == 1.3225 and window.theme_name == "dark"
    assert not act(window, "snap").isChecked()
    assert status_text(window) == ""
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


# ---- the start as the app makes it: a process of its own, with its own config folder -----------------

START = r"""
import sys
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStatusBar
from qk_explorer.app import create_application
from qk_explorer.model.presets import preset_scene
from qk_explorer.window import build_window

app = create_application()
window = build_window(preset_scene("lesson-pair"), remember=True)
window.show()
print(window.theme_name, window.translations.language, window.zoom, flush=True)
print(window.findChild(QStatusBar).currentMessage(), flush=True)
for name in sys.argv[1:]:  # chosen from the menu, then the window closes as a user closes it
    window.findChild(QAction, name).trigger()
window.close()
"""


def app_environment(tmp_path) -> dict:
    """The app's environment in a folder of its own: its config, system config and data there."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(
        QT_QPA_PLATFORM="offscreen",
        LANG="C.UTF-8",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_CONFIG_DIRS=str(tmp_path / "system"),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )
    return env


def start_app(tmp_path, *choices):
    command = [sys.executable, "-c", START, *choices]
    return subprocess.run(command, capture_output=True, text=True, timeout=30, env=app_environment(tmp_path))


def test_the_issues_own_case_starts(tmp_path):
    """printf '[window]\\ngeometry=garbage\\n' > ~/.config/qk-explorer/qk-explorer.conf; qk-explorer"""
    conf = tmp_path / "config" / "qk-explorer" / "qk-explorer.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text("[window]\ngeometry=garbage\n")
    result = start_app(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "system en 1.0",
        "Settings left aside because they are not valid: window/geometry. The defaults apply.",
    ]


def _fifo(path):
    os.mkfifo(path)


def _folder(path):
    path.mkdir()


def _socket(path):
    os.mknod(path, stat.S_IFSOCK | 0o600)


@pytest.mark.parametrize(
    ("where", "make", "kind"),
    [
        ("config/qk-explorer/qk-explorer.conf", _fifo, "is a named pipe (FIFO); only regular files"),
        ("config/qk-explorer.conf", _fifo, "is a named pipe (FIFO); only regular files"),
        ("system/qk-explorer/qk-explorer.conf", _fifo, "is a named pipe (FIFO); only regular files"),
        ("config/qk-explorer/qk-explorer.conf", _socket, "is a socket; only regular files"),
        ("config/qk-explorer/qk-explorer.conf", _folder, "is a folder, not a file"),
    ],
)
def test_a_settings_file_that_is_not_a_regular_file_is_never_read_nor_written(where, make, kind, tmp_path):
    path = tmp_path / where
    path.parent.mkdir(parents=True)
    make(path)
    before = os.lstat(path)
    result = start_app(tmp_path, "theme_dark", "language_es")
    assert result.returncode == 0, result.stderr
    first, said = result.stdout.splitlines()
    assert first == "system en 1.0"  # the defaults
    assert said.startswith(f"Settings not used: {path} {kind}")
    assert said.endswith(". The defaults apply, and nothing is saved there.")
    after = os.lstat(path)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)  # never replaced
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # nor anything beside it
    assert "Traceback" not in result.stderr


# ---- what is chosen from the menu outlives a kill, as the autosaved scene does ---------------------------

WORKING = r"""
from PySide6.QtGui import QAction
from qk_explorer.app import create_application
from qk_explorer.model.presets import preset_scene
from qk_explorer.model.scene import QUERY
from qk_explorer.window import build_window

app = create_application()
window = build_window(preset_scene("lesson-pair"), remember=True)
window.show()
window.findChild(QAction, "language_es").trigger()
window.findChild(QAction, "theme_dark").trigger()
window.controller.set_vector(QUERY, (3, 3))
assert window.desktop.autosave.save_now()
print("working", flush=True)
app.exec()
"""

RESTARTED = r"""
from qk_explorer.app import create_application
from qk_explorer.model.presets import preset_scene
from qk_explorer.window import build_window

app = create_application()
window = build_window(preset_scene("lesson-pair"), remember=True)
window.show()
dialog = window.desktop.autosave.offer_recovery()
print(window.translations.language, window.theme_name, flush=True)
print(dialog.windowTitle(), flush=True)
"""


def test_the_language_and_theme_chosen_come_back_after_a_kill(tmp_path):
    import signal

    env = app_environment(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-c", WORKING], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert process.stdout.readline().strip() == "working", process.stderr.read()
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)
        process.stdout.close()
        process.stderr.close()
    again = subprocess.run(
        [sys.executable, "-c", RESTARTED], capture_output=True, text=True, timeout=60, env=env
    )
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == ["es dark", "Recuperar trabajo sin guardar"]
