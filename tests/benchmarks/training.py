"""Training a head: the CPU time each task takes, for five seeds, and the accuracy it reaches.

    .venv/bin/python tests/benchmarks/training.py [--seeds 5] [--json OUT.json]

Budget (docs/design.md): each run within 5 s of CPU, reaching ≥ 99 % on 2,000 fresh
sequences. CPU time is the process's (time.process_time: every thread's), so BLAS
threads spinning on small matrices would count; wall time is shown beside it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

CPU_BUDGET_S = 5.0
ACCURACY_BAR = 0.99


def measure_training(seeds: int = 5) -> dict:
    from qk_explorer.model.training.run import Settings, train
    from qk_explorer.model.training.tasks import TASKS

    train(Settings("previous-token", 0, 5))  # imports and first calls out of the figures
    rows = {}
    for name, task in TASKS.items():
        runs = []
        for seed in range(seeds):
            cpu, wall = time.process_time(), time.perf_counter()
            run = train(Settings(name, seed))
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            runs.append({"seed": seed, "cpu_s": cpu, "wall_s": wall, "accuracy": run.evaluation.accuracy})
        rows[name] = {"steps": task.steps, "runs": runs}
    worst_cpu = max(r["cpu_s"] for row in rows.values() for r in row["runs"])
    worst_accuracy = min(r["accuracy"] for row in rows.values() for r in row["runs"])
    return {"tasks": rows, "cpu_s_max": worst_cpu, "accuracy_min": worst_accuracy}


def print_training(figures: dict) -> None:
    print(f"{'training':<16}{'steps':>7}{'CPU s (min–max)':>18}{'wall s (max)':>14}{'accuracy (min)':>16}")
    for name, row in figures["tasks"].items():
        cpu = [r["cpu_s"] for r in row["runs"]]
        wall = max(r["wall_s"] for r in row["runs"])
        accuracy = min(r["accuracy"] for r in row["runs"])
        print(f"{name:<16}{row['steps']:>7}{min(cpu):>10.2f}–{max(cpu):<7.2f}{wall:>14.2f}{accuracy:>16.4f}")
    cpu, accuracy = figures["cpu_s_max"], figures["accuracy_min"]
    cpu_verdict = "ok" if cpu <= CPU_BUDGET_S else "OVER"
    print(f"budget training CPU s (each run) {cpu:>6.2f} ≤ {CPU_BUDGET_S} {cpu_verdict}")
    bar_verdict = "ok" if accuracy >= ACCURACY_BAR else "BELOW"
    print(f"bar    accuracy (each run)       {accuracy:>6.4f} ≥ {ACCURACY_BAR} {bar_verdict}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=5, help="seeds per task (0, 1, …)")
    parser.add_argument("--json", metavar="OUT.json", help="also write the figures as JSON")
    options = parser.parse_args(argv)
    figures = measure_training(options.seeds)
    print_training(figures)
    if options.json:
        Path(options.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0 if figures["cpu_s_max"] <= CPU_BUDGET_S and figures["accuracy_min"] >= ACCURACY_BAR else 1


if __name__ == "__main__":
    sys.exit(main())
