"""Where the read-only resources (translations, lesson texts, icons) live.

Installed from a wheel or frozen by PyInstaller they sit inside the package as
`qk_explorer/resources`; in a source checkout they are the top-level `resources/`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def resource_root() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "resources", here.parent.parent / "resources"):
        if (candidate / "i18n").is_dir():
            return candidate
    raise FileNotFoundError("Q·K Explorer's resources folder is missing")


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)
