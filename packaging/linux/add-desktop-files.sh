#!/usr/bin/env bash
# Put the desktop integration into a built bundle, next to the program:
#
#     packaging/linux/add-desktop-files.sh BUNDLE ICONS
#
# BUNDLE is the one-folder build (dist/qk-explorer), ICONS the output folder of
# packaging/make_icons.py. Adds BUNDLE/share/{applications,metainfo,mime,icons}
# in the freedesktop layout, install.sh, uninstall.sh and the licence.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BUNDLE ICONS" >&2; exit 2; }
bundle=$1
icons=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
APP_ID=io.github.qkexplorer.QKExplorer

share=$bundle/share
install -D -m 644 "$here/$APP_ID.desktop" "$share/applications/$APP_ID.desktop"
install -D -m 644 "$here/$APP_ID.metainfo.xml" "$share/metainfo/$APP_ID.metainfo.xml"
install -D -m 644 "$here/$APP_ID.mime.xml" "$share/mime/packages/$APP_ID.xml"
install -D -m 644 "$root/resources/icons/qk-explorer.svg" "$share/icons/hicolor/scalable/apps/$APP_ID.svg"
for png in "$icons"/png/qk-explorer-*.png; do
    [ -f "$png" ] || { echo "$0: no PNG icons in $icons/png" >&2; exit 1; }
    size=${png##*-}
    size=${size%.png}
    install -D -m 644 "$png" "$share/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
done
install -m 755 "$here/install.sh" "$here/uninstall.sh" "$bundle/"
install -m 644 "$root/LICENSE" "$bundle/LICENSE.txt"
