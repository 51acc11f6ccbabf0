#!/usr/bin/env bash
# The project's test command: sets up .venv on first use, then runs the linter,
# the layering contract and the whole test suite headless. Arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/setup-env.sh

qk_system_libraries offscreen
qk_venv dev

export QT_QPA_PLATFORM=offscreen
echo "== ruff"
.venv/bin/ruff check src tests
.venv/bin/ruff format --check src tests
echo "== layering contract (import-linter)"
.venv/bin/lint-imports --no-cache
echo "== tests"
.venv/bin/python -m pytest -q --hypothesis-profile=ci "$@"
[ "$#" -gt 0 ] || packaging/ci-check.sh  # the frozen bundle: build, self-test, screenshot, size
