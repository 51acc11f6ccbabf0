#!/usr/bin/env bash
# Build the Linux bundle: one command, from a source checkout.
#
#     packaging/build.sh [--force]
#
# makes dist/qk-explorer/ (start dist/qk-explorer/qk-explorer; install the menu
# entry with dist/qk-explorer/install.sh) and the archive to hand out,
# dist/qk-explorer-VERSION-linux-ARCH.tar.gz.
#
# The build runs in its own virtual environment, build/venv, holding only the
# app's pinned dependencies and PyInstaller (the `package` extra). A build is
# skipped when nothing that goes into it changed: the hash of src/, resources/,
# packaging/ (less its notes and ci-check.sh), pyproject.toml, constraints.txt
# and the Python version is kept in dist/.build-stamp, and each archive is kept
# in a cache folder, QK_BUILD_CACHE (default ~/.cache/qk-explorer/bundles;
# "off" to disable), so a fresh clone of the same sources unpacks it instead of
# building. --force builds anyway.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup-env.sh

force=0
case "${1:-}" in
    "") ;;
    --force) force=1 ;;
    -h | --help) sed -n '2,18s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) qk_say "unknown option '$1' (try --help)"; exit 2 ;;
esac

version=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' src/qk_explorer/__init__.py)
arch=$(uname -m)
name=qk-explorer-$version-linux-$arch
bundle=dist/qk-explorer
archive=dist/$name.tar.gz
stamp=dist/.build-stamp
cache=${QK_BUILD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qk-explorer/bundles}

python=$(qk_python)
inputs_hash() {
    {
        "$python" --version 2>&1
        echo "$arch"
        find src resources packaging pyproject.toml constraints.txt -type f \
            ! -path '*/__pycache__/*' ! -name '*.pyc' ! -name '*.md' ! -name ci-check.sh -print0 |
            LC_ALL=C sort -z | xargs -0 sha256sum
    } | sha256sum | cut -c1-24
}
key=$(inputs_hash)

report() {
    local folder_bytes archive_bytes
    folder_bytes=$(du -sb "$bundle" | cut -f1)
    archive_bytes=$(stat -c %s "$archive")
    qk_say "$bundle: $((folder_bytes / 1048576)) MiB ($folder_bytes bytes)"
    qk_say "$archive: $((archive_bytes / 1048576)) MiB ($archive_bytes bytes)"
}

if [ "$force" = 0 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ] &&
    [ -x "$bundle/qk-explorer" ] && [ -f "$archive" ]; then
    qk_say "the bundle is up to date ($key)"
    report
    exit 0
fi

if [ "$force" = 0 ] && [ "$cache" != off ] && [ -f "$cache/$key.tar.gz" ]; then
    qk_say "unpacking the cached build $cache/$key.tar.gz"
    rm -rf "$bundle" "$stamp"
    mkdir -p dist
    tar -C dist -xzf "$cache/$key.tar.gz"
    cp "$cache/$key.tar.gz" "$archive"
    echo "$key" >"$stamp"
    report
    exit 0
fi

started=$(date +%s)
qk_system_libraries offscreen
# PyInstaller reads libraries with objdump; the stripping below needs strip and readelf.
if ! command -v objdump >/dev/null 2>&1 || ! command -v strip >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        qk_say "installing binutils"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binutils >/dev/null 2>&1 ||
            { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binutils >/dev/null; }
    else
        qk_say "binutils (objdump, strip, readelf) is missing: sudo apt-get install -y binutils"
    fi
fi
QK_VENV=$QK_ROOT/build/venv qk_venv package
venv=$QK_ROOT/build/venv

qk_say "rendering the icons"
QT_QPA_PLATFORM=offscreen "$venv/bin/python" packaging/make_icons.py build/icons >/dev/null

qk_say "freezing with PyInstaller (log: build/pyinstaller.log)"
rm -f "$stamp"
if ! QK_ICON_DIR=$QK_ROOT/build/icons "$venv/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/qk-explorer.spec >build/pyinstaller.log 2>&1; then
    tail -n 30 build/pyinstaller.log >&2
    qk_say "PyInstaller failed; the whole log is in build/pyinstaller.log"
    exit 1
fi

# Debug sections only, and only where there are some (Python's own library and
# extension modules): a full strip breaks numpy's OpenBLAS, and the wheels'
# libraries (*.libs/, Qt) are already stripped or rewritten by auditwheel.
unstripped=$(du -sb "$bundle" | cut -f1)
if command -v strip >/dev/null 2>&1 && command -v readelf >/dev/null 2>&1; then
    while IFS= read -r -d '' file; do
        case $file in */numpy.libs/* | *.libs/*) continue ;; esac
        sections=$(readelf -S "$file" 2>/dev/null) || continue
        if [[ $sections == *.debug_info* ]]; then
            strip --strip-debug "$file"
        fi
    done < <(find "$bundle/_internal" -type f \( -name '*.so' -o -name '*.so.*' \) -print0)
else
    qk_say "strip or readelf is missing (Debian: binutils): the bundle keeps its debug sections"
fi
qk_say "debug sections stripped: $(((unstripped - $(du -sb "$bundle" | cut -f1)) / 1048576)) MiB saved"

# The desktop integration, next to the program: install.sh reads it from here.
packaging/linux/add-desktop-files.sh "$bundle" build/icons

qk_say "writing $archive"
rm -f dist/qk-explorer-*-linux-"$arch".tar.gz
tar -C dist --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$(git log -1 --format=%ct 2>/dev/null || date +%s)" \
    -cf - qk-explorer | gzip -9 -n >"$archive"

if [ "$cache" != off ]; then
    mkdir -p "$cache"
    cp "$archive" "$cache/$key.tar.gz.part" && mv -f "$cache/$key.tar.gz.part" "$cache/$key.tar.gz"
    # Keep the three newest builds.
    ls -1t "$cache"/*.tar.gz 2>/dev/null | tail -n +4 | xargs -r rm -f
fi
echo "$key" >"$stamp"
qk_say "built in $(($(date +%s) - started)) s"
report
