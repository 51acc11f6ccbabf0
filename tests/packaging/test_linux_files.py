"""The Linux desktop integration: icons, the menu entry, its install and uninstall scripts.

The scripts run for real on a stand-in bundle (a tiny program in a folder whose
path has a space), with XDG_DATA_HOME pointing into a temporary folder.
"""

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImageReader

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.qkexplorer.QKExplorer"
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


@pytest.fixture(scope="module")
def icons(tmp_path_factory):
    out = tmp_path_factory.mktemp("icons")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icons.py"), str(out)], check=True, env=env)
    return out


def image_sizes(path: Path) -> list[int]:
    reader = QImageReader(str(path))
    sizes = []
    for i in range(reader.imageCount()):
        assert reader.jumpToImage(i)
        image = reader.read()
        assert not image.isNull(), reader.errorString()
        assert image.width() == image.height()
        sizes.append(image.width())
    return sizes


def test_icons_are_rendered_at_every_size_from_the_svg(qapp, icons):
    for size in PNG_SIZES:
        reader = QImageReader(str(icons / "png" / f"qk-explorer-{size}.png"))
        image = reader.read()
        assert (image.width(), image.height()) == (size, size)
        # The q arrow's vermillion and the k arrow's blue are both there, even at 16 px.
        colours = {image.pixelColor(x, y).name() for x in range(size) for y in range(size)}
        assert any(_near(c, "#d55e00") for c in colours), size
        assert any(_near(c, "#0072b2") for c in colours), size


def _near(colour: str, target: str, tolerance: int = 40) -> bool:
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(target[i : i + 2], 16) for i in (1, 3, 5)]
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def test_the_windows_icon_holds_sizes_16_to_256(qapp, icons):
    ico = icons / "qk-explorer.ico"
    assert ico.read_bytes()[:4] == struct.pack("<HH", 0, 1)
    assert image_sizes(ico) == [16, 24, 32, 48, 64, 128, 256]


def test_the_macos_icon_holds_sizes_16_to_1024(qapp, icons):
    icns = icons / "qk-explorer.icns"
    data = icns.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    assert sorted(set(image_sizes(icns))) == [16, 32, 64, 128, 256, 512, 1024]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_the_desktop_entry_is_valid():
    result = subprocess.run(
        ["desktop-file-validate", str(LINUX / f"{APP_ID}.desktop")], capture_output=True, text=True
    )
    assert result.returncode == 0 and "error" not in result.stdout, result.stdout


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_the_appstream_metainfo_is_valid():
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture
def bundle(tmp_path, icons):
    """A stand-in for dist/qk-explorer: a program that prints its arguments, plus share/."""
    folder = tmp_path / "My Apps" / "qk-explorer"
    folder.mkdir(parents=True)
    program = folder / "qk-explorer"
    program.write_text('#!/bin/sh\necho "started with: $*"\n')
    program.chmod(0o755)
    subprocess.run([str(LINUX / "add-desktop-files.sh"), str(folder), str(icons)], check=True)
    return folder


def run_script(script: Path, data: Path, *args):
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    return subprocess.run([str(script), *args], capture_output=True, text=True, env=env, timeout=60)


def installed_files(data: Path) -> list[str]:
    return sorted(str(p.relative_to(data)) for p in data.rglob(f"{APP_ID}*") if p.is_file())


def test_install_from_the_bundle_adds_a_menu_entry_that_starts_it(bundle, tmp_path):
    data = tmp_path / "data"
    result = run_script(bundle / "install.sh", data)
    assert result.returncode == 0, result.stderr
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text()
    exec_line = next(line for line in entry.splitlines() if line.startswith("Exec="))
    assert exec_line == f'Exec="{bundle / "qk-explorer"}" %f'
    assert f"TryExec={bundle / 'qk-explorer'}" in entry.splitlines()
    assert "Icon=io.github.qkexplorer.QKExplorer" in entry.splitlines()
    # Start it the way a launcher would: the quoted path, with a file for %f.
    program = exec_line.removeprefix("Exec=").removesuffix(" %f").strip('"')
    started = subprocess.run([program, "scene.qkscene.json"], capture_output=True, text=True)
    assert started.stdout == "started with: scene.qkscene.json\n"
    files = installed_files(data)
    for size in PNG_SIZES:
        assert f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png" in files
    assert f"icons/hicolor/scalable/apps/{APP_ID}.svg" in files
    assert f"metainfo/{APP_ID}.metainfo.xml" in files
    assert f"mime/packages/{APP_ID}.xml" in files


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_the_installed_entry_with_its_quoted_path_is_valid(bundle, tmp_path):
    data = tmp_path / "data"
    assert run_script(bundle / "install.sh", data).returncode == 0
    result = subprocess.run(
        ["desktop-file-validate", str(data / "applications" / f"{APP_ID}.desktop")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and "error" not in result.stdout, result.stdout


def test_install_twice_changes_nothing_and_uninstall_removes_everything(bundle, tmp_path):
    data = tmp_path / "data"
    assert run_script(bundle / "install.sh", data).returncode == 0
    first = {name: (data / name).read_bytes() for name in installed_files(data)}
    assert run_script(bundle / "install.sh", data).returncode == 0
    assert {name: (data / name).read_bytes() for name in installed_files(data)} == first

    result = run_script(bundle / "uninstall.sh", data)
    assert result.returncode == 0, result.stderr
    assert f"removed {len(first)} files" in result.stdout
    assert installed_files(data) == []
    assert run_script(bundle / "uninstall.sh", data).returncode == 0  # nothing left: still fine
    assert (bundle / "qk-explorer").exists()  # the program folder is the user's to delete


def test_install_from_a_checkout_takes_a_folder_argument(bundle, tmp_path):
    data = tmp_path / "data"
    result = run_script(LINUX / "install.sh", data, str(bundle))
    assert result.returncode == 0, result.stderr
    assert f'Exec="{bundle / "qk-explorer"}" %f' in (data / "applications" / f"{APP_ID}.desktop").read_text()


def test_install_refuses_a_folder_without_the_program(tmp_path):
    result = run_script(LINUX / "install.sh", tmp_path / "data", str(tmp_path))
    assert result.returncode == 1
    assert "holds no qk-explorer program" in result.stderr
    assert not (tmp_path / "data" / "applications").exists()


def test_install_refuses_a_path_the_entry_cannot_quote(bundle, tmp_path):
    odd = tmp_path / "100% sure"
    shutil.copytree(bundle, odd)
    result = run_script(odd / "install.sh", tmp_path / "data")
    assert result.returncode == 1
    assert "move it somewhere plainer" in result.stderr
