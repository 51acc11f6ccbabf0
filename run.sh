#!/usr/bin/env bash
# Sets up .venv on first use and starts Q·K Explorer. Arguments go to the app
# (try ./run.sh --help).
set -euo pipefail
cd "$(dirname "$0")"
. scripts/setup-env.sh

qk_system_libraries window
qk_venv runtime
exec .venv/bin/qk-explorer "$@"
