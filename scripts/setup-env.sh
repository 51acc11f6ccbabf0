# Shared by run.sh and test.sh: system libraries for Qt and the project's .venv.
# Sourced, not run. Idempotent: a second call finds everything in place and
# returns in well under a second.

QK_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
QK_VENV="$QK_ROOT/.venv"

qk_say() { printf 'qk-explorer: %s\n' "$*" >&2; }

# Debian package names for the shared libraries Qt loads. "offscreen" is enough
# for tests and headless export; "window" adds what a real X11 window needs.
qk_system_libraries() {
    local mode=$1 missing=() lib pkg
    local -a wanted=(
        "libglib-2.0.so.0 libglib2.0-0" "libEGL.so.1 libegl1" "libGL.so.1 libgl1"
        "libdbus-1.so.3 libdbus-1-3" "libfontconfig.so.1 libfontconfig1"
        "libfreetype.so.6 libfreetype6" "libxkbcommon.so.0 libxkbcommon0"
    )
    if [ "$mode" = window ]; then
        wanted+=(
            "libxcb-cursor.so.0 libxcb-cursor0" "libxcb-icccm.so.4 libxcb-icccm4"
            "libxcb-image.so.0 libxcb-image0" "libxcb-keysyms.so.1 libxcb-keysyms1"
            "libxcb-render-util.so.0 libxcb-render-util0" "libxcb-render.so.0 libxcb-render0"
            "libxcb-shape.so.0 libxcb-shape0" "libxcb-util.so.1 libxcb-util1"
            "libxcb-xkb.so.1 libxcb-xkb1" "libxkbcommon-x11.so.0 libxkbcommon-x11-0"
        )
    fi
    command -v ldconfig >/dev/null 2>&1 || return 0
    local cache
    cache=$(ldconfig -p 2>/dev/null)
    for entry in "${wanted[@]}"; do
        lib=${entry%% *}
        pkg=${entry#* }
        grep -q "$lib" <<<"$cache" || missing+=("$pkg")
    done
    if ! ls /usr/share/fonts/truetype/*/* >/dev/null 2>&1 && ! ls /usr/share/fonts/*/*.ttf >/dev/null 2>&1; then
        missing+=(fonts-dejavu-core)
    fi
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        qk_say "Qt needs these system libraries (Debian names): ${missing[*]}"
        return 0
    fi
    # Debian 13 and Ubuntu 24.04 renamed some libraries with a t64 suffix.
    local resolved=()
    for pkg in "${missing[@]}"; do
        if ! apt-cache show "$pkg" >/dev/null 2>&1 && apt-cache show "${pkg}t64" >/dev/null 2>&1; then
            pkg="${pkg}t64"
        fi
        resolved+=("$pkg")
    done
    if [ "$(id -u)" -eq 0 ]; then
        qk_say "installing system libraries for Qt: ${resolved[*]}"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${resolved[@]}" >/dev/null 2>&1 ||
            { apt-get update -qq >/dev/null 2>&1 &&
              DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${resolved[@]}" >/dev/null; }
    else
        qk_say "Qt needs system libraries that are missing. Install them with:"
        qk_say "  sudo apt-get install -y ${resolved[*]}"
    fi
}

qk_python() {
    local candidate
    for candidate in "${PYTHON:-}" python3 python3.13 python3.12 python3.11; do
        [ -n "$candidate" ] || continue
        command -v "$candidate" >/dev/null 2>&1 || continue
        if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    qk_say "Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)."
    return 1
}

# PyTorch's own index of CPU builds: the tests compare with torch, and the default index
# gives Linux the CUDA build, with gigabytes of nvidia libraries the tests never use.
QK_TORCH_INDEX=${QK_TORCH_INDEX:-https://download.pytorch.org/whl/cpu}

# What each set installs into a virtual environment, besides Q·K Explorer itself:
qk_set_contents() {
    case $1 in
        runtime) echo "the app's own dependencies: PySide6-Essentials, pyqtgraph and numpy (~350 MB)" ;;
        dev) echo "the app's dependencies and the test set: pytest, pytest-qt, hypothesis, ruff," \
            "import-linter and PyTorch's CPU build, the tests' reference (~1.3 GB)" ;;
        package) echo "the app's dependencies and PyInstaller, to build the bundle" ;;
    esac
}

# Create the venv on first use and install the set ("runtime", "dev" or "package"), pinned by
# constraints.txt; again only when the pins change. A venv with the dev or package set
# already holds the runtime one. pip shows its progress on a terminal and is quiet elsewhere.
qk_venv() {
    local set=$1 python stamp hash spec
    local -a quiet=(-q)
    [ -t 1 ] && quiet=()
    if [ ! -x "$QK_VENV/bin/python" ]; then
        python=$(qk_python) || return 1
        qk_say "creating ${QK_VENV#"$QK_ROOT"/} with $("$python" --version 2>&1)"
        if ! "$python" -m venv "$QK_VENV" 2>/dev/null; then
            rm -rf "$QK_VENV"
            if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
                DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
                "$python" -m venv "$QK_VENV"
            else
                qk_say "the venv module is missing. Install it with: sudo apt-get install -y python3-venv"
                return 1
            fi
        fi
    fi
    stamp="$QK_VENV/.qk-installed"
    hash=$(cat "$QK_ROOT/pyproject.toml" "$QK_ROOT/constraints.txt" | sha256sum | cut -c1-16)
    if [ -f "$stamp" ] && { grep -qxF -- "$set $hash" "$stamp" ||
        { [ "$set" = runtime ] && grep -qE -- "^(dev|package) $hash\$" "$stamp"; }; }; then
        : # installed, and the pins have not changed
    else
        qk_say "installing into ${QK_VENV#"$QK_ROOT"/} $(qk_set_contents "$set")"
        spec=$QK_ROOT
        [ "$set" = runtime ] || spec="$QK_ROOT[$set]"
        if [ "$set" = dev ]; then
            # Alone and first, from PyTorch's CPU index (one retry: an index that cannot be reached
            # is passed over at once, pip warns, and the wheel may still come from elsewhere); the
            # install after it keeps it and takes torch's own dependencies from the usual index.
            qk_say "PyTorch's CPU build first, from $QK_TORCH_INDEX"
            "$QK_VENV/bin/python" -m pip install "${quiet[@]}" --disable-pip-version-check --retries 1 \
                --no-deps --extra-index-url "$QK_TORCH_INDEX" -c "$QK_ROOT/constraints.txt" torch || return 1
        fi
        "$QK_VENV/bin/python" -m pip install "${quiet[@]}" --disable-pip-version-check \
            -c "$QK_ROOT/constraints.txt" -e "$spec" || return 1
        echo "$set $hash" >"$stamp"
    fi
    # Byte-compile the sources as an installed wheel would be, also where PYTHONDONTWRITEBYTECODE
    # is set: otherwise every start compiles ~100 modules again (~0.25 s). Quick when up to date.
    "$QK_VENV/bin/python" -m compileall -q "$QK_ROOT/src" >/dev/null
}
