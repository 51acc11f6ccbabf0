#!/usr/bin/env bash
# Refresh the Spanish catalogue from the source strings (pyside6-lupdate) and
# rebuild the compiled .qm (pyside6-lrelease). Translate new entries in
# resources/i18n/qk_explorer_es.ts (Qt Linguist opens it), then run this again.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t sources < <(find src/qk_explorer -name '*.py' | sort)
.venv/bin/pyside6-lupdate -silent -no-obsolete -locations none "${sources[@]}" \
    -ts resources/i18n/qk_explorer_es.ts
.venv/bin/pyside6-lrelease -silent resources/i18n/qk_explorer_es.ts -qm resources/i18n/qk_explorer_es.qm
