#!/usr/bin/env bash
# Add Q·K Explorer to your applications menu, so it starts with a double-click.
#
#     ./install.sh              from the unpacked qk-explorer folder
#     packaging/linux/install.sh [FOLDER]   from a source checkout (default: dist/qk-explorer)
#
# Installs for you alone, in ${XDG_DATA_HOME:-~/.local/share}: the menu entry
# (applications/), the icon (icons/hicolor/), the AppStream description
# (metainfo/) and the *.qkscene.json file type (mime/packages/). The entry starts
# the program where the folder is now: move the folder, and run this again.
# Running it twice is harmless. uninstall.sh removes all of it again.
set -euo pipefail

APP_ID=io.github.qkexplorer.QKExplorer
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

say() { printf 'qk-explorer: %s\n' "$*"; }
die() { printf 'qk-explorer: error: %s\n' "$*" >&2; exit 1; }

if [ $# -gt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
    exit $(( $# > 1 ? 2 : 0 ))
fi

if [ $# -eq 1 ]; then
    bundle=$1
elif [ -x "$here/qk-explorer" ] && [ -d "$here/share" ]; then
    bundle=$here # run from the unpacked folder
else
    bundle=$here/../../dist/qk-explorer # run from a source checkout
fi
[ -d "$bundle" ] || die "no folder '$bundle': build it with packaging/build.sh, or give the unpacked folder"
bundle=$(cd "$bundle" && pwd -P)
program=$bundle/qk-explorer
share=$bundle/share
[ -x "$program" ] && [ -f "$program" ] || die "'$bundle' holds no qk-explorer program"
[ -f "$share/applications/$APP_ID.desktop" ] || die "'$bundle' holds no share/applications/$APP_ID.desktop"

# A desktop entry quotes its Exec path with "…"; these characters would need
# escaping rules that launchers apply unevenly, so refuse them.
case $program in
    *'"'* | *'`'* | *'$'* | *'\'* | *'%'* | *$'\n'*)
        die "the folder's path has one of \" \` \$ \\ % or a line break; move it somewhere plainer" ;;
esac

data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/metainfo" "$data/mime/packages"

# The menu entry, with Exec and TryExec pointing at this folder.
entry=$data/applications/$APP_ID.desktop
tmp=$(mktemp "$entry.XXXXXX")
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        Exec=*) line="Exec=\"$program\" %f" ;;
        TryExec=*) line="TryExec=$program" ;;
    esac
    printf '%s\n' "$line"
done <"$share/applications/$APP_ID.desktop" >"$tmp"
chmod 644 "$tmp"
mv -f "$tmp" "$entry"

# Icons: every size the build rendered, and the SVG.
icons=0
for icon in "$share"/icons/hicolor/*/apps/"$APP_ID".*; do
    [ -f "$icon" ] || continue
    size=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$data/icons/hicolor/$size/apps"
    install -m 644 "$icon" "$data/icons/hicolor/$size/apps/"
    icons=$((icons + 1))
done

install -m 644 "$share/metainfo/$APP_ID.metainfo.xml" "$data/metainfo/"
install -m 644 "$share/mime/packages/$APP_ID.xml" "$data/mime/packages/"

# Refresh the caches that desktops read, where the tools exist. The icon cache
# is refreshed only if one is already there: an outdated cache hides new icons.
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$data/applications" 2>/dev/null || true
fi
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$data/mime" 2>/dev/null || true
fi
if [ -f "$data/icons/hicolor/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t -f "$data/icons/hicolor" 2>/dev/null || true
fi
touch "$data/icons/hicolor" 2>/dev/null || true # tells icon themes to look again

say "installed the menu entry $entry"
say "  and $icons icon sizes; it starts $program"
say "find Q·K Explorer among your applications (Education), or double-click a .qkscene.json file"
