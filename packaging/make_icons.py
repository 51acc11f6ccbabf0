"""Render the app icon (resources/icons/qk-explorer.svg) for every platform.

    python packaging/make_icons.py OUT_DIR

writes OUT_DIR/png/qk-explorer-N.png for the freedesktop sizes, OUT_DIR/qk-explorer.ico
(Windows: PNG-compressed entries, 16–256 px) and OUT_DIR/qk-explorer.icns (macOS:
PNG entries, 16–1024 px). Every size is rendered from the SVG itself, not scaled
from a larger bitmap, so the small sizes stay sharp. Needs only PySide6 (QtSvg);
runs without a display.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "qk-explorer.svg"

PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# macOS icon types that hold PNG data: (type, pixel size).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512 px @2x
    (b"ic11", 32),  # 16 px @2x
    (b"ic12", 64),  # 32 px @2x
    (b"ic13", 256),  # 128 px @2x
    (b"ic14", 512),  # 256 px @2x
)


def render_png(svg: Path, size: int) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_file(pngs: dict[int, bytes]) -> bytes:
    """An .ico whose entries are PNG images (read by Windows Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        blob = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        blobs += blob
    return header + entries + blobs


def icns_file(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out_dir: Path, svg: Path = SVG) -> list[Path]:
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # QtSvg needs an application
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    pngs = {size: render_png(svg, size) for size in sizes}
    written = []
    (out_dir / "png").mkdir(parents=True, exist_ok=True)
    for size in PNG_SIZES:
        written.append(out_dir / "png" / f"qk-explorer-{size}.png")
        written[-1].write_bytes(pngs[size])
    written.append(out_dir / "qk-explorer.ico")
    written[-1].write_bytes(ico_file({size: pngs[size] for size in ICO_SIZES}))
    written.append(out_dir / "qk-explorer.icns")
    written[-1].write_bytes(icns_file(pngs))
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: make_icons.py OUT_DIR", file=sys.stderr)
        return 2
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) and sys.platform == "linux":
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for path in make_icons(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
