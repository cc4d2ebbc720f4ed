#!/bin/sh
# Renders the install guide's images from the HTML mocks beside this script with headless Chromium.
# Usage: sh scripts/guide-images/generate.sh (from apps/public). Each image stays well under 60 KB.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../.." && pwd)/public/assets
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
mkdir -p "$out/images/guide" "$out/guide/demo"
shot() { # html, output, width, height
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size="$3,$4" --screenshot="$2" "file://$here/$1" >/dev/null 2>&1
}
shot tend-logo.html "$out/images/guide/tend-logo.png" 240 80
shot app-store.html "$out/images/guide/app-store.png" 360 640
shot play-store.html "$out/images/guide/play-store.png" 360 640
shot login.html "$out/images/guide/login.png" 360 640
shot openid-selection.html "$out/images/guide/openid-selection.png" 360 640
shot demo-logo.html "$out/guide/demo/logo.png" 240 80
shot demo-login.html "$out/guide/demo/openID_Login.png" 360 640
ls -l "$out/images/guide" "$out/guide/demo"
