#!/usr/bin/env bash
# The packaging step of ./test.sh (and so of CI): build the bundle (or reuse the
# cached build of the same sources), then check the frozen program itself:
#   self-test  - dist/qk-explorer/qk-explorer --self-test passes with no display
#   screenshot - a frozen --screenshot is a PNG of the requested size, not blank
#   size       - the folder stays within 170 MiB and the archive within 70 MiB
#   desktop    - install.sh writes a menu entry whose Exec line starts the program,
#                and uninstall.sh removes every file again
#
# QK_SKIP_PACKAGING=1 skips all of it, for quick local runs (CI never sets it).
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "${QK_SKIP_PACKAGING:-0}" = 1 ]; then
    echo "== packaging: skipped (QK_SKIP_PACKAGING=1)"
    exit 0
fi

FOLDER_BUDGET_MIB=170
ARCHIVE_BUDGET_MIB=70
bundle=dist/qk-explorer
program=$bundle/qk-explorer
passed=0
failed=0
failures=()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check() { # check NAME COMMAND...: run one check, count it, time it
    local name=$1 start=$SECONDS
    shift
    if "$@" >"$work/out" 2>&1; then
        passed=$((passed + 1))
        printf 'ok    %-10s (%d s) %s\n' "$name" $((SECONDS - start)) "$(tail -n 1 "$work/out")"
    else
        failed=$((failed + 1))
        failures+=("$name")
        printf 'FAIL  %-10s (%d s)\n' "$name" $((SECONDS - start))
        sed 's/^/      /' "$work/out" | tail -n 25
    fi
}

no_display() { env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$@"; }

# The PNG is read back with the project's .venv (test.sh has made it already).
. scripts/setup-env.sh
qk_venv runtime || exit 1
python=.venv/bin/python

self_test() {
    local out
    out=$(no_display "$program" --self-test) || return 1
    [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [[ $out == "qk-explorer self-test passed: "* ]] || {
        echo "unexpected output: $out"
        return 1
    }
    echo "$out"
}

screenshot() {
    no_display "$program" --preset lesson-attention --lang es --size 1000x640 --screenshot "$work/shot.png" || return 1
    "$python" - "$work/shot.png" <<'EOF'
import sys
from PySide6.QtGui import QGuiApplication, QImage
app = QGuiApplication(["check", "-platform", "offscreen"])
image = QImage(sys.argv[1])
size = (image.width(), image.height())
colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
print(f"{sys.argv[1]}: {size[0]}x{size[1]}, {len(colours)} colours")
sys.exit(0 if size == (1000, 640) and len(colours) > 20 else 1)
EOF
}

size_budget() {
    local folder archive
    folder=$(du -sb "$bundle" | cut -f1)
    archive=$(stat -c %s dist/qk-explorer-*-linux-"$(uname -m)".tar.gz)
    echo "folder $((folder / 1048576)) MiB of $FOLDER_BUDGET_MIB, archive $((archive / 1048576)) MiB of $ARCHIVE_BUDGET_MIB"
    [ "$folder" -le $((FOLDER_BUDGET_MIB * 1048576)) ] && [ "$archive" -le $((ARCHIVE_BUDGET_MIB * 1048576)) ]
}

desktop_entry() {
    local data=$work/data entry exec_line
    XDG_DATA_HOME=$data "$bundle/install.sh" >/dev/null || return 1
    XDG_DATA_HOME=$data "$bundle/install.sh" >/dev/null || return 1 # twice: idempotent
    entry=$data/applications/io.github.qkexplorer.QKExplorer.desktop
    exec_line=$(sed -n 's/^Exec=//p' "$entry")
    # Exec="/path/to/qk-explorer" %f: unquote the program, drop the field code.
    local command=${exec_line% %f}
    command=${command#\"}
    command=${command%\"}
    [ "$command" -ef "$program" ] || { echo "Exec points at '$command'"; return 1; }
    "$command" --version || return 1
    XDG_DATA_HOME=$data "$bundle/uninstall.sh" >/dev/null || return 1
    if [ -n "$(find "$data" -name 'io.github.qkexplorer.QKExplorer*')" ]; then
        echo "uninstall.sh left files behind"
        return 1
    fi
}

echo "== packaging (QK_SKIP_PACKAGING=1 skips it)"
check build packaging/build.sh
if [ -x "$program" ]; then
    check self-test self_test
    check screenshot screenshot
    check size size_budget
    check desktop desktop_entry
fi
if [ $failed -gt 0 ]; then
    echo "packaging failed: ${failures[*]}"
fi
echo "packaging: $passed passed, $failed failed"
[ $failed -eq 0 ]
