#!/usr/bin/env bash
# Remove what install.sh added: Q·K Explorer's menu entry, icons, AppStream
# description and scene file type, from ${XDG_DATA_HOME:-~/.local/share}.
# The program folder itself stays where it is; delete it yourself if you like.
# Running it twice is harmless.
set -euo pipefail

APP_ID=io.github.qkexplorer.QKExplorer
data=${XDG_DATA_HOME:-$HOME/.local/share}

if [ $# -gt 0 ]; then
    sed -n '2,5s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
    [ "$1" = "-h" ] || [ "$1" = "--help" ]
    exit $?
fi

removed=0
for file in "$data/applications/$APP_ID.desktop" \
    "$data/metainfo/$APP_ID.metainfo.xml" \
    "$data/mime/packages/$APP_ID.xml" \
    "$data"/icons/hicolor/*/apps/"$APP_ID".*; do
    if [ -f "$file" ] || [ -L "$file" ]; then
        rm -f "$file"
        removed=$((removed + 1))
    fi
done

if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$data/applications" ]; then
    update-desktop-database -q "$data/applications" 2>/dev/null || true
fi
if command -v update-mime-database >/dev/null 2>&1 && [ -d "$data/mime/packages" ]; then
    update-mime-database "$data/mime" 2>/dev/null || true
fi
if [ -f "$data/icons/hicolor/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t -f "$data/icons/hicolor" 2>/dev/null || true
fi

printf 'qk-explorer: removed %d files of the menu entry from %s\n' "$removed" "$data"
