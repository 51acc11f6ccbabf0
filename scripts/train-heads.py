#!/usr/bin/env python3
"""Train the stored heads (model/training/stored_heads.py) and write them to resources/heads/.

    .venv/bin/python scripts/train-heads.py

Each file is what `qk-explorer --train TASK --seed N --steps K --export-model OUT.json`
writes; tests/model/training/test_stored_heads.py retrains them and compares bit for bit.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from qk_explorer.model.training.model_file import trained_model, write_model  # noqa: E402
from qk_explorer.model.training.run import Settings, train  # noqa: E402
from qk_explorer.model.training.stored_heads import STORED_HEADS  # noqa: E402


def write_atomically(path: Path, text: str) -> None:
    with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".part", delete=False) as part:
        part.write(text)
    os.chmod(part.name, 0o644)
    os.replace(part.name, path)


def main() -> int:
    folder = ROOT / "resources" / "heads"
    folder.mkdir(exist_ok=True)
    for head in STORED_HEADS:
        run = train(Settings(head.task, head.seed, head.steps))
        out = folder / f"{head.name}.json"
        write_atomically(out, write_model(trained_model(run)))
        print(
            f"{out.relative_to(ROOT)}: {head.task}, seed {head.seed}, {head.steps} steps, "
            f"accuracy {run.evaluation.accuracy:.4f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
